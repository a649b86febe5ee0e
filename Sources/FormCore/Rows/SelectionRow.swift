/// One value among options: the row shows the current one, Enter opens the list, and choosing an
/// option there takes it and goes back.
///
/// ```swift
/// SelectionRow("Band", \.band, options: [.ghz2, .ghz5], label: \.name)
/// ```
public struct SelectionRow<State, Value: Hashable>: FormRow {
    public var title: String
    public var selection: WritableKeyPath<State, Value>
    public var options: [Value]
    public var label: (Value) -> String

    public init(
        _ title: String, _ selection: WritableKeyPath<State, Value>, options: [Value],
        label: @escaping (Value) -> String
    ) {
        self.title = title
        self.selection = selection
        self.options = options
        self.label = label
    }

    public func content(in state: State) -> ValueContent {
        ValueContent(title: title, value: label(state[keyPath: selection]), opens: true)
    }

    public func hints(in state: State) -> [RowHint] { [RowHint(.activate, "Choose")] }

    public func perform(_ action: RowAction, on state: inout State) -> RowOutcome {
        action == .activate || action == .toggle ? .open : .ignored
    }

    public func destination(in state: State) -> Form<State>? {
        let selection = self.selection
        let options = self.options
        let label = self.label
        return Form(title: title) {
            Section {
                ForEach(options, filterBy: label) { _, option in
                    ChoiceRow(label(option), selection, value: option)
                }
            }
        }
    }
}

extension SelectionRow where Value: CustomStringConvertible {
    /// Options labelled by their description.
    public init(_ title: String, _ selection: WritableKeyPath<State, Value>, options: [Value]) {
        self.init(title, selection, options: options, label: \.description)
    }
}

/// One option of a choice: marked with ✓ while it is the chosen value; Enter or Space chooses it
/// and completes the list it is in.
public struct ChoiceRow<State, Value: Hashable>: FormRow {
    public var title: String
    public var selection: WritableKeyPath<State, Value>
    public var value: Value

    public init(_ title: String, _ selection: WritableKeyPath<State, Value>, value: Value) {
        self.title = title
        self.selection = selection
        self.value = value
    }

    public func content(in state: State) -> ValueContent {
        ValueContent(title: title, value: state[keyPath: selection] == value ? "✓" : "")
    }

    public func hints(in state: State) -> [RowHint] { [RowHint(.activate, "Choose")] }

    public func perform(_ action: RowAction, on state: inout State) -> RowOutcome {
        guard action == .activate || action == .toggle else { return .ignored }
        state[keyPath: selection] = value
        return .commit
    }
}
