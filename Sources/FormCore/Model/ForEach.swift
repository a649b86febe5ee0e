/// One row per element of a collection, made only when it is on screen.
///
/// Its rows take focus alike: all of them, or none, as the first one does.
///
/// ```swift
/// ForEach(\Settings.devices) { index, device in
///     Toggle(device.name, \.devices[index].isEnabled)
/// }
/// ForEach(countries, filterBy: { $0 }) { _, name in ChoiceRow(name, \.country, value: name) }
/// ```
public struct ForEach<State, Elements: RandomAccessCollection>: RowGroupConvertible
where Elements.Index == Int {
    let elements: (State) -> Elements
    let makeRow: (Int, Elements.Element) -> any FormRow<State>
    /// Whether the elements are fixed (not read from the state): a row then depends on its
    /// position only, and is made once for every state.
    var isFixed = false
    /// The fixed collection's count (see `RowGroup.fixedCount`).
    var fixedCount: Int?
    var editing: ArrayEditing<State>?
    var filterText: ((Elements.Element) -> String)?
    /// The last row of an editable array, after its elements.
    var addRow: AddRow<State>?
    /// Whether the rows' kind can answer a validation message (`FormRow.validates`).
    var rowsValidate = true
    /// Whether the rows' kind offers the same hints on every row (`FormRow.hasFixedHints`).
    var rowsHaveFixedHints = false

    /// Rows over a collection in the state.
    public init<Row: FormRow>(
        _ elements: KeyPath<State, Elements>,
        row: @escaping (Int, Elements.Element) -> Row
    ) where Row.State == State {
        self.elements = { $0[keyPath: elements] }
        self.makeRow = { row($0, $1) }
        self.rowsValidate = Row.validates
        self.rowsHaveFixedHints = Row.hasFixedHints
    }

    /// Rows over a fixed collection (the options of a list, say). With `filterBy`, the list can
    /// be filtered by typing: a row stays while its text contains what was typed, ignoring case.
    public init<Row: FormRow>(
        _ elements: Elements, filterBy filterText: ((Elements.Element) -> String)? = nil,
        row: @escaping (Int, Elements.Element) -> Row
    ) where Row.State == State {
        self.elements = { _ in elements }
        self.makeRow = { row($0, $1) }
        self.filterText = filterText
        self.isFixed = true
        self.fixedCount = elements.count
        self.rowsValidate = Row.validates
        self.rowsHaveFixedHints = Row.hasFixedHints
    }

    public var rowGroup: RowGroup<State> {
        let elements = self.elements
        let makeRow = self.makeRow
        let addRow = self.addRow
        let extra = addRow == nil ? 0 : 1
        var group = RowGroup(
            count: { elements($0).count + extra },
            row: { state, offset in
                let collection = elements(state)
                if let addRow, offset >= collection.count { return addRow }
                let index = collection.startIndex + offset
                return makeRow(index, collection[index])
            }
        )
        group.editing = editing
        // A fixed collection has no add row (only an array of the state can be edited).
        group.fixedCount = addRow == nil ? fixedCount : nil
        group.validates = rowsValidate
        // The add row of an editable array is of another kind, with hints of its own.
        group.sharedHints = rowsHaveFixedHints && addRow == nil ? SharedHints() : nil
        if let filterText {
            let cache = FilterCache()
            group.matches = { state, text in cache.matches(of: text, in: elements(state), by: filterText) }
            group.findMoreMatches = { state, text in
                cache.advance(of: text, in: elements(state), by: filterText)
            }
            group.matchesArePending = { _, text in !cache.isComplete(for: text) }
        }
        return group
    }
}

extension ForEach where Elements: RangeReplaceableCollection & MutableCollection {
    /// Rows over an array the user can change, and a last row that adds an element (so an empty
    /// array can grow): `a` or Insert adds one after the focused row (made by `newElement`), `d`
    /// or Ctrl-D deletes the focused one after asking, Alt-↑/↓ move it. Focus follows the element.
    ///
    /// ```swift
    /// ForEach(\Settings.servers, editable: "server", newElement: { _ in "" }) { index, _ in
    ///     TextRow("Server \(index + 1)", \.servers[index])
    /// }
    /// ```
    ///
    /// `addTitle` names the last row ("Add server" by default).
    public init<Row: FormRow>(
        _ elements: WritableKeyPath<State, Elements>, editable noun: String, addTitle: String? = nil,
        newElement: @escaping (State) -> Elements.Element,
        row: @escaping (Int, Elements.Element) -> Row
    ) where Row.State == State {
        self.init(elements, row: row)
        let editing = ArrayEditing<State>(
            noun: noun,
            count: { $0[keyPath: elements].count },
            insert: { state, index in
                let element = newElement(state)
                let array = state[keyPath: elements]
                state[keyPath: elements].insert(
                    element, at: array.startIndex + min(max(0, index), array.count))
            },
            remove: { state, index in
                guard index >= 0, index < state[keyPath: elements].count else { return }
                state[keyPath: elements].remove(at: state[keyPath: elements].startIndex + index)
            },
            move: { state, from, to in
                let count = state[keyPath: elements].count
                guard from >= 0, from < count, to >= 0, to < count, from != to else { return }
                let start = state[keyPath: elements].startIndex
                state[keyPath: elements].swapAt(start + from, start + to)
            })
        self.editing = editing
        self.addRow = AddRow(title: addTitle ?? "Add \(noun)", editing: editing)
    }
}
