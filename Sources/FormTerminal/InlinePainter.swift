import FormCore
import FormUI

/// Turns canvases into the bytes that draw them in an area of the terminal's lines whose place on
/// the screen is unknown: only relative moves (CR, CUU, CUD, CUF), never an absolute position, so
/// the area can sit anywhere below the shell's prompt. Only the rows that changed since the last
/// frame are written, each from its first column, with SGR runs of the theme's colors (as
/// `ANSIText` writes them; the nearest of 8 or 16 on such a terminal) and the rest of the row
/// erased.
///
/// Keeps the cursor's row within the area, from which `leave` (the bytes that clear the area and
/// leave the cursor on its first line) is made.
///
/// ```swift
/// var painter = InlinePainter(theme: .standard, asciiOnly: false)
/// let bytes = painter.frame(canvas)  // one write
/// ```
struct InlinePainter {
    let theme: Theme
    let asciiOnly: Bool
    /// The row of the area the terminal's cursor is on.
    private(set) var cursorRow = 0
    private var previous: Canvas?

    static let hideCursor = "\u{1B}[?25l"
    static let showCursor = "\u{1B}[?25h"
    static let reset = "\u{1B}[0m"
    static let eraseLine = "\u{1B}[K"
    static let eraseBelow = "\u{1B}[J"

    /// The looks on a terminal of 8 or 16 colors; nil on one of 256 or more (the theme's own).
    let lowColors: LowColorLooks?

    /// `colorCount` is what the terminal has (terminfo's `colors`): below 256, each color is
    /// the nearest of the terminal's, as ncurses draws them.
    init(theme: Theme, asciiOnly: Bool, colorCount: Int = 256) {
        self.theme = theme
        self.asciiOnly = asciiOnly
        lowColors = colorCount < 256 ? LowColorLooks(theme: theme, colorCount: colorCount) : nil
    }

    /// The next frame writes every row (after a resize or Ctrl-Z: the area was cleared).
    mutating func invalidate() {
        previous = nil
    }

    /// The area was reserved again with the cursor on its first row.
    mutating func reserved() {
        cursorRow = 0
        previous = nil
    }

    /// The bytes that show `canvas`, cursor included (hidden when it has none).
    mutating func frame(_ canvas: Canvas) -> String {
        var out = Self.hideCursor
        let unchanged = previous?.size == canvas.size ? previous : nil
        for y in 0..<canvas.size.height {
            if let unchanged, canvas.rowEquals(unchanged, row: y) { continue }
            out += move(to: y) + "\r" + row(y, of: canvas)
        }
        if let cursor = canvas.cursor, cursor.x >= 0, cursor.y >= 0, cursor.x < canvas.size.width,
            cursor.y < canvas.size.height
        {
            out += move(to: cursor.y) + "\r" + (cursor.x > 0 ? "\u{1B}[\(cursor.x)C" : "") + Self.showCursor
        }
        previous = canvas
        return out
    }

    /// From wherever the cursor is in the area: the area erased, the cursor on its first row, in
    /// the first column, shown, with the default colors.
    var leave: String {
        Self.reset + "\r" + up(cursorRow) + Self.eraseBelow + Self.showCursor
    }

    /// The area replaced by `summary` on its first row, the rest erased, the cursor on the line
    /// after the summary.
    func leave(withSummary summary: String) -> String {
        Self.reset + "\r" + up(cursorRow) + summary + Self.eraseLine + "\r\n" + Self.eraseBelow
            + Self.showCursor
    }

    private mutating func move(to y: Int) -> String {
        defer { cursorRow = y }
        if y > cursorRow { return "\u{1B}[\(y - cursorRow)B" }
        return up(cursorRow - y)
    }

    private func up(_ count: Int) -> String {
        count > 0 ? "\u{1B}[\(count)A" : ""
    }

    /// One row: SGR runs, trailing default blanks left out, the rest erased. A row that reaches
    /// the last column is not followed by EL: with the wrap pending, xterm would erase that column.
    private func row(_ y: Int, of canvas: Canvas) -> String {
        let row = ANSIText.row(y, of: canvas, theme: theme, look: lowColors.map { $0.look(of:) }) {
            cell, text in
            if asciiOnly, cell.asciiValue == nil {
                text.unicodeScalars.append(AsciiGlyphs.standIn(for: cell.character))
                if cell.width == 2 { text += " " }  // the stand-in is one column of the two
            } else {
                text.append(cell.character)
            }
        }
        return row.reachesEnd ? row.text : row.text + Self.eraseLine
    }
}
