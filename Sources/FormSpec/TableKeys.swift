/// The keys of a table being read, to find one given twice. A row's table of a few keys is
/// looked along, keys of another length passed over without comparing their text, with no set
/// to allocate; a table of more keeps them in a set from then on.
///
/// ```swift
/// var keys = TableKeys()
/// keys.isRepeated("id", among: members)  // and from now on, "id" is one of them
/// ```
struct TableKeys {
    typealias Members = [(key: String, keyPosition: SpecPosition?, node: SpecNode)]

    private var keys: Set<String>?

    /// Whether `key` is one of `members`' keys (or already noted), noting it.
    mutating func isRepeated(_ key: String, among members: Members) -> Bool {
        if keys == nil {
            if members.count < 16 { return Self.has(key, in: members) }
            keys = Set(members.map(\.key))
        }
        return !keys!.insert(key).inserted
    }

    /// Whether `key` is one of `members`' keys.
    static func has(_ key: String, in members: Members) -> Bool {
        let length = key.utf8.count
        return members.contains { $0.key.utf8.count == length && $0.key == key }
    }
}
