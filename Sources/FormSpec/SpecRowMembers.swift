/// A row's table read once: each member put in the slot of the key it is, and the first key that
/// is none of a row's reported as the reader always did ("unknown key 'x' in a row").
///
/// A row's reader asks for some twenty keys of a table of five; looking each up along the members
/// was a quarter of a large spec's load.
struct SpecRowMembers {
    /// A row's keys, in the order of `SpecReader.rowKeys`.
    enum Key: Int, CaseIterable {
        case id, type, title, `default`, required, placeholder, minLength, maxLength, pattern
        case patternMessage, min, max, step, options, optionsFile, value, sections, lines
        case keepInState, when, disabled, equals

        /// The key a member's name is, compared only with the keys of its length: no hashing.
        init?(_ name: String) {
            let length = name.utf8.count
            guard let index = Self.lengths.firstIndex(where: { $0.length == length }) else { return nil }
            for key in Self.lengths[index].keys where key.name == name {
                self = key
                return
            }
            return nil
        }

        /// The keys by the length of their names.
        private static let lengths: [(length: Int, keys: [Key])] = Dictionary(
            grouping: allCases, by: { $0.name.utf8.count }
        ).map { ($0.key, $0.value) }

        var name: String { SpecReader.rowKeys[rawValue] }
    }

    let node: SpecNode
    private let members: [(key: String, keyPosition: SpecPosition?, node: SpecNode)]
    /// Each key's member index, or -1.
    private var slots = InlineArray<22, Int32>(repeating: -1)

    /// The row's members by key, or nil when `node` is no table. `unknown` is the first member
    /// whose key is none of a row's (the caller says so, as for any table).
    init?(_ node: SpecNode) {
        guard case .table(let members) = node.value else { return nil }
        self.node = node
        self.members = members
        for index in members.indices {
            guard let key = Key(members[index].key) else {
                if unknown == nil { unknown = index }
                continue
            }
            // A key given twice is refused by every format's reader; the first would be the one.
            if slots[key.rawValue] < 0 { slots[key.rawValue] = Int32(index) }
        }
    }

    /// The first member whose key is none of a row's.
    private(set) var unknown: Int?

    /// Whether the row has a `when`, `disabled` or `equals`, read once every row is known.
    var hasRules: Bool {
        slots[Key.when.rawValue] >= 0 || slots[Key.disabled.rawValue] >= 0 || slots[Key.equals.rawValue] >= 0
    }

    /// The value of `key`, when given.
    subscript(_ key: Key) -> SpecNode? {
        let slot = Int(slots[key.rawValue])
        return slot < 0 ? nil : members[slot].node
    }

    /// Where `key` is written (its key), else where the row is: as `SpecNode.position(of:)`.
    func position(of key: Key) -> SpecPosition? {
        let slot = Int(slots[key.rawValue])
        guard slot >= 0 else { return node.position }
        return members[slot].keyPosition ?? members[slot].node.position ?? node.position
    }

    /// How many members were read: one look at each, whatever is asked of them after.
    var count: Int { members.count }
}
