/// A scrolled list of one-line entries with one chosen, as the review and jump screens draw it:
/// a title at the indent of a form's row titles, a detail after it in the value style, section
/// headers between them. Top-level and plain, shared by both screens.
struct PickList {
    struct Line: Equatable {
        /// A header line (not choosable), or an entry.
        var isHeader: Bool
        var title: String
        var detail: String
        /// The entry this line is, for an entry: what the screen acts on.
        var entry: Int?
        /// A line of text across the whole width, without a detail (a review's diff).
        var spansWidth = false
    }

    var lines: [Line] = []
    /// The chosen entry's line.
    var selected: Int?
    var scrollOffset = 0

    /// The first entry's line, if any.
    mutating func selectFirst() {
        selected = lines.firstIndex { !$0.isHeader }
    }

    /// Moves the choice by `delta` entries, stopping at either end.
    mutating func move(by delta: Int) {
        guard var line = selected else { return selectFirst() }
        var remaining = abs(delta)
        let step = delta < 0 ? -1 : 1
        var next = line + step
        while remaining > 0, next >= 0, next < lines.count {
            if !lines[next].isHeader {
                line = next
                remaining -= 1
            }
            next += step
        }
        selected = line
    }

    var selectedEntry: Int? { selected.flatMap { lines[$0].entry } }

    /// Draws the lines from `area.minY`, blanks below them; keeps the choice in view.
    mutating func draw(into canvas: inout Canvas, area: Rect, titleColumns: Int) {
        guard area.height > 0 else { return }
        if let selected {
            if selected < scrollOffset { scrollOffset = max(0, selected - 1) }
            if selected >= scrollOffset + area.height { scrollOffset = selected - area.height + 1 }
        }
        scrollOffset = max(0, min(scrollOffset, max(0, lines.count - area.height)))
        let indent = RowChrome.titleIndent
        let detailX = area.minX + indent + min(titleColumns, max(8, area.width / 2)) + 2
        for y in area.minY..<area.maxY {
            let index = scrollOffset + y - area.minY
            let isSelected = index == selected
            guard index < lines.count else {
                canvas.fill(row: y, from: area.minX, width: area.width, style: .plain)
                continue
            }
            let line = lines[index]
            canvas.fill(
                row: y, from: area.minX, width: area.width, style: Style(.plain, highlighted: isSelected))
            if line.isHeader {
                canvas.write(
                    line.title, at: Point(x: area.minX + 1, y: y), style: Style(.header), limit: area.maxX)
                continue
            }
            if isSelected {
                canvas.write(">", at: Point(x: area.minX, y: y), style: Style(.plain, highlighted: true))
            }
            if line.spansWidth {
                canvas.write(
                    line.title, at: Point(x: area.minX + indent, y: y),
                    style: Style(.plain, highlighted: isSelected), limit: area.maxX)
                continue
            }
            // A line without a detail (a jump target) has the whole line for its title; a detail
            // too long for the rest of the line ends in "…".
            let titleRoom =
                line.detail.isEmpty ? area.maxX - 1 - area.minX - indent : detailX - 2 - area.minX - indent
            canvas.write(
                TextWidth.truncate(line.title, to: max(0, titleRoom)),
                at: Point(x: area.minX + indent, y: y), style: Style(.plain, highlighted: isSelected),
                limit: area.maxX)
            canvas.write(
                TextWidth.truncate(line.detail, to: max(0, area.maxX - 1 - detailX)),
                at: Point(x: detailX, y: y),
                style: Style(.value, highlighted: isSelected), limit: area.maxX)
        }
        if let selected, selected >= scrollOffset, selected < scrollOffset + area.height {
            canvas.cursor = Point(x: area.minX, y: area.minY + selected - scrollOffset)
        }
    }
}
