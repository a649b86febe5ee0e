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

    /// Changes whenever anything the lines show changes (see `FormScreen.drawVersion`).
    private(set) var drawVersion: Int?
    /// What rows showed in earlier frames, while the editor says it stands (nil: read them all).
    private(set) var rowContents: RowContentCache?
    /// The lines that changed since the frame drawn at draw version `since`, as the editor
    /// followed its changes (nil: it could not).
    private(set) var changes: (since: Int, lines: ChangedLines)?

    init(
        layout: FormLayout<State>, editing: (path: RowPath, text: String, caret: Int)? = nil,
        expanded: (path: RowPath, component: Int)? = nil, drawVersion: Int? = nil,
        rowContents: RowContentCache? = nil, changes: (since: Int, lines: ChangedLines)? = nil
    ) {
        update(
            layout: layout, editing: editing, expanded: expanded, drawVersion: drawVersion,
            rowContents: rowContents, changes: changes)
    }

    /// Sets everything `init` sets, for the next frame, and forgets what this one looked up.
    func update(
        layout: FormLayout<State>, editing: (path: RowPath, text: String, caret: Int)?,
        expanded: (path: RowPath, component: Int)?, drawVersion: Int?, rowContents: RowContentCache?,
        changes: (since: Int, lines: ChangedLines)?
    ) {
        self.heldLayout = layout
        self.editing = editing
        self.expanded = expanded
        self.drawVersion = drawVersion
        self.rowContents = rowContents
        self.changes = changes
        lookedUp = nil
    }

    /// Lets go of what the frame was drawn from, as a source made per frame did once drawn.
    func finishFrame() {
        heldLayout = nil
        editing = nil
        rowContents = nil
        changes = nil
        lookedUp = nil
    }

    func drawStamp(in tableView: TableView) -> Int? { drawVersion }

    /// The last line whose row was looked up, and its row: the table asks a changed line's
    /// content, then its cell, and the layout's search for the row is done once for both.
    private var lookedUp: (line: Int, path: RowPath?)?

    private func rowPath(at line: Int) -> RowPath? {
        if let lookedUp, lookedUp.line == line { return lookedUp.path }
        let path = layout.rowPath(at: line)
        lookedUp = (line, path)
        return path
    }

    func tableView(_ tableView: TableView, linesChangedSince stamp: Int) -> ChangedLines? {
        guard let changes, changes.since == stamp else { return nil }
        return changes.lines
    }

    func numberOfLines(in tableView: TableView) -> Int { layout.count }

    func tableView(_ tableView: TableView, cellForLine line: Int) -> TableCell {
        // Most lines are a row's first: found without making a `FormLine`, whose metadata code
        // not specialised for the state asks the runtime for.
        // With the cache, a line that is no row's first is not looked for again as one.
        if let rowContents {
            if let path = rowPath(at: line) {
                let shown = firstLine(of: path, onLine: line, rowContents)
                return tableView.dequeueCell(forAny: shown.content, context: shown.context)
            }
        } else if let row = layout.row(onLine: line) {
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
            keepFirstLine(of: path)
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

    /// The first line of the row at `path` (on line `line`): kept from an earlier frame while
    /// the editor says its value stands and it is shown alike, else read and kept (see
    /// `RowContentCache`: every row drawn is kept, for the editor to know what a change reaches).
    private func firstLine(
        of path: RowPath, onLine line: Int, _ rowContents: RowContentCache,
        kept: RowContentCache.Entry?? = nil
    ) -> (content: any RowContent, context: CellContext, line: LineContent) {
        if let kept = kept ?? rowContents.entry(at: path) {
            let context = context(of: path, isRequired: kept.isRequired, line: 0)
            if context == kept.context { return (kept.content, context, kept.line) }
        }
        guard let row = layout.row(onLine: line)?.row else { preconditionFailure("no row on line \(line)") }
        rowContents.noteRead()
        let context = context(of: path, isRequired: row.isRequired, line: 0)
        let content = row.anyContent(in: layout.state)
        let shown = LineContent(content, shown: context)
        let keyPath = row.contentKeyPath
        rowContents.store(
            RowContentCache.Entry(
                content: content, line: shown, context: context, isRequired: row.isRequired, path: path,
                keyPath: keyPath, keyHash: keyPath.map(rowContents.hash) ?? 0,
                // Asked only where rows do not read apart (see `RowContentCache.stateChanged`).
                stored: rowContents.rowsReadApart
                    ? nil : keyPath.flatMap { RowContentCache.storedRange(of: $0, in: State.self) }),
            at: path)
        return (content, context, shown)
    }

    /// Keeps the first line of the row at `path` (one of whose other lines is drawn, its first
    /// perhaps scrolled off), so that a change to it names the row (`RowContentCache`).
    private func keepFirstLine(of path: RowPath) {
        guard let rowContents, rowContents.entry(at: path) == nil, let first = layout.index(of: path) else {
            return
        }
        _ = firstLine(of: path, onLine: first, rowContents)
    }

    /// What `firstLine` answers for a row kept and shown alike, found without making its
    /// context or copying its content: the question the table asks of every line on screen
    /// after a change, most of which it did not touch.
    private func keptLine(of path: RowPath, _ kept: RowContentCache.Entry?) -> LineContent? {
        guard let kept, kept.context.editing == nil, !kept.context.isExpanded,
            editing?.path != path, expanded?.path != path,
            kept.context.isDisabled == layout.isDisabled(path)
        else { return nil }
        return kept.line
    }

    private func context(of path: RowPath, row: any FormRow<State>, line: Int) -> CellContext {
        context(of: path, isRequired: row.isRequired, line: line)
    }

    private func context(of path: RowPath, isRequired: Bool, line: Int) -> CellContext {
        var context = CellContext(isDisabled: layout.isDisabled(path), line: line, isRequired: isRequired)
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
        if let rowContents {
            if let path = rowPath(at: line) {
                let entry = rowContents.entry(at: path)
                if let kept = keptLine(of: path, entry) { return kept }
                return firstLine(of: path, onLine: line, rowContents, kept: .some(entry)).line
            }
        } else if let row = layout.row(onLine: line) {
            return LineContent(
                row.row.anyContent(in: layout.state), shown: context(of: row.path, row: row.row, line: 0))
        }
        switch layout.line(line) {
        case .header(let text): return LineContent(NoteLine.header(text))
        case .message(_, let text, let line): return LineContent(NoteLine.message(text, line: line))
        case .footer(let text): return LineContent(NoteLine.footer(text))
        case .row(let path, let row):
            return LineContent(row.anyContent(in: layout.state), shown: context(of: path, row: row, line: 0))
        case .rowLine(let path, let row, let line):
            keepFirstLine(of: path)
            return LineContent(
                row.anyContent(in: layout.state), shown: context(of: path, row: row, line: line))
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
