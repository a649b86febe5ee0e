import FormCore

extension FormEditor {
    /// The text input of `row` (the focused row) in `layout`, read once per layout and state: a
    /// typed character asked it of the state four times (the key, the frame, the keys the help
    /// line offers), each a walk of its key path.
    func textInput(of row: (path: RowPath, row: any FormRow<State>), in layout: FormLayout<State>)
        -> TextInput?
    {
        textInputRead(of: row, in: layout)?.input
    }

    /// The read of `textInput(of:in:)`, boxed: only the answer for the current layout and state
    /// is kept. Nil for a kind whose rows share their hints, which takes no text
    /// (`FormRow.hasFixedHints`): a Space on a switch reads nothing here.
    func textInputRead(of row: (path: RowPath, row: any FormRow<State>), in layout: FormLayout<State>)
        -> TextInputRead?
    {
        if layout.hasFixedHints(row.path) { return nil }
        let current = layout === cachedLayout
        if current, let read = textInputRead, read.layout == ObjectIdentifier(layout),
            read.version == layoutVersion, read.stateVersion == stateVersion, read.path == row.path
        {
            return read
        }
        let read = TextInputRead(
            layout: ObjectIdentifier(layout), version: layoutVersion, stateVersion: stateVersion,
            path: row.path,
            input: row.row.textInput(in: layout.state))
        if current { textInputRead = read }
        return read
    }
}

/// A row's text input as read for one layout and state (see `FormEditor.textInputRead`). A
/// class: kept in an optional tuple, each look at it copied the input through the runtime's
/// generic witnesses.
final class TextInputRead {
    let layout: ObjectIdentifier
    let version: Int
    let stateVersion: Int
    let path: RowPath
    let input: TextInput?
    /// Whether there is an input: asked without copying it.
    let takesText: Bool

    init(layout: ObjectIdentifier, version: Int, stateVersion: Int, path: RowPath, input: TextInput?) {
        self.layout = layout
        self.version = version
        self.stateVersion = stateVersion
        self.path = path
        self.input = input
        self.takesText = input != nil
    }
}
