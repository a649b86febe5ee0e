/// A read-only row: a title and a value computed from the state.
///
/// ```swift
/// LabelRow("Play Sounds") { $0.playSounds ? "Yes" : "No" }
/// ```
public struct LabelRow<State>: FormRow {
    public var title: String
    public var value: (State) -> String

    public init(_ title: String, value: @escaping (State) -> String) {
        self.title = title
        self.value = value
    }

    public var reuseIdentifier: String { "label" }
    public var isFocusable: Bool { false }

    public func content(in state: State) -> RowContent {
        RowContent(title: title, value: .text(value(state)))
    }

    public func perform(_ action: RowAction, on state: inout State) -> RowOutcome { .ignored }
}
