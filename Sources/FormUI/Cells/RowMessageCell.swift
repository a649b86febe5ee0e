/// Draws the message under a row: what validation found wrong with its value.
public final class RowMessageCell: TableCell {
    public static let identifier = "message"
    public var text = ""

    public init() {}

    public func configure(text: String) { self.text = text }
    public func prepareForReuse() { text = "" }

    public func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        canvas.fill(row: frame.minY, from: frame.minX, width: frame.width, style: .plain)
        // Indented under the row's title, and marked, so it reads as about that row without color.
        let x = frame.minX + RowChrome.titleIndent + 2
        canvas.write(
            TextWidth.truncate("! " + text, to: frame.maxX - x - RowChrome.rightMargin),
            at: Point(x: x, y: frame.minY), style: Style(.error), limit: frame.maxX)
    }
}
