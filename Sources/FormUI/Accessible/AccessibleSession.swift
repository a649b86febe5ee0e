import FormCore

/// A form asked line by line, for a screen reader, a terminal without cursor addressing
/// (`TERM=dumb`) or a pipe: no cursor movement, no redraw, no escape sequence. Each visible row is
/// asked in order as a plain question (its title, its value now, what to type), and rows shown or
/// hidden by an answer follow it as in the form. At the end a numbered summary, and "Save?".
///
/// Enter alone keeps a value; a lone `-` clears one (or deletes an element of an editable list);
/// `>>` skips the rest of the form to its summary (a long form's way to "Save?");
/// a multi-line text ends with a line holding a single `.`; a long list of options is listed on
/// `?`. A refused answer or a validation message is printed and the question asked again. In
/// `.browse` mode each answer is committed at once and there is no "Save?".
///
/// ```swift
/// let store = StateStore(Hotspot())
/// let session = AccessibleSession(
///     form: hotspotForm, store: store, input: TextLineInput("y\nsecret99\n\ny\n"), output: TextLineOutput())
/// let status = session.run()  // 0: saved
/// ```
public final class AccessibleSession<State: Equatable> {
    /// The form asked.
    public let form: Form<State>
    /// The committed state: a save (or, browsing, each answer) commits into it.
    public let store: StateStore<State>
    /// `.edit` asks everything, then "Save?"; `.browse` commits each answer as it is given.
    public let mode: FormMode
    package let input: any LineReading
    package let output: any LineWriting
    let onCommand: (FormCommand, Navigator) -> Void
    /// The answers so far; in `.browse` mode, the store's value.
    package internal(set) var draft: Draft<State> {
        // No `oldValue`: the draft is still changed in place.
        didSet { draftChanges &+= 1 }
    }
    /// How many times the draft changed: whether an answer may have shown or hidden rows, which
    /// is looked at only then (a form of many groups is not walked after every Enter).
    var draftChanges = 0
    /// The last change an answer made through its row's binding, and the count of changes it
    /// made `draftChanges`: then only the sections that read that value are walked again.
    var lastBindingChange: (count: Int, keyPath: AnyKeyPath)?
    /// Whether the input has ended: every question then stops, and nothing is saved.
    package internal(set) var inputEnded = false
    /// Whether the input ended inside a form this one opened, which said so (and what became of
    /// its answers): this one then does not say it again.
    var endSaidByOpenedForm = false
    /// Set when a button's command ended the app (`quit(status:)`, or `pop()` of the first form)
    /// or left this form (`pop()` of one a button opened): every question stops, as at the end
    /// of the input, and `run()` returns the status (1 for a form left).
    package internal(set) var leaving: Leaving?
    /// How many forms are being asked in order (`askForm`): `>>` skips the rest of the innermost
    /// one, to its summary, only then.
    var askingInOrder = 0
    /// Set by `>>`: the questions stop as at the end of the input, until the form being asked
    /// in order reaches its summary.
    var skipping = false
    /// Whether a button of another form opened this one: its `pop()` goes back there.
    package var isOpened = false
    /// Set by a button's `pop()` in a form a row opened: its questions stop, and `askNested`
    /// leaves it as Esc does on the screen.
    var poppingNested = false

    /// How a button's command ends the questions.
    package enum Leaving: Equatable {
        /// The app ends with this status.
        case quit(Int32)
        /// This form is left without saving, for the one that opened it.
        case pop
    }
    /// Whether a form opened from this one (a button's) saved.
    package internal(set) var openedFormSaved = false
    /// Whether the form was saved (in `.browse` mode: whether any answer was committed).
    public internal(set) var didSave = false
    /// Keeps the journal of unsaved answers while the session edits; nil keeps none.
    package var drafts: DraftKeeper<State>?
    /// Asked after the opening lines, before the first question: a form resumed from a journal
    /// that a button of this one opens: whether it saved, and whether the input ended.
    package var beforeQuestions: (() -> (saved: Bool, inputEnded: Bool))?
    /// Where a resumed draft goes on: the rows before it are not asked again.
    var start: RowPath?
    /// The row of `form` being asked now (a nested form's row counts as the row that opened it):
    /// the journal's focus.
    var focus: RowPath?
    /// How many nested forms are open: their answers wait for their Keep step.
    var nestedDepth = 0
    /// Said before the next question's first line ("New question: ").
    var announcement = ""
    /// Whether the opening lines say how to answer: not again in a form a button opens.
    package var introduces = true

    /// More options than this are not listed before the question, but on `?`.
    static var listedOptions: Int { 30 }

    /// `onCommand` runs the commands of button rows, as `FormScreen`'s does: a form it pushes is
    /// asked in turn, a message it shows is printed.
    public init(
        form: Form<State>, store: StateStore<State>, mode: FormMode = .edit, input: any LineReading,
        output: any LineWriting, onCommand: @escaping (FormCommand, Navigator) -> Void = { _, _ in }
    ) {
        self.form = form
        self.store = store
        self.mode = mode
        self.input = input
        self.output = output
        self.onCommand = onCommand
        self.draft = Draft(store.value)
    }

    /// The form a screen shows, asked on the same store with the same commands.
    public convenience init(screen: FormScreen<State>, input: any LineReading, output: any LineWriting) {
        self.init(
            form: screen.form, store: screen.store, mode: screen.mode, input: input, output: output,
            onCommand: screen.onCommand)
    }

    /// Asks every question, then (editing) whether to save, with what the save would change
    /// (`Form.reviewDetail`); a read-only form only lists its values. Returns 0 when the form was saved
    /// (or, browsing, something was), 1 when it was left without saving or the input ended first.
    public func run() -> Int32 {
        say(form.title)
        if let reason = form.readOnlyReason {
            // Nothing can be answered: the values are all there is to read.
            say("\(reason) Nothing can be changed.")
            _ = summary(of: form, title: "Its values:")
            return 1
        }
        if introduces {
            // At a terminal, the way out: the end of the input (what happens then is said then).
            let stop = input.isInteractive ? " Ctrl-D stops." : ""
            say(
                "Answer each question and press Enter. Enter alone keeps the value shown;"
                    + " >> skips to the summary.\(stop)")
        }
        if let beforeQuestions {
            let opened = beforeQuestions()
            if opened.saved { openedFormSaved = true }
            if opened.inputEnded {
                inputEnded = true
                endSaidByOpenedForm = true
            }
            followStore()
        }
        if let start, !inputEnded {
            let title = rowTitle(at: start, in: form).map { " from \($0)" } ?? ""
            say("Going on\(title): the answers before it are as they were left, and the summary lists them.")
        }
        askForm(form, from: start)
        endSkip()
        if let leaving { return left(leaving) }
        if mode == .browse {
            if !inputEnded {
                say("End of \(form.title).")
            } else if !endSaidByOpenedForm {
                say("The input ended.")
            }
            return didSave || openedFormSaved ? 0 : 1
        }
        while !inputEnded {
            let entries = summary(of: form)
            // What the save would write, in the saved thing's own terms (a file's diff), as the
            // screen's review shows it below the changed rows.
            if draft.isDirty, let detail = form.reviewDetail?(draft.value), !detail.isEmpty {
                say("What a save changes:")
                for line in detail { say(line) }
            }
            let question =
                "Save? Type y to save, n to leave without saving"
                + (entries.isEmpty ? "" : ", or a number to change that answer") + " (Enter: y): "
            guard let line = read(question, secret: false) else { break }
            let typed = line.trimmed.lowercased()
            let problem =
                entries.isEmpty
                ? "Error: Type y or n." : "Error: Type y, n or a number from 1 to \(entries.count)."
            // A number is always the summary's: `LineWords.yesNo` reads 1 and 0 as yes and no,
            // which here would save (or leave) instead of changing answer 1.
            if let number = Int(typed) {
                guard entries.indices.contains(number - 1) else {
                    say(problem)
                    continue
                }
                askAgain(entries[number - 1].path, in: form)
            } else if typed.isEmpty || LineWords.yesNo(typed) == true {
                if save() { return 0 }
            } else if LineWords.yesNo(typed) == false {
                drafts?.clear()
                say("Not saved.")
                return 1
            } else {
                say(problem)
            }
        }
        if let leaving { return left(leaving) }
        endWithoutAnswers()
        return 1
    }

    /// Stops the questions of the form being asked in order, for its summary (`>>`).
    func skipToSummary() {
        guard askingInOrder > 0, !skipping else { return }
        skipping = true
        inputEnded = true
    }

    /// After the form's questions: what `>>` stopped goes on with the summary.
    func endSkip() {
        guard skipping else { return }
        skipping = false
        inputEnded = false
        say("Skipped to the summary.")
    }

    /// Stops every question for `leaving` (a button's quit or pop).
    func leave(_ leaving: Leaving) {
        guard self.leaving == nil, !poppingNested else { return }
        // Inside a form a row opened, pop leaves that form only (`askNested` goes on after it).
        if leaving == .pop, nestedDepth > 0 {
            poppingNested = true
        } else {
            self.leaving = !isOpened && leaving == .pop ? .quit(0) : leaving
        }
        inputEnded = true
    }

    /// Ends the session a button's command left: the answers not saved stay in the journal, as
    /// they do when the screen's app quits, and the status is the command's.
    private func left(_ leaving: Leaving) -> Int32 {
        // `inputEnded` only stopped the questions: the journal is written as at any wait.
        inputEnded = false
        flushJournal()
        inputEnded = true
        switch leaving {
        case .quit(let status):
            say("Ended by \(form.title).")
            return status
        case .pop:
            say("Left \(form.title) without saving.")
            return 1
        }
    }

    /// Browsing, the rows read what a form opened from this one saved (the summary of the
    /// preferences after its editor): a browsing draft is the store's value.
    func followStore() {
        guard mode == .browse, draft.value != store.value else { return }
        draft = Draft(store.value)
    }

    /// The input ended before "Save?" was answered. A pipe has given all it will: the journal
    /// goes (the same answers can be piped again), unless it held a resumed draft. A terminal's
    /// end (Ctrl-D, or the terminal closing) keeps it, as a closed terminal does on the screen.
    private func endWithoutAnswers() {
        if let drafts, !input.isInteractive, !drafts.resumed {
            drafts.clear()
        } else {
            flushJournal()
        }
        guard drafts?.journalMayExist == true else {
            say("Not saved: the input ended.")
            return
        }
        say("Not saved: the input ended. The answers are kept, and offered back at the next start.")
    }

    /// Checks every rule and commits; asks again the rows that break one. Whether it saved.
    private func save() -> Bool {
        let problems = form.validationMessages(for: draft.value)
        guard problems.isEmpty else {
            let count = problems.count == 1 ? "One answer needs" : "\(problems.count) answers need"
            say("Not saved: \(count) attention.")
            for path in problems.keys.sorted() where !inputEnded { askAgain(path, in: form) }
            return false
        }
        guard draft.isDirty else {
            drafts?.clear()
            say("No changes to save.")
            didSave = true
            return true
        }
        do {
            try store.commit(draft.value)
            draft.save()
            drafts?.clear()
            didSave = true
            say("Saved.")
            return true
        } catch {
            say("Not saved: \(error)")
            return false
        }
    }

    /// The rows of `form` that can be answered, numbered, with their values now: the numbers of
    /// the "Save?" question (and of a nested form's "Keep?").
    func summary(of form: Form<State>, title: String = "Your answers:") -> [(path: RowPath, title: String)] {
        var entries: [(path: RowPath, title: String)] = []
        var lines: [String] = []
        let state = draft.value
        let shownEntries = 200
        for (sectionIndex, section) in form.sections.enumerated() where section.isVisible(state) {
            for (groupIndex, group) in section.groups.enumerated() {
                let disabled = section.isDisabled(state) || group.isDisabled?(state) == true
                let count = group.count(state) - (group.editing == nil ? 0 : 1)
                for index in 0..<max(0, count) {
                    let row = group.row(state, index)
                    guard row.isFocusable, !disabled, isAnswerable(row) else { continue }
                    let path = RowPath(section: sectionIndex, group: groupIndex, index: index)
                    entries.append((path, row.title))
                    if entries.count <= shownEntries {
                        let name = heading(
                            of: row, editing: group.editing, index: index, marksRequired: false)
                        lines.append("  \(entries.count). \(name): \(valueText(of: row))")
                    }
                }
            }
        }
        say(title)
        for line in lines { say(line) }
        if entries.count > shownEntries { say("  … and \(entries.count - shownEntries) more.") }
        return entries
    }

    // MARK: Writing and reading

    package func say(_ text: String) { output.write(Self.printable(text) + "\n") }

    /// `text` with every control character but the line feed shown as `?`, as the screen shows
    /// them: text from a spec or a state file never writes an escape sequence.
    static func printable(_ text: String) -> String {
        let isControl = { (scalar: Unicode.Scalar) in scalar != "\n" && ControlCharacters.isControl(scalar) }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? "?" : $0 }))
    }

    /// Writes `prompt` and reads the answer; nil (and `inputEnded`) once the input has ended.
    func read(_ prompt: String, secret: Bool) -> String? {
        guard !inputEnded else { return nil }
        flushJournal()
        guard let line = input.readLine(secret: secret, asking: { output.write(Self.printable(prompt)) })
        else {
            inputEnded = true
            output.write("\n")
            return nil
        }
        let typed = String(
            String.UnicodeScalarView(line.unicodeScalars.filter { !ControlCharacters.isControl($0) }))
        if secret {
            // Typed without echo, or piped: either way the line ends here, and the secret is not shown.
            output.write(input.isInteractive || typed.isEmpty ? "\n" : "(hidden)\n")
        } else if !input.isInteractive {
            // Piped answers are not echoed by a terminal: written after their question, a log of
            // the session reads as a conversation.
            output.write(typed + "\n")
        }
        return typed
    }
}
