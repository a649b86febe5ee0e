/// A run of rows inside a section whose length follows the state: one row, a row that may be
/// hidden, or a row repeated over a collection.
///
/// A group never builds all its rows: it tells how many there are and makes the one asked for,
/// so a form can repeat a row over a million elements and draw only the ones on screen.
public struct RowGroup<State> {
    /// How many rows the group has for a state.
    public let count: (State) -> Int
    /// The row at an index below `count(state)`.
    public let row: (State, Int) -> any FormRow<State>

    public init(
        count: @escaping (State) -> Int,
        row: @escaping (State, Int) -> any FormRow<State>
    ) {
        self.count = count
        self.row = row
    }
}

/// Anything a section's row builder takes: a row, a row with a visibility rule, a `ForEach`.
public protocol RowGroupConvertible<State> {
    associatedtype State
    var rowGroup: RowGroup<State> { get }
}

extension FormRow {
    /// A row on its own is a group of one.
    public var rowGroup: RowGroup<State> {
        let row = self
        return RowGroup(count: { _ in 1 }, row: { _, _ in row })
    }

    /// The row, shown only while `isVisible` holds for the state.
    ///
    /// ```swift
    /// PasswordRow("Password", \.password).visible(when: \.enabled)
    /// ```
    public func visible(when isVisible: @escaping (State) -> Bool) -> ConditionalRow<State> {
        ConditionalRow(row: self, isVisible: isVisible)
    }
}

/// A row shown only while a condition on the state holds.
public struct ConditionalRow<State>: RowGroupConvertible {
    let row: any FormRow<State>
    let isVisible: (State) -> Bool

    public var rowGroup: RowGroup<State> {
        let row = self.row
        let isVisible = self.isVisible
        return RowGroup(count: { isVisible($0) ? 1 : 0 }, row: { _, _ in row })
    }
}

/// One row per element of a collection in the state, made only when it is on screen.
///
/// Its rows take focus alike: all of them, or none, as the first one does.
///
/// ```swift
/// ForEach(\Settings.devices) { index, device in
///     Toggle(device.name, \.devices[index].isEnabled)
/// }
/// ```
public struct ForEach<State, Elements: RandomAccessCollection>: RowGroupConvertible
where Elements.Index == Int {
    let elements: KeyPath<State, Elements>
    let makeRow: (Int, Elements.Element) -> any FormRow<State>

    public init<Row: FormRow>(
        _ elements: KeyPath<State, Elements>,
        row: @escaping (Int, Elements.Element) -> Row
    ) where Row.State == State {
        self.elements = elements
        self.makeRow = { row($0, $1) }
    }

    public var rowGroup: RowGroup<State> {
        let elements = self.elements
        let makeRow = self.makeRow
        return RowGroup(
            count: { $0[keyPath: elements].count },
            row: { state, offset in
                let collection = state[keyPath: elements]
                let index = collection.startIndex + offset
                return makeRow(index, collection[index])
            }
        )
    }
}
