import FormCore

/// Builds the `Form` a spec describes, over `SpecAnswers`.
///
/// Every row's key path is made once here, when the form is built: a subscript key path costs
/// thousands of instructions to make, too many to make again for each row on each frame.
///
/// ```swift
/// let form = SpecFormBuilder(spec: spec).form()
/// let screen = FormScreen(form: form, store: StateStore(SpecFormBuilder.initialAnswers(of: spec)), mode: .edit)
/// ```
public struct SpecFormBuilder {
    public let spec: FormSpec

    public init(spec: FormSpec) {
        self.spec = spec
    }

    /// The answers every row starts with: its default, or its kind's empty answer.
    public static func initialAnswers(of spec: FormSpec) -> SpecAnswers {
        var answers = SpecAnswers()
        answers.values.reserveCapacity(spec.answeringRows.count)
        for row in spec.answeringRows { answers.values[row.id] = row.initial }
        return answers
    }

    public func form() -> Form<SpecAnswers> {
        var form = Form<SpecAnswers>(title: spec.title) {}
        form.sections = spec.sections.map(section)
        return form
    }

    /// Whether every condition of a section holds for the answers.
    public static func holds(_ conditions: [Condition], in answers: SpecAnswers) -> Bool {
        conditions.allSatisfy { condition in
            guard let answer = answers.values[condition.field] else { return false }
            return condition.values.contains { wanted in
                if case .choices(let chosen) = answer, case .text(let option) = wanted {
                    return chosen.contains(option)
                }
                return wanted == answer
            }
        }
    }

    private func section(_ spec: SectionSpec) -> Section<SpecAnswers> {
        let conditions = spec.conditions
        var section = Section<SpecAnswers>(
            spec.header, footer: spec.footer,
            visible: conditions.isEmpty ? { _ in true } : { Self.holds(conditions, in: $0) }
        ) {}
        section.groups = spec.rows.map(group)
        return section
    }

    private func group(_ row: RowSpec) -> RowGroup<SpecAnswers> {
        let id = row.id
        let title = row.title
        let rule = SpecRules(row: row)
        switch row.kind {
        case .text, .email, .secure:
            return TextRow(
                title, \SpecAnswers.[text: id], placeholder: row.placeholder, secure: row.kind == .secure,
                validate: { rule.check(text: $0) }
            ).rowGroup
        case .multiline:
            return MultilineTextRow(
                title, \SpecAnswers.[text: id], placeholder: row.placeholder, maxLines: max(1, row.lines),
                validate: { rule.check(text: $0) }
            ).rowGroup
        case .number:
            return NumberRow(
                title, \SpecAnswers.[integer: id], min: row.min.map { Int($0) }, max: row.max.map { Int($0) },
                required: row.required, placeholder: row.placeholder
            ).rowGroup
        case .decimal:
            return NumberRow(
                title, \SpecAnswers.[decimal: id], min: row.min, max: row.max, required: row.required,
                placeholder: row.placeholder
            ).rowGroup
        case .switch:
            return Toggle(title, \SpecAnswers.[flag: id]).validate { state in
                row.required && !state[flag: id] ? "\(title) must be on." : nil
            }.rowGroup
        case .stepper:
            return StepperRow(title, \SpecAnswers.[count: id], in: rule.integerRange, step: rule.integerStep)
                .rowGroup
        case .slider:
            return SliderRow(title, \SpecAnswers.[count: id], in: rule.integerRange, step: rule.integerStep)
                .rowGroup
        case .date, .time, .datetime:
            let mode: DateRow<SpecAnswers>.Mode =
                row.kind == .date ? .date : row.kind == .time ? .time : .dateAndTime
            return DateRow(title, \SpecAnswers.[date: id], mode: mode).validate { state in
                row.required && state[date: id] == nil ? "\(title) is needed." : nil
            }.rowGroup
        case .picker:
            return InlinePickerRow(title, \SpecAnswers.[text: id], options: row.options).rowGroup
        case .select:
            return SelectionRow(title, \SpecAnswers.[text: id], options: row.options).validate { state in
                row.required && state[text: id].isEmpty ? "Choose a \(title.lowercased())." : nil
            }.rowGroup
        case .multiselect:
            return MultiSelectionRow(title, \SpecAnswers.[choices: id], options: row.options).validate {
                state in
                rule.check(choices: state[choices: id])
            }.rowGroup
        case .label:
            let value = row.value
            return LabelRow(title) { _ in value }.rowGroup
        case .form:
            let nested = FormSpec(title: title, sections: row.sections)
            let ids = nested.answeringRows.map(\.id)
            let builder = SpecFormBuilder(spec: nested)
            return NavigationRow(
                title,
                value: { state in
                    let answered = ids.filter { !SpecAnswersOutput.isEmpty(state.values[$0]) }.count
                    return "\(answered) of \(ids.count) set"
                }, form: { builder.form() }
            ).rowGroup
        }
    }
}
