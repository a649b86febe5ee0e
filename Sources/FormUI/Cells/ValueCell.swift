import FormCore

/// Draws a title with a read-only value on the right, or a value that opens a screen (with `›`).
public final class ValueCell: RowCell {
    public static let reuseIdentifier = "label"
    public private(set) var content = ValueContent(title: "", value: "")
    private var context = CellContext()

    public init() {}

    public func configure(_ content: ValueContent, context: CellContext) {
        self.content = content
        self.context = context
    }

    public func prepareForReuse() {
        content = ValueContent(title: "", value: "")
        context = CellContext()
    }

    public func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        var trailing: [(text: String, role: Style.Role)] = [(content.value, .value)]
        if content.value.isEmpty, content.opens {
            trailing = []
        }
        if content.opens { trailing.append((trailing.isEmpty ? "›" : " ›", .disclosure)) }
        RowChrome.draw(
            in: &canvas, frame: frame, highlighted: highlighted, context: context, title: content.title,
            trailing: trailing)
    }
}

extension ValueContent: CellContent { public typealias Cell = ValueCell }
