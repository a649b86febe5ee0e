import FormCore

extension AccessibleSession {
    /// What asking a row came to.
    enum Asked {
        case next
        /// The element was deleted: the row now at its place is the next one.
        case deleted
    }

    /// Asks the rows of `form` in order, from `start` on when a resumed draft goes on there.
    /// Visibility and counts are read again after each answer, so a row an answer shows is asked
    /// next when it comes later, and at once ("New question") when it comes earlier; one it hides
    /// is not asked.
    func askForm(_ form: Form<State>, from start: RowPath? = nil) {
        askingInOrder += 1
        defer { askingInOrder -= 1 }
        var sectionIndex = start?.section ?? 0
        // What could be asked when the draft last changed: compared with after a change.
        var known = (outline: outline(of: form), changes: draftChanges)
        while sectionIndex < form.sections.count, !inputEnded {
            let section = form.sections[sectionIndex]
            defer { sectionIndex += 1 }
            guard section.isVisible(draft.value) else { continue }
            if let header = section.header(draft.value), !header.isEmpty { say("Section: \(header)") }
            for (groupIndex, group) in section.groups.enumerated() {
                // A resumed draft goes on at its row: the groups and rows before it are not asked.
                if let start, sectionIndex == start.section, groupIndex < start.group { continue }
                var index = 0
                if let start, sectionIndex == start.section, groupIndex == start.group { index = start.index }
                while index < group.count(draft.value), !inputEnded {
                    guard section.isVisible(draft.value) else { break }
                    let path = RowPath(section: sectionIndex, group: groupIndex, index: index)
                    if let editing = group.editing, index >= editing.count(draft.value) {
                        if askToAdd(editing) { continue }
                        index += 1
                        continue
                    }
                    let disabled = section.isDisabled(draft.value) || group.isDisabled?(draft.value) == true
                    if nestedDepth == 0 { focus = path }
                    let asked = ask(
                        group.row(draft.value, index), at: path, disabled: disabled, editing: group.editing)
                    if draftChanges != known.changes {
                        let now =
                            if let last = lastBindingChange, last.count == draftChanges,
                                known.changes == draftChanges &- 1
                            {
                                outline(of: form, updating: known.outline, through: last.keyPath)
                            } else {
                                outline(of: form)
                            }
                        if now != known.outline {
                            askRevealed(in: form, since: known.outline, by: path, inOrder: true)
                        }
                        known = (now == known.outline ? now : outline(of: form), draftChanges)
                    }
                    switch asked {
                    case .next: index += 1
                    case .deleted: break
                    }
                }
            }
            if !inputEnded, section.isVisible(draft.value),
                let footer = section.spokenFooter(for: draft.value), !footer.isEmpty
            {
                say("Note: \(footer)")
            }
        }
    }

    /// Asks the row at `path` of `form` again (from the summary, or after a refused save).
    func askAgain(_ path: RowPath, in form: Form<State>) {
        let state = draft.value
        guard form.sections.indices.contains(path.section) else { return }
        let section = form.sections[path.section]
        guard section.groups.indices.contains(path.group) else { return }
        let group = section.groups[path.group]
        guard path.index < group.count(state) else { return }
        if nestedDepth == 0 { focus = path }
        let before = outline(of: form)
        _ = ask(group.row(state, path.index), at: path, disabled: false, editing: nil, opensAtOnce: true)
        askRevealed(in: form, since: before, by: path, inOrder: false)
    }

    /// Whether the row is asked for a value (and so numbered in the summary).
    func isAnswerable(_ row: any FormRow<State>) -> Bool {
        LineAsking.questions(for: row, in: draft.value) != nil || row.destination(in: draft.value) != nil
    }

    func valueText(of row: any FormRow<State>) -> String {
        if let questions = LineAsking.questions(for: row, in: draft.value) {
            return questions.map { ($0.label.isEmpty ? "" : "\($0.label) ") + $0.value }.joined(
                separator: ", ")
        }
        return LineValue.of(row.content(in: draft.value)) ?? ""
    }

    /// The row's title as a question starts with it. An element of an editable list whose title
    /// is only its number ("1.", as a spec's list numbers them) is named by the list's noun.
    func heading(
        of row: any FormRow<State>, editing: ArrayEditing<State>? = nil, index: Int = 0,
        marksRequired: Bool = true
    ) -> String {
        var title = row.title
        if let editing, title.allSatisfy({ $0.isNumber || $0 == "." || $0.isWhitespace }) {
            title = editing.noun.prefix(1).uppercased() + editing.noun.dropFirst() + " \(index + 1)"
        }
        return title + (marksRequired && row.isRequired ? " (required)" : "")
    }

    /// "a tag", "an entry".
    static func withArticle(_ noun: String) -> String {
        guard let first = noun.lowercased().first else { return noun }
        return ("aeiou".contains(first) ? "an " : "a ") + noun
    }

    /// Asks one row, by what it is: a value, a form it opens, a button, or only something to read.
    func ask(
        _ row: any FormRow<State>, at path: RowPath, disabled: Bool, editing: ArrayEditing<State>?,
        opensAtOnce: Bool = false
    ) -> Asked {
        // A failed or recovered journal is said before the question, not inside it.
        flushJournal()
        guard row.isFocusable, !disabled else {
            let value = LineValue.of(row.content(in: draft.value)).map { ": \($0)" } ?? ""
            say(announced(row.title + value + (disabled ? " (disabled)" : "")))
            return .next
        }
        if LineAsking.questions(for: row, in: draft.value) != nil {
            return askValue(
                row, at: path, editing: editing, questions: { LineAsking.questions(for: row, in: $0) },
                answer: { LineAsking.answer($0, to: $1, row: row, on: &$2) })
        }
        if let destination = row.destination(in: draft.value),
            let list = ChoiceList(destination, state: draft.value)
        {
            let value = LineValue.of(row.content(in: draft.value)) ?? ""
            return askValue(
                row, at: path, editing: editing, questions: { [list.question(value: value, in: $0)] },
                answer: { answer, _, state in list.answer(answer, on: &state) })
        }
        if let destination = row.destination(in: draft.value) {
            let value = LineValue.of(row.content(in: draft.value)).map { ": \($0)" } ?? ""
            guard
                opensAtOnce
                    || askYesNo(announced("\(heading(of: row))\(value). Open it? (y or n, Enter: n): "))
            else {
                return .next
            }
            askNested(destination)
            return .next
        }
        var trial = draft.value
        if case .command(let command) = row.perform(.activate, on: &trial) {
            if askYesNo(announced("\(row.title): a button. Press it? (y or n, Enter: n): ")) {
                onCommand(command, LineNavigator(session: self))
            }
            return .next
        }
        let value = LineValue.of(row.content(in: draft.value)).map { ": \($0)" } ?? ""
        say(announced(row.title + value))
        return .next
    }

    /// Asks each question of a row with a value until it is answered, then checks the row's rule.
    private func askValue(
        _ row: any FormRow<State>, at path: RowPath, editing: ArrayEditing<State>?,
        questions: (State) -> [LineQuestion]?, answer: (LineInput, Int, inout State) -> LineAnswer
    ) -> Asked {
        var question = 0
        // Options are listed once a question: read again after each refused answer, a list of
        // 30 would bury the error (`?` lists them again).
        var listedFor: Int?
        while !inputEnded {
            guard let questions = questions(draft.value), questions.indices.contains(question)
            else {
                // Every question answered: the row's own rule has the last word.
                if let problem = row.validate(in: draft.value) {
                    say("Error: \(problem)")
                    question = 0
                    continue
                }
                return .next
            }
            let asked = questions[question]
            let part = asked.label.isEmpty ? "" : ", \(asked.label)"
            let name = heading(of: row, editing: editing, index: path.index)
            say(announced("\(name)\(part): \(Self.sentence(asked.value.isEmpty ? "none" : asked.value))"))
            let listsNow = asked.options.count <= Self.listedOptions && listedFor != question
            if listsNow {
                listOptions(asked.options)
                listedFor = question
            }
            var keys: [String] = []
            // Enter is not offered where the row's rule refuses the value it would keep (a
            // required text still empty): it would only be answered with an error.
            if questions.count > 1 || row.validate(in: draft.value) == nil { keys.append("Enter keeps it") }
            if editing != nil {
                keys.append("- deletes it")
            } else if asked.clears {
                keys.append("- clears it")
            }
            if !asked.options.isEmpty && !listsNow {
                keys.append("? lists the \(asked.options.count) options")
            }
            let hint = keys.isEmpty ? "" : " (\(keys.joined(separator: ", ")))"
            guard let line = readAnswer("Type \(asked.expects)\(hint): ", input: asked.input) else {
                break
            }
            if line.isEmpty {
                question += 1
                continue
            }
            if line == ">>", asked.input != .secret, askingInOrder > 0 {
                skipToSummary()
                break
            }
            if line == "?" && !asked.options.isEmpty {
                // A short list comes again with the question (its heading, the list, the
                // prompt); a long one only here.
                if asked.options.count <= Self.listedOptions {
                    listedFor = nil
                } else {
                    listOptions(asked.options)
                }
                continue
            }
            if line == "-", let editing {
                editing.remove(&draft.value, path.index)
                say("Deleted.")
                afterChange()
                return .deleted
            }
            // `\-` and `\>>` type what `-` and `>>` would otherwise do.
            let literal = line == "\\-" ? "-" : line == "\\>>" ? ">>" : line
            let typed: LineInput = line == "-" && asked.clears ? .clear : .text(literal)
            if let binding = row.binding, let old = binding.undoValue(draft.value) {
                // In place: a copy of the draft to answer on would copy a state of thousands of
                // answers at every answer. A refused answer puts the one value back.
                var outcome = LineAnswer.taken
                draft.change(binding, apart: form.rowsReadApart) { state in
                    outcome = answer(typed, question, &state)
                    if case .refused = outcome { binding.write(old, into: &state) }
                }
                lastBindingChange = (draftChanges, binding.keyPath)
                switch outcome {
                case .refused(let message):
                    say("Error: \(message)")
                case .taken:
                    if let new = binding.undoValue(draft.value), !binding.boxedValuesEqual(old, new) {
                        afterCommit()
                    }
                    question += 1
                }
                continue
            }
            var changed = draft.value
            switch answer(typed, question, &changed) {
            case .refused(let message):
                say("Error: \(message)")
            case .taken:
                commit(changed, binding: row.binding)
                question += 1
            }
        }
        return .next
    }

    /// `text` ended by a full stop, unless it ends a sentence already.
    static func sentence(_ text: String) -> String {
        guard let last = text.last, !".!?".contains(last) else { return text }
        return text + "."
    }

    private func listOptions(_ options: [String]) {
        for (index, option) in options.enumerated() { say("  \(index + 1). \(option)") }
    }

    /// One line, or for `.lines` the lines up to one holding a single `.` (a first line left
    /// empty keeps the value, as Enter does for every question).
    private func readAnswer(_ prompt: String, input kind: LineQuestion.Input) -> String? {
        switch kind {
        case .line: return read(prompt, secret: false)
        case .secret: return read(prompt, secret: true)
        case .lines:
            guard let first = read(prompt, secret: false) else { return nil }
            guard !first.isEmpty, first != "-", first != "." else { return first == "." ? "" : first }
            var lines = [first]
            while let line = read("Next line, or . to end: ", secret: false), line != "." {
                lines.append(line)
            }
            return lines.joined(separator: "\n")
        }
    }

    private func askToAdd(_ editing: ArrayEditing<State>) -> Bool {
        guard askYesNo("Add \(Self.withArticle(editing.noun))? (y or n, Enter: n): ") else { return false }
        editing.insert(&draft.value, editing.count(draft.value))
        afterChange()
        return true
    }

    /// Asks a yes-or-no question until it is answered; Enter is `answer`.
    package func askYesNo(_ prompt: String, enter answer: Bool = false) -> Bool {
        while let line = read(prompt, secret: false) {
            if line.trimmed.isEmpty { return answer }
            if line.trimmed == ">>", askingInOrder > 0 {
                skipToSummary()
                return false
            }
            if let answer = LineWords.yesNo(line) { return answer }
            say("Error: Type y or n.")
        }
        return false
    }

    /// Takes a changed state: into the draft, or browsing (outside a nested form, whose
    /// answers wait for its Keep step), into the store at once.
    private func commit(_ state: State, binding: StateBinding<State>?) {
        guard state != draft.value else { return }
        draft.change(binding, apart: form.rowsReadApart) { $0 = state }
        afterCommit()
    }

    /// After an answer changed the draft: the journal told, or browsing, the store saved.
    private func afterCommit() {
        guard mode == .browse, nestedDepth == 0 else {
            afterChange()
            return
        }
        do {
            try store.commit(draft.value)
            draft.save()
            didSave = true
        } catch {
            say("Not saved: \(error)")
        }
    }
}

/// What a button row's command may ask of the line mode: a form it pushes is asked at once (on
/// the same input and output), a message is printed, `pop()` leaves a form a button opened (the
/// first form: ends, as on the screen) and `quit(status:)` ends the questions with that status.
final class LineNavigator<State: Equatable>: Navigator {
    private let session: AccessibleSession<State>

    init(session: AccessibleSession<State>) { self.session = session }

    func push(_ screen: Screen) {
        guard let form = screen as? any LineAskableScreen else {
            session.say("(\(screen.title) has no line mode.)")
            return
        }
        let asked = form.askLines(input: session.input, output: session.output, drafts: session.drafts)
        if asked.saved { session.openedFormSaved = true }
        // One input: where it ended, the form that opened this one asks nothing more either.
        if asked.inputEnded {
            session.inputEnded = true
            session.endSaidByOpenedForm = true
        }
        // The app ends from any form: the ones below it end too.
        if let status = asked.quitStatus { session.leave(.quit(status)) }
        session.followStore()
    }

    func pop() { session.leave(.pop) }
    func quit(status: Int32) { session.leave(.quit(status)) }
    func show(message: String, isError: Bool) { session.say((isError ? "Error: " : "") + message) }
    var isAtRoot: Bool { !session.isOpened && session.nestedDepth == 0 }
}

/// A screen the line mode can ask in its own place: a form.
protocol LineAskableScreen {
    /// Asks the screen's form: whether it saved, and whether the input ended. `drafts` is the
    /// opening session's journal keeper, which a form editing the same store keeps its unsaved
    /// answers with.
    func askLines(
        input: any LineReading, output: any LineWriting, drafts: AnyObject?
    ) -> (saved: Bool, inputEnded: Bool, quitStatus: Int32?)
}

extension FormScreen: LineAskableScreen {
    func askLines(
        input: any LineReading, output: any LineWriting, drafts: AnyObject?
    ) -> (saved: Bool, inputEnded: Bool, quitStatus: Int32?) {
        let session = AccessibleSession(screen: self, input: input, output: output)
        session.introduces = false
        session.isOpened = true
        if let keeper = drafts as? DraftKeeper<State>, keeper.store === store { session.drafts = keeper }
        let status = session.run()
        guard let leaving = session.leaving else { return (status == 0, session.inputEnded, nil) }
        // Left by its own pop, the form that opened it goes on asking.
        guard case .quit(let quit) = leaving else { return (false, false, nil) }
        return (false, true, quit)
    }
}
