import FormCore

/// Draws an action row: its label, and `›` at the right edge.
public final class ButtonCell: RowCell {
    public static let reuseIdentifier = "button"
    public private(set) var title = ""
    private var context = CellContext()

    public init() {}

    public func configure(_ content: ButtonContent, context: CellContext) {
        title = content.title
        self.context = context
    }

    public func prepareForReuse() {
        title = ""
        context = CellContext()
    }

    public func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        RowChrome.draw(
            in: &canvas, frame: frame, highlighted: highlighted, context: context, title: title,
            titleRole: .value, trailing: [("›", .disclosure)])
    }
}

extension ButtonContent: CellContent { public typealias Cell = ButtonCell }
