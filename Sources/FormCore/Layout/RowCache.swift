/// Rows already made, by position, so that a row asked for again (by the frame, the key, the help
/// line) is not made again. Making a row is the costly part of drawing a long list: its key
/// paths (`\.items[index]`) are instantiated by the runtime each time, which profiles showed as
/// the largest single cost of a key.
///
/// Bounded: past `capacity` rows it starts again, so a burst through a million rows keeps no
/// more than that.
///
/// Every type it touches is concrete (`[Int: AnyObject]`, rows boxed in a class): a dictionary or
/// array whose element is generic over the state runs the unspecialised standard library, which
/// asks the runtime for type metadata on every call, and those lookups were a fifth of a held
/// Down.
final class RowCache<State> {
    /// A made row, boxed so that the dictionary's values are a concrete type.
    private final class Box {
        let row: any FormRow<State>
        init(_ row: any FormRow<State>) { self.row = row }
    }

    private var rows: [Int: AnyObject] = [:]
    private let capacity: Int

    init(capacity: Int = 1024) {
        self.capacity = capacity
    }

    /// The row kept for `key`, or the one `make` makes, kept from now on.
    func row(for key: Int, make: () -> any FormRow<State>) -> any FormRow<State> {
        if let box = rows[key] { return unsafeDowncast(box, to: Box.self).row }
        let row = make()
        if rows.count >= capacity { rows.removeAll(keepingCapacity: true) }
        rows[key] = Box(row)
        return row
    }

    /// The row kept for `path`; paths too large to pack into one key are made each time.
    func row(for path: RowPath, make: () -> any FormRow<State>) -> any FormRow<State> {
        guard let key = Self.key(of: path) else { return make() }
        return row(for: key, make: make)
    }

    /// `path` as one integer: 16 bits of section, 16 of group, 31 of index.
    static func key(of path: RowPath) -> Int? {
        guard (0..<(1 << 15)).contains(path.section), (0..<(1 << 16)).contains(path.group),
            (0..<(1 << 31)).contains(path.index)
        else { return nil }
        return path.section << 47 | path.group << 31 | path.index
    }
}
