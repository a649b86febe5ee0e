import FormCore

extension FormEditor {
    /// Checks every rule and commits the draft through the store: `.leave` when saved (or when
    /// nothing changed), `.show` with what stands in the way otherwise (the draft then stays).
    public func save() -> FormEffect { save(checking: true) }

    private func save(checking: Bool) -> FormEffect {
        if checking, let refusal = checkBeforeSaving() { return refusal }
        guard draft.isDirty else {
            // Nothing changed: rewriting the file would only risk it.
            didSave = true
            return .leave(message: isNested ? nil : "No changes to save.")
        }
        do {
            try store.commit(draft.value)
            draft.save()
            // Saved after a check that found nothing: what the rules say of the new saved state.
            if checking, editing?.problem == nil {
                var found = RuleFindings()
                found.next = nil
                draft.savedProblems.findings = found
            }
            // A save is the floor: undo never takes back what was saved.
            history.clear()
            didSave = true
            // A nested form saved into its parent's draft, not to disk: nothing to announce.
            return .leave(message: isNested ? nil : "Saved.")
        } catch let changed as StoredStateChanged<State> {
            return askAboutStoredChange(changed)
        } catch {
            return .show(message: "Not saved: \(error)", isError: true)
        }
    }

    /// What Ctrl-S does: a form that reviews its changes checks every rule, then shows what
    /// changed (where a second Ctrl-S saves); any other form saves at once.
    public func requestSave() -> FormEffect {
        if let refusal = readOnlyRefusal() { return refusal }
        guard form.reviewsChanges, !isNested, draft.isDirty else { return save() }
        if let refusal = checkBeforeSaving() { return refusal }
        return .review(changes())
    }

    /// Checks every rule: nil when the draft can be saved, else what stands in the way (the
    /// rows are marked, and focus goes to the first).
    private func checkBeforeSaving() -> FormEffect? {
        var problems = currentProblems()
        if let editing, let problem = editing.problem { problems[editing.path] = problem }
        guard problems.isEmpty else {
            messages = problems
            expanded = nil
            let layout = self.layout
            if let first = problems.keys.min(), let line = layout.index(of: first) {
                setFocus(line, in: layout)
            }
            let count = problems.count == 1 ? "One row needs" : "\(problems.count) rows need"
            if form.savesDespiteProblems && !isNested {
                return .confirm(
                    FormConfirmation(
                        action: .saveAnyway, title: "Save anyway?", message: "\(count) attention.",
                        confirmLabel: "Save", cancelLabel: "Keep editing"))
            }
            return .show(message: "Not saved: \(count) attention.", isError: true)
        }
        return nil
    }

    /// What the rules say of the draft: from what they said of the saved state and the rows
    /// changed since, where that tells (`Form.problems(in:saved:changed:asked:)`); else every
    /// row is asked. Ctrl-S on a 100,000-row spec asked all of them, 0.9 s.
    private func currentProblems() -> [RowPath: String] {
        if let changed = draft.changedRows,
            let problems = form.problems(
                in: draft.value, saved: draft.savedProblems.findings, changed: changed,
                asked: &rowsAskedAtSave)
        {
            return problems
        }
        var findings = RuleFindings()
        form.findProblems(&findings, in: draft.value, rows: .max)
        rowsAskedAtSave += findings.rowsAsked
        return findings.messages
    }

    /// Asks the rules of the saved state for a slice of rows, while the person reads the form:
    /// false once every row was asked (or when a save would ask them all anyway). A slice is
    /// about 10 ms on a spec's rows, so a key never waits longer for it.
    package func askRulesWhileIdle() -> Bool {
        guard mode == .edit, !draft.savedProblems.findings.isComplete, form.rowsReadApart,
            form.sectionsTellTheirReads
        else { return false }
        var findings = draft.savedProblems.findings
        form.findProblems(&findings, in: draft.saved, rows: 2_000)
        draft.savedProblems.findings = findings
        return true
    }

    /// Leaves the form: at once when nothing would be lost, else after asking.
    public func close() -> FormEffect {
        guard mode == .edit, draft.isDirty else { return .leave(message: nil) }
        return .confirm(
            FormConfirmation(
                action: .discardChanges, title: "Discard changes?",
                message: "Your changes to \(form.title) will be lost.", confirmLabel: "Discard",
                cancelLabel: "Keep editing"))
    }

    /// Does what a confirmation asked about, once the user said yes.
    public func confirm(_ action: FormConfirmation.Action) -> FormEffect? {
        switch action {
        case .discardChanges:
            draft.cancel()
            history.clear()
            return .leave(message: nil)
        case .deleteElement(let path):
            return deleteElement(at: path)
        case .reloadStored:
            return reloadStored()
        case .overwriteStored:
            guard let changed = storedChange else { return nil }
            storedChange = nil
            changed.accept()
            return save()
        case .saveAnyway:
            return save(checking: false)
        }
    }

    /// An editor for the form that the row at `path` opens, saving into this form's draft (or,
    /// browsing, through the store at once).
    public func nestedEditor(at path: RowPath) -> FormEditor<State>? {
        guard let row = row(at: path), var destination = row.destination(in: draft.value) else { return nil }
        let store = StateStore(draft.value) { [weak self] state in try self?.adopt(state, from: path) }
        if destination.readOnlyReason == nil { destination.readOnlyReason = form.readOnlyReason }
        return FormEditor(form: destination, store: store, mode: .edit, isNested: true, keyMap: keyMap)
    }

    /// What the text editor of the row at `path` edits; what it keeps goes into this form's draft,
    /// as a nested form's save does.
    public func textEditor(at path: RowPath) -> TextEditRequest? {
        guard let row = row(at: path), let editor = row.textEditor(in: draft.value) else { return nil }
        return TextEditRequest(
            title: editor.title, text: draft.value[keyPath: editor.text], validate: editor.validate
        ) { [weak self] text in
            guard let self else { return }
            var state = self.draft.value
            state[keyPath: editor.text] = text
            try self.adopt(state, from: path)
        }
    }

    private func row(at path: RowPath) -> (any FormRow<State>)? {
        let layout = self.layout
        return layout.index(of: path).flatMap { layout.row(onLine: $0)?.row }
    }

    /// Takes what a nested form saved (or a text editor kept) for the row at `path`: into the
    /// draft, as one step undo can take back, or (browsing) through the store at once.
    func adopt(_ state: State, from path: RowPath) throws {
        if mode == .browse {
            try store.commit(state)
            draft = Draft(state)
        } else {
            if state != draft.value {
                recordChange(from: draft.value, at: path)
                draft.value = state
            }
        }
        revalidateMarkedRows()
    }
}
