/// The tables of a TOML document while it is read. TOML lets a table be opened by a header, grown
/// by dotted keys and reached again through later headers, so the reader keeps mutable tables and
/// turns them into ``DocumentNode``s once the whole text is read; values (scalars, static arrays,
/// inline tables) are nodes from the start, since nothing can add to them.
final class TOMLTable {
    /// How the table came to be, which decides what may still add to it (TOML 1.0's rules).
    enum Origin {
        /// The document's top level.
        case root
        /// Opened by its own `[header]` (or a `[[header]]` element): no other header may open it
        /// again, and no dotted key from another section may add to it.
        case header
        /// Made by a longer header's path (`a` of `[a.b]`): a later `[a]` may still define it once.
        case implicit
        /// Made by dotted keys (`a.b = 1`): a header may define sub-tables in it, not it.
        case dotted
        /// An inline table `{…}`: closed once written.
        case inline
    }

    var origin: Origin
    /// The members as they will stand in the node (a table's node is filled in at the end), so
    /// that finishing the tree moves them instead of copying each one.
    var members: [DocumentMember] = []
    /// What each member is while the text is read: tables and arrays of tables may still grow.
    var children: [Child] = []
    /// Where each key stands in `members`, built once a table has more members than a scan is
    /// worth: a 100,000-row document's small tables need none.
    private var lookup: [String: Int]?
    /// The table's own text: a section from its header to its last value, a dotted table from its
    /// first key to its last value.
    var span: Range<Int>
    /// Tables and arrays above this one, for the nesting limit.
    let depth: Int
    /// The section (header) that created a dotted table, or that a header table is: dotted keys
    /// may add only to tables of the section they are written in.
    var section: Int

    enum Child {
        case value
        case table(TOMLTable)
        case tableArray(TOMLTableArray)
    }

    init(origin: Origin, span: Range<Int>, depth: Int, section: Int) {
        self.origin = origin
        self.span = span
        self.depth = depth
        self.section = section
    }

    func index(of key: String) -> Int? {
        if let lookup { return lookup[key] }
        return members.firstIndex { $0.key == key }
    }

    func append(_ entry: TOMLEntry) {
        let node: DocumentNode
        switch entry.item {
        case .value(let value):
            node = value
            children.append(.value)
        case .table(let table):
            node = Self.placeholder
            children.append(.table(table))
        case .tableArray(let array):
            node = Self.placeholder
            children.append(.tableArray(array))
        }
        members.append(
            DocumentMember(
                key: entry.key, keySpan: entry.keySpan, node: node, span: entry.span,
                comments: entry.comments))
        if lookup != nil {
            lookup![entry.key] = members.count - 1
        } else if members.count > 8 {
            var table: [String: Int] = [:]
            for (position, member) in members.enumerated() { table[member.key] = position }
            lookup = table
        }
    }

    static let placeholder = DocumentNode(content: .scalar(.null), span: 0..<0)

    /// The finished node: members in the order they were first written.
    func node(style: DocumentStyle) -> DocumentNode {
        var finished = members
        members = []
        var low = Int.max
        var high = Int.min
        for position in finished.indices {
            switch children[position] {
            case .value: break
            case .table(let table): finished[position].node = table.node(style: table.style)
            case .tableArray(let array): finished[position].node = array.node()
            }
            low = min(low, finished[position].node.span.lowerBound)
            high = max(high, finished[position].node.span.upperBound)
        }
        // A table only a longer header made has no text of its own: its span is its sub-tables'.
        let span = origin == .implicit && low <= high ? low..<high : self.span
        return DocumentNode(content: .object(finished), span: span, style: style)
    }

    var style: DocumentStyle {
        switch origin {
        case .root, .header, .implicit: .blockCollection
        case .dotted: .dotted
        case .inline: .flow
        }
    }
}

/// A `[[name]]` array of tables while it is read.
final class TOMLTableArray {
    var elements: [TOMLTable] = []
    var comments: [DocumentComments] = []
    var span: Range<Int>

    init(span: Range<Int>) { self.span = span }

    func node() -> DocumentNode {
        var nodes: [DocumentNode] = []
        nodes.reserveCapacity(elements.count)
        for (table, comments) in zip(elements, self.comments) {
            var node = table.node(style: .blockCollection)
            node.comments = comments
            nodes.append(node)
        }
        return DocumentNode(content: .array(nodes), span: span, style: .blockCollection)
    }
}

/// One key of a table while it is read.
struct TOMLEntry {
    enum Item {
        case value(DocumentNode)
        case table(TOMLTable)
        case tableArray(TOMLTableArray)
    }

    var key: String
    var keySpan: Range<Int>
    var item: Item
    var span: Range<Int>
    var comments: DocumentComments
}
