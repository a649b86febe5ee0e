/// A modal question with two answers (or three), drawn as a box over the screen below.
///
/// `y` confirms; `n`, Esc and Enter keep the safe choice and close the box; a third answer, when
/// given (`alternative`), has a key of its own (`o` Overwrite, say). When space is short
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
    /// The third answer's key and label, and what it does.
    private let alternative: (key: Character, label: String, run: (Navigator) -> Void)?

    public init(
        title: String, message: String, confirmLabel: String, cancelLabel: String,
        alternative: (key: Character, label: String, run: (Navigator) -> Void)? = nil,
        onConfirm: @escaping (Navigator) -> Void
    ) {
        self.title = title
        self.message = message
        self.confirmLabel = confirmLabel
        self.cancelLabel = cancelLabel
        self.alternative = alternative
        self.onConfirm = onConfirm
    }

    /// The answers as the box shows them: yes, the third one, the safe one.
    private var choices: [String] {
        ["y \(confirmLabel)"] + (alternative.map { ["\($0.key) \($0.label)"] } ?? []) + ["n \(cancelLabel)"]
    }

    public var isModal: Bool { true }

    public func helpItems(isRoot: Bool) -> [HelpItem] {
        [HelpItem("y", confirmLabel, priority: 2)]
            + (alternative.map { [HelpItem(String($0.key), $0.label, priority: 2)] } ?? [])
            + [HelpItem("n", cancelLabel, priority: 3)]
    }

    public func handle(_ key: Key, navigator: Navigator) {
        if let alternative, case .character(let typed) = key, typed.lowercased() == String(alternative.key) {
            navigator.pop()
            alternative.run(navigator)
            return
        }
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

    /// The widest the message runs before it wraps: a box across a wide terminal reads badly.
    static let readableWidth = 56

    public func render(into canvas: inout Canvas, area: Rect) {
        let together = choices.joined(separator: "   ")
        let preferred = max(
            TextWidth.of(title), TextWidth.of(together), min(TextWidth.of(message), Self.readableWidth))
        let textWidth = min(area.width - 4, preferred)
        guard textWidth >= 2, area.height >= 1 else { return }
        let lines = Self.lines(
            title: title, message: message, choices: choices,
            width: textWidth, height: area.height)
        let width = textWidth + 4
        // The frame's top and bottom go before the question or the choices do.
        let framed = lines.count + 2 <= area.height
        let height = lines.count + (framed ? 2 : 0)
        let x = area.minX + (area.width - width) / 2
        let y = area.minY + (area.height - height) / 2
        let style = Style(.dialog)
        let bar = String(repeating: "─", count: width - 2)
        for row in y..<(y + height) {
            canvas.fill(row: row, from: x, width: width, style: style)
            canvas.write("│", at: Point(x: x, y: row), style: style)
            canvas.write("│", at: Point(x: x + width - 1, y: row), style: style)
        }
        if framed {
            canvas.write("┌" + bar + "┐", at: Point(x: x, y: y), style: style)
            canvas.write("└" + bar + "┘", at: Point(x: x, y: y + height - 1), style: style)
        }
        let top = y + (framed ? 1 : 0)
        for (offset, text) in lines.enumerated() {
            canvas.write(
                text, at: Point(x: x + 2, y: top + offset), style: Style(offset == 0 ? .header : .dialog),
                limit: x + 2 + textWidth)
        }
        canvas.cursor = Point(x: x + 2, y: top)
    }

    /// The lines inside the box, at most `height`: the question, the message wrapped at word
    /// boundaries, a blank line and the choices (side by side when they fit). When lines are
    /// short, the blank goes first, then the message from its end, so that the question and the
    /// choices stay.
    static func lines(title: String, message: String, choices: [String], width: Int, height: Int)
        -> [String]
    {
        let together = choices.joined(separator: "   ")
        var answers =
            TextWidth.of(together) <= width ? [together] : choices.map { TextWidth.truncate($0, to: width) }
        if answers.count > max(1, height - 1) { answers = [TextWidth.truncate(together, to: width)] }
        let question = [TextWidth.truncate(title, to: width)]
        let room = height - question.count - answers.count
        guard room >= 0 else { return Array((question + answers).suffix(max(0, height))) }
        var body = message.isEmpty ? [] : TextWidth.wrap(message, to: width)
        if body.count + 1 <= room {
            body.append("")
        } else if body.count > room {
            body = room > 0 ? TextWidth.wrap(message, to: width, maxLines: room) : []
        }
        return question + body + answers
    }
}
