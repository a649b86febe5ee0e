/// A row of a form: a value that knows its title, its binding into the state, and what its cell
/// shows.
///
/// Rows are cheap values made on demand for the rows on screen only, so a form may repeat a row
/// over a million elements. A row holds no user input: it reads from and writes to the state.
///
/// A row kind is a row type: `content(in:)` says what it shows. A `RowText` (a title and a
/// value) is drawn with the standard row look and needs nothing more; a content with a cell of
/// its own names it in FormUI (`CellContent`). Every content can be drawn (`RowContent`), so a
/// row kind never lacks a cell at run time.
///
/// ```swift
/// struct RatingRow<State>: FormRow {
///     var title: String
///     var stars: WritableKeyPath<State, Int>
///     func content(in state: State) -> RowText {
///         RowText(title, value: String(repeating: "★", count: state[keyPath: stars]))
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
    /// What the row's cell draws (a `RowText`, or a content with a cell of its own); equal
    /// contents draw equal lines.
    associatedtype Content: RowContent

    /// What the row is called: shown beside its value, and in questions about it.
    var title: String { get }

    /// Whether focus can rest on the row (labels are read, not focused).
    var isFocusable: Bool { get }

    /// What the row shows for `state`.
    func content(in state: State) -> Content

    /// `content(in:)` in a box, as the table reads a row it holds as `any FormRow`. The default
    /// is right for every row; a row that wraps another returns the wrapped row's, so that the
    /// runtime never has to work out `Base.Content` by searching the program's conformances.
    ///
    /// ```swift
    /// let shown = (row as any FormRow<Settings>).anyContent(in: settings)
    /// ```
    func anyContent(in state: State) -> any RowContent

    /// Applies a user action to the state; says what happened.
    func perform(_ action: RowAction, on state: inout State) -> RowOutcome

    /// The form a row opens (an editor, a list to choose from, nested settings) when `perform`
    /// answers `.open`. It edits the same state: what it saves goes into the draft of the form
    /// that opened it.
    func destination(in state: State) -> Form<State>?

    /// What the form `destination(in:)` opens shows, named for a search that reads the forms
    /// rows open (Ctrl-G, `FormEditor.fieldSearch()`): the search opens a named destination only
    /// when one of its names is new to it, at any depth, and counts them read; so rows that open
    /// the same thing again (a schema that refers to itself opens its whole form again at every
    /// depth) are read once, and no name ([]) says the destination's rows are read elsewhere. nil
    /// (the default): the destination is unnamed, read four forms deep at most and a slice of
    /// rows at most below each opener, the rest of it left out.
    ///
    /// ```swift
    /// NavigationRow("Server", value: { _ in "" }, names: { _ in ["/server"] }) { serverForm() }
    /// ```
    func destinationNames(in state: State) -> [String]?

    /// What is wrong with the row's value, shown under the row when the form is saved; nil when
    /// it is fine. Saving is refused while any visible, enabled row answers a message.
    func validate(in state: State) -> String?

    /// Whether rows of this kind can answer a message from `validate(in:)` (true unless a kind
    /// says otherwise). A save asks only the rows of a `ForEach` whose kind can: a list of a
    /// million switches saves at once instead of making every row.
    static var validates: Bool { get }

    /// Whether every row of this kind offers the same `hints(in:)` whatever the row and the
    /// state, and none takes typed text (`textInput` nil) or opens a picker in place
    /// (`inlinePicker` nil): a switch, a button, a choice. False unless a kind says so.
    ///
    /// Moving focus along a `ForEach` of such rows then asks one row for its hints instead of
    /// making every row it passes: a held ↓ down a million switches makes only the rows drawn.
    /// A kind whose hints follow a setting of the row (a rating's maximum) must not say so: its
    /// rows would run with the first row's keys (debug builds stop on it).
    ///
    /// ```swift
    /// struct LikeRow<State>: FormRow {
    ///     static var hasFixedHints: Bool { true }  // always "Space Like"
    ///     func hints(in state: State) -> [RowHint] { [RowHint(.toggle, "Like")] }
    ///     // …
    /// }
    /// ```
    static var hasFixedHints: Bool { get }

    /// The actions the row takes now, for the help line (the key map turns them into keys).
    func hints(in state: State) -> [RowHint]

    /// Whether the row must be filled in before the form saves: its title is marked
    /// (`Full Name *`), so that nobody learns it from a refused save. False unless a row says so.
    var isRequired: Bool { get }

    /// For a row edited in place as text: its text and how to edit it. While such a row has
    /// focus, typed characters, Space included, go to it instead of acting as shortcuts, and
    /// each edit arrives as `.setText`.
    func textInput(in state: State) -> TextInput?

    /// Lines the row takes in the list (1 for most; a multiline text shows a few). Asked of rows
    /// on their own only: the rows of a `ForEach` take one line each.
    func height(in state: State) -> Int

    /// The picker shown in the lines under the row while it is open (`perform` answered
    /// `.expand`): a date's day, month and year, or a list of options.
    func inlinePicker(in state: State) -> InlinePicker?

    /// The text a row opens in a full-screen editor when `perform` answers `.open` and the row
    /// has no `destination` (a multiline note). What the editor keeps goes into the draft of
    /// the form that opened it.
    func textEditor(in state: State) -> TextEditorDestination<State>?
    /// The one value `perform` may change, when there is one (a switch's `Bool`): the form then
    /// changes its draft in place and compares only that value to tell whether the draft is
    /// modified, so a key costs the same in a state of any size. nil (the default): `perform`
    /// gets a copy of the state, and the form compares all of it after a change.
    var binding: StateBinding<State>? { get }
    /// The one value of the state `content(in:)` reads, when it reads nothing else (a switch its
    /// `Bool`, a text field its `String`); nil (the default) when it may read more.
    ///
    /// A frame after a change then reads again only the rows whose value may have changed: a
    /// change through the binding of another row of the same `ForEach` leaves this row as it was
    /// drawn (the rows of a list index one collection, each its own element), and so does a
    /// change through a stored member that does not overlap this one. Any other change reads it
    /// again. A kind whose content reads more (a count of other rows) must leave it nil.
    ///
    /// ```swift
    /// public var contentKeyPath: AnyKeyPath? { isOn }  // a switch shows its Bool and its title
    /// ```
    var contentKeyPath: AnyKeyPath? { get }
    /// The members of the state that hold a secret this row edits (see `SecretRow`); none by
    /// default. A requirement, so that a form finds them through the row's witness table: a
    /// cast of each row to `any SecretRow<State>` made the runtime search its conformance
    /// records for every kind of row at start and at every draft written.
    var secretMembers: [SecretMember<State>] { get }
    /// The parts of the row's value that "Review changes" lists as added and removed, for a
    /// value of many parts (a multiple selection's chosen options in the order of its options, a
    /// multiline text's lines); nil (the default) for a value the review shows whole ("3 → 4").
    ///
    /// ```swift
    /// public func reviewParts(in state: State) -> [String]? { state[keyPath: tags].sorted() }
    /// ```
    func reviewParts(in state: State) -> [String]?
}

extension FormRow {
    public var isFocusable: Bool { true }
    public func anyContent(in state: State) -> any RowContent { content(in: state) }
    public func destination(in state: State) -> Form<State>? { nil }
    public func destinationNames(in state: State) -> [String]? { nil }
    public func validate(in state: State) -> String? { nil }
    public static var validates: Bool { true }
    public static var hasFixedHints: Bool { false }
    public func hints(in state: State) -> [RowHint] { [] }
    public func textInput(in state: State) -> TextInput? { nil }
    public func height(in state: State) -> Int { 1 }
    public func inlinePicker(in state: State) -> InlinePicker? { nil }
    public func textEditor(in state: State) -> TextEditorDestination<State>? { nil }
    public var binding: StateBinding<State>? { nil }
    public var contentKeyPath: AnyKeyPath? { nil }
    public var isRequired: Bool { false }
    public var secretMembers: [SecretMember<State>] { [] }
    public func reviewParts(in state: State) -> [String]? { nil }
}

/// A row's text being edited in place: what it holds now and which characters it takes.
///
/// ```swift
/// TextInput(text: "42", accepts: { $0.isNumber || $0 == "-" })
/// ```
public struct TextInput {
    public var text: String
    /// Shown dim while the text is empty.
    public var placeholder: String
    /// Secure text is never drawn as typed.
    public var isSecure: Bool
    /// Whether a typed or pasted character may go in (digits only for a number, say); a key
    /// that would add another is refused and the field says what it takes.
    public var accepts: (Character) -> Bool {
        didSet { takesAnything = false }
    }
    /// What the field takes, said when a character is refused ("Digits only.").
    public var acceptsDescription: String
    /// Whether the whole text may stand as typed, for rules about more than one character (one
    /// decimal point, a minus only in front); an edit that breaks it is refused like a character.
    public var acceptsText: (String) -> Bool {
        didSet { takesAnything = false }
    }
    /// Made with no rule (`init(text:placeholder:isSecure:)`): any text is taken without looking
    /// at its characters, which costs a call per character at each key.
    private var takesAnything = false

    /// A field that takes any text.
    ///
    /// ```swift
    /// TextInput(text: "Ada", placeholder: "Name")
    /// ```
    public init(text: String, placeholder: String = "", isSecure: Bool = false) {
        self.init(text: text, placeholder: placeholder, isSecure: isSecure, accepts: { _ in true })
        takesAnything = true
    }

    public init(
        text: String, placeholder: String = "", isSecure: Bool = false,
        accepts: @escaping (Character) -> Bool = { _ in true }, acceptsDescription: String = "",
        acceptsText: @escaping (String) -> Bool = { _ in true }
    ) {
        self.text = text
        self.placeholder = placeholder
        self.isSecure = isSecure
        self.accepts = accepts
        self.acceptsDescription = acceptsDescription
        self.acceptsText = acceptsText
    }

    /// Whether an edit may leave `text` in the field: each character taken, and the whole.
    ///
    /// ```swift
    /// TextInput(text: "", accepts: \.isNumber).takes("12") // true
    /// ```
    public func takes(_ text: String) -> Bool {
        takesAnything || text.allSatisfy(accepts) && acceptsText(text)
    }
}

/// A picker drawn in the lines under its row, like a wheel: each component shows the value
/// before, the current one and the one after. ←/→ move between components, ↑/↓ change one.
///
/// ```swift
/// InlinePicker(components: [.init(label: "Day", previous: "22", current: "23", next: "24")])
/// ```
public struct InlinePicker: Hashable, Sendable {
    /// The lines a picker takes under its row: the values before, at and after the current one.
    public static let lineCount = 3

    public struct Component: Hashable, Sendable {
        /// Names the component in the help line ("Day").
        public var label: String
        public var previous: String?
        public var current: String
        public var next: String?
        /// Whether digits typed while it is chosen set it (a day, a year; not a month name).
        public var takesDigits: Bool

        public init(
            label: String, previous: String?, current: String, next: String?, takesDigits: Bool = false
        ) {
            self.label = label
            self.previous = previous
            self.current = current
            self.next = next
            self.takesDigits = takesDigits
        }
    }

    public var components: [Component]

    public init(components: [Component]) {
        self.components = components
    }
}
