/// Any number of values among options, bound to a `Set`: the row shows how many are chosen, and
/// Enter opens the list of options, each checked or not. Space or Enter there checks or unchecks
/// one and stays in the list; Ctrl-S keeps the choices, Esc asks before dropping them.
///
/// Typing filters the list. A chosen option the filter hides stays chosen; the footer says how
/// many of the chosen are not shown.
///
/// ```swift
/// MultiSelectionRow("Toppings", \.toppings, options: Topping.allCases, label: \.name)
/// ```
public struct MultiSelectionRow<State, Value: Hashable>: FormRow {
    /// Its help is the same on every row: moving past a list of these makes no row.
    public static var hasFixedHints: Bool { true }

    /// Nothing to validate: a save skips a list of these.
    public static var validates: Bool { false }

    public var title: String
    public var selection: WritableKeyPath<State, Set<Value>>
    public var options: [Value]
    public var label: (Value) -> String

    public init(
        _ title: String, _ selection: WritableKeyPath<State, Set<Value>>, options: [Value],
        label: @escaping (Value) -> String
    ) {
        self.title = title
        self.selection = selection
        self.options = options
        self.label = label
    }

    public func content(in state: State) -> ValueContent {
        ValueContent(title: title, value: summary(of: state[keyPath: selection]), opens: true)
    }

    /// Its title and what is chosen: nothing else of the state.
    public var binding: StateBinding<State>? { StateBinding(selection) }
    public var contentKeyPath: AnyKeyPath? { selection }

    /// The chosen options' labels, in the order of the options.
    public func reviewParts(in state: State) -> [String]? {
        let chosen = state[keyPath: selection]
        return options.filter(chosen.contains).map(label)
    }

    /// "None", the one chosen option's label, or "3 selected".
    func summary(of chosen: Set<Value>) -> String {
        switch chosen.count {
        case 0: return "None"
        case 1: return label(chosen.first!)
        default: return "\(chosen.count) selected"
        }
    }

    public func hints(in state: State) -> [RowHint] { [RowHint(.activate, "Choose")] }

    public func perform(_ action: RowAction, on state: inout State) -> RowOutcome {
        action == .activate || action == .toggle ? .open : .ignored
    }

    public func destination(in state: State) -> Form<State>? {
        let selection = self.selection
        let label = self.label
        let hidden = HiddenChoices(label: label)
        return Form(title: title) {
            Section(footer: { state in MultiSelectionRow.footer(chosen: state[keyPath: selection].count) }) {
                ForEach(options, filterBy: label) { _, option in
                    CheckRow(label(option), selection, value: option)
                }
            }
            .footer(whileFiltered: { state, filter in
                let chosen = state[keyPath: selection]
                return MultiSelectionRow.footer(
                    chosen: chosen.count, notShown: hidden.count(in: chosen, hiddenBy: filter))
            })
        }
    }

    /// "2 chosen", "2 chosen, 1 not shown"; nothing while none is.
    static func footer(chosen: Int, notShown: Int = 0) -> String? {
        guard chosen > 0 else { return nil }
        return notShown > 0 ? "\(chosen) chosen, \(notShown) not shown" : "\(chosen) chosen"
    }
}

extension MultiSelectionRow where Value: CustomStringConvertible {
    /// Options labelled by their description.
    public init(_ title: String, _ selection: WritableKeyPath<State, Set<Value>>, options: [Value]) {
        self.init(title, selection, options: options, label: \.description)
    }
}

/// Counts the chosen values that a filter hides, remembering the last answer: the footer is
/// drawn on every frame, and only a key changes the filter or the choices.
final class HiddenChoices<Value: Hashable> {
    private let label: (Value) -> String
    private var chosen: Set<Value> = []
    private var filter = ""
    private var hidden = 0

    init(label: @escaping (Value) -> String) { self.label = label }

    /// One label per chosen value when the choices or the filter changed; none otherwise.
    func count(in chosen: Set<Value>, hiddenBy filter: String) -> Int {
        guard chosen != self.chosen || filter != self.filter else { return hidden }
        let needle = filter.lowercased()
        hidden = needle.isEmpty ? 0 : chosen.count { !label($0).lowercased().contains(needle) }
        self.chosen = chosen
        self.filter = filter
        return hidden
    }
}

/// One option of a multiple choice: `[x]` while its value is in the set; Enter or Space checks
/// or unchecks it and leaves focus where it is.
///
/// ```swift
/// CheckRow("Cheese", \.toppings, value: .cheese)
/// ```
public struct CheckRow<State, Value: Hashable>: FormRow {
    /// Nothing to validate: a save skips a list of these.
    public static var validates: Bool { false }

    public var title: String
    public var selection: WritableKeyPath<State, Set<Value>>
    public var value: Value

    public init(_ title: String, _ selection: WritableKeyPath<State, Set<Value>>, value: Value) {
        self.title = title
        self.selection = selection
        self.value = value
    }

    public func content(in state: State) -> CheckContent {
        CheckContent(title: title, isChecked: state[keyPath: selection].contains(value))
    }

    public func hints(in state: State) -> [RowHint] {
        [RowHint(.toggle, state[keyPath: selection].contains(value) ? "Uncheck" : "Check", priority: 2)]
    }

    public func perform(_ action: RowAction, on state: inout State) -> RowOutcome {
        guard action == .activate || action == .toggle else { return .ignored }
        if state[keyPath: selection].remove(value) == nil {
            state[keyPath: selection].insert(value)
        }
        return .changed
    }
}

/// What a check row shows: its title, and whether it is checked.
public struct CheckContent: Hashable, Sendable {
    public var title: String
    public var isChecked: Bool

    public init(title: String, isChecked: Bool) {
        self.title = title
        self.isChecked = isChecked
    }
}

extension CheckContent: RowContent {
    public var rowText: RowText { RowText(title, [isChecked ? .on("Checked") : .off("Not checked")]) }
}
