import FormCore

/// Feeds a `TableView` from a form's layout for the current state, with what the screen knows
/// beyond the state: the text being edited, the open picker.
///
/// A screen keeps one and sets it anew for each frame (`update`): making one a frame asked the
/// runtime for the generic class's metadata every time.
final class FormTableSource<State>: TableViewDataSource {
    /// Held only while a frame is drawn (`finishFrame` lets it go, so that a screen keeping
    /// its source keeps no old layout alive while the next one is made).
    var layout: FormLayout<State> { heldLayout! }
    private var heldLayout: FormLayout<State>?
    /// The row being edited in place: the screen's copy of its text and the caret.
    private(set) var editing: (path: RowPath, text: String, caret: Int)?
    /// The row whose inline picker is open, and its chosen component.
    private(set) var expanded: (path: RowPath, component: Int)?

    init(
        layout: FormLayout<State>, editing: (path: RowPath, text: String, caret: Int)? = nil,
        expanded: (path: RowPath, component: Int)? = nil
    ) {
        update(layout: layout, editing: editing, expanded: expanded)
    }

    /// Sets everything `init` sets, for the next frame.
    func update(
        layout: FormLayout<State>, editing: (path: RowPath, text: String, caret: Int)?,
        expanded: (path: RowPath, component: Int)?
    ) {
        self.heldLayout = layout
        self.editing = editing
        self.expanded = expanded
        titleWidths.removeAll(keepingCapacity: true)
    }

    /// The widest title of each section drawn this frame, by its index: nil where not measured
    /// yet, `.some(nil)` for one too long to measure. An array: a line drew in each a hash of
    /// the index.
    private var titleWidths: [Int??] = []
    /// A section of more groups than this is not measured (100,000 rows written out would be
    /// made for one frame): its rows place their values each after its own title.
    static var mostRowsMeasured: Int { 200 }

    /// The widest title of `section`'s rows written out one by one, their required marks
    /// counted: where its values line up (`CellContext.sectionTitleWidth`), worked out once a
    /// frame from rows the layout has made and keeps.
    private func titleWidth(ofSection index: Int) -> Int? {
        if index < titleWidths.count, let known = titleWidths[index] { return known }
        let markWidth = 1 + TextWidth.of(RowChrome.requiredMark)
        let widest = layout.widest(ofSection: index, limit: Self.mostRowsMeasured) { row in
            TextWidth.of(row.title) + (row.isRequired ? markWidth : 0)
        }
        if index >= titleWidths.count {
            titleWidths.append(contentsOf: repeatElement(nil, count: index + 1 - titleWidths.count))
        }
        titleWidths[index] = .some(widest)
        return widest
    }

    /// Lets go of what the frame was drawn from, as a source made per frame did once drawn.
    func finishFrame() {
        heldLayout = nil
        editing = nil
    }

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
            (cell as? SectionHeaderCell)?.configure(
                text: text, capitalized: layout.form.sections[layout.section(onLine: line)].capitalizesHeader)
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
            forAny: row.anyContent(in: layout.state), context: context(of: path, row: row, line: line))
    }

    private func context(of path: RowPath, row: any FormRow<State>, line: Int) -> CellContext {
        context(of: path, isRequired: row.isRequired, line: line)
    }

    private func context(of path: RowPath, isRequired: Bool, line: Int) -> CellContext {
        var context = CellContext(isDisabled: layout.isDisabled(path), line: line, isRequired: isRequired)
        context.sectionTitleWidth = titleWidth(ofSection: path.section)
        if let editing, editing.path == path {
            context.editing = CellContext.Editing(text: editing.text, caret: editing.caret)
        }
        if let expanded, expanded.path == path {
            context.isExpanded = true
            context.pickerComponent = expanded.component
        }
        return context
    }
}
