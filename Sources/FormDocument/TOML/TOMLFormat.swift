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

    /// A value written inline (a string, number, boolean, date, array or inline table; not a
    /// `[table]` or a dotted key's table) means the same wherever it stands: TOML's values are
    /// context-free, and what follows one in a valid text (a line break, a comment, `,`, `]`,
    /// `}`) ends every token. So the part is read as the value of `v = ` and must fill it exactly.
    public func readPart(
        _ part: [UInt8], replacing node: DocumentNode, at path: DocumentPath, root: DocumentNode,
        bytes: [UInt8]
    ) -> DocumentNode? {
        guard node.style != .blockCollection, node.style != .dotted else { return nil }
        let prefix = Array("v = ".utf8)
        var reader = TOMLTextReader(prefix + part + [0x0A])
        guard let read = try? reader.read(), case .object(let members) = read.content, members.count == 1,
            var value = members.first?.node, value.style != .blockCollection, value.style != .dotted,
            value.span == prefix.count..<(prefix.count + part.count),
            // Where it stands, the tables around it count towards the limit too.
            path.components.count + value.nestingDepth < TOMLTextReader.nestingLimit
        else { return nil }
        value.shift(by: -prefix.count)
        value.comments = DocumentComments()
        return value
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
