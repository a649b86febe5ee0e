import FormCore

/// Draws one line of a multiline text row: the title beside the first line, each line of the
/// text in the field column, cut to the width, the last one ending in `…` when the text goes on.
public final class MultilineTextCell: RowCell {
    public static let reuseIdentifier = "multiline"
    public private(set) var content = MultilineTextContent(title: "", lines: [])
    private var context = CellContext()

    public init() {}

    public func configure(_ content: MultilineTextContent, context: CellContext) {
        self.content = content
        self.context = context
    }

    public func prepareForReuse() {
        content = MultilineTextContent(title: "", lines: [])
        context = CellContext()
    }

    public func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        let y = frame.minY
        let line = context.line
        // The row's lines are highlighted together; the focus marker goes on its first only.
        canvas.fill(row: y, from: frame.minX, width: frame.width, style: Style(highlighted: highlighted))
        if highlighted, line == 0 {
            canvas.write(
                ">", at: Point(x: frame.minX, y: y), style: Style(highlighted: true), limit: frame.maxX)
        }
        let titleX = frame.minX + RowChrome.titleIndent
        let fieldX = RowChrome.fieldColumn(in: frame)
        if line == 0 {
            canvas.write(
                TextWidth.truncate(content.title, to: fieldX - 2 - titleX), at: Point(x: titleX, y: y),
                style: Style(context.isDisabled ? .disabled : .plain, highlighted: highlighted),
                limit: frame.maxX)
        }
        let fieldEnd = min(frame.maxX, RowChrome.readable(frame).maxX - RowChrome.rightMargin)
        let fieldWidth = fieldEnd - fieldX
        guard fieldWidth > 0 else { return }
        let isEmpty = content.lines.allSatisfy(\.isEmpty) && !content.isCut
        if isEmpty {
            if line == 0 {
                canvas.write(
                    TextWidth.truncate(content.placeholder, to: fieldWidth), at: Point(x: fieldX, y: y),
                    style: Style(.footer, highlighted: highlighted), limit: fieldEnd)
            }
            return
        }
        guard content.lines.indices.contains(line) else { return }
        let shown = String(
            content.lines[line].map { ControlCharacters.isControl($0) ? Character("?") : $0 })
        let isLast = line == content.lines.count - 1
        let text =
            isLast && content.isCut
            ? String(TextWidth.prefix(of: shown, fitting: fieldWidth - 1).text) + "…"
            : TextWidth.truncate(shown, to: fieldWidth)
        canvas.write(
            text, at: Point(x: fieldX, y: y),
            style: Style(context.isDisabled ? .disabled : .value, highlighted: highlighted), limit: fieldEnd)
    }
}

extension MultilineTextContent: CellContent { public typealias Cell = MultilineTextCell }
