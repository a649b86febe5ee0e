/// A row that shows a value and opens a form to change it, like a table cell with a disclosure
/// indicator: Enter (or Space) pushes the form; what it saves comes back into this form's draft.
///
/// ```swift
/// NavigationRow("Wi-Fi", value: { $0.network }) {
///     Form(title: "Wi-Fi") { Section { TextRow("Network", \.network) } }
/// }
/// ```
public struct NavigationRow<State>: FormRow {
    /// Its help is the same on every row: moving past a list of these makes no row.
    public static var hasFixedHints: Bool { true }

    public var title: String
    public var value: (State) -> String
    public var form: () -> Form<State>
    /// The names of what `form` shows, for the search through forms (see
    /// `FormRow.destinationNames(in:)`); nil: unnamed.
    public var names: ((State) -> [String])?

    /// A row titled `title` showing `value`, that opens `form`; `names` name what the form
    /// shows, so that a search through the forms reads the same thing once.
    public init(
        _ title: String, value: @escaping (State) -> String, names: ((State) -> [String])? = nil,
        form: @escaping () -> Form<State>
    ) {
        self.title = title
        self.value = value
        self.names = names
        self.form = form
    }

    public func content(in state: State) -> ValueContent {
        ValueContent(title: title, value: value(state), opens: true)
    }

    public func hints(in state: State) -> [RowHint] { [RowHint(.activate, "Open")] }

    public func perform(_ action: RowAction, on state: inout State) -> RowOutcome {
        action == .activate || action == .toggle ? .open : .ignored
    }

    public func destination(in state: State) -> Form<State>? { form() }

    public func destinationNames(in state: State) -> [String]? { names?(state) }
}

/// A secret (a password, a token) shown as bullets, changed in an editor of its own that opens on
/// Enter: the new value replaces the old one only when the editor is saved.
///
/// ```swift
/// PasswordRow("Password", \.password)
/// ```
public struct PasswordRow<State>: FormRow {
    /// Its help is the same on every row: moving past a list of these makes no row.
    public static var hasFixedHints: Bool { true }

    public var title: String
    public var password: WritableKeyPath<State, String>
    /// What is wrong with a password, or nil when it is fine: checked in its editor and when the
    /// form that holds the row is saved.
    public var check: ((String) -> String?)?

    public init(
        _ title: String, _ password: WritableKeyPath<State, String>,
        validate check: ((String) -> String?)? = nil
    ) {
        self.title = title
        self.password = password
        self.check = check
    }

    public func validate(in state: State) -> String? {
        check?(state[keyPath: password])
    }

    public func content(in state: State) -> ValueContent {
        // A fixed count of bullets: the form does not tell the secret's length. Its editor, like a
        // secure field on iOS, shows a bullet per character while it is typed.
        let isEmpty = state[keyPath: password].isEmpty
        return ValueContent(title: title, value: isEmpty ? "Not set" : SecretMask.concealed, opens: true)
    }

    public func hints(in state: State) -> [RowHint] { [RowHint(.activate, "Change")] }

    public func perform(_ action: RowAction, on state: inout State) -> RowOutcome {
        action == .activate || action == .toggle ? .open : .ignored
    }

    public func destination(in state: State) -> Form<State>? {
        let title = self.title
        let password = self.password
        let check = self.check
        return Form(title: title) {
            Section(footer: "Enter or Ctrl-S keeps it; Esc asks before dropping it.") {
                TextRow(title, password, secure: true, validate: check)
            }
        }
    }
}
