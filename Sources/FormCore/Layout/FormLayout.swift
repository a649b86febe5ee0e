/// Where a row sits in a form: its section, its group in the section, its index in the group.
///
/// A path names the same row across frames while the rows before it come and go, so focus can
/// stay on the row the user chose.
public struct RowPath: Hashable, Sendable, Comparable {
    public var section: Int
    public var group: Int
    public var index: Int

    public init(section: Int, group: Int, index: Int) {
        self.section = section
        self.group = group
        self.index = index
    }

    public static func < (lhs: RowPath, rhs: RowPath) -> Bool {
        (lhs.section, lhs.group, lhs.index) < (rhs.section, rhs.group, rhs.index)
    }
}

/// One line of a flattened form.
public enum FormLine<State> {
    /// The line that opens a section: its header, or a blank gap when it has none.
    case header(String?)
    case row(RowPath, any FormRow<State>)
    /// A message under the row at the path (what validation found wrong with it).
    case message(RowPath, String)
    case footer(String)

    /// The row on this line, if it holds one.
    public var row: (path: RowPath, row: any FormRow<State>)? {
        if case .row(let path, let row) = self { return (path, row) }
        return nil
    }
}

/// A form flattened into lines for one state: a header line per visible section, its rows (each
/// followed by its message line, if it has a message), and its footer when it has one.
///
/// Only counts are computed up front (one per section and per row group, plus the few rows with
/// messages), so laying out a form that repeats a row over a million elements costs as much as one
/// with a single row; the line at an index is found by binary search and its row made on demand.
///
/// ```swift
/// let layout = form.layout(for: state)
/// for index in 0..<min(layout.count, 20) { print(layout.line(index)) }
/// ```
public struct FormLayout<State> {
    struct SectionSpan {
        var section: Int
        var start: Int
        /// First line of each group, counted from the section's first row.
        var groupStarts: [Int]
        var rowCount: Int
        var footer: String?
        /// Rows (counted from the section's first row) with a message line under them, ascending,
        /// and their messages.
        var messageRows: [Int] = []
        var messages: [String] = []

        /// Lines between the header and the footer: rows and message lines.
        var bodyCount: Int { rowCount + messageRows.count }
        var lineCount: Int { 1 + bodyCount + (footer == nil ? 0 : 1) }

        /// Where body line `offset` falls: on a row, or on the message line under a row (then
        /// `message` is its position in `messages`).
        func locate(_ offset: Int) -> (row: Int, message: Int?) {
            // Message `i` sits at body line messageRows[i] + i + 1, an ascending sequence.
            var low = 0
            var high = messageRows.count
            while low < high {
                let middle = (low + high) / 2
                if messageRows[middle] + middle + 1 <= offset { low = middle + 1 } else { high = middle }
            }
            if low > 0, messageRows[low - 1] + low == offset { return (messageRows[low - 1], low - 1) }
            return (offset - low, nil)
        }

        /// The body line of row `row`: after it come the message lines of the rows before it.
        func bodyLine(ofRow row: Int) -> Int {
            var low = 0
            var high = messageRows.count
            while low < high {
                let middle = (low + high) / 2
                if messageRows[middle] < row { low = middle + 1 } else { high = middle }
            }
            return row + low
        }

        func groupIndex(ofRow row: Int) -> Int {
            FormLayout.lastIndex(count: groupStarts.count, notAbove: row) { groupStarts[$0] }
        }

        func groupEnd(_ group: Int) -> Int {
            group + 1 < groupStarts.count ? groupStarts[group + 1] : rowCount
        }
    }

    public let form: Form<State>
    public let state: State
    /// Number of lines.
    public let count: Int
    let spans: [SectionSpan]

    init(form: Form<State>, state: State, messages: [RowPath: String] = [:]) {
        self.form = form
        self.state = state
        let messagesBySection = Dictionary(grouping: messages, by: \.key.section)
        var spans: [SectionSpan] = []
        var line = 0
        for (sectionIndex, section) in form.sections.enumerated() where section.isVisible(state) {
            var starts: [Int] = []
            var rows = 0
            for group in section.groups {
                starts.append(rows)
                rows += max(0, group.count(state))
            }
            var span = SectionSpan(
                section: sectionIndex, start: line, groupStarts: starts, rowCount: rows,
                footer: section.footer(state))
            // Messages of rows that are not there (hidden, or past the end of a list) are dropped.
            let placed = (messagesBySection[sectionIndex] ?? []).compactMap { entry -> (Int, String)? in
                let path = entry.key
                guard path.group >= 0, path.group < starts.count, path.index >= 0,
                    starts[path.group] + path.index < span.groupEnd(path.group)
                else { return nil }
                return (starts[path.group] + path.index, entry.value)
            }.sorted { $0.0 < $1.0 }
            span.messageRows = placed.map(\.0)
            span.messages = placed.map(\.1)
            spans.append(span)
            line += span.lineCount
        }
        self.spans = spans
        self.count = line
    }

    /// The line at `index` (0 ..< count).
    public func line(_ index: Int) -> FormLine<State> {
        precondition(index >= 0 && index < count, "line \(index) is outside 0..<\(count)")
        let span = spans[Self.lastIndex(count: spans.count, notAbove: index) { spans[$0].start }]
        let offset = index - span.start
        if offset == 0 { return .header(form.sections[span.section].header) }
        if offset - 1 >= span.bodyCount { return .footer(span.footer ?? "") }
        let (row, message) = span.locate(offset - 1)
        let groupIndex = span.groupIndex(ofRow: row)
        let path = RowPath(
            section: span.section, group: groupIndex, index: row - span.groupStarts[groupIndex])
        if let message { return .message(path, span.messages[message]) }
        let group = form.sections[span.section].groups[groupIndex]
        return .row(path, group.row(state, path.index))
    }

    /// The line that holds the row at `path`, if that row is visible.
    public func index(of path: RowPath) -> Int? {
        guard let span = spans.first(where: { $0.section == path.section }),
            path.group >= 0, path.group < span.groupStarts.count, path.index >= 0
        else { return nil }
        let row = span.groupStarts[path.group] + path.index
        guard row < span.groupEnd(path.group) else { return nil }
        return span.start + 1 + span.bodyLine(ofRow: row)
    }

    /// The nearest line from `start` (inclusive) in `direction` (+1 or -1) whose row can take
    /// focus, or nil when there is none that way.
    ///
    /// The rows of a group take focus alike (one row, or a `ForEach` whose rows come from one
    /// closure), so a group whose first row cannot take focus is skipped whole: moving past a
    /// million labels costs one row, not a million.
    public func focusableLine(from start: Int, direction: Int) -> Int? {
        var index = start
        while index >= 0 && index < count {
            let span = spans[Self.lastIndex(count: spans.count, notAbove: index) { spans[$0].start }]
            let offset = index - span.start - 1
            guard offset >= 0, offset < span.bodyCount else {
                index += direction  // a header or a footer
                continue
            }
            let (row, message) = span.locate(offset)
            if message != nil {
                index += direction
                continue
            }
            let groupIndex = span.groupIndex(ofRow: row)
            let group = form.sections[span.section].groups[groupIndex]
            if group.row(state, 0).isFocusable { return index }
            let firstLine = span.start + 1 + span.bodyLine(ofRow: span.groupStarts[groupIndex])
            let lastLine = span.start + 1 + span.bodyLine(ofRow: span.groupEnd(groupIndex) - 1)
            index = direction > 0 ? lastLine + 1 : firstLine - 1
        }
        return nil
    }

    /// The last position among `count` ascending values whose value is not above `target`; among
    /// equal values (empty groups) the last one, which is the group that holds the line.
    static func lastIndex(count: Int, notAbove target: Int, value: (Int) -> Int) -> Int {
        var low = 0
        var high = count - 1
        var found = 0
        while low <= high {
            let middle = (low + high) / 2
            if value(middle) <= target {
                found = middle
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        return found
    }
}
