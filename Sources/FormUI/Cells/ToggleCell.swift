/// Draws a switch row: `Play Sounds ...... [x] On`.
public final class ToggleCell: TableCell {
    public static let identifier = "toggle"
    public var title = ""
    public var isOn = false

    public init() {}

    public func configure(title: String, isOn: Bool) {
        self.title = title
        self.isOn = isOn
    }

    public func prepareForReuse() {
        title = ""
        isOn = false
    }

    public func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        // "On " is padded to the width of "Off" so the box does not jump when the switch flips.
        let trailing: [(text: String, role: Style.Role)] =
            isOn ? [("[x] On ", .on)] : [("[ ] Off", .off)]
        RowChrome.draw(in: &canvas, frame: frame, highlighted: highlighted, title: title, trailing: trailing)
    }
}
