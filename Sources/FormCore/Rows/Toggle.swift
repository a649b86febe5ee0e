/// A switch bound to a `Bool` in the state.
///
/// ```swift
/// Toggle("Play Sounds", \.playSounds)
/// ```
public struct Toggle<State>: FormRow {
    public var title: String
    public var isOn: WritableKeyPath<State, Bool>

    public init(_ title: String, _ isOn: WritableKeyPath<State, Bool>) {
        self.title = title
        self.isOn = isOn
    }

    public var reuseIdentifier: String { "toggle" }

    public func content(in state: State) -> RowContent {
        RowContent(title: title, value: .toggle(state[keyPath: isOn]))
    }

    public func perform(_ action: RowAction, on state: inout State) -> RowOutcome {
        let current = state[keyPath: isOn]
        let next: Bool
        switch action {
        case .activate, .toggle: next = !current
        case .increment: next = true
        case .decrement: next = false
        case .setText: return .ignored
        }
        guard next != current else { return .ignored }
        state[keyPath: isOn] = next
        return .changed
    }
}
