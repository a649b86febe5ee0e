// How each built-in kind is asked in the line mode. Each answer goes through the row's own
// `perform` where one fits, so that the line mode takes exactly what the keys could give.

extension Toggle: LineQuestioning {
    public func lineQuestions(in state: State) -> [LineQuestion] {
        [LineQuestion(value: state[keyPath: isOn] ? "On" : "Off", expects: "y or n")]
    }

    public func answer(_ answer: LineInput, to question: Int, on state: inout State) -> LineAnswer {
        guard case .text(let text) = answer, let on = LineWords.yesNo(text) else {
            return .refused("Type y or n.")
        }
        state[keyPath: isOn] = on
        return .taken
    }
}

extension TextRow: LineQuestioning {
    public func lineQuestions(in state: State) -> [LineQuestion] {
        textInput(in: state).map { [LineText.question(for: $0)] } ?? []
    }

    public func answer(_ answer: LineInput, to question: Int, on state: inout State) -> LineAnswer {
        LineText.answer(answer, input: textInput(in: state), row: self, on: &state)
    }
}

extension NumberRow: LineQuestioning {
    public func lineQuestions(in state: State) -> [LineQuestion] {
        guard let input = textInput(in: state) else { return [] }
        var expects = input.accepts(".") ? "a number" : "a whole number"
        // Without closures over the value's type, which Swift 6 would warn of capturing.
        var low: String?
        var high: String?
        if let minimum { low = LineSteps.plain(minimum) }
        if let maximum { high = LineSteps.plain(maximum) }
        switch (low, high) {
        case (let low?, let high?): expects += " from \(low) to \(high)"
        case (let low?, nil): expects += " of \(low) or more"
        case (nil, let high?): expects += " of \(high) or less"
        case (nil, nil): break
        }
        return [LineText.question(for: input, expects: expects)]
    }

    public func answer(_ answer: LineInput, to question: Int, on state: inout State) -> LineAnswer {
        LineText.answer(answer, input: textInput(in: state), row: self, on: &state)
    }
}

extension PasswordRow: LineQuestioning {
    public func lineQuestions(in state: State) -> [LineQuestion] {
        let isSet = !state[keyPath: password].isEmpty
        return [
            LineQuestion(
                value: isSet ? "set (hidden)" : "not set", expects: "the new one, not shown as typed",
                input: .secret, clears: isSet)
        ]
    }

    public func answer(_ answer: LineInput, to question: Int, on state: inout State) -> LineAnswer {
        switch answer {
        case .clear: state[keyPath: password] = ""
        case .text(let text): state[keyPath: password] = text
        }
        return .taken
    }
}

extension MultilineTextRow: LineQuestioning {
    public func lineQuestions(in state: State) -> [LineQuestion] {
        let text = state[keyPath: self.text]
        let lines = ControlCharacters.lines(of: text, limit: Int.max)
        let value: String
        switch (text.isEmpty, lines.count) {
        case (true, _): value = "empty"
        case (false, 1): value = text
        default: value = "\(lines.count) lines: " + lines.joined(separator: " / ")
        }
        return [
            LineQuestion(
                value: value, expects: "the text, line by line, then a line with a single . to end it",
                input: .lines, clears: !text.isEmpty)
        ]
    }

    public func answer(_ answer: LineInput, to question: Int, on state: inout State) -> LineAnswer {
        switch answer {
        case .clear: state[keyPath: text] = ""
        case .text(let typed): state[keyPath: text] = typed
        }
        return .taken
    }
}

extension StepperRow: LineQuestioning {
    public func lineQuestions(in state: State) -> [LineQuestion] {
        let steps = step == 1 ? "" : ", in steps of \(step)"
        return [
            LineQuestion(
                value: String(state[keyPath: value]),
                expects:
                    "a number from \(range.lowerBound) to \(range.upperBound)\(steps), or + or - for one step"
            )
        ]
    }

    public func answer(_ answer: LineInput, to question: Int, on state: inout State) -> LineAnswer {
        let outOfRange =
            NumberText.rangeMessage(lower: String(range.lowerBound), upper: String(range.upperBound))
            ?? "Type a number."
        return LineSteps.answer(answer, of: self, in: range, at: value, outOfRange: outOfRange, on: &state) {
            String($0)
        }
    }
}

extension SliderRow: LineQuestioning where Value: LosslessStringConvertible {
    public func lineQuestions(in state: State) -> [LineQuestion] {
        let low = LineSteps.plain(range.lowerBound)
        let high = LineSteps.plain(range.upperBound)
        return [
            LineQuestion(
                value: format(state[keyPath: value]),
                expects:
                    "a number from \(low) to \(high), in steps of \(LineSteps.plain(step)), or + or - for one step"
            )
        ]
    }

    public func answer(_ answer: LineInput, to question: Int, on state: inout State) -> LineAnswer {
        let outOfRange =
            "Type a number from \(LineSteps.plain(range.lowerBound)) to \(LineSteps.plain(range.upperBound))."
        return LineSteps.answer(answer, of: self, in: range, at: value, outOfRange: outOfRange, on: &state) {
            LineSteps.plain($0)
        }
    }
}

extension SegmentedRow: LineQuestioning {
    public func lineQuestions(in state: State) -> [LineQuestion] {
        [LineOptions.question(choosing: state[keyPath: selection], among: options, label: label)]
    }

    public func answer(_ answer: LineInput, to question: Int, on state: inout State) -> LineAnswer {
        LineOptions.choose(answer, among: options.map(label)) { state[keyPath: selection] = options[$0] }
    }
}

extension SelectionRow: LineQuestioning {
    public func lineQuestions(in state: State) -> [LineQuestion] {
        [LineOptions.question(choosing: state[keyPath: selection], among: options, label: label)]
    }

    public func answer(_ answer: LineInput, to question: Int, on state: inout State) -> LineAnswer {
        LineOptions.choose(answer, among: options.map(label)) { state[keyPath: selection] = options[$0] }
    }
}

extension MultiSelectionRow: LineQuestioning {
    public func lineQuestions(in state: State) -> [LineQuestion] {
        let chosen = state[keyPath: selection]
        let labels = options.map(label)
        let names = options.filter(chosen.contains).map(label)
        return [
            LineQuestion(
                value: names.isEmpty ? "none" : names.joined(separator: ", "),
                expects:
                    "the numbers from 1 to \(labels.count) (or names) of all to choose, separated by commas",
                options: labels,
                clears: !chosen.isEmpty)
        ]
    }

    public func answer(_ answer: LineInput, to question: Int, on state: inout State) -> LineAnswer {
        guard case .text(let text) = answer else {
            state[keyPath: selection] = []
            return .taken
        }
        let labels = options.map(label)
        var chosen: Set<Value> = []
        for part in text.split(separator: ",") where !String(part).trimmed.isEmpty {
            guard let index = LineWords.option(String(part), in: labels) else {
                return .refused(
                    "“\(String(part).trimmed)”: " + LineWords.optionProblem(String(part), in: labels))
            }
            chosen.insert(options[index])
        }
        state[keyPath: selection] = chosen
        return .taken
    }
}

extension InlinePickerRow: LineQuestioning {
    public func lineQuestions(in state: State) -> [LineQuestion] {
        components.map { component in
            LineOptions.question(
                label: components.count > 1 ? component.name : "", value: component.label(in: state),
                labels: component.labels)
        }
    }

    public func answer(_ answer: LineInput, to question: Int, on state: inout State) -> LineAnswer {
        guard components.indices.contains(question) else { return .refused("No such question.") }
        let component = components[question]
        return LineOptions.choose(answer, among: component.labels) { component.choose($0, on: &state) }
    }
}

/// Answers that choose one option of a list.
enum LineOptions {
    /// The question of a row that chooses one of `labels`, listed with their numbers.
    static func question(label: String = "", value: String, labels: [String]) -> LineQuestion {
        LineQuestion(label: label, value: value, expects: LineWords.numbered(labels), options: labels)
    }

    /// The question of a row whose value is one of `options`. A value that is none of them is
    /// nothing chosen yet, whatever the row shows for it (the registration's "Choose").
    static func question<Option: Equatable>(
        choosing current: Option, among options: [Option], label: (Option) -> String
    ) -> LineQuestion {
        question(value: options.contains(current) ? label(current) : "none", labels: options.map(label))
    }

    static func choose(_ answer: LineInput, among labels: [String], take: (Int) -> Void) -> LineAnswer {
        guard case .text(let text) = answer else { return .refused(LineWords.optionProblem("", in: labels)) }
        guard let index = LineWords.option(text, in: labels) else {
            return .refused(LineWords.optionProblem(text, in: labels))
        }
        take(index)
        return .taken
    }
}

/// Answers of a row edited as text: what the row's `TextInput` takes, through `.setText`.
enum LineText {
    static func question(for input: TextInput, expects: String? = nil) -> LineQuestion {
        let value = input.text.isEmpty ? "empty" : input.isSecure ? "set (hidden)" : input.text
        var expected = expects ?? (input.isSecure ? "the text, not shown as typed" : "the text")
        if !input.placeholder.isEmpty && !input.isSecure { expected += ", such as \(input.placeholder)" }
        return LineQuestion(
            value: value, expects: expected, input: input.isSecure ? .secret : .line,
            clears: !input.text.isEmpty)
    }

    static func answer<Row: FormRow>(
        _ answer: LineInput, input: TextInput?, row: Row, on state: inout Row.State
    ) -> LineAnswer {
        let text: String
        switch answer {
        case .clear: text = ""
        case .text(let typed): text = typed
        }
        if let input, !input.takes(text) {
            return .refused(input.acceptsDescription.isEmpty ? "Not taken." : input.acceptsDescription)
        }
        // In place when the one value the row changes can be put back: a copy of a large state
        // is copied whole when written.
        if let binding = row.binding, let old = binding.undoValue(state) {
            guard case .invalid(let message) = row.perform(.setText(text), on: &state) else { return .taken }
            binding.write(old, into: &state)
            return .refused(message)
        }
        var changed = state
        if case .invalid(let message) = row.perform(.setText(text), on: &changed) { return .refused(message) }
        state = changed
        return .taken
    }
}

/// Numbers set on a stepper or a slider: only values the keys could reach, its steps and ends.
enum LineSteps {
    /// Sets `number` when a step down and back up from it (or an end) reaches it. Tried on
    /// `state` itself, putting the value at `path` back between tries: a stepper or a slider
    /// changes nothing else, and a copy of a large state would be copied whole at each write.
    static func set<Row: FormRow, Value: Equatable>(
        _ number: Value, of row: Row, at path: WritableKeyPath<Row.State, Value>, on state: inout Row.State,
        text: (Value) -> String
    ) -> LineAnswer {
        let old = state[keyPath: path]
        // The ends are always reachable; between them, a number is on a step when a step down and
        // one back up return to it.
        state[keyPath: path] = number
        let steppedDown = row.perform(.decrement, on: &state) == .changed
        let down = state[keyPath: path]
        state[keyPath: path] = number
        let steppedUp = row.perform(.increment, on: &state) == .changed
        state[keyPath: path] = down
        _ = row.perform(.increment, on: &state)
        let back = state[keyPath: path]
        state[keyPath: path] = number
        guard steppedDown, steppedUp else { return .taken }
        guard back == number else {
            state[keyPath: path] = old
            return .refused("Not on a step: \(text(down)) or \(text(back)).")
        }
        return .taken
    }

    /// A stepper's or a slider's answer: a lone `+` or `-` a step, else a number within `range`
    /// and on a step; `outOfRange` refuses what is not a number in the range.
    static func answer<Row: FormRow, Value: LosslessStringConvertible & Comparable>(
        _ answer: LineInput, of row: Row, in range: ClosedRange<Value>,
        at path: WritableKeyPath<Row.State, Value>,
        outOfRange: String, on state: inout Row.State, text: (Value) -> String
    ) -> LineAnswer {
        guard case .text(let line) = answer else { return .refused("Type a number.") }
        let typed = line.trimmed
        if let stepped = step(typed, of: row, on: &state) { return stepped }
        guard let number = Value(typed), range.contains(number) else { return .refused(outOfRange) }
        return set(number, of: row, at: path, on: &state, text: text)
    }

    /// A lone `+` or `-`: one step up or down, as the keys make it; nil for any other answer.
    static func step<Row: FormRow>(_ typed: String, of row: Row, on state: inout Row.State) -> LineAnswer? {
        guard typed == "+" || typed == "-" else { return nil }
        _ = row.perform(typed == "+" ? .increment : .decrement, on: &state)
        return .taken
    }

    /// A number as typed: no `.0` after a whole one.
    static func plain<Value>(_ value: Value) -> String {
        let text = String(describing: value)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
