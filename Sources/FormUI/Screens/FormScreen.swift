import FormCore

/// Shows a `Form` as a scrollable list and edits its state.
///
/// In `.edit` mode the form works on a `Draft` of the store's value: Ctrl-S commits it through the
/// store (which persists), Esc drops it, asking first when there are changes. In `.browse` mode it
/// shows the store's current value; a change there is committed at once, as in a settings app.
///
/// ```swift
/// let store = StateStore(Preferences())
/// let editor = FormScreen(form: preferencesForm, store: store, mode: .edit)
/// navigator.push(editor)
/// ```
public final class FormScreen<State: Equatable>: Screen {
    public enum Mode: Sendable {
        case browse
        case edit
    }

    public let form: Form<State>
    public let store: StateStore<State>
    public let mode: Mode
    /// The state being shown and edited.
    public private(set) var draft: Draft<State> {
        // Comparing a large state costs: once per change, not once per frame.
        didSet { isModified = mode == .edit && draft.isDirty }
    }
    private var isModified = false
    /// The list view; its cell counters show the recycling at work.
    public let tableView = TableView()

    private let onCommand: (FormCommand, Navigator) -> Void
    /// Opened by a row of another form: it saves into that form's draft, and Enter on its last
    /// text row saves, as in an editor pushed for one value.
    public let isNested: Bool
    private var focus: RowPath?
    /// The caret in the focused text row, in characters; nil puts it after the last one. It is
    /// the screen's: neither the state nor the cell keeps it.
    private var caret: Int?
    /// What validation found wrong, by row, since the last refused save; shown under the rows.
    public private(set) var messages: [RowPath: String] = [:]
    private var focusLine = 0
    private var pageHeight = 10

    public init(
        form: Form<State>, store: StateStore<State>, mode: Mode, isNested: Bool = false,
        onCommand: @escaping (FormCommand, Navigator) -> Void = { _, _ in }
    ) {
        self.form = form
        self.store = store
        self.mode = mode
        self.isNested = isNested
        self.draft = Draft(store.value)
        self.onCommand = onCommand
        FormTableSource<State>.registerStandardCells(in: tableView)
        let layout = currentLayout()
        if let first = layout.focusableLine(from: 0, direction: 1) {
            focus = layout.line(first).row?.path
            focusLine = first
        }
    }

    public var title: String { form.title }

    public var status: String? {
        isModified ? "● modified" : nil
    }

    /// The row that has focus, if any row can take it.
    public var focusedRow: RowPath? { focus }

    public func willAppear() {
        guard mode == .browse else { return }
        draft = Draft(store.value)
        resolveFocus(in: currentLayout())
    }

    public func helpItems(isRoot: Bool) -> [HelpItem] {
        var items = [HelpItem("↑↓", "Move", priority: 0)]
        let layout = currentLayout()
        if let line = layout.index(of: focus ?? RowPath(section: -1, group: 0, index: 0)),
            let row = layout.line(line).row
        {
            switch row.row.content(in: draft.value).value {
            case .toggle: items.append(HelpItem("Space", "Toggle"))
            case .button, .disclosure: items.append(HelpItem("Enter", "Open"))
            case .editableText: items.append(HelpItem("Type", "to edit"))
            case .none, .text: break
            }
        }
        switch mode {
        case .edit:
            items.append(HelpItem("^S", "Save", priority: 2))
            items.append(HelpItem("Esc", "Cancel", priority: 2))
        case .browse:
            items.append(isRoot ? HelpItem("q", "Quit", priority: 2) : HelpItem("Esc", "Back", priority: 2))
        }
        return items
    }

    public func render(into canvas: inout Canvas, area: Rect) {
        let layout = currentLayout()
        resolveFocus(in: layout)
        pageHeight = max(1, area.height)
        let editing = focusedText(in: layout).map { (line: focusLine, index: caretIndex(in: $0)) }
        let source = FormTableSource(layout: layout, caret: editing)
        if layout.count > 0 {
            tableView.scrollToVisible(
                line: focusLine, height: area.height, lineCount: layout.count, context: 1)
            if focusLine < area.height, layout.focusableLine(from: 0, direction: 1) == focusLine {
                // At the first row, show everything above it (the first section's header), as long
                // as the row itself stays on screen.
                tableView.scrollToVisible(line: 0, height: area.height, lineCount: layout.count)
            }
        }
        let highlighted = focus == nil ? nil : focusLine
        tableView.draw(in: &canvas, frame: area, dataSource: source, highlightedLine: highlighted)
        // Each cell fills its own line; blank what lies below the last one.
        let firstBlank = min(area.maxY, max(area.minY, area.minY + layout.count - tableView.scrollOffset))
        for y in firstBlank..<area.maxY {
            canvas.fill(row: y, from: area.minX, width: area.width, style: .plain)
        }
        if let caret = tableView.highlightedCaret {
            canvas.cursor = caret
        } else if highlighted != nil {
            canvas.cursor = Point(x: area.minX, y: area.minY + focusLine - tableView.scrollOffset)
        }
    }

    public func handle(_ key: Key, navigator: Navigator) {
        let layout = currentLayout()
        resolveFocus(in: layout)
        // A text row gets the keys that edit text before they can act as shortcuts.
        if let text = focusedText(in: layout) {
            if key == .enter {
                if isNested, layout.focusableLine(from: focusLine + 1, direction: 1) == nil {
                    save(navigator: navigator)
                } else {
                    moveFocus(in: layout, by: 1)
                }
                return
            }
            if let edit = TextEditing.apply(key, to: text, caret: caretIndex(in: text)) {
                caret = edit.caret
                if edit.text != text { perform(.setText(edit.text), in: layout, navigator: navigator) }
                return
            }
        }
        switch key {
        case .up, .backTab: moveFocus(in: layout, by: -1)
        case .down, .tab: moveFocus(in: layout, by: 1)
        case .pageUp: moveFocus(in: layout, by: -pageHeight)
        case .pageDown: moveFocus(in: layout, by: pageHeight)
        case .home: moveFocus(in: layout, to: 0, direction: 1)
        case .end: moveFocus(in: layout, to: layout.count - 1, direction: -1)
        case .character(" "): perform(.toggle, in: layout, navigator: navigator)
        case .enter: perform(.activate, in: layout, navigator: navigator)
        case .right, .character("+"): perform(.increment, in: layout, navigator: navigator)
        case .left, .character("-"): perform(.decrement, in: layout, navigator: navigator)
        case .control("s") where mode == .edit: save(navigator: navigator)
        case .escape: close(navigator: navigator)
        case .character("q") where mode == .browse: close(navigator: navigator)
        default: break
        }
    }

    /// Commits the draft through the store and closes the form; on a failed write the draft stays.
    public func save(navigator: Navigator) {
        guard draft.isDirty else {
            // Nothing changed: rewriting the file would only risk it.
            navigator.pop()
            if !isNested { navigator.show(message: "No changes to save.", isError: false) }
            return
        }
        let problems = form.validationMessages(for: draft.value)
        guard problems.isEmpty else {
            messages = problems
            let layout = currentLayout()
            if let first = problems.keys.min(), let line = layout.index(of: first) {
                setFocus(line, in: layout)
            }
            let count = problems.count == 1 ? "One row needs" : "\(problems.count) rows need"
            navigator.show(message: "Not saved: \(count) attention.", isError: true)
            return
        }
        do {
            try store.commit(draft.value)
            draft.save()
            navigator.pop()
            // A nested form saved into its parent's draft, not to disk: nothing to announce.
            if !isNested { navigator.show(message: "Saved.", isError: false) }
        } catch {
            navigator.show(message: "Not saved: \(error)", isError: true)
        }
    }

    /// Leaves the form, asking first when an edit would be lost.
    public func close(navigator: Navigator) {
        guard mode == .edit, draft.isDirty else {
            navigator.pop()
            return
        }
        navigator.push(
            ConfirmScreen(
                title: "Discard changes?", message: "Your changes to \(form.title) will be lost.",
                confirmLabel: "Discard", cancelLabel: "Keep editing"
            ) { [weak self] navigator in
                self?.draft.cancel()
                navigator.pop()
            })
    }

    private func perform(_ action: RowAction, in layout: FormLayout<State>, navigator: Navigator) {
        guard focus != nil, focusLine < layout.count, let row = layout.line(focusLine).row,
            row.row.isFocusable
        else { return }
        var state = draft.value
        let outcome = row.row.perform(action, on: &state)
        switch outcome {
        case .ignored:
            break
        case .changed, .commit:
            draft.value = state
            if mode == .browse {
                do {
                    try store.commit(state)
                    draft = Draft(state)
                } catch {
                    draft.cancel()
                    navigator.show(message: "Not saved: \(error)", isError: true)
                }
            }
            revalidateMarkedRows()
            // The change may have hidden the focused row: move focus now, not at the next frame.
            resolveFocus(in: currentLayout())
            // A choice completes an editing form (a list to choose from): it saves and goes back.
            if outcome == .commit, mode == .edit { save(navigator: navigator) }
        case .command(let command):
            onCommand(command, navigator)
        case .open:
            guard let destination = row.row.destination(in: draft.value) else { return }
            let store = StateStore(draft.value) { [weak self] state in try self?.adopt(state) }
            navigator.push(
                FormScreen(form: destination, store: store, mode: .edit, isNested: true, onCommand: onCommand)
            )
        }
    }

    /// Takes what a nested form saved: into the draft, or (browsing) through the store at once.
    private func adopt(_ state: State) throws {
        if mode == .browse {
            try store.commit(state)
            draft = Draft(state)
        } else {
            draft.value = state
        }
        revalidateMarkedRows()
        resolveFocus(in: currentLayout())
    }

    private func currentLayout() -> FormLayout<State> {
        form.layout(for: draft.value, messages: messages)
    }

    /// Checks again the rows marked by the last refused save, so a message goes as soon as its
    /// row is right (only those rows: a full check runs at the next save).
    private func revalidateMarkedRows() {
        guard !messages.isEmpty else { return }
        let layout = form.layout(for: draft.value)
        var still: [RowPath: String] = [:]
        for path in messages.keys {
            guard let line = layout.index(of: path), let row = layout.line(line).row,
                let message = row.row.validate(in: draft.value)
            else { continue }
            still[path] = message
        }
        messages = still
    }

    /// Finds the focused row's line after the state changed; when the row went away, the nearest
    /// row that can take focus gets it.
    private func resolveFocus(in layout: FormLayout<State>) {
        if let focus, let line = layout.index(of: focus) {
            focusLine = line
            return
        }
        let start = min(max(0, focusLine), max(0, layout.count - 1))
        let line =
            layout.focusableLine(from: start, direction: 1)
            ?? layout.focusableLine(from: start, direction: -1)
        focus = line.flatMap { layout.line($0).row?.path }
        focusLine = line ?? 0
        caret = nil
    }

    private func moveFocus(in layout: FormLayout<State>, by delta: Int) {
        guard layout.count > 0 else { return }
        let target = min(max(0, focusLine + delta), layout.count - 1)
        let direction = delta < 0 ? -1 : 1
        if let line = layout.focusableLine(from: target, direction: direction)
            ?? layout.focusableLine(from: target, direction: -direction),
            line != focusLine || abs(delta) > 1
        {
            setFocus(line, in: layout)
        } else if delta < 0 {
            // Nothing focusable above: reveal what is there (a header, the top of the list).
            tableView.scrollToVisible(line: 0, height: pageHeight, lineCount: layout.count)
        }
    }

    private func moveFocus(in layout: FormLayout<State>, to line: Int, direction: Int) {
        guard layout.count > 0, let found = layout.focusableLine(from: line, direction: direction) else {
            return
        }
        setFocus(found, in: layout)
    }

    private func setFocus(_ line: Int, in layout: FormLayout<State>) {
        focusLine = line
        focus = layout.line(line).row?.path
        caret = nil
    }

    /// The text of the focused row, when that row is edited in place.
    private func focusedText(in layout: FormLayout<State>) -> String? {
        guard focus != nil, focusLine < layout.count, let row = layout.line(focusLine).row,
            row.row.editsText, case .editableText(let text, _, _) = row.row.content(in: draft.value).value
        else { return nil }
        return text
    }

    private func caretIndex(in text: String) -> Int {
        min(caret ?? text.count, text.count)
    }
}
