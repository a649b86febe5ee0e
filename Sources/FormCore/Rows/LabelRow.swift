/// A read-only row: a title and a value computed from the state.
///
/// ```swift
/// LabelRow("Play Sounds") { $0.playSounds ? "Yes" : "No" }
/// ```
public struct LabelRow<State>: FormRow {
    /// Nothing to validate: a save skips a list of these.
    public static var validates: Bool { false }

    public var title: String
    public var value: (State) -> String

    public init(_ title: String, value: @escaping (State) -> String) {
        self.title = title
        self.value = value
    }

    public var isFocusable: Bool { false }

    public func content(in state: State) -> ValueContent {
        ValueContent(title: title, value: value(state))
    }

    public func perform(_ action: RowAction, on state: inout State) -> RowOutcome { .ignored }
}

/// What a row with a title and a value on the right shows; `opens` adds the `›` of a row that
/// opens another screen.
public struct ValueContent: Hashable, Sendable {
    public var title: String
    public var value: String
    public var opens: Bool

    public init(title: String, value: String, opens: Bool = false) {
        self.title = title
        self.value = value
        self.opens = opens
    }
}

extension ValueContent: RowContent {
    public var rowText: RowText { RowText(title, value: value) }
}
