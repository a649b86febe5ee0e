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
        // The marker and the title are on the row's first line: they mark the whole row.
        RowChrome.drawLead(in: &canvas, frame: frame, highlighted: highlighted, context: context)
        let titleX = frame.minX + RowChrome.titleIndent
        let fieldX = RowChrome.fieldColumn(in: frame, context: context)
        if line == 0 {
            RowChrome.writeTitle(
                TextWidth.truncate(content.title, to: fieldX - 2 - titleX), in: &canvas, frame: frame,
                limit: frame.maxX, highlighted: highlighted, context: context)
        }
        let fieldEnd = min(frame.maxX, RowChrome.readable(frame).maxX - RowChrome.rightMargin)
        let fieldWidth = fieldEnd - fieldX
        guard fieldWidth > 0 else { return }
        let isEmpty = content.lines.allSatisfy(\.isEmpty) && !content.isCut
        if isEmpty {
            if line == 0 {
                canvas.write(
                    TextWidth.truncate(content.placeholder, to: fieldWidth), at: Point(x: fieldX, y: y),
                    style: RowChrome.valueStyle(.off, context: context, highlighted: highlighted),
                    limit: fieldEnd)
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
            style: RowChrome.valueStyle(.value, context: context, highlighted: highlighted), limit: fieldEnd)
    }
}

extension MultilineTextContent: CellContent { public typealias Cell = MultilineTextCell }
