import CNcursesw
import FormCore
import FormUI

/// Puts canvases into a curses window, every row whole, for `wnoutrefresh` + `doupdate`: the one
/// comparison of a frame is ncurses' own, between the window and what it knows the terminal
/// shows, and ncurses writes the terminal's own sequences for the cells that changed (its
/// `sgr`, its moves, its line-drawing set, `bce`, padding). Nothing here writes a byte to the
/// terminal.
///
/// A cell's character goes in with its zero-width marks (as many as a curses cell holds), a wide
/// character as one curses character that covers two columns. A row is clipped to the window by
/// display columns: a wide character that would cross its right edge becomes a blank. Where the
/// C library's width (`wcwidth`, which curses goes by) disagrees with the canvas's, a stand-in
/// of the canvas's width keeps the rest of the row in its columns.
///
/// With `asciiOnly` (a locale whose character set is not UTF-8) every character is drawn as its
/// one-column ASCII stand-in from `AsciiGlyphs`, in the same columns.
///
/// ```swift
/// let painter = ScreenPainter(palette: palette, asciiOnly: false)
/// painter.put(canvas, into: window)
/// wnoutrefresh(window)
/// doupdate()
/// ```
struct ScreenPainter {
    let palette: CursesPalette
    let asciiOnly: Bool

    /// The most combining scalars a cell can carry besides its base character (CCHARW_MAX - 1).
    private static let maximumZeroWidthScalars = 4

    /// Copies the rows of `canvas` that fit into `window` (from its top-left corner), and places
    /// the window's cursor on the canvas's cursor, or leaves it where curses likes when the
    /// canvas has none. Returns whether the cursor is to be shown (`curs_set`).
    @discardableResult
    func put(_ canvas: Canvas, into window: UnsafeMutablePointer<WINDOW>) -> Bool {
        let rows = min(canvas.size.height, Int(getmaxy(window)))
        let columns = min(canvas.size.width, Int(getmaxx(window)))
        var line: [cchar_t] = []
        line.reserveCapacity(max(0, columns))
        for y in 0..<max(0, rows) {
            line.removeAll(keepingCapacity: true)
            var x = 0
            while x < columns {
                let cell = canvas[x, y]
                if cell.isContinuation {
                    // The second half of a wide character whose first half was cut off (never
                    // drawn by a canvas, but a blank keeps the columns).
                    line.append(character(Self.space, style: cell.style))
                    x += 1
                    continue
                }
                x += append(cell, at: x, columns: columns, to: &line)
            }
            wmove(window, Int32(y), 0)
            _ = line.withUnsafeBufferPointer { wadd_wchnstr(window, $0.baseAddress, Int32($0.count)) }
        }
        // Rows of the window below the canvas (a canvas smaller than the screen) are blank.
        if rows < Int(getmaxy(window)) {
            wmove(window, Int32(rows), 0)
            wclrtobot(window)
        }
        let cursor = canvas.cursor.flatMap {
            $0.x >= 0 && $0.y >= 0 && $0.x < columns && $0.y < rows ? $0 : nil
        }
        if let cursor {
            leaveok(window, false)
            wmove(window, Int32(cursor.y), Int32(cursor.x))
        } else {
            // The cursor is hidden: curses need not move it after the frame.
            leaveok(window, true)
        }
        return cursor != nil
    }

    /// Appends the curses characters that show `cell` at column `x` of a row `columns` wide;
    /// returns the columns they cover.
    private func append(_ cell: CanvasCell, at x: Int, columns: Int, to line: inout [cchar_t]) -> Int {
        if let byte = cell.asciiValue, byte >= 0x20, byte < 0x7F {
            // Most cells: printable ASCII is one column and its own stand-in, nothing to decode.
            line.append(character(wchar_t(byte), style: cell.style))
            return 1
        }
        var text = CellText()
        if asciiOnly {
            text.append(wchar_t(bitPattern: AsciiGlyphs.standIn(for: cell.character).value))
        } else {
            Self.appendScalars(of: cell.character, to: &text)
        }
        let terminalWidth = Int(wcwidth(text.first))
        let wide = cell.width == 2
        if wide && x + 1 >= columns {
            // The window is narrower than the canvas: half a wide character cannot be shown.
            line.append(character(Self.space, style: cell.style))
            return 1
        }
        if terminalWidth != Int(cell.width) && !(wide && terminalWidth == 1) {
            // The C library disagrees with the canvas about this character's width; a stand-in
            // of the reserved width keeps the columns after it in place.
            text = CellText(
                asciiOnly ? Self.asciiReplacement : wide ? Self.wideReplacement : Self.replacement)
        }
        line.append(character(text, style: cell.style))
        if wide && Int(wcwidth(text.first)) == 1 {
            // Reserved two columns, the character takes one: a blank in the second.
            line.append(character(Self.space, style: cell.style))
        }
        return wide ? 2 : 1
    }

    private func character(_ value: wchar_t, style: Style) -> cchar_t {
        character(CellText(value), style: style)
    }

    private func character(_ text: CellText, style: Style) -> cchar_t {
        let rendition = palette.rendition(for: style)
        var made = cchar_t()
        let set = text.withTerminated { setcchar(&made, $0, rendition.attributes, rendition.pair, nil) }
        if set == ERR {
            CellText(asciiOnly ? Self.asciiReplacement : Self.replacement).withTerminated {
                _ = setcchar(&made, $0, rendition.attributes, rendition.pair, nil)
            }
        }
        return made
    }

    /// The cluster's first scalar plus the zero-width ones that follow, as many as a cell holds;
    /// further spacing scalars (the rest of an emoji sequence) cannot be shown in one cell.
    private static func appendScalars(of character: Character, to text: inout CellText) {
        var scalars = character.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return text.append(space) }
        text.append(wchar_t(bitPattern: first.value))
        while text.count <= maximumZeroWidthScalars, let scalar = scalars.next() {
            if TextWidth.of(scalar) == 0 && !ControlCharacters.isControl(scalar) {
                text.append(wchar_t(bitPattern: scalar.value))
            }
        }
    }

    private static let space = wchar_t(0x20)
    private static let replacement = wchar_t(0xFFFD)
    private static let asciiReplacement = wchar_t(0x3F)  // ?
    private static let wideReplacement = wchar_t(0xFF1F)  // FULLWIDTH QUESTION MARK
}

/// The wide characters of one curses cell, held inline (`setcchar` reads them up to a zero).
private struct CellText {
    /// CCHARW_MAX characters and the terminating zero.
    private var storage: (wchar_t, wchar_t, wchar_t, wchar_t, wchar_t, wchar_t) = (0, 0, 0, 0, 0, 0)
    private(set) var count = 0

    init() {}

    init(_ character: wchar_t) {
        append(character)
    }

    var first: wchar_t { storage.0 }

    /// Adds `character` unless the cell is full (the last slot stays the terminator).
    mutating func append(_ character: wchar_t) {
        guard count < 5 else { return }
        let offset = count * MemoryLayout<wchar_t>.stride
        withUnsafeMutableBytes(of: &storage) {
            $0.storeBytes(of: character, toByteOffset: offset, as: wchar_t.self)
        }
        count += 1
    }

    func withTerminated<R>(_ body: (UnsafePointer<wchar_t>) -> R) -> R {
        withUnsafeBytes(of: storage) { body($0.assumingMemoryBound(to: wchar_t.self).baseAddress!) }
    }
}
