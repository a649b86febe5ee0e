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

    public func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        guard frame.width > 0, frame.height > 0 else { return }
        RowChrome.draw(
            in: &canvas, frame: frame, highlighted: highlighted, context: context, title: "", trailing: [])
        let line = RowChrome.readable(frame)
        let limit = line.maxX - RowChrome.rightMargin
        let role: Style.Role = context.isDisabled ? .disabled : content.isChecked ? .on : .off
        var x = line.minX + RowChrome.titleIndent
        x = canvas.write(
            content.isChecked ? "[x]" : "[ ]", at: Point(x: x, y: frame.minY),
            style: Style(role, highlighted: highlighted), limit: limit)
        canvas.write(
            TextWidth.truncate(" " + content.title, to: limit - x), at: Point(x: x, y: frame.minY),
            style: Style(context.isDisabled ? .disabled : .plain, highlighted: highlighted), limit: limit)
    }
}

extension CheckContent: CellContent { public typealias Cell = CheckCell }
