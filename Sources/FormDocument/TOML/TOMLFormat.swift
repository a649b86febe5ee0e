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
}
