import FormCore

/// Draws a slider row: `Volume      ━━━━━━━━━━●─────  70 %`.
///
/// The track starts at the value column, as every value does, at most `maximumBarWidth` long,
/// and the value follows it. When the line gets narrow the track shrinks, then goes: the value
/// is what must stay readable.
///
/// ```swift
/// let cell = table.dequeueCell(for: SliderContent(title: "Volume", value: "70 %", valueWidth: 5, fraction: 0.7), context: CellContext())
/// ```
public final class SliderCell: RowCell {
    public static let reuseIdentifier = "slider"
    /// The fewest cells that still read as a track, and the most it takes.
    static let minimumBarWidth = 3
    static let maximumBarWidth = 24
    public private(set) var content = SliderContent(title: "", value: "", valueWidth: 0, fraction: 0)
    private var context = CellContext()

    public init() {}

    public func configure(_ content: SliderContent, context: CellContext) {
        self.content = content
        self.context = context
    }

    public func prepareForReuse() {
        content = SliderContent(title: "", value: "", valueWidth: 0, fraction: 0)
        context = CellContext()
    }

    public func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        guard frame.width > 0, frame.height > 0 else { return }
        let padding = max(0, content.valueWidth - TextWidth.of(content.value))
        let value = String(repeating: " ", count: padding) + content.value
        let end = RowChrome.readable(frame).maxX - RowChrome.rightMargin
        let barX = RowChrome.fieldColumn(in: frame, context: context)
        // The track, a space, then the value.
        let width = min(Self.maximumBarWidth, end - barX - 1 - TextWidth.of(value))
        guard width >= Self.minimumBarWidth else {
            RowChrome.draw(
                in: &canvas, frame: frame, highlighted: highlighted, context: context, title: content.title,
                trailing: [(value, .value)])
            return
        }
        RowChrome.drawLead(in: &canvas, frame: frame, highlighted: highlighted, context: context)
        let y = frame.minY
        func style(_ role: Style.Role) -> Style {
            RowChrome.valueStyle(role, context: context, highlighted: highlighted)
        }
        RowChrome.writeTitle(
            content.title, in: &canvas, frame: frame, limit: barX - 1, highlighted: highlighted,
            context: context)
        let fraction = content.fraction.isFinite ? min(max(content.fraction, 0), 1) : 0
        // The knob takes one cell of the track; the filled part leads to it.
        let filled = Int((fraction * Double(width - 1)).rounded())
        var x = canvas.write(
            String(repeating: Self.filledGlyph, count: filled), at: Point(x: barX, y: y), style: style(.on),
            limit: end)
        x = canvas.write(Self.knobGlyph, at: Point(x: x, y: y), style: style(.on), limit: end)
        x = canvas.write(
            String(repeating: Self.trackGlyph, count: width - 1 - filled), at: Point(x: x, y: y),
            style: style(.track), limit: end)
        canvas.write(value, at: Point(x: x + 1, y: y), style: style(.value), limit: end)
    }

    /// The track's filled part, its knob and its empty part (`=`, `*` and `-` in ASCII).
    public static let filledGlyph = "━"
    public static let knobGlyph = "●"
    public static let trackGlyph = "─"
}

extension SliderContent: CellContent { public typealias Cell = SliderCell }
