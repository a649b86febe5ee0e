/// A declarative form over a value-type state: sections of rows bound by key paths.
///
/// ```swift
/// struct Preferences { var autoRefresh = true, playSounds = true }
///
/// let form = Form<Preferences>(title: "Preferences") {
///     Section { Toggle("Auto Refresh", \.autoRefresh) }
///     Section { Toggle("Play Sounds", \.playSounds) }
/// }
/// let lines = form.layout(for: Preferences()).count
/// ```
///
/// Not `Sendable`: its rows hold key paths and closures. Make a form where it runs (top-level
/// code in main.swift, a function, a `@MainActor` global) and run it there: `Form.run`'s async
/// form runs on the caller's actor, so it never crosses one.
public struct Form<State> {
    public var title: String
    public var sections: [Section<State>]
    /// The row that has focus when the form opens (the current choice of a list), if it can take
    /// focus; nil starts at the first row that can.
    public var initialFocus: ((State) -> RowPath?)?
    /// Whether saving first shows what changed ("Review changes"), where a second Ctrl-S saves.
    public var reviewsChanges = false
    /// Lines "Review changes" shows below the changed rows, for the draft it reviews: what the
    /// save will write, said in the saved thing's own terms (a configuration file's diff).
    ///
    /// ```swift
    /// form.reviewDetail = { draft in ConfigDiff.unified(old: file, new: bytes(of: draft), name: "a.toml") }
    /// ```
    public var reviewDetail: ((State) -> [String])?
    /// Another name Ctrl-G's search finds a row by, besides its title and section, from the key
    /// path of the row's binding (a configuration key's path, `tool.ruff.line-length`). The
    /// search of this form uses it for the rows of the forms its rows open too.
    ///
    /// ```swift
    /// form.searchName = { keyPath in keyPath == \Settings.lineLength ? "tool.ruff.line-length" : nil }
    /// ```
    public var searchName: ((AnyKeyPath) -> String?)?
    /// The names of what this form shows, for a search of it that reads the forms its rows open
    /// (Ctrl-G): a row whose `FormRow.destinationNames(in:)` are all among them is not opened
    /// (a page of settings whose rows open those same settings again, as a schema that refers
    /// to itself does, is read once). A form a named row opens says the row's names.
    ///
    /// ```swift
    /// form.names = ["settings of #"]  // a row opening ["settings of #"] is not read again
    /// ```
    public var names: [String] = []
    /// Whether the rows' rules are advice rather than a bar: Ctrl-S on rows that need attention
    /// asks "Save anyway?" with their count instead of refusing (a configuration file may be
    /// knowingly incomplete). Nested forms keep their parent's say.
    ///
    /// ```swift
    /// var form = Form<Answers>(title: "settings.json") { Section { TextRow("Name", \.[text: "name"]) } }
    /// form.savesDespiteProblems = true
    /// ```
    public var savesDespiteProblems = false
    /// Why the form cannot be changed, when it cannot (a file whose mode keeps it from being
    /// written): the form opens all the same to be read, moved through, searched and left, and a
    /// key that would change a value (or Ctrl-S) is refused with this said on the help line.
    /// Nested forms keep their parent's say.
    ///
    /// ```swift
    /// var form = Form<Answers>(title: "settings.json") { Section { TextRow("Name", \.[text: "name"]) } }
    /// form.readOnlyReason = "settings.json is read-only."
    /// ```
    public var readOnlyReason: String?
    /// Whether different key paths of this form's rows always name different values, wherever
    /// the rows are: a change through one row's binding then leaves every row whose
    /// `FormRow.contentKeyPath` differs as it was drawn, not only the rows of its own group.
    ///
    /// Set it for a state whose values are reached by name through subscripts, one row per
    /// name (a spec's answers by id): a subscript key path is not a stored member, so without
    /// it every row on screen is read again after each typed character. Leave it false when two
    /// rows may reach one value through different key paths (`\.items[0]` and `\.first`).
    ///
    /// ```swift
    /// var form = Form<Answers>(title: "Sign up") { Section { TextRow("Name", \.[text: "name"]) } }
    /// form.rowsReadApart = true  // each id is one row's
    /// ```
    public var rowsReadApart = false

    public init(
        title: String, reviewsChanges: Bool = false, @FormBuilder<State> sections: () -> [Section<State>]
    ) {
        self.title = title
        self.reviewsChanges = reviewsChanges
        self.sections = sections()
    }

    /// The form flattened into lines (headers, rows, footers) for one state, with a message line
    /// under each row that `messages` names.
    ///
    /// `expanded` names the row whose inline picker is open (its lines follow the row), and
    /// `filter` the text that filters the rows of lists that can be filtered.
    ///
    /// A `spacious` layout puts a blank line before each section header but the first, to give
    /// the sections room when the screen has it; a compact one (the default) shows more rows.
    /// `wrapping` breaks long footers and messages into lines (one line each without it).
    public func layout(
        for state: State, messages: [RowPath: String] = [:], expanded: RowPath? = nil, filter: String = "",
        spacious: Bool = false, wrapping: NoteWrapping? = nil
    ) -> FormLayout<State> {
        FormLayout(
            form: self, state: state, messages: messages, expanded: expanded, filter: filter,
            spacious: spacious, wrapping: wrapping)
    }

    /// The layout for `state`, taking over what `previous` (a layout of this form) left alike:
    /// an editor's layout after each change. `changed` tells what changed in the state since
    /// `previous` was made (its wrapping must be this one): sections it cannot reach are not
    /// asked again.
    package func layout(
        for state: State, messages: [RowPath: String], expanded: RowPath?, filter: String, spacious: Bool,
        wrapping: NoteWrapping?, reusing previous: LayoutReuse?, changed: LayoutChange = .any
    ) -> FormLayout<State> {
        FormLayout(
            form: self, state: state, messages: messages, expanded: expanded, filter: filter,
            spacious: spacious, wrapping: wrapping, reusing: previous, changed: changed)
    }

    /// The form, opening with focus on the row `path` names for the state.
    ///
    /// ```swift
    /// Form<Radio>(title: "Band") { Section { ForEach(bands) { _, band in ChoiceRow(band, \.band, value: band) } } }
    ///     .focusing { RowPath(section: 0, group: 0, index: bands.firstIndex(of: $0.band) ?? 0) }
    /// ```
    public func focusing(_ path: @escaping (State) -> RowPath?) -> Form {
        var form = self
        form.initialFocus = path
        return form
    }

    /// Whether typing filters the form's rows (a list of options made with `ForEach(_:filterBy:)`).
    public var isFilterable: Bool {
        // By index: unspecialised for the state, `contains(where:)` asks the runtime for its
        // sequence's associated types (a search of every conformance of the program, at start).
        // Each group read where it lies, not copied out (see `FormLayout.init`).
        for section in sections.indices {
            let found = sections[section].groups.withUnsafeBufferPointer { groups in
                groups.indices.contains { groups[$0].matches != nil }
            }
            if found { return true }
        }
        return false
    }

    /// What is wrong with the visible rows for `state`, by row: empty when the form can be saved.
    ///
    /// Asks every visible row that can answer (`FormRow.validates`), so it costs one row per
    /// element of a `ForEach` of such rows (text, numbers): it runs when the form is saved, not
    /// on every frame. A `ForEach` of switches or choices is not asked at all.
    /// Disabled rows are not checked: what cannot be changed cannot hold up a save.
    public func validationMessages(for state: State) -> [RowPath: String] {
        var findings = RuleFindings()
        findProblems(&findings, in: state, rows: .max)
        return findings.messages
    }
}
