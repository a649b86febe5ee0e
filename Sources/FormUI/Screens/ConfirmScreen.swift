/// A modal question with two answers, drawn as a box over the screen below.
///
/// `y` confirms; `n`, Esc and Enter keep the safe choice and close the box. When space is short
/// the choices stay visible, and the safe one outranks the other on the help line.
///
/// ```swift
/// navigator.push(ConfirmScreen(title: "Discard changes?", message: "Your edits will be lost.",
///                              confirmLabel: "Discard", cancelLabel: "Keep editing") { nav in nav.pop() })
/// ```
public final class ConfirmScreen: Screen {
    public let title: String
    public let message: String
    public let confirmLabel: String
    public let cancelLabel: String
    private let onConfirm: (Navigator) -> Void

    public init(
        title: String, message: String, confirmLabel: String, cancelLabel: String,
        onConfirm: @escaping (Navigator) -> Void
    ) {
        self.title = title
        self.message = message
        self.confirmLabel = confirmLabel
        self.cancelLabel = cancelLabel
        self.onConfirm = onConfirm
    }

    public var isModal: Bool { true }

    public func helpItems(isRoot: Bool) -> [HelpItem] {
        [HelpItem("y", confirmLabel, priority: 2), HelpItem("n", cancelLabel, priority: 3)]
    }

    public func handle(_ key: Key, navigator: Navigator) {
        switch key {
        case .character("y"), .character("Y"):
            navigator.pop()
            onConfirm(navigator)
        case .character("n"), .character("N"), .escape, .enter:
            navigator.pop()
        default:
            break
        }
    }

    public func render(into canvas: inout Canvas, area: Rect) {
        let choices = "y \(confirmLabel)   n \(cancelLabel)"
        let inner = max(TextWidth.of(title), TextWidth.of(message), TextWidth.of(choices))
        let width = min(area.width, inner + 4)
        let height = min(area.height, 6)
        guard width >= 6, height >= 3 else { return }
        let x = area.minX + (area.width - width) / 2
        let y = area.minY + (area.height - height) / 2
        let style = Style(.dialog)
        let bar = String(repeating: "─", count: width - 2)
        canvas.write("┌" + bar + "┐", at: Point(x: x, y: y), style: style)
        for row in (y + 1)..<(y + height - 1) {
            canvas.fill(row: row, from: x, width: width, style: style)
            canvas.write("│", at: Point(x: x, y: row), style: style)
            canvas.write("│", at: Point(x: x + width - 1, y: row), style: style)
        }
        canvas.write("└" + bar + "┘", at: Point(x: x, y: y + height - 1), style: style)
        let textWidth = width - 4
        // Lines that do not fit go from the middle: the question and the choices stay.
        var lines = [title, message, "", choices]
        if height - 2 < 4 { lines.remove(at: 2) }
        if height - 2 < 3 { lines.remove(at: 1) }
        for (offset, text) in lines.prefix(height - 2).enumerated() {
            canvas.write(
                TextWidth.truncate(text, to: textWidth), at: Point(x: x + 2, y: y + 1 + offset),
                style: Style(offset == 0 ? .header : .dialog))
        }
        canvas.cursor = Point(x: x + 2, y: y + 1)
    }
}
