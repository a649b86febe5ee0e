import FormCore

/// Draws one option of a multiple choice: `[x] Cheese`, the box before the title so that a long
/// list reads down one column of boxes.
public final class CheckCell: RowCell {
    public static let reuseIdentifier = "check"
    public private(set) var content = CheckContent(title: "", isChecked: false)
    private var context = CellContext()

    public init() {}

    public func configure(_ content: CheckContent, context: CellContext) {
        self.content = content
        self.context = context
    }

    public func prepareForReuse() {
        content = CheckContent(title: "", isChecked: false)
        context = CellContext()
    }

    /// It blanks its line first (`RowChrome.drawLead`).
    public var fillsItsLine: Bool { true }

    public func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        guard frame.width > 0, frame.height > 0 else { return }
        RowChrome.drawLead(in: &canvas, frame: frame, highlighted: highlighted, context: context)
        let line = RowChrome.readable(frame)
        let limit = line.maxX - RowChrome.rightMargin
        var x = line.minX + RowChrome.titleIndent
        x = canvas.write(
            content.isChecked ? "[✓]" : "[ ]", at: Point(x: x, y: frame.minY),
            style: RowChrome.valueStyle(
                content.isChecked ? .on : .track, context: context, highlighted: highlighted),
            limit: limit)
        // The box comes first, as in a list of choices; the title after it carries the focus.
        RowChrome.writeTitle(
            TextWidth.truncate(content.title, to: limit - x - 1), in: &canvas, frame: frame, x: x + 1,
            limit: limit, highlighted: highlighted, context: context)
    }
}

extension CheckContent: CellContent { public typealias Cell = CheckCell }
