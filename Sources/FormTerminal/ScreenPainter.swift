import CNcursesw
import FormCore
import FormUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns canvases into the bytes that show them on the full screen: only the cells that changed
/// since the last frame, each run at an explicit position so that a width disagreement can never
/// shift the rest of a row, with the attributes set only where they change. The one comparison of
/// a frame is this one: curses does not look at the frame again (it keeps the tty modes, reads
/// terminfo and gives the screen up and back).
///
/// With `asciiOnly` (a locale whose character set is not UTF-8) every character is drawn as its
/// one-column ASCII stand-in from `AsciiGlyphs`, in the same columns.
///
/// ```swift
/// var painter = ScreenPainter(palette: palette, codes: codes, asciiOnly: false)
/// let bytes = painter.frame(canvas, screen: Size(width: 80, height: 24))  // one write
/// ```
struct ScreenPainter {
    let palette: TerminalPalette
    let codes: TerminalCodes
    let asciiOnly: Bool
    /// What the screen shows: the painter's own copy, changed row by row. Holding the caller's
    /// canvas instead shared its cells, so the app's next frame, drawn over that canvas, copied
    /// all of them before its first write (a tenth of a Space).
    private var previous: Canvas?
    /// The row stamps of the canvas last painted (`Canvas.rowStamps`): a row whose stamp is
    /// the same is the same, and is not compared (a Space compared all 24 rows to find two).
    private var paintedStamps: [UInt64] = []
    /// The rows a frame wrote, kept for its next frame (no array made per frame).
    private var changedRows: [Int] = []
    /// How many rows the last frame compared cell by cell with the screen: a test's count.
    private(set) var rowsCompared = 0
    private var needsFullRedraw = true
    private var cursorShown: Bool?
    /// Where the terminal's cursor is, when known (not after a write to the last column, where
    /// terminals differ).
    private var cursorX = -1
    private var cursorY = -1
    /// The rendition the terminal draws with, when known.
    private var current: Int?
    private var out: [UInt8] = []
    /// What each cluster is written as, by its cell's cluster and width (`CanvasCell.glyphKey`):
    /// a small cache, each key in one slot, a newcomer taking the slot of the one there (a
    /// dictionary's hashing of each non-ASCII cell cost a tenth of a Space's painting).
    private var glyphKeys = [UInt64](repeating: 0, count: glyphSlots)
    private var glyphBytes = [[UInt8]](repeating: [], count: glyphSlots)
    private static let glyphSlots = 256

    /// The most combining scalars a cell can carry besides its base character (as curses cells do).
    private static let maximumZeroWidthScalars = 4
    /// Unchanged cells between two changed ones that are written again rather than moved over:
    /// a move is at least four bytes.
    private static let longestRewrite = 3
    /// Trailing blanks erased (`el`, three bytes on most terminals) rather than written.
    private static let shortestErase = 4
    /// Blanks inside a row erased (`ech`) and moved past (`cuf`), about ten bytes, rather than
    /// written.
    private static let shortestErasedRun = 10

    init(palette: TerminalPalette, codes: TerminalCodes, asciiOnly: Bool) {
        self.palette = palette
        self.codes = codes
        self.asciiOnly = asciiOnly
    }

    /// The next frame clears the screen and writes every cell (after a resize or Ctrl-Z: what the
    /// terminal shows then is anybody's guess).
    mutating func invalidate() {
        needsFullRedraw = true
    }

    /// The bytes that change the screen from the last frame to `canvas`, on a screen of `screen`
    /// (the canvas is clipped to it), cursor included.
    mutating func frame(_ canvas: Canvas, screen: Size) -> [UInt8] {
        out.removeAll(keepingCapacity: true)
        let full = needsFullRedraw || previous?.size != canvas.size
        let rows = max(0, min(canvas.size.height, screen.height))
        let columns = max(0, min(canvas.size.width, screen.width))
        var blank: [CanvasCell] = []
        if full {
            needsFullRedraw = false
            previous = nil
            cursorShown = nil
            out += codes.reset
            current = 0
            out += codes.clear
            (cursorX, cursorY) = codes.clear.isEmpty ? (-1, -1) : (0, 0)
            // The cleared screen is blank cells of a look that erases: only the rest is written.
            if !codes.clear.isEmpty, palette.erases(.plain) {
                blank = Array(repeating: .blank, count: canvas.cells.count)
            }
        }
        let lastCell = codes.scrollsAtLastCell && rows == screen.height && columns == screen.width
        let width = canvas.size.width
        // Taken out, so that it is not shared while its changed rows are copied in place.
        var shown = previous
        previous = nil
        while changedRows.popLast() != nil {}
        // Stamps are compared only against a screen this painter drew whole from them.
        if shown == nil { paintedStamps.removeAll(keepingCapacity: true) }
        rowsCompared = 0
        do {
            // Scoped: the shown cells must not be held once its rows are copied in below, nor
            // the stamps once the new ones are.
            let old = shown?.cells ?? blank
            let stamps = paintedStamps
            canvas.cells.withUnsafeBufferPointer { new in
                guard let new = new.baseAddress else { return }
                old.withUnsafeBufferPointer { was in
                    let was = was.count == canvas.cells.count ? was.baseAddress : nil
                    let known = was != nil && stamps.count == canvas.rowStamps.count
                    for y in 0..<rows {
                        let start = y * width
                        if known, stamps[y] == canvas.rowStamps[y] { continue }
                        rowsCompared += 1
                        if let was,
                            memcmp(new + start, was + start, width * MemoryLayout<CanvasCell>.stride) == 0
                        {
                            continue
                        }
                        changedRows.append(y)
                        // Only the span that changed is looked at cell by cell (from the cell
                        // before it: a wide character whose second half changed is drawn whole).
                        var first = 0
                        var end = columns
                        if let was {
                            first = Self.firstDifference(new + start, was + start, from: first, to: end)
                            end = Self.lastDifference(new + start, was + start, from: first, to: end)
                        }
                        if lastCell && y == rows - 1 { end = min(end, columns - 1) }
                        let erasable = erasableEnd(of: new + start, columns: columns, changedEnd: end)
                        var erasedUntil = 0
                        for x in max(0, first - 1)..<max(0, end) {
                            let index = start + x
                            if new[index].isContinuation || x < erasedUntil { continue }
                            if let was, Self.same(new + index, was + index),
                                new[index].width < 2 || x + 1 >= width
                                    || Self.same(new + index + 1, was + index + 1)
                            {
                                continue
                            }
                            moveTo(x: x, y: y, row: new + start)
                            if x >= erasable {
                                // The rest of the row is blanks of one look: erased in it.
                                let look = palette.rendition(for: new[index].style)
                                if current.map({ !palette.erasesAlike($0, look) }) ?? true {
                                    setRendition(look)
                                }
                                appendFew(codes.eraseLine)
                                break
                            }
                            if new[index].asciiValue == 0x20,
                                let blanks = erasableRun(from: new + index, count: columns - x)
                            {
                                // A run of blanks of one look inside the row: erased, not written.
                                erasedUntil = x + blanks
                                continue
                            }
                            draw(new[index], x: x, columns: columns)
                        }
                    }
                }
            }
        }
        // A first frame, or one after a resize: a copy of its own, never the caller's cells.
        var copy = shown ?? Canvas(size: canvas.size)
        shown = nil
        // Rows below the screen (not drawn) are taken as the canvas has them, as the others.
        // Copied with their stamps: the same cells (a row's slice and a `replace` cost more
        // than the few cells a key changes).
        for y in changedRows { copy.copyRow(y, from: canvas) }
        for y in rows..<max(rows, canvas.size.height) { copy.copyRow(y, from: canvas) }
        previous = copy
        // Copied into the painter's own array: sharing the canvas's made its next write copy it.
        if paintedStamps.count == canvas.rowStamps.count {
            paintedStamps.withUnsafeMutableBufferPointer { painted in
                canvas.rowStamps.withUnsafeBufferPointer { stamps in
                    guard let to = painted.baseAddress, let from = stamps.baseAddress else { return }
                    to.update(from: from, count: stamps.count)
                }
            }
        } else {
            paintedStamps = canvas.rowStamps.map { $0 }
        }
        placeCursor(canvas.cursor, rows: rows, columns: columns)
        return out
    }

    /// Moves the cursor to column `x` of the row whose cells start at `row`: nothing when it is
    /// there, the few cells before it written again when that is shorter, else a move.
    private mutating func moveTo(x: Int, y: Int, row: UnsafePointer<CanvasCell>) {
        if cursorY == y && cursorX == x { return }
        if cursorY == y, cursorX >= 0, cursorX < x, x - cursorX <= Self.longestRewrite,
            let current, (cursorX..<x).allSatisfy({ Self.isPlain(row[$0], rendition: current, palette) })
        {
            for column in cursorX..<x { out.append(row[column].asciiValue!) }
            cursorX = x
            return
        }
        if cursorY == y, cursorX >= 0, cursorX < x, codes.moveRight(x - cursorX, into: &out) {
            cursorX = x
            return
        }
        codes.move(toRow: y, column: x, into: &out)
        (cursorX, cursorY) = (x, y)
    }

    private static func isPlain(_ cell: CanvasCell, rendition: Int, _ palette: TerminalPalette) -> Bool {
        guard let byte = cell.asciiValue, byte >= 0x20, byte < 0x7F, cell.width == 1 else { return false }
        return palette.rendition(for: cell.style) == rendition
    }

    /// Where the row's trailing blanks of one look begin, when erasing them (`el`) is shorter than
    /// writing them and shows the same; else `columns`. Not looked for when the last changed cell
    /// (before `changedEnd`) is not one of them.
    private func erasableEnd(of row: UnsafePointer<CanvasCell>, columns: Int, changedEnd: Int) -> Int {
        guard columns >= Self.shortestErase, changedEnd > 0, !codes.eraseLine.isEmpty,
            Self.same(row + changedEnd - 1, row + columns - 1)
        else { return columns }
        let last = row[columns - 1]
        guard last.asciiValue == 0x20, last.width == 1 else { return columns }
        let start = Self.runStart(row, endingAt: columns - 1)
        guard columns - start >= Self.shortestErase, palette.erasesLine(last.style) else { return columns }
        return start
    }

    /// Erases the run of blanks of one look that starts at the cursor (`cells`, at most `count`
    /// of them) when it is long enough that erasing and moving past it is shorter than writing
    /// it, and erasing shows them; returns its length, or nil when nothing was written.
    private mutating func erasableRun(from cells: UnsafePointer<CanvasCell>, count: Int) -> Int? {
        guard codes.erasesCharacters, count >= Self.shortestErasedRun, cells[0].asciiValue == 0x20,
            cells[0].width == 1,
            Self.same(cells, cells + Self.shortestErasedRun - 1)
        else { return nil }
        var length = 1
        while length < count, Self.same(cells + length, cells) { length += 1 }
        let look = palette.rendition(for: cells[0].style)
        guard length >= Self.shortestErasedRun, palette.erasesLine(cells[0].style) else { return nil }
        if current.map({ !palette.erasesAlike($0, look) }) ?? true { setRendition(look) }
        return codes.eraseCharacters(length, into: &out) ? length : nil
    }

    /// The palette's rendition for `style`, the last one asked remembered: runs of cells share
    /// a style, and a cell's look was the palette's look-up on every cell drawn.
    private mutating func rendition(for style: Style) -> Int {
        if style == lastStyle { return lastStyleRendition }
        let rendition = palette.rendition(for: style)
        (lastStyle, lastStyleRendition) = (style, rendition)
        return rendition
    }
    private var lastStyle: Style?
    private var lastStyleRendition = 0

    private mutating func setRendition(_ rendition: Int) {
        if rendition != current {
            appendFew(
                current.map { palette.transition(from: $0, to: rendition) } ?? palette.sequence(rendition))
            current = rendition
        }
    }

    /// Appends `bytes`, a short sequence most often (a glyph, a change of look), a byte at a time:
    /// the generic append of an array cost more than the bytes.
    private mutating func appendFew(_ bytes: [UInt8]) {
        guard bytes.count <= 16 else {
            out += bytes
            return
        }
        for byte in bytes { out.append(byte) }
    }

    /// Writes one cell at the cursor, in its look, and moves the known cursor past it.
    private mutating func draw(_ cell: CanvasCell, x: Int, columns: Int) {
        setRendition(rendition(for: cell.style))
        var written = 1
        if let byte = cell.asciiValue, byte >= 0x20, byte < 0x7F {
            // Most cells: printable ASCII is one column and its own stand-in, nothing to decode.
            out.append(byte)
        } else {
            written = drawDecoded(cell, x: x, columns: columns)
        }
        cursorX = x + written
        // At the last column the cursor waits to wrap, differently on each terminal: unknown.
        if cursorX >= columns { (cursorX, cursorY) = (-1, -1) }
    }

    /// A cell that is not printable ASCII; returns how many columns were written.
    private mutating func drawDecoded(_ cell: CanvasCell, x: Int, columns: Int) -> Int {
        if cell.width == 2 && x + 1 >= columns {
            // The screen is narrower than the canvas: half a wide character cannot be shown.
            out.append(0x20)
            return 1
        }
        // Decoding a cluster, and asking the C library its width, cost more than the rest of a
        // cell: what each cluster is written as is kept (by cell, whatever its look).
        let key = cell.glyphKey
        // The high bits of a multiplicative hash: neighbouring code points spread apart.
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 56) % Self.glyphSlots
        if glyphKeys[slot] == key {
            appendFew(glyphBytes[slot])
            return Int(cell.width)
        }
        let start = out.count
        let written = decode(cell)
        // Kept only when it shows as its width says (the same for every such cell).
        if written == Int(cell.width) {
            glyphKeys[slot] = key
            glyphBytes[slot] = Array(out[start...])
        }
        return written
    }

    /// Appends what shows `cell` (not printable ASCII, not cut by the screen's edge).
    private mutating func decode(_ cell: CanvasCell) -> Int {
        let character = cell.character
        var scalars: [Unicode.Scalar] = []
        if asciiOnly {
            scalars.append(AsciiGlyphs.standIn(for: character))
        } else {
            Self.appendScalars(of: character, to: &scalars)
        }
        let terminalWidth = Int(wcwidth(wchar_t(bitPattern: scalars[0].value)))
        let wide = cell.width == 2
        if terminalWidth != Int(cell.width) && !(wide && terminalWidth == 1) {
            // The C library disagrees with the canvas about this character's width; a stand-in
            // of the reserved width keeps the columns after it in place.
            if asciiOnly {
                out += wide ? [0x3F, 0x20] : [0x3F]
            } else {
                append(wide ? Self.wideReplacement : Self.replacement)
            }
            return wide ? 2 : 1
        }
        for scalar in scalars { append(scalar) }
        if wide && terminalWidth == 1 {
            // Reserved two columns, the terminal uses one: blank the second explicitly.
            out.append(0x20)
        }
        return wide ? 2 : 1
    }

    private mutating func append(_ scalar: Unicode.Scalar) {
        out.append(contentsOf: UTF8.encode(scalar)!)
    }

    /// Whether two cells are the same: cells are plain data of eight bytes without padding
    /// (see `CanvasCell`), compared as one word where they are.
    private static func same(_ a: UnsafePointer<CanvasCell>, _ b: UnsafePointer<CanvasCell>) -> Bool {
        guard MemoryLayout<CanvasCell>.size == MemoryLayout<UInt64>.size else {
            return a.pointee == b.pointee
        }
        return UnsafeRawPointer(a).loadUnaligned(as: UInt64.self)
            == UnsafeRawPointer(b).loadUnaligned(as: UInt64.self)
    }

    /// The first column in `from..<to` where rows `a` and `b` differ (`to` when none): four
    /// cells (one 32-byte look) a step, where cells are eight bytes without padding. A changed
    /// row is mostly the same as before, and a cell a step was a third of a Space's painting.
    /// Whether the four cells (32 bytes) at byte `offset` of rows `a` and `b` differ: one test
    /// for four, where cells are one word each.
    @inline(__always)
    private static func fourCellsDiffer(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, atByte offset: Int)
        -> Bool
    {
        let differs =
            (a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                ^ b.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            | (a.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self)
                ^ b.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self))
            | (a.loadUnaligned(fromByteOffset: offset &+ 16, as: UInt64.self)
                ^ b.loadUnaligned(fromByteOffset: offset &+ 16, as: UInt64.self))
            | (a.loadUnaligned(fromByteOffset: offset &+ 24, as: UInt64.self)
                ^ b.loadUnaligned(fromByteOffset: offset &+ 24, as: UInt64.self))
        return differs != 0
    }

    private static func firstDifference(
        _ a: UnsafePointer<CanvasCell>, _ b: UnsafePointer<CanvasCell>, from: Int, to: Int
    ) -> Int {
        var x = from
        if MemoryLayout<CanvasCell>.stride == MemoryLayout<UInt64>.size {
            let a = UnsafeRawPointer(a)
            let b = UnsafeRawPointer(b)
            while x + 4 <= to {
                let offset = x &* 8
                if fourCellsDiffer(a, b, atByte: offset) { break }
                x &+= 4
            }
        }
        while x < to, same(a + x, b + x) { x += 1 }
        return x
    }

    /// The column after the last one in `from..<to` where rows `a` and `b` differ (`from` when
    /// none), four cells a step as `firstDifference`.
    private static func lastDifference(
        _ a: UnsafePointer<CanvasCell>, _ b: UnsafePointer<CanvasCell>, from: Int, to: Int
    ) -> Int {
        var end = to
        if MemoryLayout<CanvasCell>.stride == MemoryLayout<UInt64>.size {
            let a = UnsafeRawPointer(a)
            let b = UnsafeRawPointer(b)
            while end - 4 >= from {
                let offset = (end &- 4) &* 8
                if fourCellsDiffer(a, b, atByte: offset) { break }
                end &-= 4
            }
        }
        while end > from, same(a + end - 1, b + end - 1) { end -= 1 }
        return end
    }

    /// Where the run of cells equal to the one at column `last` that ends there begins (at
    /// column 0 at the earliest), four cells a step as `firstDifference`.
    private static func runStart(_ row: UnsafePointer<CanvasCell>, endingAt last: Int) -> Int {
        var start = last
        if MemoryLayout<CanvasCell>.stride == MemoryLayout<UInt64>.size {
            let raw = UnsafeRawPointer(row)
            let cell = raw.loadUnaligned(fromByteOffset: last &* 8, as: UInt64.self)
            while start >= 4 {
                let offset = (start &- 4) &* 8
                let differs =
                    (raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ cell)
                    | (raw.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self) ^ cell)
                    | (raw.loadUnaligned(fromByteOffset: offset &+ 16, as: UInt64.self) ^ cell)
                    | (raw.loadUnaligned(fromByteOffset: offset &+ 24, as: UInt64.self) ^ cell)
                if differs != 0 { break }
                start &-= 4
            }
        }
        while start > 0, same(row + start - 1, row + last) { start -= 1 }
        return start
    }

    /// The cluster's first scalar plus the zero-width ones that follow, as many as a curses cell
    /// held; further spacing scalars (the rest of an emoji sequence) cannot be shown in one cell.
    private static func appendScalars(of character: Character, to scalars: inout [Unicode.Scalar]) {
        var iterator = character.unicodeScalars.makeIterator()
        guard let first = iterator.next() else { return scalars.append(" ") }
        scalars.append(first)
        while scalars.count <= maximumZeroWidthScalars, let scalar = iterator.next() {
            if TextWidth.of(scalar) == 0 && !ControlCharacters.isControl(scalar) {
                scalars.append(scalar)
            }
        }
    }

    private mutating func placeCursor(_ cursor: Point?, rows: Int, columns: Int) {
        let visible = cursor.map { $0.x >= 0 && $0.y >= 0 && $0.x < columns && $0.y < rows } ?? false
        if visible, let cursor {
            if cursorX != cursor.x || cursorY != cursor.y {
                codes.move(toRow: cursor.y, column: cursor.x, into: &out)
                (cursorX, cursorY) = (cursor.x, cursor.y)
            }
        }
        if cursorShown != visible {
            out += visible ? codes.showCursor : codes.hideCursor
            cursorShown = visible
        }
    }

    private static let replacement: Unicode.Scalar = "\u{FFFD}"
    private static let wideReplacement: Unicode.Scalar = "\u{FF1F}"  // FULLWIDTH QUESTION MARK
}
