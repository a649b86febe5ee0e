import FormCore

/// Shows a `Form` as a scrollable list, and runs what its `FormEditor` says a key does: the
/// editor holds the draft, focus and every change; the screen draws it and pushes, pops and
/// asks as the editor's effects say.
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
    public typealias Mode = FormMode

    /// The form's editing state; a test may drive it without the screen.
    public let editor: FormEditor<State>
    /// The list view; its cell counters show the recycling at work.
    public let tableView = TableView()
    /// Where the last frame drew the list: clicks are placed by it (and a test's checker finds
    /// the lines by it: a message of two lines leaves the list one line less).
    package internal(set) var lastArea: Rect?
    /// The form's title, asked by every frame's title bar: read once (reading it through the
    /// form copied the generic form, metadata lookups and all, on every key).
    private let formTitle: String
    /// What feeds the table, set anew for each frame; and it as the table takes it (made once:
    /// the conformance of the generic class was looked up for each frame's).
    private var tableSource: FormTableSource<State>?
    private var tableDataSource: (any TableViewDataSource)?
    let onCommand: (FormCommand, Navigator) -> Void

    public convenience init(
        form: Form<State>, store: StateStore<State>, mode: Mode, isNested: Bool = false,
        keyMap: KeyMap = .standard,
        onCommand: @escaping (FormCommand, Navigator) -> Void = { _, _ in }
    ) {
        self.init(
            editor: FormEditor(form: form, store: store, mode: mode, isNested: isNested, keyMap: keyMap),
            onCommand: onCommand)
    }

    /// Shows `editor`; `onCommand` runs the commands of its button rows.
    public init(
        editor: FormEditor<State>, onCommand: @escaping (FormCommand, Navigator) -> Void = { _, _ in }
    ) {
        self.editor = editor
        self.onCommand = onCommand
        self.formTitle = editor.form.title
    }

    public var form: Form<State> { editor.form }
    public var store: StateStore<State> { editor.store }
    public var mode: Mode { editor.mode }
    public var keyMap: KeyMap { editor.keyMap }
    public var isNested: Bool { editor.isNested }
    /// The state being shown and edited.
    public var draft: Draft<State> { editor.draft }
    /// Whether the draft differs from the saved state, in `.edit` mode.
    public var isModified: Bool { editor.isModified }
    /// Whether the form was saved rather than cancelled.
    public var didSave: Bool { editor.didSave }
    /// The text that filters the list.
    public var filter: String { editor.filter }
    /// What validation found wrong, by row, since the last refused save.
    public var messages: [RowPath: String] { editor.messages }
    /// The row that has focus, if any row can take it.
    public var focusedRow: RowPath? { editor.focusedPath }
    /// See `FormEditor.onDraftChange`.
    public var onDraftChange: ((State, RowPath?) -> Void)? {
        get { editor.onDraftChange }
        set { editor.onDraftChange = newValue }
    }

    /// The form's title, and while the list is filtered the filter text after it. The end of the
    /// filter is what was just typed, so it stays whole: the filter shows its last
    /// `filterColumns`, and the title gives way to it, so the two fit in 24 columns, what a
    /// 40-column title bar has beside the modified mark.
    public var title: String {
        guard !editor.filter.isEmpty else { return formTitle }
        let shown = TextWidth.truncateHead(editor.filter, to: Self.filterColumns)
        let titleRoom = max(8, 21 - TextWidth.of(shown))
        return "\(TextWidth.truncate(form.title, to: titleRoom)) / \(shown)"
    }

    private static var filterColumns: Int { 12 }

    public var status: String? {
        editor.isModified ? "● modified" : form.readOnlyReason != nil ? "read-only" : nil
    }

    public var hasUnsavedChanges: Bool { editor.isModified }

    /// Every frame sets each cell of its area (the table's lines, blanks below them).
    public var drawsWholeArea: Bool { true }

    public func willAppear() { editor.reload() }

    /// Finds more matches of the filter in a long list (see `FormEditor.findMoreMatches`), and
    /// asks the rules of the saved state a slice at a time (`FormEditor.askRulesWhileIdle`).
    public func workWhileIdle() -> Bool {
        editor.finishDeferredRecheck() || editor.findMoreMatches() || editor.askRulesWhileIdle()
    }

    /// See `FormEditor.restore(draft:focus:)`.
    public func restore(draft value: State, focus path: RowPath?) {
        editor.restore(draft: value, focus: path)
    }

    public func helpItems(isRoot: Bool) -> [HelpItem] { editor.helpItems(isRoot: isRoot) }

    // MARK: Keys and effects

    public func handle(_ key: Key, navigator: Navigator) {
        if case .mouse(let event) = key {
            run(mouse(event), navigator: navigator)
            return
        }
        run(editor.handle(key, isRoot: navigator.isAtRoot), navigator: navigator)
    }

    /// Commits the draft through the store and closes the form; on a failed write the draft stays.
    public func save(navigator: Navigator) { run(editor.requestSave(), navigator: navigator) }

    /// Leaves the form, asking first when an edit would be lost.
    public func close(navigator: Navigator) { run(editor.close(), navigator: navigator) }

    func run(_ effect: FormEffect?, navigator: Navigator) {
        switch effect {
        case nil:
            break
        case .show(let message, let isError):
            navigator.show(message: message, isError: isError)
        case .leave(let message):
            navigator.pop()
            if let message { navigator.show(message: message, isError: false) }
        case .confirm(let question):
            navigator.push(
                ConfirmScreen(
                    title: question.title, message: question.message, confirmLabel: question.confirmLabel,
                    cancelLabel: question.cancelLabel,
                    alternative: question.alternative.map { other in
                        (
                            other.key, other.label,
                            { [weak self] navigator in
                                guard let self else { return }
                                self.run(self.editor.confirm(other.action), navigator: navigator)
                            }
                        )
                    }
                ) { [weak self] navigator in
                    guard let self else { return }
                    self.run(self.editor.confirm(question.action), navigator: navigator)
                })
        case .openForm(let path):
            if let nested = editor.nestedEditor(at: path) {
                navigator.push(FormScreen(editor: nested, onCommand: onCommand))
            }
        case .openTextEditor(let path):
            if let request = editor.textEditor(at: path) {
                let screen = TextEditorScreen(
                    title: request.title, text: request.text, validate: request.validate, keyMap: keyMap,
                    onKeep: request.keep)
                // A read-only form's long text is opened to be read in full.
                screen.readOnlyReason = editor.form.readOnlyReason
                navigator.push(screen)
            }
        case .run(let command):
            onCommand(command, navigator)
        case .review(let changes):
            navigator.push(
                ReviewScreen(
                    changes: changes, detail: editor.form.reviewDetail?(editor.draft.value) ?? [],
                    keyMap: keyMap,
                    onSave: { [weak self] navigator in
                        guard let self else { return }
                        navigator.pop()
                        self.run(self.editor.save(), navigator: navigator)
                    },
                    onGoTo: { [weak self] path, navigator in
                        navigator.pop()
                        self?.editor.moveFocus(to: path)
                    }))
        case .jump:
            navigator.push(
                JumpScreen(search: editor.fieldSearch()) { [weak self] target, navigator in
                    navigator.pop()
                    self?.jump(to: target, navigator: navigator)
                })
        case .revealTop:
            tableView.scrollToVisible(line: 0, height: editor.pageHeight, lineCount: editor.layout.count)
        }
    }

    /// Puts focus on the row `target` names, opening the nested forms on the way.
    func jump(to target: FieldTarget, navigator: Navigator) {
        guard let first = target.path.first else { return }
        if !editor.filter.isEmpty { editor.setFilter("") }
        editor.moveFocus(to: first)
        guard target.path.count > 1, let nested = editor.nestedEditor(at: first) else { return }
        let screen = FormScreen(editor: nested, onCommand: onCommand)
        navigator.push(screen)
        var rest = target
        rest.path.removeFirst()
        screen.jump(to: rest, navigator: navigator)
    }

    // MARK: Drawing

    /// Whether sections get a blank line before their headers in a list `height` lines high:
    /// where the screen has room for it (40x12 stays compact).
    package static func isSpacious(height: Int) -> Bool { height >= 18 }

    public func render(into canvas: inout Canvas, area: Rect) {
        lastArea = area
        editor.spacious = Self.isSpacious(height: area.height)
        editor.width = area.width
        let layout = editor.layout
        let focusLine = editor.focusLine
        editor.pageHeight = max(1, area.height)
        let focused = editor.focusedRow(in: layout)
        if let focused { editor.checkFixedHints(of: focused.row, in: layout) }
        // `if let`s rather than `flatMap` and `map`, whose closures over the generic row asked
        // the runtime for the metadata of their optionals on every frame.
        var editing: (path: RowPath, text: String, caret: Int)?
        if let focused, let text = editor.textState(of: focused, in: layout) {
            editing = (text.path, text.text, min(text.caret ?? text.text.count, text.text.count))
        }
        let source: FormTableSource<State>
        if let kept = tableSource {
            source = kept
            source.update(layout: layout, editing: editing, expanded: editor.openPicker)
        } else {
            source = FormTableSource(layout: layout, editing: editing, expanded: editor.openPicker)
            tableSource = source
            tableDataSource = source
        }
        var highlighted = 0..<0
        if let focused {
            highlighted = focusLine..<(focusLine + (layout.rowLines(of: focused.path)?.count ?? 1))
            // Keep the whole row in view, with its open picker and its message.
            let lines = layout.lines(of: focused.path) ?? highlighted
            tableView.scrollToVisible(
                line: lines.upperBound - 1, height: area.height, lineCount: layout.count, context: 0)
        }
        if layout.count > 0 {
            tableView.scrollToVisible(
                line: focusLine, height: area.height, lineCount: layout.count, context: 1)
            if focusLine < area.height, layout.focusableLine(from: 0, direction: 1) == focusLine {
                // At the first row, show everything above it (the first section's header), as long
                // as the row itself stays on screen.
                tableView.scrollToVisible(line: 0, height: area.height, lineCount: layout.count)
            }
        }
        tableView.draw(
            in: &canvas, frame: area, dataSource: tableDataSource ?? source, highlightedLines: highlighted)
        source.finishFrame()
        // Each cell fills its own line; blank what lies below the last one.
        let firstBlank = min(area.maxY, max(area.minY, area.minY + layout.count - tableView.scrollOffset))
        for y in max(0, firstBlank)..<max(0, min(area.maxY, canvas.size.height)) {
            canvas.fill(row: y, from: area.minX, width: area.width, style: .plain)
        }
        if !editor.filter.isEmpty, editor.focus == nil, area.height > 1 {
            // A long list may still hold matches past those looked at so far.
            let note =
                editor.isFindingMatches
                ? "Looking for “\(editor.filter)”…"
                : "No match for “\(editor.filter)”. Esc clears the filter."
            canvas.write(
                TextWidth.truncate(note, to: area.width - 2),
                at: Point(x: area.minX + RowChrome.titleIndent, y: area.minY + min(1, area.height - 1)),
                style: Style(.footer))
        }
        if let caret = tableView.highlightedCaret {
            canvas.cursor = caret
        } else if focused != nil {
            canvas.cursor = Point(x: area.minX, y: area.minY + focusLine - tableView.scrollOffset)
        }
    }
}
