/// The common look of a form row: a focus marker, the title on the left, a value on the right.
/// Custom cells draw with it to look like the rows around them.
///
/// Focus is the marker (`>`) and the row's title in the focus style (reverse video; bold too
/// where colors are off, see `Theme.focus`): the marker makes it visible without color, in a
/// screen reader and in text snapshots. Values keep their own look, so a focused row still shows
/// a switch's state in its colors and a text being edited with its caret. The rest of the line
/// stays blank: a bar across the width would cost every blank of it on each move, since a
/// terminal cannot erase to reverse-video blanks. A disabled row is drawn dim, whatever its
/// roles; focused, its marker and title are still in the focus style.
///
/// ```swift
/// RowChrome.draw(in: &canvas, frame: frame, highlighted: highlighted, context: context,
///                title: "Rating", trailing: [("★★★☆☆", .value)])
/// ```
///
/// A cell that lays its line out itself starts with `drawLead` and writes its title with
/// `writeTitle`, its values with `valueStyle`:
///
/// ```swift
/// RowChrome.drawLead(in: &canvas, frame: frame, highlighted: highlighted, context: context)
/// RowChrome.writeTitle(
///     "Volume", in: &canvas, frame: frame, limit: barX - 1, highlighted: highlighted, context: context)
/// canvas.write("[===--]", at: Point(x: barX, y: frame.minY), style: RowChrome.valueStyle(.on, context: context))
/// ```
public enum RowChrome {
    public static let titleIndent = 2
    public static let rightMargin = 1
    /// On a wide terminal the value stays this close to the title: a row reads as one line
    /// instead of a title at column 2 and a value at column 190.
    public static let readableWidth = 100

    /// The part of `frame` a row uses: all of it up to `readableWidth` columns.
    public static func readable(_ frame: Rect) -> Rect {
        Rect(x: frame.minX, y: frame.minY, width: min(frame.width, readableWidth), height: frame.height)
    }

    /// The column where fields (text being typed, a slider's bar) start, so that they line up
    /// from row to row: two fifths of the readable line.
    public static func fieldColumn(in frame: Rect) -> Int {
        frame.minX + max(titleIndent + 6, readable(frame).width * 2 / 5)
    }

    /// Draws the row; `trailing` pieces are laid out right to left from the right margin.
    public static func draw(
        in canvas: inout Canvas, frame: Rect, highlighted: Bool, context: CellContext = CellContext(),
        title: String, titleRole: Style.Role = .plain, trailing: [(text: String, role: Style.Role)]
    ) {
        // An empty frame (a terminal shrunk to nothing) has no room even for the focus marker.
        guard frame.width > 0, frame.height > 0 else { return }
        drawLead(in: &canvas, frame: frame, highlighted: highlighted, context: context)
        let line = readable(frame)
        let trailingWidth = trailing.reduce(0) { $0 + TextWidth.of($1.text) }
        var x = line.maxX - rightMargin - trailingWidth
        let titleStart = line.minX + titleIndent
        // The value wins over the title when space is short: a switch's state must stay readable.
        let titleRoom = max(0, x - 1 - titleStart)
        writeTitle(
            TextWidth.truncate(title, to: titleRoom), in: &canvas, frame: frame, x: titleStart, limit: x,
            highlighted: highlighted, context: context, role: titleRole)
        x = max(x, titleStart)
        for piece in trailing {
            x = canvas.write(
                piece.text, at: Point(x: x, y: frame.minY), style: valueStyle(piece.role, context: context),
                limit: line.maxX - rightMargin)
        }
    }

    /// Blanks the row's line and, on the first line of a focused row, draws the focus marker.
    public static func drawLead(
        in canvas: inout Canvas, frame: Rect, highlighted: Bool, context: CellContext = CellContext()
    ) {
        guard frame.width > 0, frame.height > 0 else { return }
        canvas.fill(row: frame.minY, from: frame.minX, width: frame.width, style: .plain)
        if highlighted, context.line == 0 {
            canvas.write(
                ">", at: Point(x: frame.minX, y: frame.minY), style: Style(highlighted: true),
                limit: frame.maxX)
        }
    }

    /// Writes a row's title on `frame`'s line, from column `x` (the title's usual place by
    /// default) up to `limit`: in the focus style on a focused row, dim on a disabled one, else
    /// in `role`. A title in its usual place takes the column between it and the marker too, so
    /// that marker and title read as one mark. Returns the column after the title.
    @discardableResult
    public static func writeTitle(
        _ title: String, in canvas: inout Canvas, frame: Rect, x: Int? = nil, limit: Int, highlighted: Bool,
        context: CellContext = CellContext(), role: Style.Role = .plain
    ) -> Int {
        let start = x ?? frame.minX + titleIndent
        let style = Style(context.isDisabled ? .disabled : role, highlighted: highlighted)
        guard !title.isEmpty, frame.width > 0, frame.height > 0 else { return start }
        let end = min(limit, frame.maxX)
        if highlighted, context.line == 0, start == frame.minX + titleIndent {
            canvas.write(
                String(repeating: " ", count: titleIndent - 1), at: Point(x: frame.minX + 1, y: frame.minY),
                style: style, limit: min(start, end))
        }
        return canvas.write(title, at: Point(x: start, y: frame.minY), style: style, limit: end)
    }

    /// The look of a row's value (a switch's state, text typed, a chosen item): its own role, or
    /// dim on a disabled row. Never the focus style: the title carries the focus.
    public static func valueStyle(_ role: Style.Role, context: CellContext) -> Style {
        Style(context.isDisabled ? .disabled : role)
    }
}
