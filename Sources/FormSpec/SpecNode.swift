/// A spec file read into a tree of plain values, whatever its format, each with where it stands
/// in the file when the format's reader tells (YAML and JSON always; TOML on its rows' lines).
///
/// ```swift
/// let node = try SpecNode.read(text: "title: Sign up", format: .yaml, file: "signup.yaml")
/// node["title"]?.text // "Sign up"
/// ```
public struct SpecNode: Sendable {
    public enum Value: Sendable {
        case null
        case bool(Bool)
        case integer(Int)
        case decimal(Double)
        /// Text; `quoted` when it was written as a string, not as a bare YAML word.
        case string(String, quoted: Bool)
        case list([SpecNode])
        /// Members in the file's order.
        case table([(key: String, keyPosition: SpecPosition?, node: SpecNode)])
    }

    public var value: Value
    public var position: SpecPosition?

    public init(_ value: Value, at position: SpecPosition? = nil) {
        self.value = value
        self.position = position
    }

    /// The member named `key` of a table.
    public subscript(key: String) -> SpecNode? {
        guard case .table(let members) = value else { return nil }
        // Keys of other lengths are passed over without comparing their text: a row's reader
        // asks for twenty keys, most of them absent, of a table of five.
        let length = key.utf8.count
        return members.first { $0.key.utf8.count == length && $0.key == key }?.node
    }

    /// Where the member `key` of a table is written (its key), else where the table is.
    public func position(of key: String) -> SpecPosition? {
        guard case .table(let members) = value, let member = members.first(where: { $0.key == key }) else {
            return position
        }
        return member.keyPosition ?? member.node.position ?? position
    }

    /// A scalar as text: a YAML word such as `yes` or `2024-05-01` keeps what was written.
    public var text: String? {
        switch value {
        case .string(let text, _): text
        case .bool(let flag): flag ? "true" : "false"
        case .integer(let number): String(number)
        case .decimal(let number): String(number)
        default: nil
        }
    }

    /// What the value is, for messages ("a list", "the text 'x'").
    public var kindDescription: String {
        switch value {
        case .null: "nothing"
        case .bool(let flag): "the boolean \(flag)"
        case .integer(let number): "the number \(number)"
        case .decimal(let number): "the number \(number)"
        case .string(let text, _): "the text '\(text)'"
        case .list: "a list"
        case .table: "a table"
        }
    }
}
