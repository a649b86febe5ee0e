import FormCore

/// Draws a stepper row: `Guests ........ - 3 +`. The signs are the keys that move it, and the one
/// that can go no further is dim; the number keeps its place as its width changes.
///
/// ```swift
/// let cell = table.dequeueCell(for: StepperRow("Guests", \.guests, in: 1...10).content(in: state), context: CellContext())
/// ```
public final class StepperCell: RowCell {
    public static let reuseIdentifier = "stepper"
    public private(set) var content = StepperContent(
        title: "", value: "", valueWidth: 0, canDecrement: false, canIncrement: false)
    private var context = CellContext()

    public init() {}

    public func configure(_ content: StepperContent, context: CellContext) {
        self.content = content
        self.context = context
    }

    public func prepareForReuse() {
        content = StepperContent(
            title: "", value: "", valueWidth: 0, canDecrement: false, canIncrement: false)
        context = CellContext()
    }

    public func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        let padding = max(0, content.valueWidth - TextWidth.of(content.value))
        let value = String(repeating: " ", count: padding) + content.value
        RowChrome.draw(
            in: &canvas, frame: frame, highlighted: highlighted, context: context, title: content.title,
            trailing: [
                ("−", content.canDecrement ? .marker : .disabled),
                (" \(value) ", .value),
                ("+", content.canIncrement ? .marker : .disabled),
            ])
    }
}

extension StepperContent: CellContent { public typealias Cell = StepperCell }
