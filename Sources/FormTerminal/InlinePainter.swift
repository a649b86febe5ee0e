import FormCore
import FormUI

/// Turns canvases into the bytes that draw them in an area of the terminal's lines whose place on
/// the screen is unknown: only relative moves (CR, CUU, CUD, CUF), never an absolute position, so
/// the area can sit anywhere below the shell's prompt. Only the rows that changed since the last
/// frame are written, each from its first column, with SGR runs of the theme's colors (as
/// `ANSIText` writes them; the nearest of 8 or 16 on such a terminal) and the rest of the row
/// erased.
///
/// The inline mode's own painter, not curses: curses draws a whole screen it takes over (and
/// addresses by absolute position), never a few lines below a prompt it cannot locate. Its one
/// comparison is this line-by-line one against the frame it drew last (`Canvas.rowEquals`).
///
/// Between frames the terminal's cursor is hidden and parked on the area's first row, in its
/// first column; a text field's caret is drawn as a cell in reverse video (as huh and Bubble
/// Tea's text inputs draw theirs). A terminal that rewraps its lines when it gets narrower
/// (tmux, VTE, kitty, iTerm2) keeps the cursor on the character it was on, so after a resize
/// the area's first line is where the cursor is, however the rows above and below were
/// rewrapped: `leave` erases from there.
///
/// ```swift
/// var painter = InlinePainter(theme: .standard, asciiOnly: false)
/// let bytes = painter.frame(canvas)  // one write
/// ```
struct InlinePainter {
    let theme: Theme
    let asciiOnly: Bool
    /// The terminal erases with the current background (`bce`): a row's trailing run of colored
    /// blanks (the focused row's bar, the title bar) is drawn by one EL. Besides being shorter,
    /// the blanks are then no text of the line, which a terminal that rewraps leaves whole.
    let erasesWithBackground: Bool
    /// The row of the area the terminal's cursor is on: 0 between frames.
    private(set) var cursorRow = 0
    private var previous: Canvas?
    private var previousCaret: Point?

    static let hideCursor = "\u{1B}[?25l"
    static let showCursor = "\u{1B}[?25h"
    static let reset = "\u{1B}[0m"
    static let eraseLine = "\u{1B}[K"
    static let eraseBelow = "\u{1B}[J"
    /// Erases from the cursor's line, in the first column, to the end of the screen. Not a plain
    /// ED there: tmux copies the whole screen into its history when ED starts at the top-left
    /// corner (`scroll-on-clear`), which is where an area that fills the screen begins; ED one
    /// column in, then the first column by EL, erase the same cells.
    static let eraseArea = "\u{1B}[C\u{1B}[J\r\u{1B}[K"
    /// The caret's cell: reverse video on top of the cell's own look.
    static let reverse = "\u{1B}[7m"
    static let reverseOff = "\u{1B}[27m"

    /// The looks on a terminal of 8 or 16 colors; nil on one of 256 or more (the theme's own).
    let lowColors: LowColorLooks?

    /// `colorCount` is what the terminal has (terminfo's `colors`): below 256, each color is
    /// the nearest of the terminal's, as ncurses draws them.
    init(theme: Theme, asciiOnly: Bool, colorCount: Int = 256, erasesWithBackground: Bool = false) {
        self.theme = theme
        self.asciiOnly = asciiOnly
        self.erasesWithBackground = erasesWithBackground
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

    /// The bytes that show `canvas`, its caret included, ending with the cursor parked on the
    /// area's first row.
    mutating func frame(_ canvas: Canvas) -> String {
        var out = Self.hideCursor
        let caret = canvas.cursor.flatMap { cursor in
            cursor.x >= 0 && cursor.y >= 0 && cursor.x < canvas.size.width && cursor.y < canvas.size.height
                ? cursor : nil
        }
        let unchanged = previous?.size == canvas.size ? previous : nil
        for y in 0..<canvas.size.height {
            let caretX = caret?.y == y ? caret?.x : nil
            if let unchanged, canvas.rowEquals(unchanged, row: y),
                caretX == (previousCaret?.y == y ? previousCaret?.x : nil)
            {
                continue
            }
            out += move(to: y) + "\r" + row(y, of: canvas, caretX: caretX)
        }
        out += move(to: 0) + "\r"
        previous = canvas
        previousCaret = caret
        return out
    }

    /// From wherever the cursor is in the area: the area erased, the cursor on its first row, in
    /// the first column, shown, with the default colors.
    var leave: String {
        erase + Self.showCursor
    }

    /// As `leave`, the cursor left hidden: the area is about to be reserved again.
    var erase: String {
        Self.reset + "\r" + up(cursorRow) + Self.eraseArea
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

    private func look(of style: Style) -> Theme.Look {
        lowColors?.look(of: style) ?? theme.look(of: style)
    }

    /// One row: SGR runs, trailing default blanks left out, the rest erased (with the trailing
    /// colored blanks' background where the terminal erases so), the caret's cell reversed. A
    /// row that reaches the last column is not followed by EL: with the wrap pending, xterm would
    /// erase that column.
    private func row(_ y: Int, of canvas: Canvas, caretX: Int?) -> String {
        let fill = trailingFill(y, of: canvas, caretX: caretX)
        let fillStart = fill?.start ?? canvas.size.width
        var x = 0
        var drawnEnd = 0
        let row = ANSIText.row(y, of: canvas, theme: theme, look: lowColors.map { $0.look(of:) }) {
            cell, text in
            let start = x
            x += Int(cell.width)
            guard start < fillStart else { return }
            drawnEnd = x
            let isCaret = caretX.map { (start..<x).contains($0) } ?? false
            let cellLook = isCaret ? look(of: cell.style) : nil
            if let cellLook {
                text += cellLook.attributes.contains(.reverse) ? Self.reverseOff : Self.reverse
            }
            if asciiOnly, cell.asciiValue == nil {
                text.unicodeScalars.append(AsciiGlyphs.standIn(for: cell.character))
                if cell.width == 2 { text += " " }  // the stand-in is one column of the two
            } else {
                text.append(cell.character)
            }
            if let cellLook { text += ANSIText.sgr(for: cellLook) }
        }
        if let fill {
            return row.text + ANSIText.sgr(for: fill.look) + Self.eraseLine + Self.reset
        }
        if let caretX, caretX >= drawnEnd {
            // The caret on a blank that was left out: after the erase, one reversed blank there.
            let gap = caretX - drawnEnd
            return row.text + Self.eraseLine + (gap > 0 ? "\u{1B}[\(gap)C" : "") + Self.reverse + " "
                + Self.reset
        }
        return row.reachesEnd ? row.text : row.text + Self.eraseLine
    }

    /// Where the row's trailing run of blanks that only show a background begins (after the
    /// caret), and their look; nil when the terminal does not erase with the background or the
    /// row does not end so.
    private func trailingFill(_ y: Int, of canvas: Canvas, caretX: Int?) -> (start: Int, look: Theme.Look)? {
        let width = canvas.size.width
        guard erasesWithBackground, width > 0 else { return nil }
        let last = canvas[width - 1, y]
        let fillLook = look(of: last.style)
        guard last.asciiValue == 0x20, fillLook.background != .terminalDefault,
            fillLook.attributes.isDisjoint(with: [.reverse, .underline])
        else { return nil }
        var start = width - 1
        while start > 0, canvas[start - 1, y].asciiValue == 0x20, canvas[start - 1, y].style == last.style {
            start -= 1
        }
        if let caretX, caretX >= start { start = caretX + 1 }
        return start < width ? (start, fillLook) : nil
    }
}
