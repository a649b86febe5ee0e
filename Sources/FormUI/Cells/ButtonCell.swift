/// Draws an action row: its label, and `›` at the right edge.
public final class ButtonCell: TableCell {
    public static let identifier = "button"
    public var title = ""

    public init() {}

    public func configure(title: String) { self.title = title }
    public func prepareForReuse() { title = "" }

    public func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        RowChrome.draw(
            in: &canvas, frame: frame, highlighted: highlighted, title: title, titleRole: .value,
            trailing: [("›", .disclosure)])
    }
}
