import FormCore

/// What the lines the table drew at one draw version may show differently now, as the editor
/// followed its changes: a Space on a switch changes its row and the header that counts it, and
/// the table then looks at those lines only, not at every line on screen.
struct LineLog {
    /// The draw version of the frame the log starts from (nil: no frame yet).
    var since: Int?
    /// Lines whose text changed in place (a header that counts, a footer).
    var lines = ChangedLines()
    /// Rows whose text being typed changed.
    var paths: [RowPath] = []
    /// Anything may have changed: lines moved, appeared or went, or a picker's lines changed.
    var all = false
    /// `RowContentCache.forgets` when the log started: a row forgotten wholesale since is a
    /// change the log cannot name.
    var forgets = 0
}

extension FormEditor {
    /// Notes the lines a new layout changed against the last one (its headers and footers),
    /// or that lines moved.
    func noteLinesChanged(from previous: LayoutReuse?, to layout: FormLayout<State>) {
        guard !lineLog.all else { return }
        if !layout.linesChanged(since: previous, { lineLog.lines.insert($0) }) { lineLog.all = true }
    }

    /// Notes that the text typed into the rows at these paths changed.
    func noteTypingChanged(from old: RowPath?, to new: RowPath?) {
        if let old { lineLog.paths.append(old) }
        if let new, new != old { lineLog.paths.append(new) }
        // A long burst between frames: every line is looked at anyway.
        if lineLog.paths.count > 64 { lineLog.all = true }
    }

    /// The lines of `layout` that may differ from those of the frame drawn at the log's start,
    /// with that frame's draw version; and a new log from now on. Nil when the changes were not
    /// followed (then every line is looked at).
    func takeLineChanges(in layout: FormLayout<State>) -> (since: Int, lines: ChangedLines)? {
        let log = lineLog
        let forgotten = rowContents.takeChangedPaths()
        lineLog = LineLog(since: drawVersion, forgets: rowContents.forgets)
        // An open picker draws from the row's value and the chosen component: not followed.
        guard let since = log.since, !log.all, log.forgets == rowContents.forgets, filter.isEmpty,
            expanded == nil
        else { return nil }
        var lines = log.lines
        for path in log.paths { if let range = layout.lines(of: path) { lines.insert(range) } }
        for path in forgotten { if let range = layout.lines(of: path) { lines.insert(range) } }
        return (since, lines)
    }
}

extension FormEditor {
    /// The text input of `row` (the focused row) in `layout`, read once per layout and state: a
    /// typed character asked it of the state four times (the key, the frame, the keys the help
    /// line offers), each a walk of its key path.
    func textInput(of row: (path: RowPath, row: any FormRow<State>), in layout: FormLayout<State>)
        -> TextInput?
    {
        textInputRead(of: row, in: layout)?.input
    }

    /// The read of `textInput(of:in:)`, boxed: only the answer for the current layout and state
    /// is kept. Nil for a kind whose rows share their hints, which takes no text
    /// (`FormRow.hasFixedHints`): a Space on a switch reads nothing here.
    func textInputRead(of row: (path: RowPath, row: any FormRow<State>), in layout: FormLayout<State>)
        -> TextInputRead?
    {
        if layout.hasFixedHints(row.path) { return nil }
        let current = layout === cachedLayout
        if current, let read = textInputRead, read.layout == ObjectIdentifier(layout),
            read.version == layoutVersion, read.stateVersion == stateVersion, read.path == row.path
        {
            return read
        }
        let read = TextInputRead(
            layout: ObjectIdentifier(layout), version: layoutVersion, stateVersion: stateVersion,
            path: row.path,
            input: row.row.textInput(in: layout.state))
        if current { textInputRead = read }
        return read
    }
}

/// A row's text input as read for one layout and state (see `FormEditor.textInputRead`). A
/// class: kept in an optional tuple, each look at it copied the input through the runtime's
/// generic witnesses.
final class TextInputRead {
    let layout: ObjectIdentifier
    let version: Int
    let stateVersion: Int
    let path: RowPath
    let input: TextInput?
    /// Whether there is an input: asked without copying it.
    let takesText: Bool

    init(layout: ObjectIdentifier, version: Int, stateVersion: Int, path: RowPath, input: TextInput?) {
        self.layout = layout
        self.version = version
        self.stateVersion = stateVersion
        self.path = path
        self.input = input
        self.takesText = input != nil
    }
}
