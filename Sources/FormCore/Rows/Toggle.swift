/// A switch bound to a `Bool` in the state.
///
/// ```swift
/// Toggle("Play Sounds", \.playSounds)
/// ```
public struct Toggle<State>: FormRow {
    /// Its help is the same on every row: moving past a list of these makes no row.
    public static var hasFixedHints: Bool { true }

    /// Nothing to validate: a save skips a list of these.
    public static var validates: Bool { false }

    public var title: String
    public var isOn: WritableKeyPath<State, Bool>

    public init(_ title: String, _ isOn: WritableKeyPath<State, Bool>) {
        self.title = title
        self.isOn = isOn
    }

    public func content(in state: State) -> ToggleContent {
        ToggleContent(title: title, isOn: state[keyPath: isOn])
    }

    public func hints(in state: State) -> [RowHint] { [RowHint(.toggle, "Toggle")] }

    public var binding: StateBinding<State>? { StateBinding(isOn) }

    /// Its title and its `Bool`: nothing else of the state.
    public var contentKeyPath: AnyKeyPath? { isOn }

    public func perform(_ action: RowAction, on state: inout State) -> RowOutcome {
        let current = state[keyPath: isOn]
        let next: Bool
        switch action {
        case .activate, .toggle: next = !current
        case .increment: next = true
        case .decrement: next = false
        default: return .ignored
        }
        guard next != current else { return .ignored }
        state[keyPath: isOn] = next
        return .changed
    }
}

/// What a switch row shows.
public struct ToggleContent: Hashable, Sendable {
    public var title: String
    public var isOn: Bool

    public init(title: String, isOn: Bool) {
        self.title = title
        self.isOn = isOn
    }
}

extension ToggleContent: RowContent {
    public var rowText: RowText { RowText(title, [isOn ? .on("On") : .off("Off")]) }
}
