/// A text that a row opens in a full-screen editor of its own: what the editor is called, the
/// `String` it edits, and what is wrong with a text before it can be kept.
///
/// FormCore does not know the editor's screen: a row only describes the text, and the screen
/// that shows the form opens the editor (in FormUI, a `TextEditorScreen`).
///
/// ```swift
/// func textEditor(in state: State) -> TextEditorDestination<State>? {
///     TextEditorDestination(title: "Notes", text: \.notes)
/// }
/// ```
public struct TextEditorDestination<State> {
    /// Names the editor in the title bar and in the question asked before changes are dropped.
    public var title: String
    public var text: WritableKeyPath<State, String>
    /// What is wrong with a text, or nil when it can be kept.
    public var validate: ((String) -> String?)?

    public init(
        title: String, text: WritableKeyPath<State, String>, validate: ((String) -> String?)? = nil
    ) {
        self.title = title
        self.text = text
        self.validate = validate
    }
}
