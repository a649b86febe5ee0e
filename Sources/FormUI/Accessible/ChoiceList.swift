import FormCore

/// A form that is only a list of options (`ChoiceRow`s, or `CheckRow`s for several), as a
/// `NavigationRow` may open: the line mode asks it as one numbered question rather than a
/// question per option.
struct ChoiceList<State> {
    let group: RowGroup<State>
    let count: Int
    /// Several options may be chosen (checks), rather than one.
    let isMultiple: Bool

    /// The list `form` is, or nil when it holds anything else.
    init?(_ form: Form<State>, state: State) {
        guard form.sections.count == 1, form.sections[0].groups.count == 1 else { return nil }
        let group = form.sections[0].groups[0]
        let count = group.count(state)
        guard count > 0 else { return nil }
        let first = group.row(state, 0)
        var trial = state
        if first.content(in: state) is CheckContent {
            isMultiple = true
        } else if first.perform(.activate, on: &trial) == .commit {
            isMultiple = false
        } else {
            return nil
        }
        self.group = group
        self.count = count
    }

    func labels(in state: State) -> [String] {
        (0..<count).map { group.row(state, $0).title }
    }

    /// The checked options' positions, for a multiple choice.
    func checked(in state: State) -> [Int] {
        (0..<count).filter { (group.row(state, $0).content(in: state) as? CheckContent)?.isChecked == true }
    }

    /// The question: `value` is what the row that opens the list shows.
    func question(value: String, in state: State) -> LineQuestion {
        let labels = labels(in: state)
        guard isMultiple else {
            return LineQuestion(
                value: value, expects: "a number from 1 to \(count), or a name", options: labels)
        }
        return LineQuestion(
            value: value,
            expects: "the numbers from 1 to \(count) (or names) of all to choose, separated by commas",
            options: labels, clears: true)
    }

    /// Chooses what `answer` names, through the options' own actions.
    func answer(_ answer: LineInput, on state: inout State) -> LineAnswer {
        let labels = labels(in: state)
        var wanted: Set<Int> = []
        if case .text(let text) = answer {
            for part in (isMultiple ? text.split(separator: ",").map(String.init) : [text])
            where !part.trimmed.isEmpty {
                guard let index = LineWords.option(part, in: labels) else {
                    return .refused("Type a number from 1 to \(count), or an option's name.")
                }
                wanted.insert(index)
            }
        }
        guard isMultiple else {
            guard let index = wanted.first else { return .refused("Type a number from 1 to \(count).") }
            _ = group.row(state, index).perform(.activate, on: &state)
            return .taken
        }
        let checkedNow = Set(checked(in: state))
        for index in 0..<count where checkedNow.contains(index) != wanted.contains(index) {
            _ = group.row(state, index).perform(.toggle, on: &state)
        }
        return .taken
    }
}
