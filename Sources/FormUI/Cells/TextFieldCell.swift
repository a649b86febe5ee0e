import FormCore

/// Draws a text row: the title, then the text in a field (a box in the theme's field color,
/// underlined without colors) that scrolls sideways to keep the caret in view. Secure text is drawn as bullets, so it never shows on screen or in a transcript.
public final class TextFieldCell: RowCell {
    public static let reuseIdentifier = "text"
    public private(set) var content = TextFieldContent(title: "", text: "")
    private var context = CellContext()
    public private(set) var caretColumn: Int?

    public init() {}

    public func configure(_ content: TextFieldContent, context: CellContext) {
        self.content = content
        self.context = context
    }

    public func prepareForReuse() {
        content = TextFieldContent(title: "", text: "")
        context = CellContext()
        caretColumn = nil
    }

    /// The text as drawn: the screen's copy while it is being edited, bullets for a secret (one a
    /// character while it is typed, the caret among them; at rest a fixed count, as the password
    /// editor's row shows, which tells nothing of its length), and a one-column `?` for a control
    /// character (from a hand-edited file).
    static func shown(_ text: String, isSecure: Bool, isTyped: Bool = true) -> [Character] {
        let secret =
            isTyped || text.isEmpty ? SecretMask.bullets(for: text) : SecretMask.concealed
        let characters = Array(isSecure ? secret : text)
        return characters.map { ControlCharacters.isControl($0) ? Character("?") : $0 }
    }

    /// It blanks its line first (`RowChrome.drawLead`).
    public var fillsItsLine: Bool { true }

    public func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        caretColumn = nil
        guard frame.width > 0, frame.height > 0 else { return }
        let y = frame.minY
        RowChrome.drawLead(in: &canvas, frame: frame, highlighted: highlighted, context: context)
        let titleWidth = TextWidth.of(content.title)
        // A title too long for the room before the value column pushes the field right, as it
        // does a value, rather than being cut ("Wi-Fi Passw…" at 40 columns).
        let fieldX = RowChrome.textFieldStart(
            in: frame, titleWidth: titleWidth, isRequired: context.isRequired, context: context)
        let fieldEnd = RowChrome.readable(frame).maxX - RowChrome.rightMargin
        // On a line narrower than the title's room, the line's end stops the title.
        RowChrome.writeTitle(
            content.title, width: titleWidth, in: &canvas, frame: frame, limit: min(fieldX - 2, fieldEnd),
            highlighted: highlighted, context: context)
        guard fieldX < fieldEnd else { return }
        // The field's box, a column wider than the text on each side: a row that takes typing
        // shows it before it has focus. A disabled row has no box: it takes nothing.
        let boxed = !context.isDisabled
        if boxed {
            canvas.fill(
                row: y, from: fieldX - 1, width: fieldEnd - fieldX + 2,
                style: Style(.field, highlighted: highlighted))
        }
        let textStyle =
            boxed ? Style(.field, highlighted: highlighted) : Style(.disabled, highlighted: highlighted)
        let caret = context.editing?.caret
        let text = context.editing?.text ?? content.text
        let fieldWidth = fieldEnd - fieldX
        if !content.isSecure, let count = TextWidth.asciiWidth(text.utf8), count > 0 {
            // Printable ASCII, what most typing is: a column a byte, so the field scrolls by
            // counting, without splitting the text into characters at every key.
            let caretIndex = min(caret ?? 0, count)
            let first = caretIndex - min(caretIndex, fieldWidth - 1)
            if caret == nil, count > fieldWidth {
                // At rest, text longer than the field ends in "…": it goes on, it is not that short.
                canvas.write(
                    TextWidth.truncate(text, to: fieldWidth), at: Point(x: fieldX, y: y), style: textStyle,
                    limit: fieldEnd)
            } else if first == 0 {
                // Text that fits: written as it is (a substring made of it cost a tenth of the cell).
                canvas.write(text, at: Point(x: fieldX, y: y), style: textStyle, limit: fieldEnd)
            } else {
                canvas.write(
                    Substring(text.utf8.dropFirst(first)), at: Point(x: fieldX, y: y), style: textStyle,
                    limit: fieldEnd)
            }
            if caret != nil { caretColumn = fieldX + caretIndex - first }
            return
        }
        let shown = Self.shown(text, isSecure: content.isSecure, isTyped: caret != nil)
        if shown.isEmpty {
            canvas.write(
                TextWidth.truncate(content.placeholder, to: fieldWidth), at: Point(x: fieldX, y: y),
                style: Style(boxed ? .placeholder : .disabled, highlighted: highlighted), limit: fieldEnd)
            caretColumn = caret == nil ? nil : fieldX
            return
        }
        if caret == nil, TextWidth.of(String(shown)) > fieldWidth {
            canvas.write(
                TextWidth.truncate(String(shown), to: fieldWidth), at: Point(x: fieldX, y: y),
                style: textStyle,
                limit: fieldEnd)
            return
        }
        let caretIndex = min(caret ?? 0, shown.count)
        // Scroll so that the caret's cell, and the character under it, fit in the field: walk back
        // from the caret, one character's width at a time (the field's width, not the text's length).
        let underCaret = caretIndex < shown.count ? max(1, TextWidth.of(shown[caretIndex])) : 1
        var first = caretIndex
        var used = underCaret
        while first > 0 {
            let width = TextWidth.of(shown[first - 1])
            guard used + width <= fieldWidth else { break }
            used += width
            first -= 1
        }
        canvas.write(String(shown[first...]), at: Point(x: fieldX, y: y), style: textStyle, limit: fieldEnd)
        if caret != nil {
            caretColumn = fieldX + used - underCaret
        }
    }
}

extension TextFieldContent: CellContent { public typealias Cell = TextFieldCell }
