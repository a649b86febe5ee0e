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
    /// The text input of `row` (the focused row) in `layout`, read once per layout: a typed
    /// character asked it of the state four times (the key, the frame, the keys the help line
    /// offers), each a walk of its key path. Only the answer for the current layout and state is
    /// kept.
    func textInput(of row: (path: RowPath, row: any FormRow<State>), in layout: FormLayout<State>)
        -> TextInput?
    {
        // A kind whose rows share their hints takes no text (`FormRow.hasFixedHints`): a Space
        // on a switch reads nothing here.
        if layout.hasFixedHints(row.path) { return nil }
        let current = layout === cachedLayout
        if current, let read = textInputRead, read.layout == ObjectIdentifier(layout),
            read.version == layoutVersion, read.stateVersion == stateVersion, read.path == row.path
        {
            return read.input
        }
        let input = row.row.textInput(in: layout.state)
        if current {
            textInputRead = (ObjectIdentifier(layout), layoutVersion, stateVersion, row.path, input)
        }
        return input
    }
}
