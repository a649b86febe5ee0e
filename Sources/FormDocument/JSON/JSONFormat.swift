/// JSON (RFC 8259, strict) and JSONC (`//` and `/* */` comments and trailing commas, as VS Code's
/// settings.json) read losslessly and edited by splices.
///
/// ```swift
/// let bytes = Array("{\n  // where it listens\n  \"port\": 8080\n}\n".utf8)
/// var document = try Document(reading: bytes, format: .jsonc, engine: JSONFormat(comments: true))
/// document.root.member(at: DocumentPath(pointer: "/port")!)?.comments.above  // ["where it listens"]
/// try document.apply(.set(DocumentPath(pointer: "/port")!, 9090))  // only `8080` changes
/// ```
///
/// The reader is written here: no Swift package gives every value's byte span, every key's span
/// and the comments around them (Foundation's parsers give values only, and refuse comments).
///
/// Decisions the specification leaves open, taken once:
/// - a leading UTF-8 byte order mark is accepted and stays in the bytes (spans count from byte 0);
/// - invalid UTF-8 anywhere, and a `\u` escape that is half of a surrogate pair without its other
///   half, are refused with their line and column (a string holds Unicode scalars only);
/// - a key written twice stands twice among the members; the value keeps the last;
/// - nesting deeper than ``maximumDepth`` is refused rather than followed.
public struct JSONFormat: DocumentFormatEngine {
    /// The deepest nesting read: deeper documents are refused with the position where the limit
    /// is passed. Far past any configuration file; and the code that walks a tree recursively
    /// (``DocumentNode/value``, values compared, schemas checked) must stay within a thread's
    /// stack: at 3,000 levels a debug build overflowed a test thread's stack (measured), at
    /// 1,000 it did not.
    public static let maximumDepth = 1_000

    /// Whether comments and trailing commas are read (JSONC).
    public let allowsComments: Bool

    /// `JSONFormat()` reads strict JSON; `JSONFormat(comments: true)` reads JSONC.
    public init(comments: Bool = false) {
        self.allowsComments = comments
    }

    public func read(_ bytes: [UInt8]) throws(DocumentError) -> DocumentNode {
        var reader = JSONReader(bytes: bytes, allowsComments: allowsComments)
        return try reader.document()
    }

    /// A JSON value's text means the same wherever it stands: what follows a value in a valid
    /// text (blanks, `,`, `]`, `}`, a comment, the end) ends every token, so a part that reads
    /// as one value from its first byte to its last, with no trivia around it, reads so in place.
    /// Only its depth depends on where it stands, and is checked.
    public func readPart(
        _ part: [UInt8], replacing node: DocumentNode, at path: DocumentPath, root: DocumentNode,
        bytes: [UInt8]
    ) -> DocumentNode? {
        var reader = JSONReader(bytes: part, allowsComments: allowsComments)
        guard let read = try? reader.document(), read.span == 0..<part.count,
            path.components.count + read.nestingDepth <= Self.maximumDepth
        else { return nil }
        return read
    }

    public func edits(for change: DocumentChange, in bytes: [UInt8], root: DocumentNode)
        throws(DocumentError) -> [TextEdit]
    {
        try JSONEditor(bytes: bytes, root: root, format: self).edits(for: change)
    }
}
