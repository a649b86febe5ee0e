/// Draws a title with a read-only value on the right, or a value that opens a screen (with `›`).
public final class ValueCell: TableCell {
    public static let identifier = "label"
    public var title = ""
    public var value = ""
    public var showsDisclosure = false

    public init() {}

    public func configure(title: String, value: String, showsDisclosure: Bool = false) {
        self.title = title
        self.value = value
        self.showsDisclosure = showsDisclosure
    }

    public func prepareForReuse() {
        title = ""
        value = ""
        showsDisclosure = false
    }

    public func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        var trailing: [(text: String, role: Style.Role)] = [(value, .value)]
        if showsDisclosure { trailing.append((" ›", .disclosure)) }
        RowChrome.draw(in: &canvas, frame: frame, highlighted: highlighted, title: title, trailing: trailing)
    }
}
