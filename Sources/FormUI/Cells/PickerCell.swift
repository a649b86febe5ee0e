import FormCore

/// Draws one line of an inline picker open under its row: the components side by side as
/// wheels, the line in the middle holding the current values (the chosen component marked), the
/// lines above and below the values before and after.
public final class PickerCell: TableCell {
    public static let reuseIdentifier = "picker"
    private var picker = InlinePicker(components: [])
    private var line = 1
    private var chosen: Int?

    public init() {}

    public func configure(_ picker: InlinePicker, line: Int, chosen: Int?) {
        self.picker = picker
        self.line = line
        self.chosen = chosen
    }

    public func prepareForReuse() {
        picker = InlinePicker(components: [])
        chosen = nil
    }

    public func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        canvas.fill(row: frame.minY, from: frame.minX, width: frame.width, style: .plain)
        let end = RowChrome.readable(frame).maxX - RowChrome.rightMargin
        // The wheels start under the fields of the rows above, or further left when they would
        // not fit there (a date and time at 40 columns).
        let needed = picker.components.reduce(0) { total, component in
            let values = [component.previous ?? "", component.current, component.next ?? ""]
            return total + (values.map { TextWidth.of($0) }.max() ?? 0) + 3
        }
        var x = max(
            frame.minX + RowChrome.titleIndent, min(RowChrome.fieldColumn(in: frame), end - needed + 1))
        for (index, component) in picker.components.enumerated() {
            // Each wheel is as wide as its widest value, so the three lines line up.
            let values = [component.previous ?? "", component.current, component.next ?? ""]
            let width = values.map { TextWidth.of($0) }.max() ?? 0
            let text: String
            let style: Style
            switch line {
            case 0: (text, style) = (component.previous ?? "", Style(.footer))
            case 2: (text, style) = (component.next ?? "", Style(.footer))
            default:
                text = component.current
                style = Style(index == chosen ? .accent : .value)
            }
            let padding = width - TextWidth.of(text)
            let cell =
                String(repeating: " ", count: padding / 2) + text
                + String(repeating: " ", count: padding - padding / 2)
            guard x < end else { return }
            let marked = line == 1 && index == chosen
            canvas.write(
                marked ? "‹" : " ", at: Point(x: x, y: frame.minY), style: Style(.disclosure), limit: end)
            canvas.write(cell, at: Point(x: x + 1, y: frame.minY), style: style, limit: end)
            canvas.write(
                marked ? "›" : " ", at: Point(x: x + 1 + width, y: frame.minY), style: Style(.disclosure),
                limit: end)
            x += width + 3
        }
    }
}
