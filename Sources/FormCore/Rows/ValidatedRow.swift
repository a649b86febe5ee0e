/// A row with a rule of its own about its value, on top of any its kind has: what every row
/// kind gets from `.validate(_:)`.
///
/// ```swift
/// DateRow("Birthday", \.birthday).validate { $0.birthday == nil ? "A birthday is needed." : nil }
/// ```
public struct ValidatedRow<Base: FormRow>: FormRow {
    public typealias State = Base.State
    public var base: Base
    public var rule: (State) -> String?
    /// A rule changes what a save says, not the row's help.
    public static var hasFixedHints: Bool { Base.hasFixedHints }

    public var title: String { base.title }
    public var secretMembers: [SecretMember<State>] { base.secretMembers }
    public func reviewParts(in state: State) -> [String]? { base.reviewParts(in: state) }
    public var isFocusable: Bool { base.isFocusable }
    public func content(in state: State) -> Base.Content { base.content(in: state) }
    public func anyContent(in state: State) -> any RowContent { base.anyContent(in: state) }
    public func perform(_ action: RowAction, on state: inout State) -> RowOutcome {
        base.perform(action, on: &state)
    }
    public func destination(in state: State) -> Form<State>? { base.destination(in: state) }
    public func destinationNames(in state: State) -> [String]? { base.destinationNames(in: state) }
    /// The kind's own rule first, then this one.
    public func validate(in state: State) -> String? { base.validate(in: state) ?? rule(state) }
    public func hints(in state: State) -> [RowHint] { base.hints(in: state) }
    public func textInput(in state: State) -> TextInput? { base.textInput(in: state) }
    public func height(in state: State) -> Int { base.height(in: state) }
    public func inlinePicker(in state: State) -> InlinePicker? { base.inlinePicker(in: state) }
    public func textEditor(in state: State) -> TextEditorDestination<State>? { base.textEditor(in: state) }
    public var binding: StateBinding<State>? { base.binding }
    public var contentKeyPath: AnyKeyPath? { base.contentKeyPath }
    /// Whether the title is marked as required: the base row's say, or `required(_:)`'s.
    public var isRequired: Bool { marksRequired ?? base.isRequired }
    var marksRequired: Bool?

    /// The row, its title marked as one that must be filled in (the rule says what is missing).
    ///
    /// ```swift
    /// SelectionRow("Country", \.country, options: names).validate { $0.country.isEmpty ? "Choose one." : nil }.required()
    /// ```
    public func required(_ required: Bool = true) -> Self {
        var row = self
        row.marksRequired = required
        return row
    }

    /// The row with a second rule, asked after the first: still one `ValidatedRow` of the same
    /// base, whichever modifiers came between.
    ///
    /// ```swift
    /// TextRow("Name", \.name).validate { $0.name.isEmpty ? "A name is needed." : nil }
    ///     .validate { $0.name.count > 40 ? "At most 40 characters." : nil }
    /// ```
    public func validate(_ rule: @escaping (State) -> String?) -> Self {
        var row = self
        let first = self.rule
        row.rule = { first($0) ?? rule($0) }
        return row
    }
}

extension FormRow {
    /// The row, with `rule` saying what is wrong with the state for it (nil when nothing is):
    /// checked when the form is saved, shown under the row, and focus goes to the first wrong row.
    public func validate(_ rule: @escaping (State) -> String?) -> ValidatedRow<Self> {
        ValidatedRow(base: self, rule: rule)
    }

    /// The row, its title marked as one that must be filled in (`Full Name *`); a rule from
    /// `validate(_:)`, before or after, says what is missing.
    ///
    /// ```swift
    /// TextRow("Full Name", \.name).required().validate { $0.name.isEmpty ? "A name is needed." : nil }
    /// ```
    public func required(_ required: Bool = true) -> ValidatedRow<Self> {
        ValidatedRow(base: self, rule: { _ in nil }).required(required)
    }
}
