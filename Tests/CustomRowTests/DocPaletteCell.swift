// The cell of FormUI's article "Drawing a row with a cell of its own", verbatim (DocumentationTests
// checks that it stays so): it must compile, and PaletteCellTests draws it.
import FormCore
import FormUI

struct PaletteContent: Hashable {
    var title: String
    var chosen: Int?
}

final class PaletteCell: RowCell {
    private var content = PaletteContent(title: "", chosen: nil)
    private var context = CellContext()
    init() {}
    func configure(_ content: PaletteContent, context: CellContext) {
        (self.content, self.context) = (content, context)
    }
    func prepareForReuse() { content = PaletteContent(title: "", chosen: nil) }
    func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        RowChrome.drawLead(in: &canvas, frame: frame, highlighted: highlighted, context: context)
        let start = RowChrome.fieldColumn(in: frame)
        RowChrome.writeTitle(
            content.title, in: &canvas, frame: frame, limit: start - 1, highlighted: highlighted,
            context: context)
        var x = start
        for (index, color) in [Theme.Color.palette(203), .palette(78), .palette(75)].enumerated() {
            let text = index == content.chosen ? "[■]" : " ■ "
            let style = RowChrome.valueStyle(color: color, context: context, highlighted: highlighted)
            x = canvas.write(text, at: Point(x: x, y: frame.minY), style: style, limit: frame.maxX)
        }
    }
}

extension PaletteContent: CellContent { typealias Cell = PaletteCell }
