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
            guard let caret else {
                // At rest, text longer than the field ends in "…": it goes on, it is not that short.
                canvas.write(
                    count > fieldWidth ? TextWidth.truncate(text, to: fieldWidth) : text,
                    at: Point(x: fieldX, y: y), style: textStyle, limit: fieldEnd)
                return
            }
            let window = Self.window(count: count, caret: min(caret, count), width: fieldWidth)
            Self.draw(
                window, of: Substring(text.utf8.dropFirst(window.first).prefix(window.count)),
                in: &canvas, at: fieldX, y, style: textStyle, limit: fieldEnd)
            caretColumn = fieldX + (window.cutBefore ? 1 : 0) + min(caret, count) - window.first
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
        guard let caret else {
            canvas.write(
                TextWidth.truncate(String(shown), to: fieldWidth), at: Point(x: fieldX, y: y),
                style: textStyle, limit: fieldEnd)
            return
        }
        let caretIndex = min(caret, shown.count)
        let window = Self.window(of: shown.map(TextWidth.of), caret: caretIndex, width: fieldWidth)
        let end = window.first + window.count
        Self.draw(
            window, of: String(shown[window.first..<end]), in: &canvas, at: fieldX, y, style: textStyle,
            limit: fieldEnd)
        caretColumn =
            fieldX + (window.cutBefore ? 1 : 0)
            + shown[window.first..<caretIndex].reduce(0) { $0 + TextWidth.of($1) }
    }

    /// The part of a text a focused field shows: from `first`, `count` characters, with a "…"
    /// (`~` where the terminal has only ASCII) at each edge where the text goes on, so that a
    /// scrolled field does not read as a shorter value ("atchling>=1.18" for "hatchling>=1.18").
    struct Window: Equatable {
        var first: Int
        var count: Int
        var cutBefore: Bool
        var cutAfter: Bool
    }

    /// The window of a text of `count` one-column characters in a field `width` columns wide,
    /// the caret (at `caret`, up to `count`) in view and on no mark: the whole text where it
    /// fits (a caret past its end in the box's column after the field, so a value exactly as
    /// wide as its field is not cut by the caret's cell), else the start while the caret is
    /// there, else scrolled so the caret is at the right end. Counted, not walked: a field of
    /// 100,000 letters costs no more a key than one of ten (`window(of:caret:width:)` walks).
    static func window(count: Int, caret: Int, width: Int) -> Window {
        if count <= width {
            return Window(first: 0, count: count, cutBefore: false, cutAfter: false)
        }
        guard width >= 3 else {
            let first = caret - min(caret, width - 1)
            return Window(first: first, count: count - first, cutBefore: false, cutAfter: false)
        }
        if caret <= width - 2 { return Window(first: 0, count: width - 1, cutBefore: false, cutAfter: true) }
        let cutAfter = caret + 1 < count
        // The columns between the marks, the caret's cell the last of them.
        let room = width - 1 - (cutAfter ? 1 : 0)
        let first = caret + 1 - room
        return Window(first: first, count: min(count, caret + 1) - first, cutBefore: true, cutAfter: cutAfter)
    }

    /// The window for characters of the given column widths (a caret past the end of a text that
    /// goes on takes a column of its own; past the end of one that fits, the box's column after
    /// the field).
    static func window(of widths: [Int], caret: Int, width: Int) -> Window {
        let total = widths.reduce(0, +)
        let caretWidth = caret < widths.count ? max(1, widths[caret]) : 1
        let all = Window(first: 0, count: widths.count, cutBefore: false, cutAfter: false)
        // The whole text fits (a caret after it in the box's last column); or a field too narrow
        // for marks.
        if total <= width { return all }
        guard width >= 3 else {
            var first = caret
            var used = caretWidth
            while first > 0, used + widths[first - 1] <= width {
                used += widths[first - 1]
                first -= 1
            }
            return Window(first: first, count: widths.count - first, cutBefore: false, cutAfter: false)
        }
        // From the start, while the caret is within the columns before the end's mark.
        var used = 0
        var count = 0
        while count < widths.count, used + widths[count] <= width - 1 {
            used += widths[count]
            count += 1
        }
        if caret < count { return Window(first: 0, count: count, cutBefore: false, cutAfter: true) }
        // Else the caret at the right end, a mark before it, and one after it if the text goes on.
        let cutAfter = caret + 1 < widths.count
        let room = width - 1 - (cutAfter ? 1 : 0)
        var first = caret
        used = caretWidth
        while first > 0, used + widths[first - 1] <= room {
            used += widths[first - 1]
            first -= 1
        }
        let last = min(widths.count, caret + 1)
        return Window(first: first, count: last - first, cutBefore: true, cutAfter: cutAfter)
    }

    /// Writes the window's text, with its marks, from `x`.
    private static func draw(
        _ window: Window, of text: some StringProtocol, in canvas: inout Canvas, at x: Int, _ y: Int,
        style: Style, limit: Int
    ) {
        var x = x
        if window.cutBefore { x = canvas.write("…", at: Point(x: x, y: y), style: style, limit: limit) }
        x = canvas.write(text, at: Point(x: x, y: y), style: style, limit: limit)
        if window.cutAfter { _ = canvas.write("…", at: Point(x: x, y: y), style: style, limit: limit) }
    }
}

extension TextFieldContent: CellContent { public typealias Cell = TextFieldCell }
