/// Where a value stands in a document: keys and indices from the root. Its JSON Pointer form
/// (RFC 6901) is what JSON Schema's errors and `formtui edit --set` use.
///
/// ```swift
/// let path = DocumentPath(pointer: "/tool/ruff/select/0")!
/// path.components  // [.key("tool"), .key("ruff"), .key("select"), .index(0)]
/// path.pointer     // "/tool/ruff/select/0"
/// ```
public struct DocumentPath: Hashable, Sendable, CustomStringConvertible {
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    public var components: [Component]

    public init(_ components: [Component] = []) { self.components = components }

    public static let root = DocumentPath()

    /// Reads a JSON Pointer. A token of digits only is an index (`/0`); a key that is all digits
    /// is reached through objects all the same, since ``DocumentValue/value(at:)`` and the
    /// readers look an index up as a key in an object.
    public init?(pointer: String) {
        if pointer.isEmpty {
            self.init()
            return
        }
        guard pointer.hasPrefix("/") else { return nil }
        var components: [Component] = []
        for token in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let key = token.replacing("~1", with: "/").replacing("~0", with: "~")
            if let index = Int(key), index >= 0, String(index) == key {
                components.append(.index(index))
            } else {
                components.append(.key(String(key)))
            }
        }
        self.init(components)
    }

    public var pointer: String {
        var pointer = ""
        for component in components {
            pointer += "/"
            switch component {
            case .key(let key):
                // Only a key with `~` or `/` is escaped: `replacing` on every key was a fifth of
                // the time `formtui edit` took to open a form of 12,000 members (F: first frame).
                if key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
                    // By bytes: `replacing` on a key with a slash (ESLint's rule names,
                    // `@typescript-eslint/no-unused-vars`) was a tenth of eslintrc's first frame.
                    var escaped: [UInt8] = []
                    escaped.reserveCapacity(key.utf8.count + 4)
                    for byte in key.utf8 {
                        switch byte {
                        case UInt8(ascii: "~"): escaped += [UInt8(ascii: "~"), UInt8(ascii: "0")]
                        case UInt8(ascii: "/"): escaped += [UInt8(ascii: "~"), UInt8(ascii: "1")]
                        default: escaped.append(byte)
                        }
                    }
                    pointer += String(decoding: escaped, as: UTF8.self)
                } else {
                    pointer += key
                }
            case .index(let index): pointer += String(index)
            }
        }
        return pointer
    }

    public var description: String { pointer.isEmpty ? "/" : pointer }

    public func appending(_ component: Component) -> DocumentPath {
        DocumentPath(components + [component])
    }

    public var parent: DocumentPath? {
        components.isEmpty ? nil : DocumentPath(Array(components.dropLast()))
    }

    public var last: Component? { components.last }
}
