import FormCore

extension FormEditor {
    /// A click on line `line` of the layout: focus goes to the row there (a header, a footer, a
    /// message or a disabled row takes none), then `actions` run on it; nil runs what the row
    /// does on a click: a switch or a check flips, a row that opens something (a list, a nested
    /// form, an editor, a picker) opens it, a choice in a list is chosen, a button is pressed. A
    /// row edited as text, or changed by steps (a stepper, a slider, a segmented choice, unless
    /// the screen found which part was clicked), only takes focus.
    ///
    /// ```swift
    /// editor.click(line: 3, actions: nil)      // the switch on line 3 flips
    /// editor.click(line: 5, actions: [.increment, .increment])  // two segments to the right
    /// ```
    public func click(line: Int, actions: [RowAction]?) -> FormEffect? {
        let layout = self.layout
        guard line >= 0, line < layout.count else { return nil }
        switch layout.line(line) {
        case .row, .rowLine: break
        default: return nil
        }
        guard let path = layout.rowPath(at: line), let start = layout.index(of: path),
            layout.focusableLine(from: start, direction: 1) == start
        else { return nil }
        setFocus(start, in: layout)
        guard let focused = focusedRow(in: self.layout) else { return nil }
        var effect: FormEffect?
        for action in actions ?? Self.clickActions(of: focused.row, in: draft.value) {
            if let next = perform(action).effect { effect = next }
        }
        return effect
    }

    /// A click on line `offset` of the open picker (0: the values before, 1: the values now, 2:
    /// the values after) in wheel `component`: that wheel is chosen, and a value before or after
    /// is stepped to, as ↑ or ↓ would.
    ///
    /// ```swift
    /// editor.clickPicker(offset: 2, component: 1)  // the month after
    /// ```
    public func clickPicker(offset: Int, component: Int) -> FormEffect? {
        guard let open = openPicker, let row = focusedRow(in: layout), row.path == open.path,
            let picker = row.row.inlinePicker(in: draft.value), picker.components.indices.contains(component)
        else { return nil }
        pickerComponent = component
        pickerDigits = ""
        guard offset != 1 else { return nil }
        return perform(.step(component: component, by: offset == 0 ? -1 : 1)).effect
    }

    /// What a click does to a row when nothing says which part of it was clicked.
    static func clickActions(of row: any FormRow<State>, in state: State) -> [RowAction] {
        guard row.textInput(in: state) == nil else { return [] }
        let actions = row.hints(in: state).flatMap(\.actions)
        if actions.contains(.toggle) { return [.toggle] }
        if actions.contains(.activate) { return [.activate] }
        return []
    }

    /// The mouse wheel: the list scrolls by `lines` (down when positive); focus stays where it
    /// is unless that would leave it off screen (or on the line at an edge, where the list keeps
    /// one line of context), and then moves to the nearest row in view.
    ///
    /// ```swift
    /// editor.scroll(by: 3, in: screen.tableView, height: 20)  // a turn of the wheel down
    /// ```
    public func scroll(by lines: Int, in tableView: TableView, height: Int) {
        let layout = self.layout
        guard height > 0 else { return }
        tableView.scroll(by: lines, height: height, lineCount: layout.count)
        guard focus != nil else { return }
        let margin = height > 2 ? 1 : 0
        let top = tableView.scrollOffset + margin
        let bottom = tableView.scrollOffset + height - 1 - margin
        if focusLine < top {
            moveFocus(in: layout, to: top, direction: 1)
        } else if focusLine > bottom {
            moveFocus(in: layout, to: bottom, direction: -1)
        }
    }
}
