/// A group of rows with a header and a footer that may follow the state.
///
/// ```swift
/// Section("Network", footer: { $0.enabled ? "Personal Hotspot Enabled" : nil }) {
///     Toggle("Personal Hotspot", \.enabled)
/// }
/// Section(header: { "Devices (\($0.devices.count))" }, disabled: \.locked) {
///     ForEach(\.devices) { index, _ in Toggle("Device \(index + 1)", \.devices[index].on) }
/// }
/// ```
public struct Section<State> {
    public var header: (State) -> String?
    public var footer: (State) -> String?
    /// The footer while typing filters the section's list, from the state and the filter text;
    /// nil uses `footer` then too.
    public var filteredFooter: ((State, String) -> String?)?
    /// What the line mode says after the section's rows instead of its footer, nil when it says
    /// nothing; unset (the default), it says the footer. See `footer(inLineMode:)`.
    public var lineModeFooter: ((State) -> String?)?
    public var isVisible: (State) -> Bool
    /// While this holds, the section's rows are drawn dim, skipped by focus and not validated.
    public var isDisabled: (State) -> Bool
    public var groups: [RowGroup<State>]
    /// The values that what the section shows of its rows reads, when known: its visibility,
    /// header, footer and rule, its groups' counts, rules and heights, and whatever its rows'
    /// rules read beyond their own values (a save then asks only the rules of the rows a change
    /// reached, `Form.problems(in:saved:changed:asked:)`). On a form whose rows
    /// read apart (`Form.rowsReadApart`), a change through a row's binding whose key path is not
    /// among them leaves the section's lines as they were, and a key on a large form lays out
    /// only the sections it may change. nil (the default): any change may change them.
    ///
    /// ```swift
    /// var section = Section<Answers>("Contact") { TextRow("Name", \.[text: "name"]) }
    /// section.layoutReads = []  // a fixed header, one row always there
    /// ```
    public var layoutReads: Set<AnyKeyPath>?
    /// Whether the full screen draws the header in capitals, as section headers are (the
    /// default). A header that shows what a person typed is drawn as it is written, so that the
    /// screen shows "Server web-01", not "SERVER WEB-01" for a host name that is lower case.
    ///
    /// ```swift
    /// var section = Section<Setup>(header: { "Server \($0.host)" }) { TextRow("Host", \.host) }
    /// section.capitalizesHeader = false
    /// ```
    public var capitalizesHeader = true

    /// A section with a fixed header and footer (or none).
    public init(
        _ header: String? = nil,
        footer: String? = nil,
        visible: @escaping (State) -> Bool = { _ in true },
        disabled: @escaping (State) -> Bool = { _ in false },
        @RowBuilder<State> rows: () -> [RowGroup<State>]
    ) {
        self.init(
            header: { _ in header }, footer: { _ in footer }, visible: visible, disabled: disabled, rows: rows
        )
    }

    /// A section whose footer is computed from the state (nil hides it).
    public init(
        _ header: String? = nil,
        footer: @escaping (State) -> String?,
        visible: @escaping (State) -> Bool = { _ in true },
        disabled: @escaping (State) -> Bool = { _ in false },
        @RowBuilder<State> rows: () -> [RowGroup<State>]
    ) {
        self.init(header: { _ in header }, footer: footer, visible: visible, disabled: disabled, rows: rows)
    }

    /// A section whose header, and footer, are computed from the state (nil leaves a blank line
    /// for the header, and no line for the footer).
    public init(
        header: @escaping (State) -> String?,
        footer: @escaping (State) -> String? = { _ in nil },
        visible: @escaping (State) -> Bool = { _ in true },
        disabled: @escaping (State) -> Bool = { _ in false },
        @RowBuilder<State> rows: () -> [RowGroup<State>]
    ) {
        self.header = header
        self.footer = footer
        self.isVisible = visible
        self.isDisabled = disabled
        self.groups = rows()
    }

    /// The footer shown for `state` while `filter` filters the section's list.
    func footer(for state: State, filter: String) -> String? {
        guard !filter.isEmpty, let filteredFooter else { return footer(state) }
        return filteredFooter(state, filter)
    }

    /// The section with a footer for while its list is filtered, computed from the state and the
    /// filter text (a count of what the filter hides, say).
    ///
    /// ```swift
    /// Section { ForEach(names, filterBy: { $0 }) { _, name in LabelRow(name) { _ in "" } } }
    ///     .footer(whileFiltered: { _, text in "Names with “\(text)”" })
    /// ```
    public func footer(whileFiltered footer: @escaping (State, String) -> String?) -> Section {
        var section = self
        section.filteredFooter = footer
        return section
    }

    /// The section with what the line mode (a screen reader, a pipe, `TERM=dumb`) says after its
    /// rows instead of its footer; nil says nothing. A footer that names keys of the screen
    /// ("Insert adds, Ctrl-D deletes") means nothing to answers typed a line at a time, which the
    /// line mode explains in its own words.
    ///
    /// ```swift
    /// Section("Tags", footer: "Insert adds, Ctrl-D deletes.") {
    ///     ForEach(\Settings.tags, editable: "tag", newElement: { _ in "" }) { index, _ in
    ///         TextRow("Tag \(index + 1)", \.tags[index])
    ///     }
    /// }
    /// .footer(inLineMode: { _ in nil })
    /// ```
    public func footer(inLineMode footer: @escaping (State) -> String?) -> Section {
        var section = self
        section.lineModeFooter = footer
        return section
    }

    /// What the line mode says after the section's rows for `state`: its line-mode footer when
    /// one is set, else its footer.
    public func spokenFooter(for state: State) -> String? {
        lineModeFooter.map { $0(state) } ?? footer(state)
    }
}
