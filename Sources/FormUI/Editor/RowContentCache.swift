import FormCore

/// What the rows on screen showed, kept from frame to frame, so that a change draws again only
/// the rows it may have changed: a Space on one switch of a list reads that switch, not every
/// switch on screen through its key path (which was half of a Space).
///
/// Only rows that read one value of the state (`FormRow.contentKeyPath`) are kept. The editor
/// tells what changed: a change through a row's binding keeps the other rows of that row's group
/// whose key paths differ (a `ForEach` indexes one collection, each row its own element), and
/// rows whose values are stored members that do not overlap the changed one; any other change
/// forgets everything. Not generic, so that using it asks the runtime for no metadata.
final class RowContentCache {
    /// One row's content as last read, with how it was shown.
    final class Entry {
        /// The content, for the row's cell.
        let content: any RowContent
        /// The content and its context, as the table compares lines.
        let line: LineContent
        let context: CellContext
        let isRequired: Bool
        /// The row's place: its section and group, for what a change through a sibling keeps.
        let section: Int
        let group: Int
        let keyPath: AnyKeyPath
        /// `keyPath`'s hash: two key paths made apart compare component by component, so a
        /// change compares only those of equal hashes.
        let keyHash: Int
        /// Where the value lies in the state, when it is a stored member (`MemoryLayout.offset`).
        let stored: Range<Int>?

        init(
            content: any RowContent, line: LineContent, context: CellContext, isRequired: Bool,
            path: RowPath, keyPath: AnyKeyPath, stored: Range<Int>?
        ) {
            self.content = content
            self.line = line
            self.context = context
            self.isRequired = isRequired
            self.section = path.section
            self.group = path.group
            self.keyPath = keyPath
            self.keyHash = keyPath.hashValue
            self.stored = stored
        }
    }

    /// By path (see `key(of:)`); private and used from one thread: exclusivity is not checked.
    @exclusivity(unchecked) private var entries: [Int: Entry] = [:]
    /// More than a few screens of rows: started again (a burst down a long list).
    private static let capacity = 512
    /// The form says that different key paths name different values wherever their rows are
    /// (`Form.rowsReadApart`): every row is then kept as the rows of the changed row's group are.
    let rowsReadApart: Bool
    /// How many times a row on screen was read from the state rather than kept: what a test
    /// counts to see that a change reads only the rows it may have changed.
    private(set) var reads = 0

    init(rowsReadApart: Bool = false) {
        self.rowsReadApart = rowsReadApart
    }

    /// A change the editor is making now, when it goes through one row's binding.
    struct Change {
        var path: RowPath
        var keyPath: AnyKeyPath
        /// Where the changed value lies in the state, if a stored member (asked only when a
        /// row outside the changed row's group could stay for it).
        var stored: () -> Range<Int>?
    }

    func entry(at path: RowPath) -> Entry? {
        guard let key = Self.key(of: path) else { return nil }
        return entries[key]
    }

    /// Counts a row read from the state for the table (see `reads`).
    func noteRead() { reads &+= 1 }

    func store(_ entry: Entry, at path: RowPath) {
        guard let key = Self.key(of: path) else { return }
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        entries[key] = entry
    }

    /// The state changed: through one row's binding (`change`), or in any way (nil).
    func stateChanged(_ change: Change?) {
        guard !entries.isEmpty else { return }
        guard let change else { return entries.removeAll(keepingCapacity: true) }
        var changedStored: Range<Int>??
        var stale: [Int] = []
        let changedHash = change.keyPath.hashValue
        for (key, entry) in entries {
            if entry.keyHash == changedHash && entry.keyPath == change.keyPath {
                stale.append(key)
            } else if !rowsReadApart, entry.section != change.path.section || entry.group != change.path.group
            {
                guard let mine = entry.stored else {
                    stale.append(key)
                    continue
                }
                if changedStored == nil { changedStored = .some(change.stored()) }
                if let changed = changedStored ?? nil, !mine.overlaps(changed) { continue }
                stale.append(key)
            }
        }
        // In place: most changes forget one row of a screenful.
        for key in stale { entries.removeValue(forKey: key) }
    }

    /// Forgets every row (the rows at the paths may be others: a filter changed).
    func removeAll() {
        entries.removeAll(keepingCapacity: true)
    }

    /// `path` as one integer: 16 bits of section, 16 of group, 31 of index.
    private static func key(of path: RowPath) -> Int? {
        guard (0..<(1 << 15)).contains(path.section), (0..<(1 << 16)).contains(path.group),
            (0..<(1 << 31)).contains(path.index)
        else { return nil }
        return path.section << 47 | path.group << 31 | path.index
    }

    /// Where the value `keyPath` names lies in a `State`, when it is a stored member of it.
    static func storedRange<State>(of keyPath: AnyKeyPath, in state: State.Type) -> Range<Int>? {
        guard let partial = keyPath as? PartialKeyPath<State>,
            let offset = MemoryLayout<State>.offset(of: partial)
        else { return nil }
        func size<Value>(_ type: Value.Type) -> Int { MemoryLayout<Value>.size }
        return offset..<(offset + max(1, _openExistential(type(of: keyPath).valueType, do: size)))
    }
}
