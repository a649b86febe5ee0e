/// A line of text bound to a `String` in the state, edited in place; `secure` text is never
/// shown as typed (a password, a token).
///
/// ```swift
/// TextRow("Network Name", \.networkName, placeholder: "My Phone")
/// TextRow("Password", \.password, secure: true)
/// TextRow("Email", \.email, validate: { $0.contains("@") ? nil : "An email address has an @." })
/// TextRow("Full Name", \.fullName, required: true)  // marked; refused while blank
/// ```
public struct TextRow<State>: FormRow {
    public var title: String
    public var text: WritableKeyPath<State, String> {
        didSet { access = nil }
    }
    /// The text read and written by closures given for it (`init(_:_:get:set:...)`).
    private var access: ValueAccess<State, String>?
    public var placeholder: String
    public var isSecure: Bool
    /// What is wrong with a text, or nil when it is fine.
    public var check: ((String) -> String?)?
    /// The text must not be blank: the title is marked, and a blank text is refused (with the
    /// check's message when it has one for it).
    public var isRequired: Bool

    public init(
        _ title: String, _ text: WritableKeyPath<State, String>, placeholder: String = "",
        secure: Bool = false, required: Bool = false, validate check: ((String) -> String?)? = nil
    ) {
        self.isRequired = required
        self.title = title
        self.text = text
        self.placeholder = placeholder
        self.isSecure = secure
        self.check = check
    }

    /// A text row whose text `get` reads and `set` writes, where `text` names it: the runtime
    /// walks a key path generically at each read (over a thousand instructions for a subscript
    /// by name, `\.[text: "name"]`), where closures compiled for the state read it directly, and
    /// a typed character reads it several times. Both must reach exactly the text `text` does.
    ///
    /// ```swift
    /// TextRow("Name", \.[text: "name"], get: { $0[text: "name"] }, set: { $0[text: "name"] = $1 })
    /// ```
    public init(
        _ title: String, _ text: WritableKeyPath<State, String>, get: @escaping (State) -> String,
        set: @escaping (inout State, String) -> Void, placeholder: String = "", secure: Bool = false,
        required: Bool = false, validate check: ((String) -> String?)? = nil
    ) {
        self.init(
            title, text, placeholder: placeholder, secure: secure, required: required, validate: check)
        self.access = ValueAccess(text, get: get, set: set)
    }

    private func read(_ state: State) -> String {
        if let access { return access.read(state) }
        return state[keyPath: text]
    }

    public func validate(in state: State) -> String? {
        let value = read(state)
        if let problem = check?(value) { return problem }
        return isRequired && value.allSatisfy(\.isWhitespace) ? "\(title) is needed." : nil
    }

    public func content(in state: State) -> TextFieldContent {
        TextFieldContent(
            title: title, text: read(state), placeholder: placeholder, isSecure: isSecure)
    }

    public func textInput(in state: State) -> TextInput? {
        TextInput(text: read(state), placeholder: placeholder, isSecure: isSecure)
    }

    public func hints(in state: State) -> [RowHint] { [RowHint([], "Type to edit")] }

    public var binding: StateBinding<State>? {
        if let access { return StateBinding(keyPath: text, access: access) }
        return StateBinding(text)
    }

    /// Its title, placeholder and text: nothing else of the state.
    public var contentKeyPath: AnyKeyPath? { text }

    public func perform(_ action: RowAction, on state: inout State) -> RowOutcome {
        guard case .setText(let new) = action, new != read(state) else { return .ignored }
        if let access {
            access.write(new, into: &state)
        } else {
            state[keyPath: text] = new
        }
        return .changed
    }
}

/// What a row edited in place shows: its title and its text in a field. While the row is being
/// edited, the screen's copy of the text and the caret come in the cell's context instead.
public struct TextFieldContent: Hashable, Sendable {
    public var title: String
    public var text: String
    public var placeholder: String
    public var isSecure: Bool

    public init(title: String, text: String, placeholder: String = "", isSecure: Bool = false) {
        self.title = title
        self.text = text
        self.placeholder = placeholder
        self.isSecure = isSecure
    }
}

extension TextFieldContent: RowContent {
    /// A secret as bullets, never its text.
    public var rowText: RowText { RowText(title, value: isSecure && !text.isEmpty ? "••••••" : text) }
}
