import CNcursesw
import FormCore
import FormUI
import Glibc

/// Puts canvases into a curses window, for `wnoutrefresh` + `doupdate`: each row, where the
/// window does not hold it already (read back from the window itself, see `HeldRow`), from its
/// first cell that the window does not hold to its end. What reaches the terminal is decided by
/// ncurses' own comparison, between the window and what it knows the terminal shows, and
/// ncurses writes the terminal's own sequences for the cells that changed (its `sgr`, its moves,
/// its line-drawing set, `bce`, padding). Nothing here writes a byte to the terminal.
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
        let rows = max(0, min(canvas.size.height, Int(getmaxy(window))))
        let columns = max(0, min(canvas.size.width, Int(getmaxx(window))))
        let width = canvas.size.width
        var looks = Looks(palette: palette)
        // A row never needs more curses cells than columns (a wide character takes one for two);
        // what the window holds on a row, read back, takes one more for the end mark. Each is
        // written before it is read: nothing to fill first.
        let line = UnsafeMutableBufferPointer<cchar_t>.allocate(capacity: columns)
        let held = UnsafeMutableBufferPointer<cchar_t>.allocate(capacity: columns + 1)
        defer {
            line.deallocate()
            held.deallocate()
        }
        canvas.cells.withUnsafeBufferPointer { cells in
            for y in 0..<rows {
                let row = UnsafeBufferPointer(rebasing: cells[(y * width)..<(y * width + columns)])
                wmove(window, Int32(y), 0)
                var comparison = HeldRow(window, readInto: held)
                // The window holds the row already: nothing to put.
                if convert(row, looks: &looks, into: &comparison), comparison.isWhole { continue }
                var made = MadeRow(cells: line)
                convert(row, looks: &looks, into: &made)
                // From the first cell that differs: the ones before it are held as they are, and
                // putting them again would mark them changed for ncurses to compare for nothing.
                // (All equal and the window's row longer: the window is wider than the canvas,
                // and nothing of the canvas is to put.)
                let from = comparison.matched
                guard from < made.filled, let start = line.baseAddress else { continue }
                wmove(window, Int32(y), Int32(comparison.firstDifference))
                wadd_wchnstr(window, start + from, Int32(made.filled - from))
            }
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

    /// Hands the curses cells that show `row` (all of its cells, as many columns as the window
    /// shows of it) to `sink`, left to right, until the sink refuses one; returns whether it took
    /// them all. The one way canvas cells become curses cells, whether they are compared with
    /// what the window holds or put into it.
    @discardableResult
    private func convert<Sink: CellSink>(
        _ row: UnsafeBufferPointer<CanvasCell>, looks: inout Looks, into given: inout Sink
    ) -> Bool {
        // A copy of its own, which the loops keep in registers.
        var sink = given
        defer { given = sink }
        let columns = row.count
        var x = 0
        while x < columns {
            let cell = row[x]
            let look = looks.cell(for: cell.style)
            if let byte = cell.printableASCII {
                // Most cells: printable ASCII is one column and its own stand-in. The run of them
                // in this style takes the look as it is.
                let style = cell.style.number
                guard sink.take(Self.filled(look, with: wchar_t(byte)), at: x) else { return false }
                x += 1
                while x < columns {
                    let next = row[x]
                    guard next.style.number == style, let byte = next.printableASCII else { break }
                    guard sink.take(Self.filled(look, with: wchar_t(byte)), at: x) else { return false }
                    x += 1
                }
            } else if cell.isContinuation {
                // The second half of a wide character whose first half was cut off (never drawn
                // by a canvas, but a blank keeps the columns).
                guard sink.take(Self.filled(look, with: Self.space), at: x) else { return false }
                x += 1
            } else {
                guard
                    let covered = append(cell, look: look, widths: &looks, at: x, columns: columns, to: &sink)
                else { return false }
                x += covered
            }
        }
        return true
    }

    /// Hands the curses characters that show `cell` (not printable ASCII) at column `x` of a row
    /// `columns` wide to `sink`; returns the columns they cover, or nil if the sink refused them.
    private func append<Sink: CellSink>(
        _ cell: CanvasCell, look: cchar_t, widths: inout Looks, at x: Int, columns: Int,
        to sink: inout Sink
    ) -> Int? {
        func put(_ text: CellText, at column: Int) -> Bool {
            sink.take(Self.filled(look, with: text, orIfRefused: refused), at: column)
        }
        var text = CellText()
        if let scalar = cell.loneScalar {
            // A scalar alone (box lines, a switch's knob, most letters): no Character to make.
            text.append(
                wchar_t(
                    bitPattern: asciiOnly ? AsciiGlyphs.standIn(for: Character(scalar)).value : scalar.value))
        } else if asciiOnly {
            text.append(wchar_t(bitPattern: AsciiGlyphs.standIn(for: cell.character).value))
        } else {
            Self.appendScalars(of: cell.character, to: &text)
        }
        let terminalWidth = widths.terminalWidth(of: text.first)
        let wide = cell.width == 2
        if wide && x + 1 >= columns {
            // The window is narrower than the canvas: half a wide character cannot be shown.
            return put(CellText(Self.space), at: x) ? 1 : nil
        }
        if terminalWidth != Int(cell.width) && !(wide && terminalWidth == 1) {
            // The C library disagrees with the canvas about this character's width; a stand-in
            // of the reserved width keeps the columns after it in place.
            text = CellText(
                asciiOnly ? Self.asciiReplacement : wide ? Self.wideReplacement : Self.replacement)
        }
        guard put(text, at: x) else { return nil }
        if wide && Int(wcwidth(text.first)) == 1 {
            // Reserved two columns, the character takes one: a blank in the second.
            guard put(CellText(Self.space), at: x + 1) else { return nil }
        }
        return wide ? 2 : 1
    }

    /// What takes the place of characters that curses refuses in one cell.
    private var refused: CellText { CellText(asciiOnly ? Self.asciiReplacement : Self.replacement) }

    /// `look` (a cell of the style, without characters) showing `character`.
    private static func filled(_ look: cchar_t, with character: wchar_t) -> cchar_t {
        var made = look
        made.chars.0 = character
        return made
    }

    /// `look` showing `text`, as `setcchar` fills a cell (the tests hold it to setcchar's, bit
    /// for bit): every cell of every frame is filled, and setcchar's checks and copies of
    /// each were a third of a key's instructions (1,920 cells a frame).
    private static func filled(_ look: cchar_t, with text: CellText, orIfRefused refused: CellText) -> cchar_t
    {
        var made = look
        made.chars = text.cursesCharacters(orIfRefused: refused)
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

/// Where the curses cells of a row go, one by one: compared with what the window holds
/// (`HeldRow`), or laid out to be put (`MadeRow`).
private protocol CellSink {
    /// Takes the next cell, which starts at `column` of the row; false stops the row there.
    mutating func take(_ cell: cchar_t, at column: Int) -> Bool
}

/// The row at the window's cursor as the window holds it, read back, which a row's cells are
/// compared with: while each is the cell held in its place, and the row ends where they end,
/// putting them again would change nothing. The window is the only memory asked, so nothing of
/// ours can go stale (a resize, a suspend, a cleared screen).
///
/// Why it is asked: `wadd_wchnstr` costs about 140 instructions a cell (its width lookup and
/// rendition of each) and marks the whole row changed, which `wnoutrefresh` then compares cell by
/// cell; a key changes two or three of a frame's 24 rows. Reading a row back costs a tenth of
/// that: a Down costs 790k instructions putting every row and about 540k asking first, which
/// keeps a key within issue 34's 1.5x of dialog's latency. ncurses' own comparison still decides
/// every byte of the rows that changed. The canvas's cells are compared with the held ones as
/// they are made, and laid out (`MadeRow`) only for a row that differs.
private struct HeldRow: CellSink {
    private let first: UnsafeMutablePointer<cchar_t>
    /// The next held cell to compare.
    private var next: UnsafeMutablePointer<cchar_t>

    /// Reads the row from the window's cursor on into `cells` (one for a wide character), the
    /// end marked with a cell of no characters: `cells` has room for one more than the columns.
    /// A row that cannot be read is taken as empty, which no row's cells are.
    init(_ window: UnsafeMutablePointer<WINDOW>, readInto cells: UnsafeMutableBufferPointer<cchar_t>) {
        // Never empty: there is room for the end mark.
        first = cells.baseAddress!
        next = first
        if win_wchnstr(window, next, Int32(cells.count - 1)) != OK { next.pointee = cchar_t() }
    }

    /// Whether `cell` is the one held next. Every cell made here has a character, so the end
    /// mark stops the comparison. The character bits of a stored cell's attributes (A_CHARTEXT),
    /// which no cell put here sets, mark the first column of a wide character: not part of its
    /// look.
    @inline(__always) mutating func take(_ cell: cchar_t, at column: Int) -> Bool {
        let held = next.pointee
        guard held.chars.0 == cell.chars.0, held.attr & ~Self.characterBits == cell.attr,
            held.ext_color == cell.ext_color, held.chars == cell.chars
        else {
            firstDifference = column
            return false
        }
        next += 1
        return true
    }

    /// How many cells from the row's start are held as they were given.
    var matched: Int { next - first }
    /// The column of the first cell given that is not held: where putting the row can start,
    /// since the cells before it are the window's own (and so cover the same columns).
    private(set) var firstDifference = 0

    /// Whether the row ends after the cells taken, with nothing held past them.
    var isWhole: Bool { next.pointee.chars.0 == 0 }

    /// A_CHARTEXT, a macro Swift does not import.
    private static let characterBits = attr_t(0xFF)
}

/// A row's cells laid out for `wadd_wchnstr`.
private struct MadeRow: CellSink {
    let cells: UnsafeMutableBufferPointer<cchar_t>
    private(set) var filled = 0

    @inline(__always) mutating func take(_ cell: cchar_t, at column: Int) -> Bool {
        cells[filled] = cell
        filled += 1
        return true
    }
}

/// The curses cell of each style (attributes and color pair, no characters yet), looked up once
/// for each run of cells of one style; and the C library's width of characters, asked once for a
/// run of one character. Lives for one frame.
struct Looks {
    let palette: CursesPalette
    private var style: UInt16?
    private var look = cchar_t()

    init(palette: CursesPalette) {
        self.palette = palette
    }

    /// The last character whose width the C library was asked for, and its width: a row of
    /// box lines asks for one character 80 times.
    private var measured: (character: wchar_t, width: Int) = (0, 0)

    /// `wcwidth` of `character`, which curses goes by.
    mutating func terminalWidth(of character: wchar_t) -> Int {
        if character != measured.character { measured = (character, Int(wcwidth(character))) }
        return measured.width
    }

    mutating func cell(for style: Style) -> cchar_t {
        if style.number == self.style { return look }
        look = Self.cell(of: palette.rendition(for: style))
        self.style = style.number
        return look
    }

    /// A cell in `rendition` as setcchar fills one: the attributes hold as much of the pair as
    /// fits in their color bits (pairs past 255 as 255), `ext_color` all of it.
    static func cell(of rendition: CursesPalette.Rendition) -> cchar_t {
        var look = cchar_t()
        look.attr = rendition.attributes | formtui_color_pair(min(Int32(rendition.pair), 255))
        look.ext_color = Int32(rendition.pair)
        return look
    }
}

/// The wide characters of one curses cell, held inline as a cell holds them (`cchar_t.chars`).
private struct CellText {
    private var storage: (wchar_t, wchar_t, wchar_t, wchar_t, wchar_t) = (0, 0, 0, 0, 0)
    private(set) var count = 0

    init() {}

    init(_ character: wchar_t) {
        append(character)
    }

    var first: wchar_t { storage.0 }

    /// Adds `character` unless the cell is full (CCHARW_MAX characters).
    mutating func append(_ character: wchar_t) {
        guard count < 5 else { return }
        let offset = count * MemoryLayout<wchar_t>.stride
        withUnsafeMutableBytes(of: &storage) {
            $0.storeBytes(of: character, toByteOffset: offset, as: wchar_t.self)
        }
        count += 1
    }

    /// The characters as `setcchar` takes them into a cell: up to the first one after the base
    /// that has a width (a cell adds only zero-width marks); `refused` where setcchar refuses
    /// them (marks on a base without a width). One character, most cells, is taken as it is,
    /// without a call.
    @inline(__always)
    func cursesCharacters(orIfRefused refused: CellText) -> (wchar_t, wchar_t, wchar_t, wchar_t, wchar_t) {
        count > 1 ? withMarks(orIfRefused: refused) : storage
    }

    /// `cursesCharacters(orIfRefused:)` of a base and the characters after it.
    private func withMarks(orIfRefused refused: CellText) -> (wchar_t, wchar_t, wchar_t, wchar_t, wchar_t) {
        guard wcwidth(first) >= 0 else { return refused.storage }
        var kept = self
        withUnsafeBytes(of: storage) { raw in
            let characters = raw.assumingMemoryBound(to: wchar_t.self)
            for index in 1..<count where wcwidth(characters[index]) != 0 {
                kept = CellText()
                for earlier in 0..<index { kept.append(characters[earlier]) }
                break
            }
        }
        return kept.storage
    }
}
