import FormCore

/// Draws a switch row: `Play Sounds       ━━● On`, or `○── Off` when off: the knob on the right
/// of a filled track when on, on the left of an empty one when off. In ASCII (a locale that is
/// not UTF-8) they read `==* On` and `o-- Off`.
public final class ToggleCell: RowCell {
    public static let reuseIdentifier = "toggle"
    public private(set) var content = ToggleContent(title: "", isOn: false)
    private var context = CellContext()

    /// A switch that is on, and one that is off.
    public static let onGlyph = "━━●"
    public static let offGlyph = "○──"

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
        let trailing: [(text: String, role: Style.Role)] =
            content.isOn ? [(Self.onGlyph, .on), (" On", .on)] : [(Self.offGlyph, .track), (" Off", .off)]
        RowChrome.draw(
            in: &canvas, frame: frame, highlighted: highlighted, context: context, title: content.title,
            trailing: trailing)
    }
}

extension ToggleContent: CellContent { public typealias Cell = ToggleCell }
