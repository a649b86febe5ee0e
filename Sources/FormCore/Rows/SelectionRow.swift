/// One value among options: the row shows the current one, Enter opens the list, and choosing an
/// option there takes it and goes back.
///
/// ```swift
/// SelectionRow("Band", \.band, options: [.ghz2, .ghz5], label: \.name)
/// ```
public struct SelectionRow<State, Value: Hashable>: FormRow {
    /// Its help is the same on every row: moving past a list of these makes no row.
    public static var hasFixedHints: Bool { true }

    /// Nothing to validate: a save skips a list of these.
    public static var validates: Bool { false }

    public var title: String
    public var selection: WritableKeyPath<State, Value>
    public var options: [Value] {
        didSet { positions = OptionPositions(options) }
    }
    public var label: (Value) -> String
    /// Where each option sits, so the list opens on the current choice without a search.
    private var positions: OptionPositions<Value>

    public init(
        _ title: String, _ selection: WritableKeyPath<State, Value>, options: [Value],
        label: @escaping (Value) -> String
    ) {
        self.title = title
        self.selection = selection
        self.options = options
        self.label = label
        self.positions = OptionPositions(options)
    }

    public func content(in state: State) -> ValueContent {
        ValueContent(title: title, value: label(state[keyPath: selection]), opens: true)
    }

    /// Its title and the chosen value's label: nothing else of the state.
    public var binding: StateBinding<State>? { StateBinding(selection) }
    public var contentKeyPath: AnyKeyPath? { selection }

    public func hints(in state: State) -> [RowHint] { [RowHint(.activate, "Choose")] }

    public func perform(_ action: RowAction, on state: inout State) -> RowOutcome {
        action == .activate || action == .toggle ? .open : .ignored
    }

    public func destination(in state: State) -> Form<State>? {
        let selection = self.selection
        let options = self.options
        let label = self.label
        let positions = self.positions
        return Form(title: title) {
            Section {
                ForEach(options, filterBy: label) { _, option in
                    ChoiceRow(label(option), selection, value: option)
                }
            }
        }
        .focusing { state in
            // Opens where the ✓ is, as on iOS.
            positions.position(of: state[keyPath: selection]).map { RowPath(section: 0, group: 0, index: $0) }
        }
    }
}

/// The position of each option in a list, indexed the first time it is asked: opening a list of
/// 10,000 options on its current choice costs one lookup, not a search, from the second time on.
final class OptionPositions<Value: Hashable> {
    private let options: [Value]
    private var positions: [Value: Int]?

    init(_ options: [Value]) { self.options = options }

    /// The first position of `value`, or nil when it is not an option.
    func position(of value: Value) -> Int? {
        if positions == nil {
            var index: [Value: Int] = [:]
            index.reserveCapacity(options.count)
            for (offset, option) in options.enumerated() where index[option] == nil { index[option] = offset }
            positions = index
        }
        return positions?[value]
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
    /// Its help is the same on every row: moving past a list of these makes no row.
    public static var hasFixedHints: Bool { true }

    /// Nothing to validate: a save skips a list of these.
    public static var validates: Bool { false }

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
