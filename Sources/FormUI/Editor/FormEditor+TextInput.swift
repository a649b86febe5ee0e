import FormCore

extension FormEditor {
    /// The text input of `row` (the focused row) in `layout`, read from the state.
    func textInput(of row: (path: RowPath, row: any FormRow<State>), in layout: FormLayout<State>)
        -> TextInput?
    {
        if layout.hasFixedHints(row.path) { return nil }
        return row.row.textInput(in: layout.state)
    }
}
