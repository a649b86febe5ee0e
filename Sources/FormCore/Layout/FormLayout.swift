/// One line of a flattened form.
public enum FormLine<State> {
    /// The line that opens a section: its header, or a blank gap when it has none.
    case header(String?)
    /// A row, or the first line of a row taller than one line.
    case row(RowPath, any FormRow<State>)
    /// Line `line` (from 1) of a row taller than one line (a multiline text).
    case rowLine(RowPath, any FormRow<State>, line: Int)
    /// Line `line` (from 0) of the inline picker open under the row at the path.
    case picker(RowPath, any FormRow<State>, line: Int)
    /// Line `line` (from 0) of the message under the row at the path (what validation found
    /// wrong with it): one line, or more where the screen wraps it (`NoteWrapping`).
    case message(RowPath, String, line: Int)
    /// A line of a section's footer: one, or more where the screen wraps it.
    case footer(String)

    /// The row on this line, if it holds one (its first line).
    public var row: (path: RowPath, row: any FormRow<State>)? {
        if case .row(let path, let row) = self { return (path, row) }
        return nil
    }
}

/// A form flattened into lines for one state: a header line per visible section, its rows (each
/// followed by its extra lines: the rest of a tall row, an open inline picker, a message), and its
/// footer when it has one.
///
/// Only counts are computed up front (one per section and per row group, plus the few rows with
/// extra lines), so laying out a form that repeats a row over a million elements costs as much as
/// one with a single row; the line at an index is found by binary search and its row made on
/// demand.
///
/// ```swift
/// let layout = form.layout(for: state)
/// for index in 0..<min(layout.count, 20) { print(layout.line(index)) }
/// ```
///
/// Its lines never change once made: a change of the state makes a new layout, which takes over
/// the spans of the sections the change cannot reach (`LayoutReuse`).
/// A class: the key and the frame pass it from function to function, and a generic struct passed around in code that is not specialised for the state
/// (the whole library) asks the runtime for its type metadata at each step, which was a tenth of
/// a key. A reference is passed with one retain.
public final class FormLayout<State> {

    public let form: Form<State>
    /// The state the lines are laid out for.
    public let state: State
    /// Whether a filter narrowed its groups (its spans then do not describe the form's groups).
    let isFiltered: Bool
    /// Number of lines.
    public let count: Int
    let spans: [LayoutSpan]
    /// Each span's row groups as shown (a filtered list shows only its matches).
    let groups: SpanGroups<State>
    /// How many row groups this layout asked for their counts and rules: a test's count of what
    /// a key costs on a large form (a section a change cannot reach is not asked).
    package let groupsWalked: Int
    /// The row at `path` (in span `span`), made each time it is asked for: a frame asks for the
    /// rows on screen, a key for the focused one. The group is not read: copying a `RowGroup` out
    /// of its array, in code not specialised for the state, asks the runtime for its metadata;
    /// its maker, kept beside the span, is a reference.
    private func madeRow(span: Int, at path: RowPath) -> any FormRow<State> {
        let maker = unsafeDowncast(spans[span].makers[path.group], to: RowMaker<State>.self)
        return maker.row(state, path.index)
    }

    init(
        form: Form<State>, state: State, messages: [RowPath: String] = [:], expanded: RowPath? = nil,
        filter: String = "", spacious: Bool = false, wrapping: NoteWrapping? = nil,
        reusing previous: LayoutReuse? = nil, changed: LayoutChange = .any
    ) {
        self.form = form
        self.state = state
        self.isFiltered = !filter.isEmpty
        self.messages = messages
        self.expanded = expanded
        self.spacious = spacious
        var walked = 0
        let reads = previous?.reads ?? Self.layoutReads(of: form)
        self.reads = reads
        // The previous layout's spans and groups, when the sections the change cannot reach
        // keep them whole: nothing filters either layout, and the messages and the spacing are
        // as they were. Not looked for where no section can be kept: a change through a binding
        // on a form whose rows do not read apart (a Space on a list of a million switches).
        let mayKeep: Bool
        switch changed {
        case .none: mayKeep = true
        case .through: mayKeep = form.rowsReadApart
        case .any: mayKeep = false
        }
        let untouched: SpanGroups<State>? =
            mayKeep && filter.isEmpty && previous?.spacious == spacious && previous?.messages == messages
            ? previous?.groups as? SpanGroups<State> : nil
        let messagesBySection = messages.isEmpty ? [:] : Dictionary(grouping: messages, by: \.key.section)
        var spans: [LayoutSpan] = []
        // Unfiltered, a span's groups are its section's own: gathered after the loop, or the
        // previous layout's taken whole when the same sections show.
        var spanGroups: [[RowGroup<State>]] = []
        spans.reserveCapacity(form.sections.count)
        if !filter.isEmpty { spanGroups.reserveCapacity(form.sections.count) }
        var line = 0
        // The previous layout's spans, in the order of their sections, when they were made from
        // the same groups (nothing filters either layout).
        let earlier = filter.isEmpty ? previous?.spans ?? [] : []
        var nextEarlier = 0
        // By index: an enumerated sequence of generic sections costs a metadata lookup per step.
        for sectionIndex in 0..<form.sections.count {
            if let untouched, let previous, expanded?.section != sectionIndex,
                previous.expanded?.section != sectionIndex,
                Self.cannotReach(reads[sectionIndex], changed, form.rowsReadApart)
            {
                // Neither its visibility nor its lines can have changed: its previous span (none
                // when it was hidden), moved to where it now starts, without asking its groups.
                while nextEarlier < earlier.count, earlier[nextEarlier].section < sectionIndex {
                    nextEarlier += 1
                }
                guard nextEarlier < earlier.count, earlier[nextEarlier].section == sectionIndex else {
                    continue
                }
                let old = earlier[nextEarlier]
                let gap = spacious && !spans.isEmpty && old.header != nil ? 1 : 0
                let span =
                    old.start == line && old.gap == gap
                    ? old
                    : LayoutSpan(
                        old, start: line, gap: gap, header: old.header, isDisabled: old.isDisabled,
                        footer: old.footer)
                spans.append(span)
                if !filter.isEmpty { spanGroups.append(untouched.groups[nextEarlier]) }
                line += span.lineCount
                continue
            }
            let section = form.sections[sectionIndex]
            guard section.isVisible(state) else { continue }
            // Shared, not copied, when nothing filters: a layout is made on every change.
            let groups = filter.isEmpty ? section.groups : section.groups.map { $0.filtered(by: filter) }
            while nextEarlier < earlier.count, earlier[nextEarlier].section < sectionIndex {
                nextEarlier += 1
            }
            let old: LayoutSpan? =
                nextEarlier < earlier.count && earlier[nextEarlier].section == sectionIndex
                    && earlier[nextEarlier].groupStarts.count == groups.count ? earlier[nextEarlier] : nil
            // The groups' places and rules as the previous layout had them, until one differs:
            // then copied up to there and made from there on (a change that flips a switch
            // leaves them all, and a key then makes none of these arrays).
            var starts: [Int] = []
            var disabledGroups: [Bool] = []
            var sameAsOld = old != nil
            var rows = 0
            var extras: [Int: LayoutExtra] = [:]
            walked += groups.count
            // Each group read where it lies: in code not specialised for the state, `groups[i]`
            // copies the group out, a dozen references retained and released, and that was 7%
            // of a 100,000-row spec's load over this loop, the one below, the rules' walk and
            // `Form.isFilterable` (`Benchmarks/specload.py`). A plain range: `indices` of an
            // array of generic groups asks the runtime for the metadata of its range type.
            groups.withUnsafeBufferPointer { groups in
                for groupIndex in 0..<groups.count {
                    let count = groups[groupIndex].fixedCount ?? max(0, groups[groupIndex].count(state))
                    // Asked only of a group with rows, as it was asked of rows before: a rule may
                    // read the element it guards (`$0.items[0].locked`).
                    let disabled = count > 0 && groups[groupIndex].isDisabled?(state) == true
                    if sameAsOld, let old,
                        old.groupStarts[groupIndex] != rows || old.disabledGroups[groupIndex] != disabled
                    {
                        sameAsOld = false
                        // Each array takes one entry a group: made at its size once, not grown.
                        starts.reserveCapacity(groups.count)
                        disabledGroups.reserveCapacity(groups.count)
                        starts.append(contentsOf: old.groupStarts[..<groupIndex])
                        disabledGroups.append(contentsOf: old.disabledGroups[..<groupIndex])
                    } else if !sameAsOld, starts.isEmpty {
                        starts.reserveCapacity(groups.count)
                        disabledGroups.reserveCapacity(groups.count)
                    }
                    if !sameAsOld {
                        starts.append(rows)
                        disabledGroups.append(disabled)
                    }
                    if count == 1, let height = groups[groupIndex].height?(state), height > 1 {
                        extras[rows, default: LayoutExtra(row: rows)].rowLines = height - 1
                    }
                    rows += count
                }
            }
            if sameAsOld, let old {
                starts = old.groupStarts
                disabledGroups = old.disabledGroups
            }
            let rowCount = rows
            func place(_ path: RowPath) -> Int? {
                guard path.group >= 0, path.group < starts.count, path.index >= 0,
                    starts[path.group] + path.index
                        < LayoutSpan.groupEnd(path.group, starts: starts, rowCount: rowCount)
                else { return nil }
                return starts[path.group] + path.index
            }
            // Messages of rows that are not there (hidden, or past the end of a list) are dropped.
            for (path, message) in messagesBySection[sectionIndex] ?? [] {
                guard let row = place(path) else { continue }
                extras[row, default: LayoutExtra(row: row)].message = NoteWrapping.lines(
                    of: message, wrapping?.message)
            }
            if let expanded, expanded.section == sectionIndex, let row = place(expanded),
                groups[expanded.group].row(state, expanded.index).inlinePicker(in: state) != nil
            {
                extras[row, default: LayoutExtra(row: row)].pickerLines = InlinePicker.lineCount
            }
            let header = section.header(state)
            let gap = spacious && !spans.isEmpty && header != nil ? 1 : 0
            let isDisabled = section.isDisabled(state)
            let footer =
                section.footer(for: state, filter: filter).map {
                    NoteWrapping.lines(of: $0, wrapping?.footer)
                } ?? []
            let sortedExtras = extras.isEmpty ? [] : extras.values.sorted { $0.row < $1.row }
            let span: LayoutSpan
            if sameAsOld, let old, old.rowCount == rowCount, old.extras == sortedExtras {
                // The same rows in the same places: the previous span as it is, or with the
                // lines around its rows made again.
                span =
                    old.start == line && old.gap == gap && old.header == header
                        && old.isDisabled == isDisabled
                        && old.footer == footer
                    ? old
                    : LayoutSpan(
                        old, start: line, gap: gap, header: header, isDisabled: isDisabled, footer: footer)
            } else if let old {
                // The same groups: what does not depend on the state is the previous span's.
                span = LayoutSpan(
                    section: sectionIndex, start: line, gap: gap, header: header, isDisabled: isDisabled,
                    groupStarts: starts, rowCount: rows, footer: footer, extras: sortedExtras,
                    disabledGroups: disabledGroups, editableGroups: old.editableGroups,
                    sharedHints: old.sharedHints, makers: old.makers)
            } else {
                var editableGroups: [Bool] = []
                var sharedHints: [SharedHints?] = []
                var makers: [AnyObject] = []
                editableGroups.reserveCapacity(groups.count)
                sharedHints.reserveCapacity(groups.count)
                makers.reserveCapacity(groups.count)
                groups.withUnsafeBufferPointer { groups in
                    for groupIndex in 0..<groups.count {
                        editableGroups.append(groups[groupIndex].editing != nil)
                        sharedHints.append(groups[groupIndex].sharedHints)
                        makers.append(groups[groupIndex].maker)
                    }
                }
                span = LayoutSpan(
                    section: sectionIndex, start: line, gap: gap, header: header, isDisabled: isDisabled,
                    groupStarts: starts, rowCount: rows, footer: footer, extras: sortedExtras,
                    disabledGroups: disabledGroups, editableGroups: editableGroups,
                    sharedHints: sharedHints, makers: makers)
            }
            spans.append(span)
            if !filter.isEmpty { spanGroups.append(groups) }
            line += span.lineCount
        }
        self.spans = spans
        if filter.isEmpty {
            // A reuse comes from an unfiltered layout only (`reuse`): its groups are sections' own.
            if let previous, Self.sameSections(spans, previous.spans),
                let kept = previous.groups as? SpanGroups<State>
            {
                self.groups = kept
            } else {
                spanGroups.reserveCapacity(spans.count)
                for span in spans { spanGroups.append(form.sections[span.section].groups) }
                self.groups = SpanGroups(spanGroups)
            }
        } else {
            self.groups = SpanGroups(spanGroups)
        }
        self.count = line
        self.groupsWalked = walked
    }

    let messages: [RowPath: String]
    let expanded: RowPath?
    let spacious: Bool
    let reads: [Set<AnyKeyPath>?]
    /// Whether sections get a blank line before their headers (`Form.layout(spacious:)`).
    package var isSpacious: Bool { spacious }

    /// What the next layout of the same form may take over from this one, unless a filter
    /// narrowed it: spans whose groups a change left in place (see `Form.layout(...reusing:)`).
    package var reuse: LayoutReuse? {
        isFiltered
            ? nil
            : LayoutReuse(
                spans: spans, messages: messages, expanded: expanded, spacious: spacious, reads: reads,
                groups: groups)
    }

    /// The line at `index` (0 ..< count).
    public func line(_ index: Int) -> FormLine<State> {
        precondition(index >= 0 && index < count, "line \(index) is outside 0..<\(count)")
        switch place(ofLine: index) {
        case .gap: return .header(nil)
        case .header(let span): return .header(spans[span].header)
        case .footer(let span, let line): return .footer(spans[span].footer[line])
        case .body(_, let path, .message(let text, let line)): return .message(path, text, line: line)
        case .body(let span, let path, .row(let line)):
            let made = madeRow(span: span, at: path)
            return line == 0 ? .row(path, made) : .rowLine(path, made, line: line)
        case .body(let span, let path, .picker(let line)):
            return .picker(path, madeRow(span: span, at: path), line: line)
        }
    }

    /// The largest of `measure` over the rows `section` writes out one by one (groups of one
    /// row, made as the layout makes them and kept by it), not the rows of its lists (a
    /// `ForEach`'s, a million options among them); nil when the section is not shown or has more
    /// than `limit` groups or no such row. The screen lines a section's values up
    /// after its widest title.
    public func widest(
        ofSection section: Int, limit: Int, _ measure: (any FormRow<State>) -> Int
    ) -> Int? {
        guard let found = spanIndex(ofSection: section) else { return nil }
        let span = spans[found]
        guard span.groupStarts.count <= limit else { return nil }
        var widest: Int?
        for group in span.groupStarts.indices where span.groupEnd(group) - span.groupStarts[group] == 1 {
            let row = madeRow(span: found, at: RowPath(section: section, group: group, index: 0))
            widest = max(widest ?? 0, measure(row))
        }
        return widest
    }

    /// The index in `form.sections` of the section that `index` (0 ..< count) is a line of.
    public func section(onLine index: Int) -> Int {
        spans[LayoutSpan.lastIndex(count: spans.count, notAbove: index) { spans[$0].start }].section
    }

    private func place(ofLine index: Int) -> LinePlace {
        let spanIndex = LayoutSpan.lastIndex(count: spans.count, notAbove: index) { spans[$0].start }
        let span = spans[spanIndex]
        let offset = index - span.start
        if offset < span.gap { return .gap }
        if offset == span.gap { return .header(span: spanIndex) }
        let body = index - span.bodyStart
        if body >= span.bodyCount { return .footer(span: spanIndex, line: body - span.bodyCount) }
        let (row, part) = span.locate(body)
        let groupIndex = span.groupIndex(ofRow: row)
        let path = RowPath(
            section: span.section, group: groupIndex, index: row - span.groupStarts[groupIndex])
        return .body(span: spanIndex, path: path, part: part)
    }

    /// The row whose first line is `index`, with its path; nil for any other line. What
    /// `line(index).row` says, without making a `FormLine` (whose metadata code that is not
    /// specialised for the state asks the runtime for: the focused row is asked for on every key).
    public func row(onLine index: Int) -> (path: RowPath, row: any FormRow<State>)? {
        guard let (span, path) = rowLocation(at: index) else { return nil }
        return (path, madeRow(span: span, at: path))
    }

    /// The path of the row whose first line is `index`, or nil for any other line; unlike
    /// `line(_:)`, it makes no row (moving focus through a long list makes none it skips).
    public func rowPath(at index: Int) -> RowPath? {
        rowLocation(at: index)?.path
    }

    /// The path and hints of the row whose first line is `index`, when every row of its group
    /// offers the same hints (`FormRow.hasFixedHints`) and takes focus (enabled, of a kind that
    /// does): such a row takes no typed text and opens no picker in place, so its hints are all
    /// that a key or the help line needs of it. Makes no row but the first one asked of the group.
    ///
    /// ```swift
    /// layout.fixedHints(onLine: 5)?.hints  // [RowHint(.toggle, "Toggle")] on a list of switches
    /// ```
    public func fixedHints(onLine index: Int) -> (path: RowPath, hints: [RowHint])? {
        guard let (span, path) = rowLocation(at: index), case let laid = spans[span],
            let shared = laid.sharedHints[path.group], !laid.isDisabled, !laid.disabledGroups[path.group],
            takesFocus(span: span, group: path.group)
        else { return nil }
        if let hints = shared.hints { return (path, hints) }
        let hints = madeRow(span: span, at: path).hints(in: state)
        shared.hints = hints
        return (path, hints)
    }

    /// The span and path of the row whose first line is `index`.
    private func rowLocation(at index: Int) -> (span: Int, path: RowPath)? {
        guard index >= 0, index < count, case .body(let span, let path, .row(line: 0)) = place(ofLine: index)
        else { return nil }
        return (span, path)
    }

    /// Where the span of `section` is, if the section is visible.
    private func spanIndex(ofSection section: Int) -> Int? {
        spans.firstIndex { $0.section == section }
    }

    /// The line that holds the row at `path`, if that row is visible.
    public func index(of path: RowPath) -> Int? {
        guard let found = spanIndex(ofSection: path.section), case let span = spans[found],
            path.group >= 0, path.group < span.groupStarts.count, path.index >= 0
        else { return nil }
        let row = span.groupStarts[path.group] + path.index
        guard row < span.groupEnd(path.group) else { return nil }
        return span.bodyStart + span.bodyLine(ofRow: row)
    }

    /// The lines the row at `path` covers: its own, and its extra lines (a tall row's other
    /// lines, its open picker, its message).
    public func lines(of path: RowPath) -> Range<Int>? {
        guard let first = index(of: path), let found = spanIndex(ofSection: path.section) else { return nil }
        let span = spans[found]
        let row = span.groupStarts[path.group] + path.index
        return first..<(span.bodyStart + span.lastBodyLine(ofRow: row) + 1)
    }

    /// The row group at `path`, as shown.
    public func group(of path: RowPath) -> RowGroup<State>? {
        guard let found = spanIndex(ofSection: path.section), path.group >= 0,
            path.group < groups.groups[found].count
        else { return nil }
        return groups.groups[found][path.group]
    }

    /// Whether the row at `path` is disabled, by its section or by its own rule.
    public func isDisabled(_ path: RowPath) -> Bool {
        guard let found = spanIndex(ofSection: path.section) else { return false }
        let span = spans[found]
        if span.isDisabled { return true }
        guard path.group >= 0, path.group < span.disabledGroups.count else { return false }
        return span.disabledGroups[path.group]
    }

    /// Whether the row at `path` belongs to an array the user can change (a `ForEach` with
    /// `editable:`), which `group(of:)` then tells how.
    public func isEditable(_ path: RowPath) -> Bool {
        guard let found = spanIndex(ofSection: path.section), path.group >= 0,
            path.group < spans[found].editableGroups.count
        else { return false }
        return spans[found].editableGroups[path.group]
    }

    /// Whether the rows of group `group` of span `span` take focus, as its first row says.
    private func takesFocus(span: Int, group: Int) -> Bool {
        if let known = spans[span].focusable[group] { return known }
        let path = RowPath(section: spans[span].section, group: group, index: 0)
        let answer = madeRow(span: span, at: path).isFocusable
        spans[span].focusable[group] = answer
        return answer
    }

    /// The nearest line from `start` (inclusive) in `direction` (+1 or -1) whose row can take
    /// focus, or nil when there is none that way.
    ///
    /// The rows of a group take focus alike (one row, or a `ForEach` whose rows come from one
    /// closure), so a group whose first row cannot take focus, or that is disabled, is skipped
    /// whole: moving past a million labels costs one row, not a million.
    public func focusableLine(from start: Int, direction: Int) -> Int? {
        var index = start
        while index >= 0 && index < count {
            let spanIndex = LayoutSpan.lastIndex(count: spans.count, notAbove: index) { spans[$0].start }
            let span = spans[spanIndex]
            let offset = index - span.bodyStart
            guard offset >= 0, offset < span.bodyCount, !span.isDisabled else {
                // A header, a footer, or a disabled section: on to the next section's edge.
                index =
                    span.isDisabled && offset >= 0
                    ? (direction > 0 ? span.start + span.lineCount : span.start - 1) : index + direction
                continue
            }
            let (row, part) = span.locate(offset)
            guard case .row(line: 0) = part else {
                index += direction
                continue
            }
            let groupIndex = span.groupIndex(ofRow: row)
            if !span.disabledGroups[groupIndex], takesFocus(span: spanIndex, group: groupIndex) {
                return index
            }
            let firstLine = span.bodyStart + span.bodyLine(ofRow: span.groupStarts[groupIndex])
            let lastLine = span.bodyStart + span.lastBodyLine(ofRow: span.groupEnd(groupIndex) - 1)
            index = direction > 0 ? lastLine + 1 : firstLine - 1
        }
        return nil
    }
}

/// Where a layout's line falls: a span's header or footer, or a line of a row. Outside the
/// generic layout: nested in it, it was generic too, and each line asked for looked up its
/// metadata and took its payloads apart through value witnesses.
private enum LinePlace {
    /// The blank line before a section's header, in a spacious layout.
    case gap
    case header(span: Int)
    case footer(span: Int, line: Int)
    case body(span: Int, path: RowPath, part: LayoutSpan.Part)
}
