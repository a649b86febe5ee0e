import FormCore

/// Feeds a `TableView` from a form's layout for the current state, with what the screen knows
/// beyond the state: the text being edited, the open picker.
final class FormTableSource<State>: TableViewDataSource {
    let layout: FormLayout<State>
    /// The row being edited in place: the screen's copy of its text and the caret.
    let editing: (path: RowPath, text: String, caret: Int)?
    /// The row whose inline picker is open, and its chosen component.
    let expanded: (path: RowPath, component: Int)?

    /// Changes whenever anything the lines show changes (see `FormScreen.drawVersion`).
    let drawVersion: Int?

    init(
        layout: FormLayout<State>, editing: (path: RowPath, text: String, caret: Int)? = nil,
        expanded: (path: RowPath, component: Int)? = nil, drawVersion: Int? = nil
    ) {
        self.layout = layout
        self.editing = editing
        self.expanded = expanded
        self.drawVersion = drawVersion
    }

    func drawStamp(in tableView: TableView) -> Int? { drawVersion }

    func numberOfLines(in tableView: TableView) -> Int { layout.count }

    func tableView(_ tableView: TableView, cellForLine line: Int) -> TableCell {
        // Most lines are a row's first: found without making a `FormLine`, whose metadata code
        // not specialised for the state asks the runtime for.
        if let row = layout.row(onLine: line) {
            return rowCell(tableView, path: row.path, row: row.row, line: 0)
        }
        switch layout.line(line) {
        case .header(let text):
            let cell = tableView.dequeueReusableCell(SectionHeaderCell.identifier) { SectionHeaderCell() }
            (cell as? SectionHeaderCell)?.configure(text: text)
            return cell
        case .message(_, let text, let line):
            let cell = tableView.dequeueReusableCell(NoteCell.messageIdentifier) { NoteCell(.message) }
            (cell as? NoteCell)?.configure(text: text, line: line)
            return cell
        case .footer(let text):
            let cell = tableView.dequeueReusableCell(NoteCell.footerIdentifier) { NoteCell(.footer) }
            (cell as? NoteCell)?.configure(text: text)
            return cell
        case .row(let path, let row):
            return rowCell(tableView, path: path, row: row, line: 0)
        case .rowLine(let path, let row, let line):
            return rowCell(tableView, path: path, row: row, line: line)
        case .picker(let path, let row, let line):
            let cell = tableView.dequeueReusableCell(PickerCell.reuseIdentifier) { PickerCell() }
            if let picker = row.inlinePicker(in: layout.state) {
                (cell as? PickerCell)?.configure(
                    picker, line: line, chosen: expanded?.path == path ? expanded?.component : nil)
            }
            return cell
        }
    }

    private func rowCell(_ tableView: TableView, path: RowPath, row: any FormRow<State>, line: Int)
        -> TableCell
    {
        tableView.dequeueCell(
            forAny: row.content(in: layout.state), context: context(of: path, row: row, line: line))
    }

    private func context(of path: RowPath, row: any FormRow<State>, line: Int) -> CellContext {
        var context = CellContext(isDisabled: layout.isDisabled(path), line: line, isRequired: row.isRequired)
        if let editing, editing.path == path {
            context.editing = CellContext.Editing(text: editing.text, caret: editing.caret)
        }
        if let expanded, expanded.path == path {
            context.isExpanded = true
            context.pickerComponent = expanded.component
        }
        return context
    }

    func tableView(_ tableView: TableView, contentOfLine line: Int) -> LineContent? {
        if let row = layout.row(onLine: line) {
            return LineContent(
                row.row.content(in: layout.state), shown: context(of: row.path, row: row.row, line: 0))
        }
        switch layout.line(line) {
        case .header(let text): return LineContent(NoteLine.header(text))
        case .message(_, let text, let line): return LineContent(NoteLine.message(text, line: line))
        case .footer(let text): return LineContent(NoteLine.footer(text))
        case .row(let path, let row):
            return LineContent(row.content(in: layout.state), shown: context(of: path, row: row, line: 0))
        case .rowLine(let path, let row, let line):
            return LineContent(row.content(in: layout.state), shown: context(of: path, row: row, line: line))
        case .picker:
            // Drawn from the picker's model, not the row's content: always drawn.
            return nil
        }
    }
}

/// What a header, message or footer line shows, compared with the last frame's. Top-level, not
/// nested in the generic source, which would make it generic over the state too.
private enum NoteLine: Hashable {
    case header(String?)
    case message(String, line: Int)
    case footer(String)
}
