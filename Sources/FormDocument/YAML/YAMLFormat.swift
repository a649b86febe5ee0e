/// YAML 1.2, read losslessly and edited by splices.
///
/// Reading gives the tree of a document: block and flow collections, every scalar style (a
/// block scalar keeps its header, `|-`, `>+2`, in ``DocumentStyle/block(header:)``), anchors
/// and aliases (``DocumentNode/Content/alias(name:target:)``), merge keys (`<<: *base`, its
/// members stand in the mapping with ``DocumentMember/isMerged``), tags (``DocumentNode/tag``,
/// and `!!str`, `!!int`, `!!float`, `!!bool`, `!!null` applied to the value), directives.
/// Scalars resolve by the core schema (see ``YAMLScalars``; `yes`, `on`, `08` are text).
/// A stream of one document gives that document's root; a stream of several gives an array of
/// their roots with style ``DocumentStyle/blockCollection`` spanning the whole text (so
/// `/1/name` is `name` in the second document); an empty stream gives null.
///
/// Limits, each refused with its line and column: collections nested more than
/// ``maximumDepth`` deep, and aliases (or merges) that bring in more than ``aliasAllowance``
/// nodes beyond those the document writes (a billion-laughs bomb stops within milliseconds).
///
/// ```swift
/// var document = try Document(reading: bytes, format: .yaml, engine: YAMLFormat())
/// try document.apply(.set(DocumentPath(pointer: "/jobs/build/runs-on")!, "ubuntu-24.04"))
/// YAMLFormat.aliasCount(of: DocumentPath(pointer: "/defaults/image")!, in: document.root)  // 3
/// ```
public struct YAMLFormat: DocumentFormatEngine {
    /// Collections inside one another past this are refused: no configuration needs as many,
    /// and the tree's values are compared and freed recursively, so this bounds their stack.
    public static let maximumDepth = 256
    /// How many nodes aliases and merge keys may bring in beyond the nodes the document writes.
    public static let aliasAllowance = 100_000

    /// Whether `<<` keys merge (YAML 1.1's merge key, which every CI and compose file uses);
    /// off, `<<` is a key like any other, as the YAML 1.2 core schema has it.
    public var mergeKeys: Bool

    public init(mergeKeys: Bool = true) { self.mergeKeys = mergeKeys }

    public func read(_ bytes: [UInt8]) throws(DocumentError) -> DocumentNode {
        try YAMLTreeBuilder(bytes: bytes, mergeKeys: mergeKeys).build()
    }

    /// A part read alone only where YAML's context cannot change it: a scalar (plain or quoted)
    /// or a flow collection on one line, every container around it in block style, in a
    /// document with no anchors, aliases, merge keys or directives (the bytes `&`, `*`, `<<`
    /// and `%` appear nowhere, a test that errs only towards reading the whole). Such a node's
    /// meaning depends on nothing around it: the core schema resolves a scalar by its text, a
    /// one-line node has no continuation lines whose indentation would count, and what ends it
    /// in place (a line break, ` #`, the end) ends every token alone too. A part that reads as a
    /// block collection is refused (`a: b` alone is a mapping; after `key: ` it is an error).
    public func readPart(
        _ part: [UInt8], replacing node: DocumentNode, at path: DocumentPath, root: DocumentNode,
        bytes: [UInt8]
    ) -> DocumentNode? {
        func isInline(_ node: DocumentNode) -> Bool {
            switch (node.content, node.style) {
            case (.scalar, .plain), (.scalar, .singleQuoted), (.scalar, .doubleQuoted): return true
            case (.array, .flow), (.object, .flow): return true
            default: return false
            }
        }
        func isOneLine(_ text: some Collection<UInt8>) -> Bool {
            !text.contains(where: { $0 == 0x0A || $0 == 0x0D })
        }
        guard isInline(node), node.anchor == nil, isOneLine(part), isOneLine(bytes[node.span]),
            DocumentNode.ancestors(of: path, in: root, allAre: .blockCollection)
        else { return nil }
        var previous: UInt8 = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "%"): return nil
            case UInt8(ascii: "<") where previous == UInt8(ascii: "<"): return nil
            default: previous = byte
            }
        }
        guard let read = try? YAMLTreeBuilder(bytes: part, mergeKeys: mergeKeys).build(), isInline(read),
            read.anchor == nil, path.components.count + read.nestingDepth <= Self.maximumDepth
        else { return nil }
        return read
    }

    public func edits(for change: DocumentChange, in bytes: [UInt8], root: DocumentNode) throws(DocumentError)
        -> [TextEdit]
    {
        try YAMLEditor(bytes: bytes, root: root, format: self).edits(for: change)
    }

    /// The change made at every place that shows the changed node: an anchored node's aliases
    /// and the mappings that merge it follow its edit, so the document reads back with all of
    /// them changed.
    public func expectedValue(after change: DocumentChange, root: DocumentNode, value: DocumentValue)
        -> DocumentValue?
    {
        let target: DocumentPath
        switch change {
        case .set(let path, _), .delete(let path): target = path
        case .insert(let parent, _, _, _): target = parent
        case .append(let array, _), .move(let array, _, _): target = array
        }
        let places = YAMLSharing.places(of: target, in: root)
        guard places.count > 1 else { return change.applied(to: value) }
        var value = value
        for place in places {
            let moved: DocumentChange
            switch change {
            case .set(_, let new): moved = .set(place, new)
            case .delete: moved = .delete(place)
            case .insert(_, let key, let new, let before):
                moved = .insert(parent: place, key: key, value: new, before: before)
            case .append(_, let new): moved = .append(array: place, value: new)
            case .move(_, let from, let to): moved = .move(array: place, from: from, to: to)
            }
            guard let next = moved.applied(to: value) else { return nil }
            value = next
        }
        return value
    }

    /// Whether the writer spells `text` plain (unquoted) in a block: only where every common
    /// reader, YAML 1.1's included, reads it back as that text (`off`, `08`, `1.0`, `: x`,
    /// `2001-07-23` are quoted).
    ///
    /// ```swift
    /// YAMLFormat.writesPlain("ubuntu-latest")  // true
    /// YAMLFormat.writesPlain("yes")            // false
    /// ```
    public static func writesPlain(_ text: String) -> Bool { YAMLWriter.isPlainSafe(text, flow: false) }

    /// How many other places show the node at `path` (aliases of it, or of a node around it,
    /// and mappings that merge it): what an edit there changes besides `path` itself.
    ///
    /// ```swift
    /// // base: &base {image: node}   a: *base   b: {<<: *base}
    /// YAMLFormat.aliasCount(of: DocumentPath(pointer: "/base/image")!, in: root)  // 2
    /// ```
    public static func aliasCount(of path: DocumentPath, in root: DocumentNode) -> Int {
        max(0, YAMLSharing.places(of: path, in: root).count - 1)
    }
}
