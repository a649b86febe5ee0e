import OrderedCollections

/// One value of a read document, with where its text stands: what an editor needs to change that
/// value and nothing else. Byte offsets count from the start of the document's bytes (a BOM
/// included), so `document.bytes[node.span]` is the value's own text.
///
/// ```swift
/// let document = try Document(reading: Array(#"{"port": 8080}"#.utf8), format: .json)
/// let port = document.root.node(at: DocumentPath(pointer: "/port")!)!
/// port.span             // 9..<13
/// port.value            // .number(8080)
/// ```
public struct DocumentNode: Sendable {
    public enum Content: Sendable {
        /// A scalar with its value (strings, numbers, booleans, null, dates).
        case scalar(DocumentValue)
        /// An object's members in the document's order. A key written twice stands twice; the
        /// value keeps the last, as JSON readers do (YAML and TOML refuse duplicates).
        case object([DocumentMember])
        case array([DocumentNode])
        /// A YAML alias (`*name`): the anchored node it stands for, and the anchor's name.
        indirect case alias(name: String, target: DocumentNode)
    }

    public var content: Content
    /// The value's own text: a scalar's token with its quotes, a container from its opening to
    /// its closing bracket (a YAML block or a TOML table: its first to its last byte).
    public var span: Range<Int>
    /// The format's spelling of a scalar or container, which an edit keeps where it can.
    public var style: DocumentStyle
    /// A YAML tag as written (`!!str`, `!Ref`), or nil.
    public var tag: String?
    /// A YAML anchor's name (`&base`), or nil.
    public var anchor: String?
    /// Comments that belong to an array element (for a member's, see ``DocumentMember``).
    public var comments: DocumentComments

    public init(
        content: Content, span: Range<Int>, style: DocumentStyle = .plain, tag: String? = nil,
        anchor: String? = nil, comments: DocumentComments = DocumentComments()
    ) {
        self.content = content
        self.span = span
        self.style = style
        self.tag = tag
        self.anchor = anchor
        self.comments = comments
    }

    /// What the node means. YAML merge keys (`<<`) are the YAML reader's to resolve: it stores
    /// the merged members in ``Content/object(_:)`` with ``DocumentMember/isMerged``.
    public var value: DocumentValue {
        switch content {
        case .scalar(let value): return value
        case .array(let elements): return .array(elements.map(\.value))
        case .alias(_, let target): return target.value
        case .object(let members):
            var object = OrderedDictionaryOfValues(minimumCapacity: members.count)
            for member in members { object[member.key] = member.node.value }
            return .object(object)
        }
    }

    /// The node at `path` below this one (an alias is followed), or nil.
    public func node(at path: DocumentPath) -> DocumentNode? {
        var current = self
        for component in path.components {
            if case .alias(_, let target) = current.content { current = target }
            switch (component, current.content) {
            case (.key(let key), .object(let members)):
                guard let member = members.last(where: { $0.key == key }) else { return nil }
                current = member.node
            case (.index(let index), .object(let members)):
                guard let member = members.last(where: { $0.key == String(index) }) else { return nil }
                current = member.node
            case (.index(let index), .array(let elements)):
                guard elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The member that holds the value at `path` (its key, its comments), or nil at the root or
    /// at an array element.
    public func member(at path: DocumentPath) -> DocumentMember? {
        guard let parentPath = path.parent, let parent = node(at: parentPath) else { return nil }
        let key: String
        switch path.last {
        case .key(let name): key = name
        case .index(let index): key = String(index)
        case nil: return nil
        }
        var container = parent
        if case .alias(_, let target) = container.content { container = target }
        guard case .object(let members) = container.content else { return nil }
        return members.last { $0.key == key }
    }
}

typealias OrderedDictionaryOfValues = OrderedDictionary<String, DocumentValue>

/// One key and its value in an object, with the key's text and its comments.
public struct DocumentMember: Sendable {
    public var key: String
    /// The key's text as written (quotes included; a TOML dotted key's last part).
    public var keySpan: Range<Int>
    public var node: DocumentNode
    /// From the first byte of the member's own leading comments (or its key) to the end of its
    /// value (or the end of its line's comment), not counting the separator after it: what a
    /// delete removes with the separator the editor picks.
    public var span: Range<Int>
    public var comments: DocumentComments
    /// Brought in by a YAML merge key (`<<: *base`), so not written in this mapping.
    public var isMerged: Bool

    public init(
        key: String, keySpan: Range<Int>, node: DocumentNode, span: Range<Int>,
        comments: DocumentComments = DocumentComments(), isMerged: Bool = false
    ) {
        self.key = key
        self.keySpan = keySpan
        self.node = node
        self.span = span
        self.comments = comments
        self.isMerged = isMerged
    }
}

/// The comments a person wrote about a key or an element: the comment lines just above it (no
/// blank line between) and the one at the end of its line. Texts are without the comment marker
/// (`#`, `//`, `/* */`) and the space after it.
///
/// ```swift
/// // # Where the server listens
/// // port = 8080  # the default
/// member.comments.above     // ["Where the server listens"]
/// member.comments.trailing  // "the default"
/// ```
public struct DocumentComments: Hashable, Sendable {
    /// The comments, boxed, and nil when there are none, as for most nodes and members: every
    /// node and member holds its comments, and 64 bytes inline in each made a 100,000-row spec's
    /// tree 70 MB larger at the load's peak (`Benchmarks/specload.py`).
    private var storage: Storage?

    private final class Storage: Sendable {
        let above: [String]
        let trailing: String?
        let aboveSpan: Range<Int>?
        let trailingSpan: Range<Int>?

        init(above: [String], trailing: String?, aboveSpan: Range<Int>?, trailingSpan: Range<Int>?) {
            self.above = above
            self.trailing = trailing
            self.aboveSpan = aboveSpan
            self.trailingSpan = trailingSpan
        }
    }

    public init(
        above: [String] = [], trailing: String? = nil, aboveSpan: Range<Int>? = nil,
        trailingSpan: Range<Int>? = nil
    ) {
        let none = above.isEmpty && trailing == nil && aboveSpan == nil && trailingSpan == nil
        storage =
            none
            ? nil
            : Storage(above: above, trailing: trailing, aboveSpan: aboveSpan, trailingSpan: trailingSpan)
    }

    public var above: [String] {
        get { storage?.above ?? [] }
        set {
            self = Self(above: newValue, trailing: trailing, aboveSpan: aboveSpan, trailingSpan: trailingSpan)
        }
    }

    public var trailing: String? {
        get { storage?.trailing }
        set {
            self = Self(above: above, trailing: newValue, aboveSpan: aboveSpan, trailingSpan: trailingSpan)
        }
    }

    /// Where the comment lines above start and the trailing one ends, so a delete can take them.
    public var aboveSpan: Range<Int>? {
        get { storage?.aboveSpan }
        set { self = Self(above: above, trailing: trailing, aboveSpan: newValue, trailingSpan: trailingSpan) }
    }

    public var trailingSpan: Range<Int>? {
        get { storage?.trailingSpan }
        set { self = Self(above: above, trailing: trailing, aboveSpan: aboveSpan, trailingSpan: newValue) }
    }

    public static func == (left: Self, right: Self) -> Bool {
        left.storage === right.storage
            || (left.above == right.above && left.trailing == right.trailing
                && left.aboveSpan == right.aboveSpan
                && left.trailingSpan == right.trailingSpan)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(above)
        hasher.combine(trailing)
        hasher.combine(aboveSpan)
        hasher.combine(trailingSpan)
    }

    /// The comment as one text for a form's help: the lines above, then the trailing one.
    public var text: String? {
        let all = above + (trailing.map { [$0] } ?? [])
        return all.isEmpty ? nil : all.joined(separator: "\n")
    }
}

/// The format's spelling of a value, kept so that an edit writes the new value the same way.
public enum DocumentStyle: Hashable, Sendable {
    /// A JSON token, a YAML plain scalar, a TOML bare value or key.
    case plain
    /// `'…'` (YAML single-quoted, TOML literal string).
    case singleQuoted
    /// `"…"` (JSON strings, YAML double-quoted, TOML basic string).
    case doubleQuoted
    /// TOML `'''…'''`.
    case multilineSingleQuoted
    /// TOML `"""…"""`.
    case multilineDoubleQuoted
    /// YAML `|` and `>` with their chomping and indentation indicators (`|-`, `>+2`).
    case block(header: String)
    /// A number's written base and separators (TOML `0x1F`, `1_000`), as its text's prefix.
    case number(prefix: String, underscores: Bool)
    /// YAML `[…]` / `{…}`, TOML inline `[…]` / `{…}`, JSON containers.
    case flow
    /// YAML block collections, TOML `[table]` and `[[array]]` sections.
    case blockCollection
    /// A TOML table made only of dotted keys (`a.b = 1`) with no header of its own.
    case dotted
}
