/// The formats a ``Document`` reads and edits.
public enum DocumentFormat: String, Hashable, Sendable, CaseIterable {
    /// RFC 8259, strict.
    case json
    /// JSON with `//` and `/* */` comments and trailing commas (VS Code's settings.json).
    case jsonc
    /// YAML 1.2.
    case yaml
    /// TOML 1.0.
    case toml
}

/// What each format provides: a lossless reader and an editor that turns a change into splices.
/// One conformance a format (`JSONFormat`, `YAMLFormat`, `TOMLFormat`); ``Document`` does the
/// rest (the read-back check, positions, the bytes).
public protocol DocumentFormatEngine: Sendable {
    /// Reads the whole text. The root of a YAML stream of several documents is an array of them
    /// with style ``DocumentStyle/blockCollection`` and the span of the whole text.
    func read(_ bytes: [UInt8]) throws(DocumentError) -> DocumentNode
    /// The smallest splices that make `change` in `bytes`, whose tree is `root`.
    func edits(for change: DocumentChange, in bytes: [UInt8], root: DocumentNode) throws(DocumentError)
        -> [TextEdit]
    /// The value the document must read back as after `change`: `change.applied(to: root.value)`
    /// unless the format's text can show one node in several places (YAML aliases and merge
    /// keys), where the change is made at each of them.
    func expectedValue(after change: DocumentChange, root: DocumentNode, value: DocumentValue)
        -> DocumentValue?
    /// Whether `value`, what an edit's text reads back as, is `expected`, what the change was to
    /// make. By default objects compare with their order; a format whose tables have none says
    /// so here (TOML: a key put into a table that has sub-tables can only be written before them).
    func readsBack(_ value: DocumentValue, as expected: DocumentValue) -> Bool
    /// What `part` means where it stands: `part` is the new text of `node` (at `path` of the
    /// document `bytes`, whose tree is `root`) after an edit inside it, and the node returned has
    /// its spans counted from the part's start. Nil where the format cannot tell that meaning from
    /// the part alone (then the whole text is read back, see `Document.partialReadBack`). By
    /// default nil.
    func readPart(
        _ part: [UInt8], replacing node: DocumentNode, at path: DocumentPath, root: DocumentNode,
        bytes: [UInt8]
    ) -> DocumentNode?
}

extension DocumentFormatEngine {
    public func expectedValue(after change: DocumentChange, root: DocumentNode, value: DocumentValue)
        -> DocumentValue?
    {
        change.applied(to: value)
    }

    public func readsBack(_ value: DocumentValue, as expected: DocumentValue) -> Bool {
        value == expected
    }

    public func readPart(
        _ part: [UInt8], replacing node: DocumentNode, at path: DocumentPath, root: DocumentNode,
        bytes: [UInt8]
    ) -> DocumentNode? {
        nil
    }
}

extension DocumentFormat {
    /// The engine that reads and edits this format.
    public var engine: any DocumentFormatEngine {
        switch self {
        case .json: JSONFormat()
        case .jsonc: JSONFormat(comments: true)
        case .yaml: YAMLFormat()
        case .toml: TOMLFormat()
        }
    }
}

/// A configuration file as it was read: its exact bytes and the tree of values over them. An
/// unedited document writes back byte for byte; ``apply(_:)`` changes only the bytes of what it
/// changes, and refuses an edit whose text would not read back as the tree it meant to make.
///
/// ```swift
/// var document = try Document(reading: bytes, format: .toml)
/// try document.apply(.set(DocumentPath(pointer: "/tool/ruff/line-length")!, 100))
/// try document.bytes.write(to: path)  // every other byte as it was
/// ```
public struct Document: Sendable {
    public let format: DocumentFormat
    public private(set) var bytes: [UInt8]
    public private(set) var root: DocumentNode
    /// What the whole document means: built once a read, since an edit's check compares it
    /// (building it walks the whole tree: 17 ms of a 1 MB JSON document).
    public private(set) var value: DocumentValue
    let engine: any DocumentFormatEngine

    /// Reads `bytes` in `format`.
    ///
    /// ```swift
    /// let document = try Document(reading: Array(#"{"port": 8080}"#.utf8), format: .json)
    /// ```
    public init(reading bytes: [UInt8], format: DocumentFormat) throws(DocumentError) {
        try self.init(reading: bytes, format: format, engine: format.engine)
    }

    /// Reads `bytes` with a format's engine (`JSONFormat()`, `YAMLFormat()`, `TOMLFormat()`).
    public init(reading bytes: [UInt8], format: DocumentFormat, engine: any DocumentFormatEngine)
        throws(DocumentError)
    {
        self.format = format
        self.bytes = bytes
        self.engine = engine
        self.root = try engine.read(bytes)
        self.value = root.value
    }

    /// Line and column (from 1) of a byte offset.
    public func position(of offset: Int) -> (line: Int, column: Int) {
        LineTable(bytes).position(of: offset)
    }

    /// The splices that `change` would make, checked: the spliced text reads back as this
    /// document's value with the change made. Nothing is changed.
    public func edits(for change: DocumentChange) throws(DocumentError) -> [TextEdit] {
        try checkedEdits(for: change).edits
    }

    /// The edits of `change`, and the tree and value their text reads back as.
    private func checkedEdits(for change: DocumentChange) throws(DocumentError) -> (
        edits: [TextEdit], bytes: [UInt8], root: DocumentNode, value: DocumentValue
    ) {
        guard let expected = engine.expectedValue(after: change, root: root, value: value) else {
            throw DocumentError("\(change.pathDescription) is not in the document", at: 0, in: bytes)
        }
        let edits = try engine.edits(for: change, in: bytes, root: root)
        var spliced = bytes
        TextEdit.apply(edits, to: &spliced)
        if let part = partialReadBack(of: edits, spliced: spliced, expected: expected) {
            return (edits, spliced, part.root, part.value)
        }
        let readBack: DocumentNode
        do {
            readBack = try engine.read(spliced)
        } catch {
            throw DocumentError(
                "the edit of \(change.pathDescription) would not read back (\(error.message)); nothing was changed",
                at: edits.first?.range.lowerBound ?? 0, in: bytes)
        }
        let readValue = readBack.value
        guard engine.readsBack(readValue, as: expected) else {
            throw DocumentError(
                "the edit of \(change.pathDescription) would change more than it meant to; nothing was changed",
                at: edits.first?.range.lowerBound ?? 0, in: bytes)
        }
        return (edits, spliced, readBack, readValue)
    }

    /// Makes `change`: splices its edits into ``bytes`` and reads the tree anew. Throws, and
    /// changes nothing, when the edit cannot be made or would not read back exactly.
    @discardableResult
    public mutating func apply(_ change: DocumentChange) throws(DocumentError) -> [TextEdit] {
        let checked = try checkedEdits(for: change)
        bytes = checked.bytes
        root = checked.root
        value = checked.value
        return checked.edits
    }
}

extension DocumentChange {
    var pathDescription: String {
        switch self {
        case .set(let path, _), .delete(let path): return path.description
        case .insert(let parent, let key, _, _): return parent.appending(.key(key)).description
        case .append(let array, _), .move(let array, _, _): return array.description
        }
    }
}
