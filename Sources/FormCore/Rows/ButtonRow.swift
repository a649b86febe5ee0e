/// A row that asks the screen to do something when pressed (Enter or Space): open another screen
/// (shown with `›`, "Open" on the help line), or, with `opens: false`, an action in place.
///
/// ```swift
/// ButtonRow("Edit Preferences", command: "edit")
/// ButtonRow("Send Feedback", command: "feedback", opens: false)
/// ```
public struct ButtonRow<State>: FormRow {
    /// Its help is the same on every row: moving past a list of these makes no row (so the rows
    /// of one `ForEach` either all open a screen or none does).
    public static var hasFixedHints: Bool { true }

    /// Nothing to validate: a save skips a list of these.
    public static var validates: Bool { false }

    public var title: String
    public var command: FormCommand
    /// Whether the command opens another screen.
    public var opens: Bool

    public init(_ title: String, command: FormCommand, opens: Bool = true) {
        self.title = title
        self.command = command
        self.opens = opens
    }

    public func content(in state: State) -> ButtonContent { ButtonContent(title: title, opens: opens) }

    public func hints(in state: State) -> [RowHint] { [RowHint(.activate, opens ? "Open" : "Press")] }

    public func perform(_ action: RowAction, on state: inout State) -> RowOutcome {
        switch action {
        case .activate, .toggle: return .command(command)
        default: return .ignored
        }
    }
}

/// What a button row shows: its label, and `›` when it opens another screen.
public struct ButtonContent: Hashable, Sendable {
    public var title: String
    public var opens: Bool
    public init(title: String, opens: Bool = true) {
        self.title = title
        self.opens = opens
    }
}

extension ButtonContent: RowContent {
    public var rowText: RowText { RowText(title, []) }
}
