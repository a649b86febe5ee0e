import FormCore

/// Draws a slider row: `Volume      [========------]  70 %`.
///
/// The bar starts at the field column, as text fields do, and ends before the value. When the
/// line gets narrow the bar shrinks, then goes: the value is what must stay readable.
///
/// ```swift
/// let cell = table.dequeueCell(for: SliderContent(title: "Volume", value: "70 %", valueWidth: 5, fraction: 0.7), context: CellContext())
/// ```
public final class SliderCell: RowCell {
    public static let reuseIdentifier = "slider"
    /// The fewest cells inside the brackets that still read as a bar.
    static let minimumBarWidth = 3
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
        let valueX = end - TextWidth.of(value)
        let barX = RowChrome.fieldColumn(in: frame)
        // Brackets, the bar, then a space before the value.
        let inner = valueX - 1 - barX - 2
        guard inner >= Self.minimumBarWidth else {
            RowChrome.draw(
                in: &canvas, frame: frame, highlighted: highlighted, context: context, title: content.title,
                trailing: [(value, .value)])
            return
        }
        RowChrome.drawLead(in: &canvas, frame: frame, highlighted: highlighted, context: context)
        let y = frame.minY
        let titleX = frame.minX + RowChrome.titleIndent
        func style(_ role: Style.Role) -> Style { RowChrome.valueStyle(role, context: context) }
        RowChrome.writeTitle(
            TextWidth.truncate(content.title, to: barX - 1 - titleX), in: &canvas, frame: frame,
            limit: barX - 1, highlighted: highlighted, context: context)
        let fraction = content.fraction.isFinite ? min(max(content.fraction, 0), 1) : 0
        let filled = Int((fraction * Double(inner)).rounded())
        var x = canvas.write("[", at: Point(x: barX, y: y), style: style(.plain), limit: end)
        x = canvas.write(
            String(repeating: "=", count: filled), at: Point(x: x, y: y), style: style(.on), limit: end)
        x = canvas.write(
            String(repeating: "-", count: inner - filled), at: Point(x: x, y: y), style: style(.off),
            limit: end)
        canvas.write("]", at: Point(x: x, y: y), style: style(.plain), limit: end)
        canvas.write(value, at: Point(x: valueX, y: y), style: style(.value), limit: end)
    }
}

extension SliderContent: CellContent { public typealias Cell = SliderCell }
