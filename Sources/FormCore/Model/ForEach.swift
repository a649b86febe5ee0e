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
    var editing: ArrayEditing<State>?
    var filterText: ((Elements.Element) -> String)?

    /// Rows over a collection in the state.
    public init<Row: FormRow>(
        _ elements: KeyPath<State, Elements>,
        row: @escaping (Int, Elements.Element) -> Row
    ) where Row.State == State {
        self.elements = { $0[keyPath: elements] }
        self.makeRow = { row($0, $1) }
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
    }

    public var rowGroup: RowGroup<State> {
        let elements = self.elements
        let makeRow = self.makeRow
        var group = RowGroup(
            count: { elements($0).count },
            row: { state, offset in
                let collection = elements(state)
                let index = collection.startIndex + offset
                return makeRow(index, collection[index])
            }
        )
        group.editing = editing
        if let filterText {
            let cache = FilterCache()
            group.matches = { state, text in cache.matches(of: text, in: elements(state), by: filterText) }
        }
        return group
    }
}

extension ForEach where Elements: RangeReplaceableCollection & MutableCollection {
    /// Rows over an array the user can change: `a` adds an element after the focused one (made
    /// by `newElement`), `d` deletes the focused one after asking, Alt-↑/↓ move it.
    ///
    /// ```swift
    /// ForEach(\Settings.servers, editable: "server", newElement: { _ in "" }) { index, _ in
    ///     TextRow("Server \(index + 1)", \.servers[index])
    /// }
    /// ```
    public init<Row: FormRow>(
        _ elements: WritableKeyPath<State, Elements>, editable noun: String,
        newElement: @escaping (State) -> Elements.Element,
        row: @escaping (Int, Elements.Element) -> Row
    ) where Row.State == State {
        self.init(elements, row: row)
        self.editing = ArrayEditing(
            noun: noun,
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
    }
}

/// The positions that match the last filter text, kept so that typing one more character
/// filters the previous matches instead of the whole list.
final class FilterCache {
    private var text = ""
    private var count = -1
    private var indices: [Int] = []

    func matches<Elements: RandomAccessCollection>(
        of text: String, in elements: Elements, by label: (Elements.Element) -> String
    ) -> [Int] where Elements.Index == Int {
        let needle = text.lowercased()
        if needle == self.text, elements.count == count { return indices }
        let candidates: [Int]
        if !self.text.isEmpty, needle.hasPrefix(self.text), elements.count == count {
            candidates = indices
        } else {
            candidates = Array(0..<elements.count)
        }
        indices = candidates.filter {
            label(elements[elements.startIndex + $0]).lowercased().contains(needle)
        }
        self.text = needle
        count = elements.count
        return indices
    }
}
