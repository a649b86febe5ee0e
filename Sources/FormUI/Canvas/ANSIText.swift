/// A canvas as text with ANSI escape sequences: colors and attributes of a theme, the way the
/// terminal backend would show it.
///
/// `lines(of:theme:)` is for reading (a snapshot to `cat` in a terminal); `frame(of:theme:)`
/// repaints a whole terminal screen, for recordings.
///
/// ```swift
/// print(ANSIText.lines(of: canvas, theme: .standard).joined(separator: "\n"))
/// ```
package enum ANSIText {
    /// Each row with SGR sequences, ending in a reset; trailing blanks without a background are
    /// left out, as in `Canvas.lines`.
    package static func lines(of canvas: Canvas, theme: Theme) -> [String] {
        (0..<canvas.size.height).map { row($0, of: canvas, theme: theme) }
    }

    /// Sequences that draw `canvas` over whatever a terminal of its size shows: each row from its
    /// first column, the rest of the row erased, then the cursor placed (or hidden).
    package static func frame(of canvas: Canvas, theme: Theme) -> String {
        var text = "\u{1B}[?25l"
        for y in 0..<canvas.size.height {
            text += "\u{1B}[\(y + 1);1H" + row(y, of: canvas, theme: theme) + "\u{1B}[K"
        }
        if let cursor = canvas.cursor, cursor.x >= 0, cursor.y >= 0, cursor.x < canvas.size.width,
            cursor.y < canvas.size.height
        {
            text += "\u{1B}[\(cursor.y + 1);\(cursor.x + 1)H\u{1B}[?25h"
        }
        return text
    }

    /// The SGR sequence that selects `style`'s look (after a reset, so nothing carries over).
    package static func sgr(for style: Style, theme: Theme) -> String {
        sgr(for: theme.look(of: style))
    }

    /// The SGR sequence that selects `look` (after a reset, so nothing carries over).
    package static func sgr(for look: Theme.Look) -> String {
        var codes = ["0"]
        if look.attributes.contains(.bold) { codes.append("1") }
        if look.attributes.contains(.dim) { codes.append("2") }
        if look.attributes.contains(.underline) { codes.append("4") }
        if look.attributes.contains(.reverse) { codes.append("7") }
        if let code = code(of: look.foreground, base: 30) { codes.append(code) }
        if let code = code(of: look.background, base: 40) { codes.append(code) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    /// 30...37 (40...47) for the eight colors, 90...97 (100...107) for their bright kin, and
    /// `38;5;N` (`48;5;N`) for the rest of the palette.
    private static func code(of color: Theme.Color, base: Int) -> String? {
        switch color.index {
        case ..<0: nil
        case 0..<8: "\(base + Int(color.index))"
        case 8..<16: "\(base + 60 + Int(color.index) - 8)"
        default: "\(base + 8);5;\(color.index)"
        }
    }

    private static func row(_ y: Int, of canvas: Canvas, theme: Theme) -> String {
        row(y, of: canvas, theme: theme).text
    }

    /// Row `y` with SGR runs, ending in a reset; trailing blanks without a background are left
    /// out. `reachesEnd` says whether it was drawn to the last column (no blank was left out).
    /// `append` writes a cell's character (a painter that draws ASCII stand-ins passes its own);
    /// `look` gives a style's look when it is not the theme's own (a terminal of 8 colors).
    package static func row(
        _ y: Int, of canvas: Canvas, theme: Theme, look lookOf: ((Style) -> Theme.Look)? = nil,
        append: (CanvasCell, inout String) -> Void = { cell, text in text.append(cell.character) }
    ) -> (text: String, reachesEnd: Bool) {
        let width = canvas.size.width
        let lookOf = lookOf ?? { theme.look(of: $0) }
        // A blank shows nothing unless its look has a background or reverse video.
        func visible(_ cell: CanvasCell) -> Bool {
            if cell.asciiValue != 0x20 || cell.style.highlighted { return true }
            let look = lookOf(cell.style)
            return look.background != .terminalDefault || look.attributes.contains(.reverse)
                || look.attributes.contains(.underline)
        }
        var end = width
        while end > 0, !visible(canvas[end - 1, y]) { end -= 1 }
        var text = ""
        var current: Style?
        for x in 0..<end {
            let cell = canvas[x, y]
            if cell.isContinuation { continue }
            if cell.style != current {
                text += sgr(for: lookOf(cell.style))
                current = cell.style
            }
            append(cell, &text)
        }
        return (text + "\u{1B}[0m", end == width)
    }
}
