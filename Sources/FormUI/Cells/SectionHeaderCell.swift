/// Draws the line that opens a section: its header, or a blank gap.
public final class SectionHeaderCell: TableCell {
    public static let identifier = "header"
    public var text: String?

    public init() {}

    public func configure(text: String?) { self.text = text }
    public func prepareForReuse() { text = nil }

    /// It blanks its line first.
    public var fillsItsLine: Bool { true }

    public func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        canvas.fill(row: frame.minY, from: frame.minX, width: frame.width, style: .plain)
        guard let text, !text.isEmpty else { return }
        canvas.writeUppercased(
            text, at: Point(x: frame.minX + 1, y: frame.minY), style: Style(.header), limit: frame.maxX)
    }
}
