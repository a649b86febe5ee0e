/// The common look of a form row: a focus marker, the title on the left, a value on the right.
/// Custom cells draw with it to look like the rows around them.
///
/// The marker (`>`) makes focus visible without color, in a screen reader and in text snapshots;
/// the whole line is highlighted as well. A disabled row is drawn dim, whatever its roles.
///
/// ```swift
/// RowChrome.draw(in: &canvas, frame: frame, highlighted: highlighted, context: context,
///                title: "Rating", trailing: [("★★★☆☆", .value)])
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
        let disabled = context.isDisabled
        canvas.fill(
            row: frame.minY, from: frame.minX, width: frame.width, style: Style(highlighted: highlighted))
        if highlighted {
            canvas.write(">", at: Point(x: frame.minX, y: frame.minY), style: Style(highlighted: true))
        }
        let line = readable(frame)
        let trailingWidth = trailing.reduce(0) { $0 + TextWidth.of($1.text) }
        var x = line.maxX - rightMargin - trailingWidth
        let titleStart = line.minX + titleIndent
        // The value wins over the title when space is short: a switch's state must stay readable.
        let titleRoom = max(0, x - 1 - titleStart)
        canvas.write(
            TextWidth.truncate(title, to: titleRoom), at: Point(x: titleStart, y: frame.minY),
            style: Style(disabled ? .disabled : titleRole, highlighted: highlighted), limit: x)
        x = max(x, titleStart)
        for piece in trailing {
            x = canvas.write(
                piece.text, at: Point(x: x, y: frame.minY),
                style: Style(disabled ? .disabled : piece.role, highlighted: highlighted),
                limit: line.maxX - rightMargin)
        }
    }
}
