/// The common look of a form row: a focus marker, the title on the left, a value on the right.
///
/// The marker (`>`) makes focus visible without color, in a screen reader and in text snapshots;
/// the whole line is highlighted as well.
enum RowChrome {
    static let titleIndent = 2
    static let rightMargin = 1

    /// Draws the row; `trailing` pieces are laid out right to left from the right margin.
    static func draw(
        in canvas: inout Canvas, frame: Rect, highlighted: Bool, title: String,
        titleRole: Style.Role = .plain, trailing: [(text: String, role: Style.Role)]
    ) {
        canvas.fill(
            row: frame.minY, from: frame.minX, width: frame.width, style: Style(highlighted: highlighted))
        if highlighted {
            canvas.write(">", at: Point(x: frame.minX, y: frame.minY), style: Style(highlighted: true))
        }
        let trailingWidth = trailing.reduce(0) { $0 + TextWidth.of($1.text) }
        var x = frame.maxX - rightMargin - trailingWidth
        let titleStart = frame.minX + titleIndent
        // The value wins over the title when space is short: a switch's state must stay readable.
        let titleRoom = max(0, x - 1 - titleStart)
        canvas.write(
            TextWidth.truncate(title, to: titleRoom), at: Point(x: titleStart, y: frame.minY),
            style: Style(titleRole, highlighted: highlighted), limit: x)
        x = max(x, titleStart)
        for piece in trailing {
            x = canvas.write(
                piece.text, at: Point(x: x, y: frame.minY),
                style: Style(piece.role, highlighted: highlighted),
                limit: frame.maxX - rightMargin)
        }
    }
}
