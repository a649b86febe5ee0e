/// Draws the line that opens a section: its header (in capitals unless the section says not:
/// `Section.capitalizesHeader`), or a blank gap.
public final class SectionHeaderCell: TableCell {
    public static let identifier = "header"
    public var text: String?
    public var capitalized = true

    public init() {}

    public func configure(text: String?, capitalized: Bool = true) {
        self.text = text
        self.capitalized = capitalized
    }
    public func prepareForReuse() {
        text = nil
        capitalized = true
    }

    /// It blanks its line first.
    public var fillsItsLine: Bool { true }

    public func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        canvas.fill(row: frame.minY, from: frame.minX, width: frame.width, style: .plain)
        guard let text, !text.isEmpty else { return }
        let start = Point(x: frame.minX + 1, y: frame.minY)
        if capitalized {
            canvas.writeUppercased(text, at: start, style: Style(.header), limit: frame.maxX)
        } else {
            canvas.write(text, at: start, style: Style(.header), limit: frame.maxX)
        }
    }
}
