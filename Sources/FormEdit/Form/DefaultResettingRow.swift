import FormCore
import FormSpec

/// A row of a setting the schema gives a `default`, with one key more: Ctrl-R sets the value
/// back to the default (said in the help line while the value differs from it). Everything
/// else is the row inside.
///
/// ```swift
/// DefaultResettingRow(base: NumberRow("Port", \SpecAnswers.[integer: "/port"]), id: "/port",
///                     answer: .integer(8080), start: .integer(80), label: "8080")
/// ```
struct DefaultResettingRow<Base: FormRow>: FormRow where Base.State == SpecAnswers {
    typealias State = SpecAnswers

    static var reset: RowAction { .named("reset to default") }

    var base: Base
    /// The answer's id (the setting's pointer).
    var id: String
    /// The answer that means the default.
    var answer: Answer
    /// The answer the row starts at, while none is given (a page opened later has none yet).
    var start: Answer
    /// The default as the help line says it.
    var label: String

    var title: String { base.title }
    var isFocusable: Bool { base.isFocusable }
    var secretMembers: [SecretMember<State>] { base.secretMembers }
    func reviewParts(in state: State) -> [String]? { base.reviewParts(in: state) }
    func content(in state: State) -> Base.Content { base.content(in: state) }
    func anyContent(in state: State) -> any RowContent { base.anyContent(in: state) }
    func destination(in state: State) -> Form<State>? { base.destination(in: state) }
    func destinationNames(in state: State) -> [String]? { base.destinationNames(in: state) }
    func validate(in state: State) -> String? { base.validate(in: state) }
    func textInput(in state: State) -> TextInput? { base.textInput(in: state) }
    func height(in state: State) -> Int { base.height(in: state) }
    func inlinePicker(in state: State) -> InlinePicker? { base.inlinePicker(in: state) }
    func textEditor(in state: State) -> TextEditorDestination<State>? { base.textEditor(in: state) }
    var binding: StateBinding<State>? { base.binding }
    var contentKeyPath: AnyKeyPath? { base.contentKeyPath }
    var isRequired: Bool { base.isRequired }

    func hints(in state: State) -> [RowHint] {
        let own = base.hints(in: state)
        guard (state[answer: id] ?? start) != answer else { return own }
        let label = self.label.count > 16 ? String(self.label.prefix(15)) + "…" : self.label
        return own + [RowHint(Self.reset, "Default (\(label))", defaultKeys: ["ctrl-r"])]
    }

    func perform(_ action: RowAction, on state: inout State) -> RowOutcome {
        guard action == Self.reset else { return base.perform(action, on: &state) }
        guard (state[answer: id] ?? start) != answer else { return .ignored }
        state[answer: id] = answer
        return .changed
    }
}
