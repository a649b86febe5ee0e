import FormCore

/// Draws a `RowText` with the standard row look: the title, then the value's parts from the
/// value column, each in its role (or its own color). The cell of every custom row whose content
/// is a `RowText`, and of any content without a cell of its own.
final class RowTextCell: RowCell {
    static let reuseIdentifier = "rowText"
    private var content = RowText("", [])
    private var context = CellContext()

    init() {}

    func configure(_ content: RowText, context: CellContext) {
        self.content = content
        self.context = context
    }

    func prepareForReuse() {
        content = RowText("", [])
        context = CellContext()
    }

    func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        guard frame.width > 0, frame.height > 0 else { return }
        RowChrome.drawLead(in: &canvas, frame: frame, highlighted: highlighted, context: context)
        let width = content.parts.reduce(0) { $0 + TextWidth.of($1.text) }
        var x = RowChrome.valueStart(
            in: frame, title: content.title, isRequired: context.isRequired, valueWidth: width,
            context: context)
        RowChrome.writeTitle(
            content.title, in: &canvas, frame: frame, limit: context.sectionTitleWidth == nil ? x - 1 : x - 2,
            highlighted: highlighted, context: context
        )
        let end = RowChrome.readable(frame).maxX - RowChrome.rightMargin
        let parts = RowChrome.fitted(
            content.parts.map { (text: $0.text, role: $0) }, width: width, room: end - x)
        for (text, part) in parts {
            let role = Self.role(part.role)
            let style =
                part.color.map {
                    RowChrome.valueStyle(
                        color: .palette($0), fallback: role, context: context, highlighted: highlighted)
                } ?? RowChrome.valueStyle(role, context: context, highlighted: highlighted)
            x = canvas.write(text, at: Point(x: x, y: frame.minY), style: style, limit: end)
        }
    }

    private static func role(_ role: RowText.Role) -> Style.Role {
        switch role {
        case .value: .value
        case .on: .on
        case .off: .off
        case .accent: .accent
        case .track: .track
        case .placeholder: .placeholder
        case .disclosure: .disclosure
        }
    }
}
