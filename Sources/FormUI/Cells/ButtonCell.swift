import FormCore

/// Draws an action row: its label, and `›` at the right edge when it opens another screen (an
/// array's add row acts in place: `+ Add server`).
public final class ButtonCell: RowCell {
    public static let reuseIdentifier = "button"
    public private(set) var content = ButtonContent(title: "")
    private var context = CellContext()

    public init() {}

    public func configure(_ content: ButtonContent, context: CellContext) {
        self.content = content
        self.context = context
    }

    public func prepareForReuse() {
        content = ButtonContent(title: "")
        context = CellContext()
    }

    public func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        RowChrome.draw(
            in: &canvas, frame: frame, highlighted: highlighted, context: context, title: content.title,
            titleRole: .marker, trailing: content.opens ? [("›", .disclosure)] : [])
    }
}

extension ButtonContent: CellContent { public typealias Cell = ButtonCell }
