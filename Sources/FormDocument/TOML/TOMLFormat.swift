/// TOML 1.0 read losslessly and edited by splices: every table, array of tables, inline table and
/// dotted key with its byte span and comments; integers stay integers, dates stay dates.
///
/// ```swift
/// var document = try Document(reading: bytes, format: .toml, engine: TOMLFormat())
/// try document.apply(.set(DocumentPath(pointer: "/tool/ruff/line-length")!, 100))
/// ```
public struct TOMLFormat: DocumentFormatEngine {
    public init() {}

    public func read(_ bytes: [UInt8]) throws(DocumentError) -> DocumentNode {
        var reader = TOMLTextReader(bytes)
        return try reader.read()
    }

    public func edits(for change: DocumentChange, in bytes: [UInt8], root: DocumentNode)
        throws(DocumentError) -> [TextEdit]
    {
        try TOMLEditor(bytes: bytes, root: root).edits(for: change)
    }

    /// Tables compare as sets of members: TOML gives their keys no order, and a key added to a
    /// table that has sub-tables can only be written before them. Arrays keep their order.
    public func readsBack(_ value: DocumentValue, as expected: DocumentValue) -> Bool {
        switch (value, expected) {
        case (.object(let members), .object(let wanted)):
            guard members.count == wanted.count else { return false }
            return members.allSatisfy { key, member in
                wanted[key].map { readsBack(member, as: $0) } ?? false
            }
        case (.array(let elements), .array(let wanted)):
            return elements.count == wanted.count
                && zip(elements, wanted).allSatisfy { readsBack($0, as: $1) }
        default:
            return value == expected
        }
    }
}
