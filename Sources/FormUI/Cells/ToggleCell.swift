import FormCore

/// Draws a switch row: `Play Sounds ...... [x] On`.
public final class ToggleCell: RowCell {
    public static let reuseIdentifier = "toggle"
    public private(set) var content = ToggleContent(title: "", isOn: false)
    private var context = CellContext()

    public init() {}

    public func configure(_ content: ToggleContent, context: CellContext) {
        self.content = content
        self.context = context
    }

    public func prepareForReuse() {
        content = ToggleContent(title: "", isOn: false)
        context = CellContext()
    }

    public func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        // "On " is padded to the width of "Off" so the box does not jump when the switch flips.
        let trailing: [(text: String, role: Style.Role)] =
            content.isOn ? [("[x] On ", .on)] : [("[ ] Off", .off)]
        RowChrome.draw(
            in: &canvas, frame: frame, highlighted: highlighted, context: context, title: content.title,
            trailing: trailing)
    }
}

extension ToggleContent: CellContent { public typealias Cell = ToggleCell }
