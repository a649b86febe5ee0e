import FormCore

/// Draws the row that adds an element to an array: `+ Add server`, in the color of an action.
public final class AddCell: RowCell {
    public static let reuseIdentifier = "add"
    public private(set) var title = ""
    private var context = CellContext()

    public init() {}

    public func configure(_ content: AddContent, context: CellContext) {
        title = content.title
        self.context = context
    }

    public func prepareForReuse() {
        title = ""
        context = CellContext()
    }

    public func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        RowChrome.draw(
            in: &canvas, frame: frame, highlighted: highlighted, context: context, title: "+ " + title,
            titleRole: .value, trailing: [])
    }
}

extension AddContent: CellContent { public typealias Cell = AddCell }
