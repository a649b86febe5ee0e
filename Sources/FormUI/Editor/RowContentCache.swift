import FormCore

/// What the rows on screen showed, kept from frame to frame, so that a change draws again only
/// the rows it may have changed: a Space on one switch of a list reads that switch, not every
/// switch on screen through its key path (which was half of a Space).
///
/// Rows that read one value of the state (`FormRow.contentKeyPath`) are kept across changes. The
/// editor tells what changed: a change through a row's binding keeps the other rows of that row's
/// group whose key paths differ (a `ForEach` indexes one collection, each row its own element),
/// and rows whose values are stored members that do not overlap the changed one; any other change
/// forgets everything. Other rows are kept until the state changes at all.
///
/// Every row the table draws from it is in it until forgotten, so what it forgets is what a
/// change may have changed: the rows it drops are noted (`changedPaths`), and a wholesale
/// forgetting is counted (`forgets`), which tells the table to look at every line again.
/// Not generic, so that using it asks the runtime for no metadata.
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
        let path: RowPath
        /// The one value the row reads; nil for a row that may read any (kept until any change).
        let keyPath: AnyKeyPath?
        /// `keyPath`'s hash: two key paths made apart compare component by component, so a
        /// change compares only those of equal hashes.
        let keyHash: Int
        /// Where the value lies in the state, when it is a stored member (`MemoryLayout.offset`).
        let stored: Range<Int>?
        /// Forgotten by a change: no longer shown, but left in place (with its index) for the
        /// row's next entry to replace, which a change of one row then costs no removal.
        @exclusivity(unchecked) var isStale = false

        init(
            content: any RowContent, line: LineContent, context: CellContext, isRequired: Bool,
            path: RowPath, keyPath: AnyKeyPath?, keyHash: Int, stored: Range<Int>?
        ) {
            self.content = content
            self.line = line
            self.context = context
            self.isRequired = isRequired
            self.path = path
            self.keyPath = keyPath
            self.keyHash = keyHash
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
    /// The rows forgotten one by one since `takeChangedPaths` was last asked: those a change
    /// may have changed.
    private var changedPaths: [RowPath] = []
    /// Counts the times every row was forgotten at once (or a row drawn could not be kept):
    /// while it stays, `changedPaths` names every row drawn that may have changed.
    private(set) var forgets = 0
    /// The last key path hashed and its hash: a Space hashes its switch's key path once for
    /// the change and once to keep the row again (a walk through its components each time).
    private var lastHashed: (keyPath: AnyKeyPath, hash: Int)?

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
        guard let key = Self.key(of: path), let entry = entries[key], !entry.isStale else { return nil }
        return entry
    }

    /// Counts a row read from the state for the table (see `reads`).
    func noteRead() { reads &+= 1 }

    func store(_ entry: Entry, at path: RowPath) {
        guard let key = Self.key(of: path) else {
            // Drawn but not kept: a later change could not name it.
            forgets &+= 1
            return
        }
        if entries.count >= Self.capacity { forgetAll() }
        if let old = entries.updateValue(entry, forKey: key) {
            // The row again, reading the same value (a stale entry replaced): indexed as it was.
            if old.keyHash == entry.keyHash, (old.keyPath == nil) == (entry.keyPath == nil) { return }
            unindex(old, at: key)
        }
        index(entry, at: key)
    }

    /// Where rows read apart, the rows a change may reach are found without looking at every
    /// row: the row of each key path hash, and the rows that read any value.
    @exclusivity(unchecked) private var byHash: [Int: Int] = [:]
    @exclusivity(unchecked) private var readingAny: [Int] = []
    /// Two rows' key paths share a hash: `byHash` cannot name both, and a change looks at all.
    private var hashesShared = false

    private func index(_ entry: Entry, at key: Int) {
        guard rowsReadApart else { return }
        guard entry.keyPath != nil else { return readingAny.append(key) }
        if let other = byHash.updateValue(key, forKey: entry.keyHash), other != key { hashesShared = true }
    }

    private func unindex(_ entry: Entry, at key: Int) {
        guard rowsReadApart else { return }
        if entry.keyPath == nil {
            readingAny.removeAll { $0 == key }
        } else if byHash[entry.keyHash] == key {
            byHash[entry.keyHash] = nil
        }
    }

    /// The hash of `keyPath`, remembered for the next ask with the same key path.
    func hash(of keyPath: AnyKeyPath) -> Int {
        if let lastHashed, lastHashed.keyPath === keyPath { return lastHashed.hash }
        let hash = keyPath.hashValue
        lastHashed = (keyPath, hash)
        return hash
    }

    /// The state changed: through one row's binding (`change`), or in any way (nil).
    func stateChanged(_ change: Change?) {
        guard !entries.isEmpty else { return }
        guard let change else { return forgetAll() }
        let changedHash = hash(of: change.keyPath)
        if rowsReadApart, !hashesShared {
            // Only the row of the changed key path, and those that read any value.
            if !readingAny.isEmpty { forget(readingAny) }
            if let key = byHash[changedHash], let entry = entries[key], !entry.isStale,
                entry.keyPath == change.keyPath
            {
                entry.isStale = true
                changedPaths.append(entry.path)
                if changedPaths.count > Self.capacity { forgetAll() }
            }
            return
        }
        var changedStored: Range<Int>??
        var stale: [Int] = []
        for (key, entry) in entries {
            if entry.isStale { continue }
            guard let keyPath = entry.keyPath else {
                stale.append(key)
                continue
            }
            if entry.keyHash == changedHash && keyPath == change.keyPath {
                stale.append(key)
            } else if !rowsReadApart,
                entry.path.section != change.path.section || entry.path.group != change.path.group
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
        forget(stale)
    }

    /// Forgets the rows at `keys`, noting their paths.
    private func forget(_ keys: [Int]) {
        // Marked, not removed: the row drawn again replaces its entry.
        for key in keys {
            guard let entry = entries[key], !entry.isStale else { continue }
            entry.isStale = true
            changedPaths.append(entry.path)
        }
        // A long burst between frames: past a screenful, every line is looked at anyway.
        if changedPaths.count > Self.capacity { forgetAll() }
    }

    /// Forgets every row (the rows at the paths may be others: a filter changed).
    func removeAll() {
        forgetAll()
    }

    private func forgetAll() {
        entries.removeAll(keepingCapacity: true)
        byHash.removeAll(keepingCapacity: true)
        readingAny.removeAll(keepingCapacity: true)
        hashesShared = false
        changedPaths.removeAll()
        forgets &+= 1
    }

    /// The rows forgotten one by one since the last ask (see `forgets`), and from now on none.
    func takeChangedPaths() -> [RowPath] {
        let paths = changedPaths
        changedPaths = []
        return paths
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
