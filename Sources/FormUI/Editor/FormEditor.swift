import FormCore

/// A form's editing state and every change to it: the draft, focus, text being typed, the open
/// inline picker, the filter, validation messages and array editing. It knows no screen and no
/// canvas: each key or call answers what the screen must do as a `FormEffect`, so a test drives
/// a form with plain values in and out.
///
/// In `.edit` mode it works on a `Draft` of the store's value: a save commits it through the
/// store (which persists), a cancel drops it, asking first when there are changes. In `.browse`
/// mode a change is committed at once, as in a settings app.
///
/// ```swift
/// let editor = FormEditor(form: form, store: StateStore(Settings()), mode: .edit)
/// _ = editor.handle(.space, isRoot: true)               // flips the focused switch
/// let effect = editor.handle(.control("s"), isRoot: true)  // .leave(message: "Saved.")
/// ```
///
/// Focus is resolved once per change: whenever the layout is made again, before anything reads it.
public final class FormEditor<State: Equatable> {
    public let form: Form<State>
    public let store: StateStore<State>
    public let mode: FormMode
    /// Opened by a row of another form: it saves into that form's draft, and Enter on its last
    /// text row saves, as in an editor pushed for one value.
    public let isNested: Bool
    public var keyMap: KeyMap { bindings.keyMap }
    let bindings: FormKeyBindings

    /// The state being shown and edited.
    public internal(set) var draft: Draft<State> {
        // Once per change, not once per frame; and cheap: the draft compares what changed.
        didSet {
            // A change that tells whether the draft is dirty (`perform`) follows up itself.
            if !changeFollowsUp { isModified = mode == .edit && draft.isDirty }
            // What changed is noted for the next layout, which takes over the sections the
            // change cannot reach (`LayoutReuse`).
            cachedLayout = nil
            noteLayoutChange(through: changeThroughKeyPath)
            if !changeFollowsUp { onDraftChange?(draft.value, focus) }
        }
    }
    /// Set while `perform` changes the draft through a binding: it sets `isModified` from what
    /// the change told and calls `onDraftChange` once it is done (reading `isDirty` here copied
    /// the draft, in code not specialised for the state).
    var changeFollowsUp = false
    /// The key path of the row's binding a change is being made through, while it is made: what
    /// it may change, for the next layout.
    var changeThroughKeyPath: AnyKeyPath?
    /// Called when the draft or the focused row changes (a save and a discard included): with the
    /// draft and the focused row, for a journal of unsaved changes. Keep it cheap: it runs on
    /// the key path; the writing belongs to an idle moment (see `IdleTask`, `DraftKeeper`).
    ///
    /// ```swift
    /// editor.onDraftChange = { draft, focus in keeper.note(draft, focus) }
    /// ```
    public var onDraftChange: ((State, RowPath?) -> Void)?
    /// Whether the draft differs from the saved state, in `.edit` mode.
    public internal(set) var isModified = false
    /// How many rows the rules asked at saves, and how many rows reviews compared: a test's
    /// count of what a Ctrl-S costs.
    package internal(set) var rowsAskedAtSave = 0
    package internal(set) var rowsComparedForReview = 0
    /// Whether the form was saved (every rule satisfied, changed or not) rather than cancelled:
    /// what a program that asks with a form needs to know when the app ends.
    public internal(set) var didSave = false
    /// The stored copy's change a refused save found, until the person chose what to do with it.
    var storedChange: StoredStateChanged<State>?
    /// How long the last check of the rows a refused save marked took, and whether one waits
    /// for an idle moment (see `revalidateMarkedRows`).
    var recheck = (lastCost: Duration.zero, pending: false)

    /// The layout for the current draft, messages, open picker and filter: made once per change
    /// and shared by the key, the frame and the help line. Dropped before a row changes the
    /// draft in place, as it holds the state: a change while it shares the state's storage
    /// would copy all of it.
    var cachedLayout: FormLayout<State>?
    /// What the last layout made leaves to the next (its spans, not its state).
    private var lastLayout: LayoutReuse?
    /// What changed in the state (or the wrapping) since the last layout was made.
    private var changeSinceLayout = LayoutChange.none
    /// How many row groups the layouts made so far asked for their counts and rules: a test's
    /// count of what a key costs on a large form.
    package private(set) var groupsWalked = 0
    /// How many layouts were made: a test's count of what a change costs.
    var layoutVersion = 0
    /// Whether typing filters the form: asked once, since the form does not change (asking looks
    /// at every row group, which showed up on every key and frame).
    let isFilterable: Bool
    /// The filterable lists' `RowGroup.findMoreMatches`, found once with `isFilterable`.
    let matchFinders: [(State, String) -> Bool]
    /// Their `RowGroup.matchesArePending`.
    let pendingMatches: [(State, String) -> Bool]

    /// The row that has focus and its first line, as last resolved: read through `layout` (or
    /// `focusedPath`), which resolves them after a change.
    var focus: RowPath?
    var focusLine = 0
    /// How many lines PgUp and PgDn move: the height the screen last drew the list in.
    var pageHeight = 10
    /// Whether sections get a blank line before their headers (`Form.layout(spacious:)`): set by
    /// the screen from the height it draws in.
    var spacious = false {
        didSet { if spacious != oldValue { cachedLayout = nil } }
    }
    /// The width the screen draws the list in, which footers and messages wrap to: set by the
    /// screen at each frame (nil until the first: one line each).
    var width: Int? {
        didSet {
            guard width != oldValue else { return }
            noteWrapping = width.map(NoteCell.wrapping(width:))
            cachedLayout = nil
            // Footers and messages wrap anew: every section's lines may change.
            changeSinceLayout = .any
        }
    }
    private var noteWrapping: NoteWrapping?
    var editing: TypedRowText? {
        get { editingText }
        // Compared with the text kept, in place: a `didSet` reading `oldValue` copied the old
        // text, and a typed character sets it once or twice.
        set {
            isTyping = newValue != nil
            editingPath = newValue?.path
            editingText = newValue
        }
    }
    private var editingText: TypedRowText?
    /// Its path: asked on every key and frame, where reading `editing` copies its text.
    private(set) var editingPath: RowPath?
    /// Whether `editing` is set: asked on every key, and reading `editing` copies it.
    var isTyping = false
    // Internal, as is all state a key reads: a class's stored property that other modules can
    // reach is checked for exclusive access at run time on every read and write, which the
    // optimizer leaves out only where it sees every access.
    /// The row whose inline picker is open, the chosen component, and digits typed into it.
    var expanded: RowPath? {
        didSet {
            if expanded != oldValue {
                cachedLayout = nil
                if expanded == nil { pickerOpenedAt = nil }
            }
        }
    }
    /// How deep the undo history was before the open picker's row was activated: Esc takes the
    /// picker's changes (and a value the opening gave, an unset date's today) back to there.
    var pickerOpenedAt: Int?
    var pickerComponent = 0
    var pickerDigits = ""
    /// The text that filters the list, typed while no text row has focus.
    public internal(set) var filter = "" {
        didSet { cachedLayout = nil }
    }
    /// What validation found wrong, by row, since the last refused save; shown under the rows.
    public internal(set) var messages: [RowPath: String] = [:] {
        // Checked again after each change while there are some: the same messages keep the
        // layout (a layout kept through the change among them).
        didSet { if messages != oldValue { cachedLayout = nil } }
    }
    /// The changes since the last save that Alt-U takes back and Alt-E makes again.
    let history = UndoHistory()

    public init(
        form: Form<State>, store: StateStore<State>, mode: FormMode, isNested: Bool = false,
        keyMap: KeyMap = .standard
    ) {
        self.form = form
        self.store = store
        self.mode = mode
        self.isNested = isNested
        self.bindings = FormKeyBindings(keyMap: keyMap)
        self.isFilterable = form.isFilterable
        self.matchFinders =
            isFilterable ? form.sections.flatMap { $0.groups.compactMap(\.findMoreMatches) } : []
        self.pendingMatches =
            isFilterable ? form.sections.flatMap { $0.groups.compactMap(\.matchesArePending) } : []
        self.draft = Draft(store.value)
        let layout = makeLayout()
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

    /// The lines of the form for the current draft, with focus resolved in them.
    public var layout: FormLayout<State> {
        if let cachedLayout { return cachedLayout }
        var layout = makeLayout()
        resolveFocus(in: layout)
        // Focus that moved off a row closes its picker, which changes the lines once more.
        if cachedLayout == nil { layout = makeLayout() }
        return layout
    }

    /// Lets go of the layout before the draft changes in place: the layout holds the state, and
    /// a change while it shares the state's storage would copy all of it.
    func dropLayoutBeforeChange() {
        cachedLayout = nil
    }

    private func makeLayout() -> FormLayout<State> {
        let layout = form.layout(
            for: draft.value, messages: messages, expanded: expanded, filter: filter, spacious: spacious,
            wrapping: noteWrapping, reusing: lastLayout, changed: changeSinceLayout)
        cachedLayout = layout
        lastLayout = layout.reuse
        changeSinceLayout = .none
        groupsWalked &+= layout.groupsWalked
        layoutVersion &+= 1
        return layout
    }

    /// Notes a change of the draft since the last layout: through a row's binding with
    /// `keyPath`, or (nil) in any way.
    private func noteLayoutChange(through keyPath: AnyKeyPath?) {
        switch changeSinceLayout {
        case .none: changeSinceLayout = keyPath.map(LayoutChange.through) ?? .any
        case .through(let earlier) where keyPath != nil && earlier == keyPath: break
        case .through, .any: changeSinceLayout = .any
        }
    }

    /// The inline picker open under the focused row, and its chosen component.
    public var openPicker: (path: RowPath, component: Int)? {
        expanded.map { ($0, pickerComponent) }
    }

    /// The path of the row that has focus, if any row can take it.
    public var focusedPath: RowPath? {
        _ = layout
        return focus
    }

    /// The first line of the focused row (0 when no row has focus).
    public var focusedLine: Int {
        _ = layout
        return focusLine
    }

    /// The focused row, if a row has focus.
    public var focusedRow: (path: RowPath, row: any FormRow<State>)? {
        focusedRow(in: layout)
    }

    /// Kept per layout and focus line once asked twice: a typed character's key, help line and
    /// frame each asked for it (each a look in the layout's row cache).
    func focusedRow(in layout: FormLayout<State>) -> (path: RowPath, row: any FormRow<State>)? {
        guard focus != nil, let found = layout.row(onLine: focusLine), found.row.isFocusable else {
            return nil
        }
        return found
    }

    /// The focused text row's text as shown, and the caret in it (at the end until typed in).
    public var typedText: (path: RowPath, text: String, caret: Int)? {
        let layout = self.layout
        guard let focused = focusedRow(in: layout), let text = textState(of: focused, in: layout) else {
            return nil
        }
        return (text.path, text.text, min(text.caret ?? text.text.count, text.text.count))
    }

    /// The text of the focused row edited in place: the editor's copy while it is being typed.
    func textState(
        of row: (path: RowPath, row: any FormRow<State>), in layout: FormLayout<State>
    ) -> TypedRowText? {
        guard !layout.isDisabled(row.path), let input = textInput(of: row, in: layout) else { return nil }
        if isTyping, editingPath == row.path { return editing }
        return TypedRowText(path: row.path, text: input.text, caret: nil)
    }

    // MARK: Keys and help

    /// Does what `key` does on this form; `isRoot` says whether it is the first screen (where Esc
    /// or `q` quits a browsed form rather than going back).
    public func handle(_ key: Key, isRoot: Bool) -> FormEffect? {
        // A change runs once `decide` has returned, so no layout it made still holds the state.
        switch decide(key, isRoot: isRoot) {
        case .done(let effect): return effect
        case .perform(let action): return perform(action).effect
        case .edit(let edit, let input, let path, let pasted):
            return applyEdit(edit, input: input, at: path, pasted: pasted)
        }
    }

    /// What the help line shows now.
    public func helpItems(isRoot: Bool) -> [HelpItem] {
        bindings.helpItems(for: commandTable(isRoot: isRoot, in: layout))
    }

    func decide(_ key: Key, isRoot: Bool) -> KeyDecision {
        let layout = self.layout
        // A row whose hints its whole group shares takes no text and opens no picker: neither
        // branch below applies, and down a long list of them no row need be made for the key.
        let focused =
            focus != nil && layout.fixedHints(onLine: focusLine) != nil ? nil : focusedRow(in: layout)
        if let focused, expanded == focused.path, typePickerDigits(key, row: focused) {
            return .done(nil)
        }
        // Typing on an editable list's add row starts a new entry with what was typed.
        if expanded == nil, let focused,
            let decision = startEntry(with: key, on: focused, in: layout, isRoot: isRoot)
        {
            return decision
        }
        // A text row gets the keys that edit text before they can act as shortcuts.
        if expanded == nil, let focused, !layout.isDisabled(focused.path),
            let input = textInput(of: focused, in: layout), let text = textState(of: focused, in: layout)
        {
            // Undo takes back the typing of this visit first: before the text takes the key.
            if keyMap.matches(key, .undo, fallback: false) { return .done(undo()) }
            if keyMap.matches(key, .redo, fallback: false) { return .done(redo()) }
            if keyMap.matches(key, .row(.activate)) {
                if let decision = addAfterLastEntry(focused, text: text.text, in: layout) { return decision }
                if isNested, layout.focusableLine(from: focusLine + 1, direction: 1) == nil {
                    return .done(save())
                }
                return .done(moveFocus(in: layout, by: 1))
            }
            var key = key
            var pasted: String?
            if case .paste(let text) = key {
                pasted = Self.trimmed(paste: text, for: input)
                key = .paste(pasted ?? text)
            }
            if let edit = TextEditing.apply(
                key, to: text.text, caret: min(text.caret ?? text.text.count, text.text.count))
            {
                return .edit(edit, input, focused.path, pasted: pasted)
            }
        }
        if isFilterable, editing == nil, expanded == nil, editFilter(with: key) { return .done(nil) }
        guard let command = bindings.command(for: key, in: commandTable(isRoot: isRoot, in: layout)) else {
            return .done(typingHint(for: key, on: focused))
        }
        switch command {
        case .row(let action):
            return .perform(action)
        case .pickerUp, .pickerDown:
            pickerDigits = ""
            return .perform(.step(component: pickerComponent, by: command == .pickerUp ? -1 : 1))
        default:
            return .done(run(command, in: layout))
        }
    }

    private func run(_ command: Command, in layout: FormLayout<State>) -> FormEffect? {
        switch command {
        case .focusPrevious: return moveFocus(in: layout, by: -1)
        case .focusNext: return moveFocus(in: layout, by: 1)
        case .pageUp: return moveFocus(in: layout, by: -pageHeight)
        case .pageDown: return moveFocus(in: layout, by: pageHeight)
        case .first: moveFocus(in: layout, to: 0, direction: 1)
        case .last: moveFocus(in: layout, to: layout.count - 1, direction: -1)
        case .save: if mode == .edit { return requestSave() }
        case .cancel, .back, .quit: return close()
        case .clearFilter: setFilter("")
        case .row, .pickerUp, .pickerDown: break  // changes: `handle` runs them after
        case .addElement, .deleteElement, .moveElementUp, .moveElementDown:
            return editList(command, in: layout)
        case .pickerLeft, .pickerRight:
            guard let focused = focusedRow(in: layout),
                let picker = focused.row.inlinePicker(in: draft.value),
                !picker.components.isEmpty
            else { return nil }
            let step = command == .pickerLeft ? -1 : 1
            pickerComponent = min(max(0, pickerComponent + step), picker.components.count - 1)
            pickerDigits = ""
        case .closePicker:
            expanded = nil
        case .cancelPicker:
            cancelPicker()
        case .undo: return undo()
        case .redo: return redo()
        case .jump: return .jump
        }
        return nil
    }
}
