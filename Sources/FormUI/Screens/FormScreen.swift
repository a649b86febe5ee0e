import FormCore

/// Shows a `Form` as a scrollable list and edits its state.
///
/// In `.edit` mode the form works on a `Draft` of the store's value: Ctrl-S commits it through the
/// store (which persists), Esc drops it, asking first when there are changes. In `.browse` mode it
/// shows the store's current value; a change there is committed at once, as in a settings app.
///
/// Keys become commands through a `KeyMap`; the help line is made from the same commands, so
/// what it shows is what the keys do.
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
    public let keyMap: KeyMap
    /// The state being shown and edited.
    public private(set) var draft: Draft<State> {
        // Once per change, not once per frame; and cheap: the draft compares what changed.
        didSet {
            isModified = mode == .edit && draft.isDirty
            cachedLayout = nil
            onDraftChange?(draft.value, focus)
        }
    }
    /// Called when the draft or the focused row changes (a save and a discard included): with the
    /// draft and the focused row, for a journal of unsaved changes. Keep it cheap: it runs on
    /// the key path; the writing belongs to an idle moment (see `IdleTask`, `DraftKeeper`).
    ///
    /// ```swift
    /// editor.onDraftChange = { draft, focus in keeper.note(draft, focus) }
    /// ```
    public var onDraftChange: ((State, RowPath?) -> Void)?
    /// The layout for the current draft, messages, open picker and filter: made once per change
    /// and shared by the key, the frame and the help line. Dropped before a row changes the
    /// draft in place, as it holds the state: a change while it shares the state's storage
    /// would copy all of it.
    private var cachedLayout: FormLayout<State>?
    /// Counts the layouts made, so what is cached per layout knows when it is stale.
    private var layoutVersion = 0 {
        didSet { drawVersion &+= 1 }
    }
    /// Changes with anything the table's lines are drawn from: the layout (the state, messages,
    /// the filter, an open picker), the text being typed, the picker's component. While it
    /// stays, the table leaves lines whose highlight did not change as they are.
    private var drawVersion = 0
    /// Whether the draft differs from the saved state, in `.edit` mode.
    public private(set) var isModified = false
    /// The list view; its cell counters show the recycling at work.
    public let tableView = TableView()
    /// Whether typing filters the form: asked once, since the form does not change (asking looks
    /// at every row group, which showed up on every key and frame).
    private let isFilterable: Bool

    private let onCommand: (FormCommand, Navigator) -> Void
    /// Opened by a row of another form: it saves into that form's draft, and Enter on its last
    /// text row saves, as in an editor pushed for one value.
    public let isNested: Bool
    private var focus: RowPath?
    private var focusLine = 0
    private var pageHeight = 10
    /// The focused row's text as being typed, and the caret in it: the screen's, not the
    /// state's (a number being typed may not be a number yet) nor the cell's.
    private var editing: TypedRowText? {
        didSet {
            isTyping = editing != nil
            if editing != oldValue { drawVersion &+= 1 }
        }
    }
    /// Whether `editing` is set: asked on every key, and reading `editing` copies it.
    private var isTyping = false
    /// The row whose inline picker is open, the chosen component, and digits typed into it.
    private var expanded: RowPath? {
        didSet { if expanded != oldValue { cachedLayout = nil } }
    }
    private var pickerComponent = 0 {
        didSet { if pickerComponent != oldValue { drawVersion &+= 1 } }
    }
    private var pickerDigits = ""
    /// The text that filters the list, typed while no text row has focus.
    public private(set) var filter = "" {
        didSet { cachedLayout = nil }
    }
    /// What validation found wrong, by row, since the last refused save; shown under the rows.
    public private(set) var messages: [RowPath: String] = [:] {
        didSet { cachedLayout = nil }
    }
    /// Whether the form was saved (every rule satisfied, changed or not) rather than cancelled:
    /// what a program that asks with a form needs to know when the app ends.
    public private(set) var didSave = false

    public init(
        form: Form<State>, store: StateStore<State>, mode: Mode, isNested: Bool = false,
        keyMap: KeyMap = .standard,
        onCommand: @escaping (FormCommand, Navigator) -> Void = { _, _ in }
    ) {
        self.form = form
        self.store = store
        self.mode = mode
        self.isNested = isNested
        self.keyMap = keyMap
        self.isFilterable = form.isFilterable
        self.draft = Draft(store.value)
        self.onCommand = onCommand
        let layout = currentLayout()
        if let path = form.initialFocus?(draft.value), let line = layout.index(of: path),
            layout.focusableLine(from: line, direction: 1) == line
        {
            focus = path
            focusLine = line
        } else if let first = layout.focusableLine(from: 0, direction: 1) {
            focus = layout.rowPath(at: first)
            focusLine = first
        }
    }

    /// The form's title, and while the list is filtered the filter text after it. The end of the
    /// filter is what was just typed, so it stays whole: the filter shows its last
    /// `filterColumns`, and the title gives way to it, so the two fit in 24 columns, what a
    /// 40-column title bar has beside the modified mark.
    public var title: String {
        guard !filter.isEmpty else { return form.title }
        let shown = TextWidth.truncateHead(filter, to: Self.filterColumns)
        let titleRoom = max(8, 21 - TextWidth.of(shown))
        return "\(TextWidth.truncate(form.title, to: titleRoom)) / \(shown)"
    }

    private static var filterColumns: Int { 12 }

    public var status: String? {
        isModified ? "● modified" : nil
    }

    public var hasUnsavedChanges: Bool { isModified }

    /// Every frame sets each cell of its area (the table's lines, blanks below them).
    public var drawsWholeArea: Bool { true }

    /// The row that has focus, if any row can take it.
    public var focusedRow: RowPath? { focus }

    public func willAppear() {
        guard mode == .browse else { return }
        draft = Draft(store.value)
        resolveFocus(in: currentLayout())
    }

    /// Shows `value` as the draft, modified from the saved state as it was when the draft was
    /// kept, with focus on `focus` when that row can take it (else on the nearest that can).
    ///
    /// ```swift
    /// let editor = FormScreen(form: form, store: store, mode: .edit)
    /// editor.restore(draft: entry.draft, focus: RowPath(section: 1, group: 0, index: 0))
    /// ```
    public func restore(draft value: State, focus path: RowPath?) {
        leaveRow()
        draft.value = value
        messages = [:]
        let layout = currentLayout()
        if let path, let line = layout.index(of: path), layout.focusableLine(from: line, direction: 1) == line
        {
            setFocus(line, in: layout)
        } else {
            resolveFocus(in: layout)
        }
    }

    // MARK: Commands and help

    private func entries(in layout: FormLayout<State>) -> [CommandEntry] {
        var entries: [CommandEntry] = []
        let focused = focusedRow(in: layout)
        if let focused, expanded == focused.path, let picker = focused.row.inlinePicker(in: layout.state) {
            let chosen = picker.components.indices.contains(pickerComponent) ? pickerComponent : nil
            let component = chosen.map { picker.components[$0].label } ?? ""
            if picker.components.count > 1 {
                entries.append(
                    CommandEntry(commands: [.pickerLeft, .pickerRight], help: "Field", priority: 1))
            }
            entries.append(
                CommandEntry(
                    commands: [.pickerUp, .pickerDown],
                    help: component.isEmpty ? "Change" : "Change \(component)",
                    priority: 2))
            if let chosen, picker.components[chosen].takesDigits {
                entries.append(CommandEntry(commands: [], help: "Type", priority: 0, keyLabel: "0-9"))
            }
            entries.append(CommandEntry(commands: [.closePicker], help: "Done", priority: 2))
            if mode == .edit { entries.append(CommandEntry(commands: [.save], help: "Save", priority: 1)) }
            return entries
        }
        entries.append(CommandEntry(commands: [.focusPrevious, .focusNext], help: "Move", priority: 0))
        for command in [Command.pageUp, .pageDown, .first, .last] {
            entries.append(CommandEntry(commands: [command]))
        }
        if let focused, !layout.isDisabled(focused.path) {
            if focused.row.textInput(in: layout.state) != nil {
                entries.append(CommandEntry(commands: [], help: "to edit", keyLabel: "Type"))
            }
            for hint in focused.row.hints(in: layout.state) {
                let commands = hint.actions.map { Command.row($0) }
                let unbound = commands.allSatisfy { keyMap.keys(for: $0).isEmpty }
                let defaults = unbound ? hint.defaultKeys.compactMap { KeyScript.key(named: $0) } : []
                entries.append(
                    CommandEntry(
                        commands: commands, help: hint.label, priority: hint.priority,
                        keyLabel: unbound ? Self.label(of: defaults) : nil, defaultKeys: defaults, isRow: true
                    ))
            }
            let standard: [RowAction] = [.activate, .toggle, .increment, .decrement]
            entries.append(CommandEntry(commands: standard.map { .row($0) }, isRow: true))
            if let editing = layout.group(of: focused.path)?.editing {
                entries.append(contentsOf: arrayEntries(editing, at: focused.path.index))
            }
        }
        if !filter.isEmpty {
            entries.append(CommandEntry(commands: [.clearFilter], help: "Show all", priority: 3))
        } else if isFilterable && editing == nil {
            entries.append(CommandEntry(commands: [], help: "to filter", priority: 0, keyLabel: "Type"))
        }
        // While a filter is set, Esc clears it first: the help says that, not what a second Esc does.
        let leaving: String? = filter.isEmpty ? (mode == .edit ? "Cancel" : isRoot ? "Quit" : "Back") : nil
        switch mode {
        case .edit:
            entries.append(CommandEntry(commands: [.save], help: "Save", priority: 2))
            entries.append(CommandEntry(commands: [.cancel], help: leaving, priority: 2))
        case .browse:
            entries.append(CommandEntry(commands: [isRoot ? .quit : .back], help: leaving, priority: 2))
        }
        return entries
    }

    /// A run of keys as the help line names it: `c`, or `0-5` for many.
    private static func label(of keys: [Key]) -> String? {
        guard let first = keys.first, let last = keys.last else { return nil }
        return keys.count > 2 ? "\(first.label)-\(last.label)" : keys.map(\.label).joined(separator: "/")
    }

    /// The keys that change an array, offered only where they do something: no Delete or Move on
    /// its add row, no Move for a single element, one direction at either end.
    private func arrayEntries(_ editing: ArrayEditing<State>, at index: Int) -> [CommandEntry] {
        let count = editing.count(draft.value)
        guard index < count else {
            // The add row says "Add" itself; `a` still works there.
            return [CommandEntry(commands: [.addElement])]
        }
        var entries = [
            CommandEntry(commands: [.addElement], help: "Add", priority: 1),
            CommandEntry(commands: [.deleteElement], help: "Delete", priority: 1),
        ]
        if index > 0 && index < count - 1 {
            entries.append(
                CommandEntry(commands: [.moveElementUp, .moveElementDown], help: "Move", priority: 0))
        } else if index > 0 {
            entries.append(CommandEntry(commands: [.moveElementUp], help: "Move up", priority: 0))
        } else if count > 1 {
            entries.append(CommandEntry(commands: [.moveElementDown], help: "Move down", priority: 0))
        }
        return entries
    }

    /// Set by `helpItems`, which the app asks before each frame: whether this is the first screen.
    private var isRoot = false

    public func helpItems(isRoot: Bool) -> [HelpItem] {
        self.isRoot = isRoot
        let layout = currentLayout()
        let table = commandTable(in: layout)
        if let help = table.help { return help }
        let help = makeHelpItems(table, in: layout)
        table.help = help
        return help
    }

    private func makeHelpItems(_ table: CommandTable, in layout: FormLayout<State>) -> [HelpItem] {
        // Which command each key runs now, in the order `command(for:in:)` tries them: a key an
        // earlier command takes (Esc clearing the filter before it cancels) is not offered again.
        let owner = table.byKey
        let isTyped = typedKeys(in: layout)
        return table.entries.compactMap { entry in
            let usable = { (key: Key) in !isTyped(key) && owner[key].map(entry.commands.contains) == true }
            guard let help = entry.help,
                let key = entry.keyLabel ?? keyMap.label(for: entry.commands, where: usable)
            else {
                return nil
            }
            return HelpItem(key, help, priority: entry.priority)
        }
    }

    /// Which keys go to text now (the focused text row's, or the filter) rather than to a
    /// command: the help line names another key of the command (`Ins`, not `a`, to add beside a
    /// text row).
    private func typedKeys(in layout: FormLayout<State>) -> (Key) -> Bool {
        let row =
            expanded == nil && focusedRow(in: layout).map { textState(of: $0, in: layout) != nil } == true
        let filters = isFilterable && editing == nil && expanded == nil
        return { key in
            guard case .character(let character) = key, !ControlCharacters.isControl(character) else {
                return false
            }
            // Space goes to a text row, but not to the filter: it checks the focused option.
            return row || (filters && character != " ")
        }
    }

    /// The command `key` runs now, if any: the focused row's first, then the others.
    private func command(for key: Key, in layout: FormLayout<State>) -> Command? {
        let table = commandTable(in: layout)
        if let found = table.byKey[key] { return found }
        // A key held with Shift or Ctrl that nothing binds works as the key alone (as
        // `KeyMap.matches` says); Alt never falls back.
        if case .modified(let base, let modifiers) = key, !modifiers.contains(.alt),
            let found = table.byKey[base]
        {
            return found
        }
        return table.byDefaultKey[key] ?? nil
    }

    private func focusSignature(in layout: FormLayout<State>) -> FocusSignature? {
        guard expanded == nil, focus != nil else { return nil }
        let path: RowPath
        let takesText: Bool
        let hints: [RowHint]
        if let fixed = layout.fixedHints(onLine: focusLine) {
            (path, takesText, hints) = (fixed.path, false, fixed.hints)
        } else if let focused = focusedRow(in: layout) {
            path = focused.path
            takesText = focused.row.textInput(in: layout.state) != nil
            hints = focused.row.hints(in: layout.state)
        } else {
            return nil
        }
        var arrayPosition: [Bool]?
        if layout.isEditable(path), let editing = layout.group(of: path)?.editing {
            let count = editing.count(layout.state)
            arrayPosition = [path.index < count, path.index == 0, path.index == count - 1]
        }
        return FocusSignature(
            section: path.section, group: path.group, takesText: takesText, hints: hints,
            arrayPosition: arrayPosition)
    }

    private var commandCache: CommandTable?

    private func commandTable(in layout: FormLayout<State>) -> CommandTable {
        let context = CommandContext(
            layoutVersion: layoutVersion, focus: focus, focusLine: focusLine,
            pickerComponent: pickerComponent,
            isEditing: isTyping, isRoot: isRoot)
        if let commandCache, commandCache.context == context { return commandCache }
        let signature = focusSignature(in: layout)
        if let same = commandCache, let signature, same.focusSignature == signature,
            same.context.layoutVersion == layoutVersion, same.context.pickerComponent == pickerComponent,
            same.context.isEditing == context.isEditing, same.context.isRoot == isRoot
        {
            same.context = context
            return same
        }
        let all = entries(in: layout)
        // Moving among rows of one kind (down a list of switches) offers the same commands: the
        // table made for the row before serves, with the help made for it.
        if let same = commandCache, same.entries == all, same.context.isRoot == isRoot {
            same.context = context
            same.focusSignature = signature
            return same
        }
        let ordered = all.filter(\.isRow) + all.filter { !$0.isRow }
        var byKey: [Key: Command] = [:]
        for command in ordered.flatMap(\.commands) {
            for key in keyMap.keys(for: command) where byKey[key] == nil { byKey[key] = command }
        }
        // A hint's default keys go one to each of its actions when there are as many (`0`…`5` on a
        // rating), else all to its first.
        var byDefaultKey: [Key: Command?] = [:]
        for entry in ordered {
            for (position, key) in entry.defaultKeys.enumerated() where byDefaultKey.index(forKey: key) == nil
            {
                byDefaultKey[key] =
                    entry.commands.count == entry.defaultKeys.count
                    ? entry.commands[position] : entry.commands.first
            }
        }
        let table = CommandTable(
            context: context, entries: all, byKey: byKey, byDefaultKey: byDefaultKey,
            focusSignature: signature)
        commandCache = table
        return table
    }

    // MARK: Drawing

    public func render(into canvas: inout Canvas, area: Rect) {
        let layout = currentLayout()
        resolveFocus(in: layout)
        pageHeight = max(1, area.height)
        let focused = focusedRow(in: layout)
        if let focused { checkFixedHints(of: focused.row, in: layout) }
        let text = focused.flatMap { textState(of: $0, in: layout) }
        let source = FormTableSource(
            layout: layout,
            editing: text.map {
                (path: $0.path, text: $0.text, caret: min($0.caret ?? $0.text.count, $0.text.count))
            },
            expanded: expanded.map { (path: $0, component: pickerComponent) }, drawVersion: drawVersion)
        var highlighted = 0..<0
        if let focused {
            var end = focusLine + 1
            while end < layout.count, case .rowLine(let path, _, _) = layout.line(end), path == focused.path {
                end += 1
            }
            highlighted = focusLine..<end
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
        tableView.draw(in: &canvas, frame: area, dataSource: source, highlightedLines: highlighted)
        // Each cell fills its own line; blank what lies below the last one.
        let firstBlank = min(area.maxY, max(area.minY, area.minY + layout.count - tableView.scrollOffset))
        for y in firstBlank..<area.maxY {
            canvas.fill(row: y, from: area.minX, width: area.width, style: .plain)
        }
        if !filter.isEmpty, focus == nil, area.height > 1 {
            canvas.write(
                TextWidth.truncate("No match for “\(filter)”. Esc clears the filter.", to: area.width - 2),
                at: Point(x: area.minX + RowChrome.titleIndent, y: area.minY + min(1, area.height - 1)),
                style: Style(.footer))
        }
        if let caret = tableView.highlightedCaret {
            canvas.cursor = caret
        } else if focused != nil {
            canvas.cursor = Point(x: area.minX, y: area.minY + focusLine - tableView.scrollOffset)
        }
    }

    /// A kind that says its help is the same on every row (`FormRow.hasFixedHints`) but whose
    /// row here offers other hints, or takes text, would run with another row's keys: debug
    /// builds stop on it at the frame, which makes the focused row anyway.
    private func checkFixedHints(of row: any FormRow<State>, in layout: FormLayout<State>) {
        assert(
            {
                guard let fixed = layout.fixedHints(onLine: focusLine) else { return true }
                return row.hints(in: layout.state) == fixed.hints && row.textInput(in: layout.state) == nil
                    && row.inlinePicker(in: layout.state) == nil
            }(),
            "\(type(of: row)) says hasFixedHints, but its row \"\(row.title)\" offers other hints or takes text"
        )
    }

    // MARK: Keys

    public func handle(_ key: Key, navigator: Navigator) {
        // A change runs once `interpret` has returned, so no layout it made still holds the state.
        interpret(key, navigator: navigator)?()
    }

    /// Does what `key` does, except a change to the state, which it returns to be run after.
    private func interpret(_ key: Key, navigator: Navigator) -> (() -> Void)? {
        let layout = currentLayout()
        resolveFocus(in: layout)
        // A row whose hints its whole group shares takes no text and opens no picker: neither
        // branch below applies, and down a long list of them no row need be made for the key.
        let focused =
            focus != nil && layout.fixedHints(onLine: focusLine) != nil ? nil : focusedRow(in: layout)
        if let focused, expanded == focused.path, handlePickerDigits(key, row: focused, navigator: navigator)
        {
            return nil
        }
        // A text row gets the keys that edit text before they can act as shortcuts.
        if expanded == nil, let focused, !layout.isDisabled(focused.path),
            let input = focused.row.textInput(in: layout.state), let text = textState(of: focused, in: layout)
        {
            if keyMap.matches(key, .row(.activate)) {
                if isNested, layout.focusableLine(from: focusLine + 1, direction: 1) == nil {
                    save(navigator: navigator)
                } else {
                    moveFocus(in: layout, by: 1)
                }
                return nil
            }
            if let edit = TextEditing.apply(
                key, to: text.text, caret: min(text.caret ?? text.text.count, text.text.count))
            {
                return { self.applyEdit(edit, input: input, row: focused, navigator: navigator) }
            }
        }
        if isFilterable, editing == nil, expanded == nil, editFilter(with: key) { return nil }
        guard let command = command(for: key, in: layout) else { return nil }
        switch command {
        case .row(let action):
            return { self.perform(action, navigator: navigator) }
        case .pickerUp, .pickerDown:
            pickerDigits = ""
            let step = RowAction.step(component: pickerComponent, by: command == .pickerUp ? -1 : 1)
            return { self.perform(step, navigator: navigator) }
        default:
            run(command, in: layout, navigator: navigator)
            return nil
        }
    }

    private func run(_ command: Command, in layout: FormLayout<State>, navigator: Navigator) {
        switch command {
        case .focusPrevious: moveFocus(in: layout, by: -1)
        case .focusNext: moveFocus(in: layout, by: 1)
        case .pageUp: moveFocus(in: layout, by: -pageHeight)
        case .pageDown: moveFocus(in: layout, by: pageHeight)
        case .first: moveFocus(in: layout, to: 0, direction: 1)
        case .last: moveFocus(in: layout, to: layout.count - 1, direction: -1)
        case .save: if mode == .edit { save(navigator: navigator) }
        case .cancel, .back, .quit: close(navigator: navigator)
        case .clearFilter: setFilter("")
        case .row, .pickerUp, .pickerDown: break  // changes: `interpret` runs them after
        case .addElement, .deleteElement, .moveElementUp, .moveElementDown:
            editArray(command, in: layout, navigator: navigator)
        case .pickerLeft, .pickerRight:
            guard let focused = focusedRow(in: layout),
                let picker = focused.row.inlinePicker(in: draft.value),
                !picker.components.isEmpty
            else { return }
            let step = command == .pickerLeft ? -1 : 1
            pickerComponent = min(max(0, pickerComponent + step), picker.components.count - 1)
            pickerDigits = ""
        case .closePicker:
            expanded = nil
        }
    }

    /// Digits typed into the chosen component of an open picker: they add up ("1", "19", "199",
    /// "1990") until the row no longer takes them, then start again.
    private func handlePickerDigits(
        _ key: Key, row: (path: RowPath, row: any FormRow<State>), navigator: Navigator
    ) -> Bool {
        guard case .character(let character) = key, character.isASCII, character.isNumber,
            let picker = row.row.inlinePicker(in: draft.value),
            picker.components.indices.contains(pickerComponent),
            picker.components[pickerComponent].takesDigits
        else { return false }
        var state = draft.value
        pickerDigits.append(character)
        var outcome = row.row.perform(.type(component: pickerComponent, digits: pickerDigits), on: &state)
        if outcome == .ignored, pickerDigits.count > 1 {
            pickerDigits = String(character)
            outcome = row.row.perform(.type(component: pickerComponent, digits: pickerDigits), on: &state)
        }
        if outcome == .changed { apply(state, navigator: navigator) }
        return true
    }

    private func applyEdit(
        _ edit: TextEditing.Result, input: TextInput, row: (path: RowPath, row: any FormRow<State>),
        navigator: Navigator
    ) {
        let current = editing?.path == row.path ? editing!.text : input.text
        if edit.text != current, !input.takes(edit.text) {
            navigator.show(
                message: input.acceptsDescription.isEmpty ? "Not taken here." : input.acceptsDescription,
                isError: true)
            return
        }
        let problem = editing?.path == row.path ? editing?.problem : nil
        editing = TypedRowText(path: row.path, text: edit.text, caret: edit.caret, problem: problem)
        guard edit.text != current else { return }
        switch perform(.setText(edit.text), navigator: navigator) {
        case .invalid(let problem):
            editing?.problem = problem
            messages[row.path] = problem
        default:
            editing?.problem = nil
            if messages[row.path] != nil { revalidateMarkedRows() }
        }
    }

    /// Typing while the form can be filtered: characters add to the filter, Backspace takes one
    /// away. Space is left to the rows (it toggles a choice).
    private func editFilter(with key: Key) -> Bool {
        switch key {
        case .character(let character) where character != " " && !ControlCharacters.isControl(character):
            setFilter(filter + String(character))
        case .paste(let text):
            setFilter(filter + ControlCharacters.cleaned(text, keepingLineBreaks: false))
        case .backspace where !filter.isEmpty:
            setFilter(String(filter.dropLast()))
        default:
            return false
        }
        return true
    }

    private func setFilter(_ text: String) {
        // Emptied, the filter leaves focus on the element found with it; changed, it puts focus
        // on the first match, as the list now starts there.
        let found = text.isEmpty ? focus.flatMap(unfilteredPath) : nil
        filter = text
        focus = nil
        focusLine = 0
        let layout = currentLayout()
        if let found, let line = layout.index(of: found),
            layout.focusableLine(from: line, direction: 1) == line
        {
            setFocus(line, in: layout)
        } else if let first = layout.focusableLine(from: 0, direction: 1) {
            setFocus(first, in: layout)
        }
    }

    /// Where the row at `path` of the filtered list sits in the whole list.
    private func unfilteredPath(_ path: RowPath) -> RowPath? {
        guard !filter.isEmpty, form.sections.indices.contains(path.section) else { return nil }
        let groups = form.sections[path.section].groups
        guard groups.indices.contains(path.group), let matches = groups[path.group].matches else {
            return path
        }
        let positions = matches(draft.value, filter)
        guard positions.indices.contains(path.index) else { return nil }
        return RowPath(section: path.section, group: path.group, index: positions[path.index])
    }

    // MARK: Saving and leaving

    /// Commits the draft through the store and closes the form; on a failed write the draft stays.
    public func save(navigator: Navigator) {
        var problems = form.validationMessages(for: draft.value)
        if let editing, let problem = editing.problem { problems[editing.path] = problem }
        guard problems.isEmpty else {
            messages = problems
            expanded = nil
            let layout = currentLayout()
            if let first = problems.keys.min(), let line = layout.index(of: first) {
                setFocus(line, in: layout)
            }
            let count = problems.count == 1 ? "One row needs" : "\(problems.count) rows need"
            navigator.show(message: "Not saved: \(count) attention.", isError: true)
            return
        }
        guard draft.isDirty else {
            // Nothing changed: rewriting the file would only risk it.
            didSave = true
            navigator.pop()
            if !isNested { navigator.show(message: "No changes to save.", isError: false) }
            return
        }
        do {
            try store.commit(draft.value)
            draft.save()
            didSave = true
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

    // MARK: Changing the state

    /// The focused row when it can be changed; the layout it was found in is gone on return.
    private func changeableRow() -> (path: RowPath, row: any FormRow<State>)? {
        let layout = currentLayout()
        guard let row = focusedRow(in: layout), !layout.isDisabled(row.path) else { return nil }
        return row
    }

    @discardableResult
    private func perform(_ action: RowAction, navigator: Navigator) -> RowOutcome {
        guard let row = changeableRow() else { return .ignored }
        let outcome: RowOutcome
        if let binding = row.row.binding {
            // The row changes one value: in place, and the draft compares only that value.
            cachedLayout = nil
            outcome = draft.change(binding) { row.row.perform(action, on: &$0) }
            switch outcome {
            case .changed, .commit, .invalid, .expand: didChange(navigator: navigator)
            case .ignored, .command, .open: break
            }
        } else {
            var state = draft.value
            outcome = row.row.perform(action, on: &state)
            switch outcome {
            case .changed, .commit:
                apply(state, navigator: navigator)
            case .invalid, .expand:
                // A row may empty its value while the text cannot be stored yet (an optional
                // number typed as "-"), or give a value to pick from on opening (an unset date
                // takes today): that change stands. Compared only here, as both are rare.
                if state != draft.value { apply(state, navigator: navigator) }
            case .ignored, .command, .open:
                break
            }
        }
        switch outcome {
        case .ignored, .changed, .invalid:
            break
        case .commit:
            // A choice completes an editing form (a list to choose from): it saves and goes back.
            if mode == .edit { save(navigator: navigator) }
        case .command(let command):
            onCommand(command, navigator)
        case .expand:
            expanded = expanded == row.path ? nil : row.path
            pickerComponent = 0
            pickerDigits = ""
        case .open:
            open(row.row, navigator: navigator)
        }
        return outcome
    }

    /// Pushes what `row` opens: its form, or its text editor.
    private func open(_ row: any FormRow<State>, navigator: Navigator) {
        if let destination = row.destination(in: draft.value) {
            let store = StateStore(draft.value) { [weak self] state in try self?.adopt(state) }
            navigator.push(
                FormScreen(
                    form: destination, store: store, mode: .edit, isNested: true, keyMap: keyMap,
                    onCommand: onCommand))
        } else if let editor = row.textEditor(in: draft.value) {
            // Like a nested form: what the editor keeps goes into this form's draft.
            navigator.push(
                TextEditorScreen(
                    title: editor.title, text: draft.value[keyPath: editor.text],
                    validate: editor.validate, keyMap: keyMap
                ) { [weak self] text in
                    guard let self else { return }
                    var state = self.draft.value
                    state[keyPath: editor.text] = text
                    try self.adopt(state)
                })
        }
    }

    /// Makes `state` the draft (in browse mode, commits it at once) after a row changed it.
    private func apply(_ state: State, navigator: Navigator) {
        draft.value = state
        didChange(navigator: navigator)
    }

    /// What follows a change of the draft: browsing, it is committed at once; marked rows are
    /// checked again; focus moves if the change hid its row.
    private func didChange(navigator: Navigator) {
        if mode == .browse {
            do {
                try store.commit(draft.value)
                draft = Draft(draft.value)
            } catch {
                draft.cancel()
                navigator.show(message: "Not saved: \(error)", isError: true)
            }
        }
        revalidateMarkedRows()
        // The change may have hidden the focused row: move focus now, not at the next frame.
        resolveFocus(in: currentLayout())
    }

    private func editArray(_ command: Command, in layout: FormLayout<State>, navigator: Navigator) {
        guard let row = focusedRow(in: layout), let editing = layout.group(of: row.path)?.editing else {
            return
        }
        let path = row.path
        var state = draft.value
        let count = editing.count(state)
        func at(_ index: Int) -> RowPath { RowPath(section: path.section, group: path.group, index: index) }
        switch command {
        case .addElement:
            // After the focused element; on the add row, at the end.
            let index = min(path.index + 1, count)
            editing.insert(&state, index)
            apply(state, navigator: navigator)
            moveFocus(to: at(index))
        case .deleteElement:
            guard path.index < count else { return }
            navigator.push(
                ConfirmScreen(
                    title: "Delete this \(editing.noun)?",
                    message: mode == .edit ? "Cancelling the form brings it back." : "This cannot be undone.",
                    confirmLabel: "Delete", cancelLabel: "Keep"
                ) { [weak self] navigator in
                    guard let self else { return }
                    var state = self.draft.value
                    editing.remove(&state, path.index)
                    self.apply(state, navigator: navigator)
                    // The next element takes its place; after the last one, the one before it.
                    let remaining = editing.count(self.draft.value)
                    self.moveFocus(to: at(path.index < remaining ? path.index : max(0, path.index - 1)))
                })
        case .moveElementUp, .moveElementDown:
            let target = path.index + (command == .moveElementUp ? -1 : 1)
            guard path.index < count, target >= 0, target < count else { return }
            editing.move(&state, path.index, target)
            apply(state, navigator: navigator)
            moveFocus(to: at(target))
        default:
            break
        }
    }

    private func moveFocus(to path: RowPath) {
        let layout = currentLayout()
        if let line = layout.index(of: path) { setFocus(line, in: layout) }
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
        if let cachedLayout { return cachedLayout }
        let layout = form.layout(for: draft.value, messages: messages, expanded: expanded, filter: filter)
        cachedLayout = layout
        layoutVersion &+= 1
        return layout
    }

    /// Checks again the rows marked by the last refused save, so a message goes as soon as its
    /// row is right (only those rows: a full check runs at the next save).
    private func revalidateMarkedRows() {
        guard !messages.isEmpty else { return }
        let layout = form.layout(for: draft.value, filter: filter)
        var still: [RowPath: String] = [:]
        for path in messages.keys {
            if let editing, editing.path == path, let problem = editing.problem {
                still[path] = problem
                continue
            }
            guard let line = layout.index(of: path), let row = layout.line(line).row,
                !layout.isDisabled(path),
                let message = row.row.validate(in: draft.value)
            else { continue }
            still[path] = message
        }
        messages = still
    }

    // MARK: Focus

    private func focusedRow(in layout: FormLayout<State>) -> (path: RowPath, row: any FormRow<State>)? {
        guard focus != nil, let row = layout.row(onLine: focusLine), row.row.isFocusable
        else { return nil }
        return row
    }

    /// The text of the focused row edited in place: the screen's copy while it is being typed.
    private func textState(
        of row: (path: RowPath, row: any FormRow<State>), in layout: FormLayout<State>
    ) -> TypedRowText? {
        guard !layout.isDisabled(row.path), let input = row.row.textInput(in: layout.state) else {
            return nil
        }
        if let editing, editing.path == row.path { return editing }
        return TypedRowText(path: row.path, text: input.text, caret: nil)
    }

    /// Finds the focused row's line after the state changed; when the row went away, the nearest
    /// row that can take focus gets it.
    private func resolveFocus(in layout: FormLayout<State>) {
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
        let path = layout.rowPath(at: line)
        let closesPicker = expanded != nil && expanded != path
        let moved = path != focus
        if moved { leaveRow() }
        focusLine = line
        focus = path
        if moved { onDraftChange?(layout.state, focus) }
        // Moving on closes an open picker: the lines below it move up.
        if closesPicker, let path, let moved = currentLayout().index(of: path) { focusLine = moved }
    }

    /// What belonged to the row that loses focus goes: the text as typed, the open picker.
    private func leaveRow() {
        // Assigned only when set: each assignment runs the observers, which compare (and copy)
        // the old and new values, on every move of focus.
        if isTyping { editing = nil }
        if expanded != nil { expanded = nil }
        if !pickerDigits.isEmpty { pickerDigits = "" }
    }

}
