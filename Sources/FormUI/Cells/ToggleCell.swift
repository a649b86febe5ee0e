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

    /// It blanks its line first (`RowChrome.drawLead`).
    public var fillsItsLine: Bool { true }

    public func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        RowChrome.draw(
            in: &canvas, frame: frame, highlighted: highlighted, context: context, title: content.title,
            trailing: content.isOn ? Self.onTrailing : Self.offTrailing)
    }

    /// Made once, not an array per switch drawn.
    private static let onTrailing: [(text: String, role: Style.Role)] = [(onGlyph, .on), (" On", .on)]
    private static let offTrailing: [(text: String, role: Style.Role)] = [(offGlyph, .track), (" Off", .off)]
}

extension ToggleContent: CellContent { public typealias Cell = ToggleCell }
