import FormCore

/// Draws a text row: the title, then the text in a field that scrolls sideways to keep the caret
/// in view. Secure text is drawn as bullets, so it never shows on screen or in a transcript.
public final class TextFieldCell: TableCell, RowContentCell {
    public static let identifier = "text"
    public private(set) var title = ""
    public private(set) var text = ""
    public private(set) var placeholder = ""
    public private(set) var isSecure = false
    public private(set) var caret: Int?
    public private(set) var caretColumn: Int?

    public init() {}

    public func configure(with content: RowContent) {
        title = content.title
        caret = content.caret
        if case .editableText(let text, let placeholder, let secure) = content.value {
            self.text = text
            self.placeholder = placeholder
            isSecure = secure
        } else {
            text = ""
            placeholder = ""
            isSecure = false
        }
    }

    public func prepareForReuse() {
        title = ""
        text = ""
        placeholder = ""
        isSecure = false
        caret = nil
        caretColumn = nil
    }

    public func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        let y = frame.minY
        RowChrome.draw(in: &canvas, frame: frame, highlighted: highlighted, title: "", trailing: [])
        // Fields start at two fifths of the line, so that they line up from row to row; a
        // longer title is cut to fit before it.
        let titleX = frame.minX + RowChrome.titleIndent
        let fieldX = frame.minX + max(RowChrome.titleIndent + 6, frame.width * 2 / 5)
        canvas.write(
            TextWidth.truncate(title, to: fieldX - 2 - titleX), at: Point(x: titleX, y: y),
            style: Style(highlighted: highlighted))
        let fieldEnd = frame.maxX - RowChrome.rightMargin
        caretColumn = nil
        guard fieldX < fieldEnd else { return }
        // Measured as the canvas draws it: a control character (from a hand-edited file) shows as
        // a one-column `?`.
        let shown = Array(isSecure ? String(repeating: "•", count: text.count) : text).map {
            TextWidth.of($0) == 0 && $0.unicodeScalars.allSatisfy({ $0.value < 0x20 || $0.value == 0x7F })
                ? Character("?") : $0
        }
        if shown.isEmpty {
            canvas.write(
                placeholder, at: Point(x: fieldX, y: y), style: Style(.footer, highlighted: highlighted),
                limit: fieldEnd)
            caretColumn = caret == nil ? nil : fieldX
            return
        }
        let caretIndex = min(caret ?? 0, shown.count)
        // Scroll so that the caret's cell, and the character under it, fit in the field: walk back
        // from the caret, one character's width at a time (the field's width, not the text's length).
        let fieldWidth = fieldEnd - fieldX
        let underCaret = caretIndex < shown.count ? max(1, TextWidth.of(shown[caretIndex])) : 1
        var first = caretIndex
        var used = underCaret
        while first > 0 {
            let width = TextWidth.of(shown[first - 1])
            guard used + width <= fieldWidth else { break }
            used += width
            first -= 1
        }
        canvas.write(
            String(shown[first...]), at: Point(x: fieldX, y: y),
            style: Style(.value, highlighted: highlighted),
            limit: fieldEnd)
        if caret != nil {
            caretColumn = fieldX + used - underCaret
        }
    }
}
