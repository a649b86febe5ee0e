/// What the user asked a row to do, independent of the keys that asked it.
///
/// The key map (in FormUI) turns keys into actions; a row answers the ones it understands and
/// ignores the rest. A row kind of its own can take actions of its own with `.named`.
///
/// ```swift
/// extension RowAction { static let clear = RowAction.named("clear") }
/// ```
public enum RowAction: Hashable, Sendable {
    /// Enter: the row's main action (toggle a switch, press a button, open an editor).
    case activate
    /// Space: flip a switch, select an item.
    case toggle
    /// Right arrow or `+`: the next value (a switch on, a stepper up).
    case increment
    /// Left arrow or `-`: the previous value.
    case decrement
    /// PgUp/PgDn or Shift-←/→: a large step (a slider by a tenth of its range).
    case largeIncrement
    case largeDecrement
    /// The new text of a row edited in place. The screen that edits it keeps the caret and
    /// works out the text; the row parses and stores it.
    case setText(String)
    /// In an open inline picker: move the value of one component (a day, a month) by steps.
    case step(component: Int, by: Int)
    /// In an open inline picker: digits typed into one component (a year typed as "1990").
    case type(component: Int, digits: String)
    /// An action of a custom row kind, bound to keys by its `RowHint`s or by the key map.
    case named(String)
}

/// What performing an action did.
public enum RowOutcome: Hashable, Sendable {
    /// The row has nothing to do with this action.
    case ignored
    /// The state changed.
    case changed
    /// The input was taken on screen but cannot be stored as it is (a number being typed,
    /// such as "-"); the message says why and stays under the row until the input is right.
    case invalid(String)
    /// The row asks whoever shows the form to do something (open a screen, run a task).
    case command(FormCommand)
    /// The row asks to show its `destination`.
    case open
    /// The row asks to open (or close) its inline picker below it.
    case expand
    /// The state changed, and that completes the form: save it and go back (a choice in a list).
    case commit
}

/// A named request from a row to the screen that shows it, such as opening another form.
///
/// ```swift
/// ButtonRow("Edit Preferences", command: .init("edit"))
/// ```
public struct FormCommand: Hashable, Sendable, ExpressibleByStringLiteral {
    public var name: String

    public init(_ name: String) { self.name = name }
    public init(stringLiteral value: String) { self.name = value }
}

/// A line of the help shown while a row has focus: the actions it takes now and what they do.
/// The keys come from the key map, so the help follows any rebinding; a custom action with no
/// binding in the map uses `defaultKeys` (named by key-script names: `"c"`, `"ctrl-r"`).
///
/// ```swift
/// RowHint([.decrement, .increment], "Adjust")       // shown as "←→ Adjust"
/// RowHint(.named("clear"), "Clear", defaultKeys: ["c"])
/// ```
public struct RowHint: Hashable, Sendable {
    public var actions: [RowAction]
    public var label: String
    public var priority: Int
    public var defaultKeys: [String]

    public init(_ actions: [RowAction], _ label: String, priority: Int = 1, defaultKeys: [String] = []) {
        self.actions = actions
        self.label = label
        self.priority = priority
        self.defaultKeys = defaultKeys
    }

    public init(_ action: RowAction, _ label: String, priority: Int = 1, defaultKeys: [String] = []) {
        self.init([action], label, priority: priority, defaultKeys: defaultKeys)
    }
}
