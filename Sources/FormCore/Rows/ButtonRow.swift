/// A row that asks the screen to do something when pressed (Enter or Space).
///
/// ```swift
/// ButtonRow("Edit Preferences", command: "edit")
/// ```
public struct ButtonRow<State>: FormRow {
    public var title: String
    public var command: FormCommand

    public init(_ title: String, command: FormCommand) {
        self.title = title
        self.command = command
    }

    public var reuseIdentifier: String { "button" }

    public func content(in state: State) -> RowContent {
        RowContent(title: title, value: .button)
    }

    public func perform(_ action: RowAction, on state: inout State) -> RowOutcome {
        switch action {
        case .activate, .toggle: return .command(command)
        default: return .ignored
        }
    }
}
