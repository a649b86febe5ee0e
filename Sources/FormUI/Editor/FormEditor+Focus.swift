import FormCore

extension FormEditor {
    /// Finds the focused row's line in a layout just made; when the row went away, the nearest
    /// row that can take focus gets it.
    func resolveFocus(in layout: FormLayout<State>) {
        if let focus, let line = layout.index(of: focus),
            layout.focusableLine(from: line, direction: 1) == line
        {
            focusLine = line
            return
        }
        let start = min(max(0, focusLine), max(0, layout.count - 1))
        let line =
            layout.focusableLine(from: start, direction: 1)
            ?? layout.focusableLine(from: start, direction: -1)
        let path = line.flatMap { layout.rowPath(at: $0) }
        if path != focus { leaveRow() }
        let moved = path != focus
        focus = path
        focusLine = line ?? 0
        if moved { onDraftChange?(layout.state, focus) }
    }

    func moveFocus(in layout: FormLayout<State>, by delta: Int) -> FormEffect? {
        guard layout.count > 0 else { return nil }
        let target = min(max(0, focusLine + delta), layout.count - 1)
        let direction = delta < 0 ? -1 : 1
        if let line = layout.focusableLine(from: target, direction: direction)
            ?? layout.focusableLine(from: target, direction: -direction),
            line != focusLine || abs(delta) > 1
        {
            setFocus(line, in: layout)
        } else if delta < 0 {
            return .revealTop
        }
        return nil
    }

    func moveFocus(in layout: FormLayout<State>, to line: Int, direction: Int) {
        guard layout.count > 0, let found = layout.focusableLine(from: line, direction: direction) else {
            return
        }
        setFocus(found, in: layout)
    }

    /// Puts focus on the row at `path`, if it is shown.
    func moveFocus(to path: RowPath) {
        let layout = self.layout
        if let line = layout.index(of: path) { setFocus(line, in: layout) }
    }

    func setFocus(_ line: Int, in layout: FormLayout<State>) {
        let path = layout.rowPath(at: line)
        let closesPicker = expanded != nil && expanded != path
        let moved = path != focus
        if moved { leaveRow() }
        focusLine = line
        focus = path
        if moved { onDraftChange?(layout.state, focus) }
        // Moving on closes an open picker: the lines below it move up.
        if closesPicker, let path, let moved = self.layout.index(of: path) { focusLine = moved }
    }

    /// What belonged to the row that loses focus goes: the text as typed, the open picker.
    func leaveRow() {
        // Assigned only when set: each assignment runs the observers, which compare (and copy)
        // the old and new values, on every move of focus.
        if isTyping { editing = nil }
        if expanded != nil { expanded = nil }
        if !pickerDigits.isEmpty { pickerDigits = "" }
    }

    /// Shows `value` as the draft, modified from the saved state as it was when the draft was
    /// kept, with focus on `focus` when that row can take it (else on the nearest that can).
    ///
    /// ```swift
    /// editor.restore(draft: entry.draft, focus: RowPath(section: 1, group: 0, index: 0))
    /// ```
    public func restore(draft value: State, focus path: RowPath?) {
        leaveRow()
        draft.value = value
        messages = [:]
        let layout = self.layout
        if let path, let line = layout.index(of: path), layout.focusableLine(from: line, direction: 1) == line
        {
            setFocus(line, in: layout)
        }
    }

    /// Shows the store's value again (a browsed form coming back into view).
    public func reload() {
        guard mode == .browse else { return }
        draft = Draft(store.value)
    }
}
