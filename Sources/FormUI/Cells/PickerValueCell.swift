import FormCore

/// Draws a row whose value is picked on wheels below it (a date, a size): the title and the value,
/// the value marked while the picker is open, a placeholder dim (`Birthday ....... Not set`).
public final class PickerValueCell: RowCell {
    public static let reuseIdentifier = "pickerValue"
    public private(set) var content = PickerValueContent(title: "", value: "")
    private var context = CellContext()

    public init() {}

    public func configure(_ content: PickerValueContent, context: CellContext) {
        self.content = content
        self.context = context
    }

    public func prepareForReuse() {
        content = PickerValueContent(title: "", value: "")
        context = CellContext()
    }

    public func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        let role: Style.Role = content.isPlaceholder ? .off : context.isExpanded ? .accent : .value
        RowChrome.draw(
            in: &canvas, frame: frame, highlighted: highlighted, context: context, title: content.title,
            trailing: [(content.value, role)])
    }
}

extension PickerValueContent: CellContent { public typealias Cell = PickerValueCell }
