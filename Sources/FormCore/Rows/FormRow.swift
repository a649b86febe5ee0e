/// A row of a form: a value that knows its title, its binding into the state, and the kind of cell
/// that draws it.
///
/// Rows are cheap values made on demand for the rows on screen only, so a form may repeat a row
/// over a million elements. A row holds no user input: it reads from and writes to the state.
///
/// ```swift
/// struct Rating<State>: FormRow {
///     var title: String
///     var stars: WritableKeyPath<State, Int>
///     var reuseIdentifier: String { "value" }
///     func content(in state: State) -> RowContent {
///         RowContent(title: title, value: .text(String(repeating: "*", count: state[keyPath: stars])))
///     }
///     func perform(_ action: RowAction, on state: inout State) -> RowOutcome {
///         guard action == .increment else { return .ignored }
///         state[keyPath: stars] = min(5, state[keyPath: stars] + 1)
///         return .changed
///     }
/// }
/// ```
public protocol FormRow<State> {
    associatedtype State

    /// Names the kind of cell that draws this row; the table keeps a pool of cells per identifier.
    var reuseIdentifier: String { get }

    /// Whether focus can rest on the row (labels are read, not focused).
    var isFocusable: Bool { get }

    /// Whether the row's value is text edited in place: while it has focus, typed characters,
    /// Space included, go to it as text instead of acting as shortcuts.
    var editsText: Bool { get }

    /// What the row shows for `state`.
    func content(in state: State) -> RowContent

    /// Applies a user action to the state; says what happened.
    func perform(_ action: RowAction, on state: inout State) -> RowOutcome

    /// The form a row opens (an editor, a list to choose from, nested settings) when `perform`
    /// answers `.open`. It edits the same state: what it saves goes into the draft of the form
    /// that opened it.
    func destination(in state: State) -> Form<State>?

    /// What is wrong with the row's value, shown under the row when the form is saved; nil when
    /// it is fine. Saving is refused while any visible row answers a message.
    func validate(in state: State) -> String?
}

extension FormRow {
    public var isFocusable: Bool { true }
    public var editsText: Bool { false }
    public func destination(in state: State) -> Form<State>? { nil }
    public func validate(in state: State) -> String? { nil }
}

/// What a row shows: its title, its value, and an optional message under it.
public struct RowContent: Hashable, Sendable {
    public var title: String
    public var value: RowValue
    /// Where the caret is, in characters from the start of the text, while the row's text is
    /// being edited. Set by the screen that edits it (the caret is not part of the state).
    public var caret: Int?

    public init(title: String, value: RowValue = .none, caret: Int? = nil) {
        self.title = title
        self.value = value
        self.caret = caret
    }
}

/// The value part of a row, in terms every renderer can draw.
public enum RowValue: Hashable, Sendable {
    /// Nothing beside the title.
    case none
    /// A switch.
    case toggle(Bool)
    /// Read-only text beside the title.
    case text(String)
    /// Text edited in place; `secure` text is never drawn as typed.
    case editableText(String, placeholder: String, secure: Bool)
    /// A value shown beside the title, opening a pushed screen (an editor, a list, a nested form).
    case disclosure(String)
    /// An action; the title is the label.
    case button
}

/// What the user asked a row to do, independent of the keys that asked it.
public enum RowAction: Hashable, Sendable {
    /// Enter: the row's main action (toggle a switch, press a button, open an editor).
    case activate
    /// Space: flip a switch, select an item.
    case toggle
    /// Right arrow or `+`: the next value (a switch on, a stepper up).
    case increment
    /// Left arrow or `-`: the previous value.
    case decrement
    /// The new text of a row edited in place. The screen that edits it keeps the caret and
    /// works out the text; the row only stores it.
    case setText(String)
}

/// What performing an action did.
public enum RowOutcome: Hashable, Sendable {
    /// The row has nothing to do with this action.
    case ignored
    /// The state changed.
    case changed
    /// The row asks whoever shows the form to do something (open a screen, run a task).
    case command(FormCommand)
    /// The row asks to show its `destination`.
    case open
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
