/// A text of several lines bound to a `String` in the state: the list shows its first lines
/// (up to `maxLines`, the row growing with the text), and Enter opens a full-screen editor.
///
/// ```swift
/// MultilineTextRow("Notes", \.notes, placeholder: "Anything to remember", maxLines: 3)
/// ```
public struct MultilineTextRow<State>: FormRow {
    /// Its help is the same on every row: moving past a list of these makes no row.
    public static var hasFixedHints: Bool { true }

    public var title: String
    public var text: WritableKeyPath<State, String>
    public var placeholder: String
    /// The most lines the row takes in the list; a longer text ends in `…`.
    public var maxLines: Int
    /// What is wrong with a text, or nil when it is fine.
    public var check: ((String) -> String?)?

    public init(
        _ title: String, _ text: WritableKeyPath<State, String>, placeholder: String = "",
        maxLines: Int = 3, validate check: ((String) -> String?)? = nil
    ) {
        self.title = title
        self.text = text
        self.placeholder = placeholder
        self.maxLines = max(1, maxLines)
        self.check = check
    }

    public func content(in state: State) -> MultilineTextContent {
        // Only the lines shown, and one more to know whether there is more: a long text is not
        // split whole for each of its lines on screen.
        let lines = ControlCharacters.lines(of: state[keyPath: text], limit: maxLines)
        return MultilineTextContent(
            title: title, lines: lines.prefix(maxLines).map(String.init), isCut: lines.count > maxLines,
            placeholder: placeholder)
    }

    /// Its lines: a review lists the lines added and removed, not a cut of each whole text.
    public func reviewParts(in state: State) -> [String]? {
        ControlCharacters.lines(of: state[keyPath: text], limit: .max).map(String.init)
    }

    public func height(in state: State) -> Int {
        min(maxLines, ControlCharacters.lines(of: state[keyPath: text], limit: maxLines).count)
    }

    public func validate(in state: State) -> String? {
        check?(state[keyPath: text])
    }

    public func hints(in state: State) -> [RowHint] { [RowHint(.activate, "Edit", priority: 2)] }

    public func perform(_ action: RowAction, on state: inout State) -> RowOutcome {
        action == .activate ? .open : .ignored
    }

    public func textEditor(in state: State) -> TextEditorDestination<State>? {
        TextEditorDestination(title: title, text: text, validate: check)
    }
}

/// What a multiline text row shows: its title and the first lines of its text.
public struct MultilineTextContent: Hashable, Sendable {
    public var title: String
    /// The lines shown, without line breaks.
    public var lines: [String]
    /// The text goes on past the last line shown.
    public var isCut: Bool
    /// Shown dim while the text is empty.
    public var placeholder: String

    public init(title: String, lines: [String], isCut: Bool = false, placeholder: String = "") {
        self.title = title
        self.lines = lines
        self.isCut = isCut
        self.placeholder = placeholder
    }
}

extension MultilineTextContent: RowContent {
    /// The lines joined with ⏎.
    public var rowText: RowText { RowText(title, value: lines.joined(separator: " ⏎ ")) }
}
