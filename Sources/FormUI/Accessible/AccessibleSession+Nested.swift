import FormCore

extension AccessibleSession {
    /// Asks a form a row opens, then (when an answer changed something) its Keep step, as the
    /// screen's nested form is kept (Ctrl-S) or discarded (Esc): its answers numbered, then
    /// "Keep these answers?". Kept answers stay in the draft (browsing: they are committed);
    /// discarded ones go back to what they were when it opened.
    func askNested(_ destination: Form<State>) {
        let opened = draft
        say("\(destination.title):")
        nestedDepth += 1
        defer { nestedDepth -= 1 }
        askForm(destination)
        endSkip()
        if poppingNested {
            poppingNested = false
            inputEnded = false
            draft = opened
            afterChange()
            say("Left \(destination.title): its answers are as they were.")
            return
        }
        guard !inputEnded else { return }
        guard draft.value != opened.value else {
            say("End of \(destination.title): nothing changed.")
            return
        }
        while !inputEnded {
            let entries = summary(of: destination, title: "End of \(destination.title). Its answers:")
            let prompt =
                "Keep these answers? Type y to keep them, n to discard them"
                + (entries.isEmpty ? "" : ", or a number to change that answer") + " (Enter: y): "
            guard let line = read(prompt, secret: false) else { break }
            let typed = line.trimmed.lowercased()
            if let number = Int(typed) {
                guard entries.indices.contains(number - 1) else {
                    say("Error: Type y, n or a number from 1 to \(entries.count).")
                    continue
                }
                askAgain(entries[number - 1].path, in: destination)
            } else if typed.isEmpty || LineWords.yesNo(typed) == true {
                let problems = destination.validationMessages(for: draft.value)
                guard problems.isEmpty else {
                    let count = problems.count == 1 ? "One answer needs" : "\(problems.count) answers need"
                    say("Not kept: \(count) attention.")
                    for path in problems.keys.sorted() where !inputEnded { askAgain(path, in: destination) }
                    continue
                }
                keepNested()
                return
            } else if LineWords.yesNo(typed) == false {
                draft = opened
                afterChange()
                say("Discarded: \(destination.title) is as it was.")
                return
            } else {
                say(
                    entries.isEmpty
                        ? "Error: Type y or n." : "Error: Type y, n or a number from 1 to \(entries.count).")
            }
        }
    }

    /// A nested form's answers kept: browsing, committed at once (as each answer is); editing,
    /// they wait in the draft for "Save?".
    private func keepNested() {
        guard mode == .browse, nestedDepth == 1 else {
            say("Kept.")
            return
        }
        do {
            try store.commit(draft.value)
            draft.save()
            didSave = true
            say("Kept and saved.")
        } catch {
            say("Not saved: \(error)")
        }
    }

    /// The draft changed: the journal follows it, before the next wait for an answer (editing
    /// only: browsing, each answer is saved).
    func afterChange() {
        guard mode == .edit else { return }
        drafts?.noteChange()
    }

    /// Before a wait for an answer: the journal written, if it is due.
    func flushJournal() {
        guard mode == .edit, let drafts else { return }
        let message = drafts.flush(draft.value, of: form, focus: focus, answerWaiting: input.hasAnswerWaiting)
        if let message { say(message) }
    }

    /// Goes on from a journal's draft: the rows before `focus` are not asked again (the summary
    /// lists them), and the journal stays until a save or "leave without saving".
    package func resume(_ state: State, at focus: RowPath?) {
        draft.value = state
        start = focus
        self.focus = focus
    }

    /// The title of the row at `path`, if it is there now.
    func rowTitle(at path: RowPath, in form: Form<State>) -> String? {
        guard form.sections.indices.contains(path.section) else { return nil }
        let groups = form.sections[path.section].groups
        guard groups.indices.contains(path.group), path.index < groups[path.group].count(draft.value) else {
            return nil
        }
        return groups[path.group].row(draft.value, path.index).title
    }
}
