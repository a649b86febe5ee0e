/// The questions of any row in the line mode: its own (`LineQuestioning`), else what its public
/// behaviour allows: text typed in place (`textInput`), a switch's on and off, a custom kind's
/// steps (`.increment`, `.decrement`).
///
/// ```swift
/// let row = Toggle<Settings>("Sounds", \.sounds)
/// LineAsking.questions(for: row, in: settings)?.first?.expects // "y or n"
/// ```
public enum LineAsking {
    /// The row's questions; nil for a row asked otherwise or not at all (a label, a button, a row
    /// that opens a form, a kind that says nothing of itself).
    public static func questions<State>(for row: any FormRow<State>, in state: State) -> [LineQuestion]? {
        if let asked = row as? any LineQuestioning<State> { return asked.lineQuestions(in: state) }
        if let input = row.textInput(in: state) { return [LineText.question(for: input)] }
        let value = LineValue.of(row.content(in: state)) ?? ""
        if row.content(in: state) is ToggleContent { return [LineQuestion(value: value, expects: "y or n")] }
        let actions = row.hints(in: state).flatMap(\.actions)
        if actions.contains(.increment) || actions.contains(.decrement) {
            return [LineQuestion(value: value, expects: "+ for one step up, - for one down (++ for two)")]
        }
        return nil
    }

    /// Takes an answer to question `question` of `row`.
    public static func answer<State>(
        _ answer: LineInput, to question: Int, row: any FormRow<State>, on state: inout State
    ) -> LineAnswer {
        if let asked = row as? any LineQuestioning<State> {
            return asked.answer(answer, to: question, on: &state)
        }
        if let input = row.textInput(in: state) {
            return LineText.answer(answer, input: input, row: row, on: &state)
        }
        guard case .text(let text) = answer else { return .refused("It cannot be cleared.") }
        if row.content(in: state) is ToggleContent {
            guard let on = LineWords.yesNo(text) else { return .refused("Type y or n.") }
            _ = row.perform(on ? .increment : .decrement, on: &state)
            return .taken
        }
        let steps = text.trimmed
        guard !steps.isEmpty, steps.allSatisfy({ $0 == "+" }) || steps.allSatisfy({ $0 == "-" }) else {
            return .refused("Type + or - (as many as steps).")
        }
        for _ in 0..<steps.count {
            _ = row.perform(steps.first == "+" ? .increment : .decrement, on: &state)
        }
        return .taken
    }
}
