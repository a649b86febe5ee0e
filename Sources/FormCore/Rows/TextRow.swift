/// A line of text bound to a `String` in the state, edited in place; `secure` text is never
/// shown as typed (a password, a token).
///
/// ```swift
/// TextRow("Network Name", \.networkName, placeholder: "My Phone")
/// TextRow("Password", \.password, secure: true)
/// TextRow("Email", \.email, validate: { $0.contains("@") ? nil : "An email address has an @." })
/// ```
public struct TextRow<State>: FormRow {
    public var title: String
    public var text: WritableKeyPath<State, String>
    public var placeholder: String
    public var isSecure: Bool
    /// What is wrong with a text, or nil when it is fine.
    public var check: ((String) -> String?)?

    public init(
        _ title: String, _ text: WritableKeyPath<State, String>, placeholder: String = "",
        secure: Bool = false, validate check: ((String) -> String?)? = nil
    ) {
        self.title = title
        self.text = text
        self.placeholder = placeholder
        self.isSecure = secure
        self.check = check
    }

    public func validate(in state: State) -> String? {
        check?(state[keyPath: text])
    }

    public var reuseIdentifier: String { "text" }
    public var editsText: Bool { true }

    public func content(in state: State) -> RowContent {
        RowContent(
            title: title,
            value: .editableText(state[keyPath: text], placeholder: placeholder, secure: isSecure))
    }

    public func perform(_ action: RowAction, on state: inout State) -> RowOutcome {
        guard case .setText(let new) = action, new != state[keyPath: text] else { return .ignored }
        state[keyPath: text] = new
        return .changed
    }
}
