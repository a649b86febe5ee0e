/// The last row of an editable `ForEach`: Enter or Space appends an element, which then has
/// focus (it takes this row's place, and this row moves down one).
struct AddRow<State>: FormRow {
    /// Nothing to validate: a save skips a list of these.
    static var validates: Bool { false }

    var title: String
    var editing: ArrayEditing<State>

    // A button that acts in place: no `›`, which would promise another screen.
    func content(in state: State) -> ButtonContent { ButtonContent(title: "+ " + title, opens: false) }

    func hints(in state: State) -> [RowHint] { [RowHint(.activate, "Add", priority: 2)] }

    func perform(_ action: RowAction, on state: inout State) -> RowOutcome {
        guard action == .activate || action == .toggle else { return .ignored }
        editing.insert(&state, editing.count(state))
        return .changed
    }
}
