/// Draws a section's footer: a note under its rows, often following the state.
public final class SectionFooterCell: TableCell {
    public static let identifier = "footer"
    public var text = ""

    public init() {}

    public func configure(text: String) { self.text = text }
    public func prepareForReuse() { text = "" }

    public func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        canvas.fill(row: frame.minY, from: frame.minX, width: frame.width, style: .plain)
        let x = frame.minX + RowChrome.titleIndent
        canvas.write(
            TextWidth.truncate(text, to: frame.maxX - x - RowChrome.rightMargin),
            at: Point(x: x, y: frame.minY), style: Style(.footer), limit: frame.maxX)
    }
}
