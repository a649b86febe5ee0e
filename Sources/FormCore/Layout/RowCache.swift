/// Rows already made, by position, so that a row asked for again (by the frame, the key, the help
/// line) is not made again. Making a row is the costly part of drawing a long list: its key
/// paths (`\.items[index]`) are instantiated by the runtime each time, which profiles showed as
/// the largest single cost of a key.
///
/// Bounded: past `capacity` rows it starts again, so a burst through a million rows keeps no
/// more than that.
final class RowCache<Key: Hashable, State> {
    private var rows: [Key: any FormRow<State>] = [:]
    private let capacity: Int

    init(capacity: Int = 1024) {
        self.capacity = capacity
    }

    /// The row kept for `key`, or the one `make` makes, kept from now on.
    func row(for key: Key, make: () -> any FormRow<State>) -> any FormRow<State> {
        if let row = rows[key] { return row }
        let row = make()
        if rows.count >= capacity { rows.removeAll(keepingCapacity: true) }
        rows[key] = row
        return row
    }
}
