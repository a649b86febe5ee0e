import FormCore

extension FormEditor {
    /// The focused row when it can be changed; the layout it was found in is gone on return.
    private func changeableRow() -> (path: RowPath, row: any FormRow<State>)? {
        let layout = self.layout
        guard let row = focusedRow(in: layout), !layout.isDisabled(row.path) else { return nil }
        return row
    }

    /// Runs `action` on the focused row: what it did, and what the screen must do after.
    func perform(_ action: RowAction) -> (outcome: RowOutcome, effect: FormEffect?) {
        guard let row = changeableRow() else { return (.ignored, nil) }
        if let refusal = readOnlyRefusal(of: action, on: row) { return (.ignored, refusal) }
        let depthBefore = history.depth
        let outcome: RowOutcome
        var effect: FormEffect?
        if let binding = row.row.binding {
            // The row changes one value: in place, and the draft compares only that value.
            // Typing that adds to this visit's typing step, which keeps the value the typing
            // started from, reads no value before the key (a walk of the key path, and a box).
            let typingContinues =
                if case .setText = action, mode == .edit, history.isTypingValue(at: row.path) {
                    true
                } else {
                    false
                }
            // The value before the change is the draft's to give (it often knows it unread);
            // the whole state only where the value cannot be written back.
            let keepsValue = mode == .edit && !typingContinues && binding.canWriteBack
            var before = UndoBefore.none
            if typingContinues {
                before = .typingContinues
            } else if mode == .edit, !keepsValue {
                before = .state(draft.value)
            }
            dropLayoutBeforeChange()
            let keyPath = binding.keyPath
            changeThroughKeyPath = keyPath
            // Until the change is done: committed, or taken back when the commit fails.
            defer { changeThroughKeyPath = nil }
            // Typing on: whether the text is back to where this visit's typing started is
            // learnt by the change itself.
            var notes = DraftChangeNotes(origin: typingContinues ? history.lastUndoValue : nil)
            // The draft keeps where each changed value is shown: a review lists it from there.
            notes.row = row.path
            changeFollowsUp = true
            outcome = draft.change(
                binding, apart: form.rowsReadApart, keepingBefore: keepsValue, notes: &notes
            ) {
                row.row.perform(action, on: &$0)
            }
            changeFollowsUp = false
            isModified = mode == .edit && (notes.isDirty ?? draft.isDirty)
            onDraftChange?(draft.value, focus)
            if keepsValue, let old = notes.before { before = .value(old) }
            switch outcome {
            case .changed, .commit, .invalid, .expand:
                if case .setText = action {
                    recordChange(before, through: binding, at: row.path, typing: true, notes: notes)
                } else {
                    recordChange(before, through: binding, at: row.path, typing: false, notes: notes)
                }
                effect = didChange()
            case .ignored, .command, .open: break
            }
        } else {
            var state = draft.value
            outcome = row.row.perform(action, on: &state)
            switch outcome {
            case .changed, .commit:
                effect = apply(state, at: row.path)
            case .invalid, .expand:
                // A row may empty its value while the text cannot be stored yet (an optional
                // number typed as "-"), or give a value to pick from on opening (an unset date
                // takes today): that change stands. Compared only here, as both are rare.
                if state != draft.value { effect = apply(state, at: row.path) }
            case .ignored, .command, .open:
                break
            }
        }
        switch outcome {
        case .ignored, .changed, .invalid:
            break
        case .commit:
            // A choice completes an editing form (a list to choose from): it saves and goes back.
            if mode == .edit { effect = save() }
        case .command(let command):
            effect = .run(command)
        case .expand:
            expanded = expanded == row.path ? nil : row.path
            if expanded != nil { pickerOpenedAt = depthBefore }
            pickerComponent = 0
            pickerDigits = ""
        case .open:
            if row.row.destination(in: draft.value) != nil {
                effect = .openForm(row.path)
            } else if row.row.textEditor(in: draft.value) != nil {
                effect = .openTextEditor(row.path)
            }
        }
        return (outcome, effect)
    }

    /// Makes `state` the draft (in browse mode, commits it at once) after the row at `path`
    /// changed it; undo can take it back (`typing`: as part of the typing step of that row).
    @discardableResult
    func apply(_ state: State, at path: RowPath?, typing: Bool = false) -> FormEffect? {
        recordChange(from: draft.value, at: path, typing: typing)
        draft.value = state
        return didChange()
    }

    /// What follows a change of the draft: browsing, it is committed at once; marked rows are
    /// checked again. Focus follows at the next look at the layout.
    private func didChange() -> FormEffect? {
        let effect = mode == .browse ? commitBrowsed() : nil
        revalidateMarkedRows()
        return effect
    }

    /// A browsed form's change committed. Apart from `didChange`, which an edited form's change
    /// then runs without looking up the draft's type metadata.
    @inline(never)
    private func commitBrowsed() -> FormEffect? {
        do {
            try store.commit(draft.value)
            draft = Draft(draft.value)
            return nil
        } catch {
            draft.cancel()
            return .show(message: "Not saved: \(error)", isError: true)
        }
    }

    /// Checks again the rows marked by the last refused save, so a message goes as soon as its
    /// row is right (only those rows: a full check runs at the next save).
    ///
    /// When the last check took more than `recheckBudget` (a pattern over a field of a megabyte:
    /// 30-40 ms), the check waits for the first idle moment (`finishDeferredRecheck`, which the
    /// screen runs before it waits for the next key): a key stays within 2 ms, and a burst of
    /// 100,000 letters costs one check, not one a letter.
    func revalidateMarkedRows() {
        guard !messages.isEmpty else { return }
        if recheck.lastCost > Self.recheckBudget {
            recheck.pending = true
            return
        }
        recheckMarkedRows()
    }

    /// The longest a check of the marked rows may take and still run at every change.
    static var recheckBudget: Duration { .milliseconds(1) }

    /// Runs a check that `revalidateMarkedRows` left for an idle moment; whether there was one.
    package func finishDeferredRecheck() -> Bool {
        guard recheck.pending else { return false }
        recheckMarkedRows()
        return true
    }

    private func recheckMarkedRows() {
        recheck.pending = false
        let started = ContinuousClock.now
        defer { recheck.lastCost = ContinuousClock.now - started }
        guard !messages.isEmpty else { return }
        // The layout the frame after the change draws: a layout of its own made each key cost
        // typing after a refused save 3.5 times what it costs without one.
        let layout = self.layout
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

    // MARK: Typing

    /// Takes an edit of the focused text row's text: kept as typed, and stored in the draft
    /// when the row takes it.
    /// A paste the row does not take goes in not at all, and the message says what was refused.
    func applyEdit(
        _ edit: TextEditing.Result, input: TextInput, at path: RowPath, pasted: String? = nil
    ) -> FormEffect? {
        let current = editing?.path == path ? editing!.text : input.text
        if edit.text != current, !input.takes(edit.text) {
            let takes = input.acceptsDescription.isEmpty ? "Not taken here." : input.acceptsDescription
            guard let pasted else { return .show(message: takes, isError: true) }
            // The whole paste is refused, not only its characters the field does not take:
            // the message says both ("42abc" pasted nothing, "abc" being no number).
            let refused = pasted.filter { !input.accepts($0) }
            func cut(_ text: String) -> String {
                let clean = ControlCharacters.cleaned(text, keepingLineBreaks: false)
                return clean.count > 12 ? String(clean.prefix(11)) + "…" : clean
            }
            let reason = refused.isEmpty || refused == pasted ? "" : " (“\(cut(refused))” is not taken)"
            return .show(message: "Not pasted: “\(cut(pasted))”\(reason). \(takes)", isError: true)
        }
        if edit.text != current, let refusal = readOnlyRefusal() { return refusal }
        let problem = editing?.path == path ? editing?.problem : nil
        editing = TypedRowText(path: path, text: edit.text, caret: edit.caret, problem: problem)
        guard edit.text != current else { return nil }
        let (outcome, effect) = perform(.setText(edit.text))
        switch outcome {
        case .invalid(let problem):
            editing?.problem = problem
            messages[path] = problem
        default:
            let hadProblem = editing?.problem != nil
            if hadProblem { editing?.problem = nil }
            // A change has checked the marked rows again already (`didChange`), keeping this
            // row's message while its typed problem stood: a second check only then, or when
            // nothing changed.
            let checked = outcome == .changed || outcome == .commit
            if messages[path] != nil, hadProblem || !checked { revalidateMarkedRows() }
        }
        return effect
    }

    /// Digits typed into the chosen component of an open picker: they add up ("1", "19", "199",
    /// "1990") until the row no longer takes them, then start again.
    func typePickerDigits(_ key: Key, row: (path: RowPath, row: any FormRow<State>)) -> Bool {
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
        if outcome == .changed { apply(state, at: row.path, typing: true) }
        return true
    }

    // MARK: Filter

    /// Typing while the form can be filtered: characters add to the filter, Backspace takes one
    /// away. Space is left to the rows (it toggles a choice).
    func editFilter(with key: Key) -> Bool {
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

    /// Filters the list by `text` ("" shows all).
    public func setFilter(_ text: String) {
        // Emptied, the filter leaves focus on the element found with it; changed, it puts focus
        // on the first match, as the list now starts there.
        let found = text.isEmpty ? focus.flatMap(unfilteredPath) : nil
        filter = text
        focus = nil
        focusLine = 0
        let layout = self.layout
        if let found, let line = layout.index(of: found),
            layout.focusableLine(from: line, direction: 1) == line
        {
            setFocus(line, in: layout)
        } else if let first = layout.focusableLine(from: 0, direction: 1) {
            setFocus(first, in: layout)
        }
    }

    /// Finds a slice more of the filter's matches in a long list, whose first screenful a key
    /// found; returns whether there were any to look for. The lines change: the layout is made
    /// again, and focus stays on its row (matches are found in order, so its place holds).
    public func findMoreMatches() -> Bool {
        guard !filter.isEmpty, !matchFinders.isEmpty else { return false }
        var found = false
        for finder in matchFinders where finder(draft.value, filter) { found = true }
        if found { cachedLayout = nil }
        return found
    }

    /// Whether some matches of the filter are still being found (a long list, between keys).
    public var isFindingMatches: Bool {
        !filter.isEmpty && pendingMatches.contains { $0(draft.value, filter) }
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
}

extension FormEditor {
    /// What a key that would change a read-only form (`Form.readOnlyReason`) shows instead; nil
    /// when the form can be changed.
    func readOnlyRefusal() -> FormEffect? {
        form.readOnlyReason.map { .show(message: $0, isError: true) }
    }

    /// Whether `action` on `row` is refused because the form is read-only: an action that opens
    /// a nested form or a text editor (to read them) or runs a command is not; one that would
    /// change the state, or open a picker to change it with, is. Tried on a copy of the state.
    private func readOnlyRefusal(
        of action: RowAction, on row: (path: RowPath, row: any FormRow<State>)
    ) -> FormEffect? {
        guard let refusal = readOnlyRefusal() else { return nil }
        var state = draft.value
        switch row.row.perform(action, on: &state) {
        case .ignored, .command: return nil
        case .open where row.row.destination(in: draft.value) != nil: return nil
        // The text editor opens read-only too (`TextEditorScreen.readOnlyReason`), so that a
        // text longer than its row can be read whole.
        case .open where row.row.textEditor(in: draft.value) != nil: return nil
        case .changed, .commit, .invalid, .expand, .open: return refusal
        }
    }

    /// A paste as a one-line field takes it: without the line breaks around it (a copied line
    /// often ends in one), and in a field that takes no spaces (a number), without the spaces
    /// around it either, so a pasted `4\n` is `4`.
    static func trimmed(paste text: String, for input: TextInput) -> String {
        let trims: (Character) -> Bool =
            input.accepts(" ") ? { $0.isNewline } : { $0.isWhitespace || $0.isNewline }
        guard let first = text.firstIndex(where: { !trims($0) }),
            let last = text.lastIndex(where: { !trims($0) })
        else { return "" }
        return String(text[first...last])
    }
}
