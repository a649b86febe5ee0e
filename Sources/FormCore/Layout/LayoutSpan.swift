/// The lines under one row besides the row's own first line.
struct LayoutExtra: Equatable {
    var row: Int
    var rowLines = 0
    var pickerLines = 0
    /// The message's lines, wrapped to the screen (none without a message).
    var message: [String] = []
    var total: Int { rowLines + pickerLines + message.count }
}

/// One visible section of a layout: where its lines start and how its rows and their extra
/// lines fall. Not generic (its row groups are kept beside it), so that finding a line costs no
/// generic metadata lookups, which profiles showed as a third of a key in a burst.
///
/// A class, though only its focus answers change once made: reading a span out of the layout's
/// array copied each of its arrays (a retain and a release apiece), several times per key.
final class LayoutSpan {
    let section: Int
    /// The span's first line: its gap (in a spacious layout) or its header.
    let start: Int
    /// Blank lines before the header (1 in a spacious layout, between sections with headers).
    let gap: Int
    let header: String?
    let isDisabled: Bool
    /// First row of each group, counted from the section's first row.
    let groupStarts: [Int]
    let rowCount: Int
    /// The footer's lines, wrapped to the screen (none without a footer).
    let footer: [String]
    /// Rows with extra lines, ascending by row, and the sum of the extra lines before each.
    let extras: [LayoutExtra]
    let extraBefore: [Int]
    /// Per group: whether it is disabled for the layout's state (its own rule), and whether its
    /// array can be edited. Kept here so that asking costs no copy of a generic `RowGroup`.
    let disabledGroups: [Bool]
    let editableGroups: [Bool]
    /// Per group: the hints its rows share, when they do (see `RowGroup.sharedHints`).
    let sharedHints: [SharedHints?]
    /// Per group: how it makes its rows (`RowGroup.maker`, a `RowMaker` of the layout's state).
    let makers: [AnyObject]
    /// Per group, once asked: whether its rows take focus (they all do, or none does), so that
    /// moving focus asks a group's first row once per layout.
    var focusable: [Bool?]

    init(
        section: Int, start: Int, gap: Int = 0, header: String?, isDisabled: Bool, groupStarts: [Int],
        rowCount: Int,
        footer: [String], extras: [LayoutExtra], disabledGroups: [Bool], editableGroups: [Bool],
        sharedHints: [SharedHints?], makers: [AnyObject]
    ) {
        self.section = section
        self.start = start
        self.gap = gap
        self.header = header
        self.isDisabled = isDisabled
        self.groupStarts = groupStarts
        self.rowCount = rowCount
        self.footer = footer
        self.extras = extras
        var before = [0]
        for extra in extras { before.append(before[before.count - 1] + extra.total) }
        self.extraBefore = before
        self.disabledGroups = disabledGroups
        self.editableGroups = editableGroups
        self.sharedHints = sharedHints
        self.makers = makers
        self.focusable = Array(repeating: nil, count: groupStarts.count)
    }

    /// `span` with another start, gap, header and footer: what a change to the state leaves of a
    /// span whose rows it did not add, remove or disable (a switch counted in the header). Its
    /// arrays are shared, not made again.
    init(_ span: LayoutSpan, start: Int, gap: Int, header: String?, isDisabled: Bool, footer: [String]) {
        self.section = span.section
        self.start = start
        self.gap = gap
        self.header = header
        self.isDisabled = isDisabled
        self.groupStarts = span.groupStarts
        self.rowCount = span.rowCount
        self.footer = footer
        self.extras = span.extras
        self.extraBefore = span.extraBefore
        self.disabledGroups = span.disabledGroups
        self.editableGroups = span.editableGroups
        self.sharedHints = span.sharedHints
        self.makers = span.makers
        // Whether a group's rows take focus is the group's own (its rows take focus alike).
        self.focusable = span.focusable
    }

    /// The lines of row `row` (from the section's first) past its own first: a tall row's.
    func rowLines(ofRow row: Int) -> Int {
        for extra in extras where extra.row == row { return extra.rowLines }
        return 0
    }

    /// Lines between the header and the footer.
    var bodyCount: Int { rowCount + extraBefore[extras.count] }
    var lineCount: Int { gap + 1 + bodyCount + footer.count }
    /// The line of the first row: after the gap and the header.
    var bodyStart: Int { start + gap + 1 }

    enum Part {
        case row(line: Int)
        case picker(line: Int)
        /// Line `line` (from 0) of the row's message.
        case message(String, line: Int)
    }

    /// Where body line `offset` falls: on which row, and on which of its lines.
    func locate(_ offset: Int) -> (row: Int, part: Part) {
        // Extra i's row sits at body line extras[i].row + extraBefore[i], an ascending sequence.
        var low = 0
        var high = extras.count
        while low < high {
            let middle = (low + high) / 2
            if extras[middle].row + extraBefore[middle] <= offset {
                low = middle + 1
            } else {
                high = middle
            }
        }
        guard low > 0 else { return (offset, .row(line: 0)) }
        let extra = extras[low - 1]
        var sub = offset - (extra.row + extraBefore[low - 1])
        guard sub <= extra.total else { return (offset - extraBefore[low], .row(line: 0)) }
        if sub <= extra.rowLines { return (extra.row, .row(line: sub)) }
        sub -= extra.rowLines + 1
        if sub < extra.pickerLines { return (extra.row, .picker(line: sub)) }
        sub -= extra.pickerLines
        return (extra.row, .message(extra.message[sub], line: sub))
    }

    /// The body line of row `row`: after it come the extra lines of the rows before it.
    func bodyLine(ofRow row: Int) -> Int {
        var low = 0
        var high = extras.count
        while low < high {
            let middle = (low + high) / 2
            if extras[middle].row < row { low = middle + 1 } else { high = middle }
        }
        return row + extraBefore[low]
    }

    /// The last body line of row `row`, its extra lines included.
    func lastBodyLine(ofRow row: Int) -> Int {
        let first = bodyLine(ofRow: row + 1)
        return first - 1
    }

    func groupIndex(ofRow row: Int) -> Int {
        LayoutSpan.lastIndex(count: groupStarts.count, notAbove: row) { groupStarts[$0] }
    }

    func groupEnd(_ group: Int) -> Int {
        Self.groupEnd(group, starts: groupStarts, rowCount: rowCount)
    }

    /// Where group `group` ends, for groups starting at `starts` in a section of `rowCount` rows
    /// (also asked while a layout places its messages, before the span is made).
    static func groupEnd(_ group: Int, starts: [Int], rowCount: Int) -> Int {
        group + 1 < starts.count ? starts[group + 1] : rowCount
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
