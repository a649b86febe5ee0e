import CNcursesw
import CTerminalSupport
import FormCore
import FormUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Copies canvases to the curses screen: only the cells that changed since the last one, each at
/// an explicit position so that a width disagreement can never shift the rest of a row.
///
/// What curses writes for a frame is held back and sent in one write (and to the recording, if
/// any), so that the terminal never shows half a frame and a key costs one write, not one per
/// change of colors.
///
/// With `asciiOnly` (a locale whose character set is not UTF-8) every character is drawn as its
/// one-column ASCII stand-in from `AsciiGlyphs`, in the same columns.
struct ScreenPainter {
    var palette: CursesPalette
    let asciiOnly: Bool
    /// What the screen shows: the painter's own copy, changed row by row. Holding the caller's
    /// canvas instead shared its cells, so the app's next frame, drawn over that canvas, copied
    /// all of them before its first write (a tenth of a Space).
    private var previous: Canvas?
    private var needsFullRedraw = true
    private var cursorShown: Bool?

    /// The most combining scalars a cell can carry besides its base character (CCHARW_MAX - 1).
    private static let maximumZeroWidthScalars = 4

    init(palette: CursesPalette, asciiOnly: Bool) {
        self.palette = palette
        self.asciiOnly = asciiOnly
    }

    /// The next frame repaints every cell on a cleared screen (after a resize: what the terminal
    /// shows then is anybody's guess).
    mutating func invalidate() {
        needsFullRedraw = true
    }

    mutating func present(_ canvas: Canvas, on window: UnsafeMutablePointer<WINDOW>) {
        let full = needsFullRedraw || previous?.size != canvas.size
        if full {
            // wclear (not werase) also makes the next refresh clear the real screen.
            wclear(window)
            needsFullRedraw = false
        }
        let rows = min(canvas.size.height, Int(getmaxy(window)))
        let columns = min(canvas.size.width, Int(getmaxx(window)))
        let width = canvas.size.width
        // Taken out, so that it is not shared while its changed rows are copied in place.
        var shown = full ? nil : previous
        previous = nil
        var changedRows: [Int] = []
        do {
            // Scoped: the shown cells must not be held once its rows are copied in below.
            let old = shown?.cells ?? []
            canvas.cells.withUnsafeBufferPointer { new in
                guard let new = new.baseAddress else { return }
                old.withUnsafeBufferPointer { was in
                    let was = was.count == canvas.cells.count ? was.baseAddress : nil
                    for y in 0..<max(0, rows) {
                        let start = y * width
                        if let was,
                            memcmp(new + start, was + start, width * MemoryLayout<CanvasCell>.stride) == 0
                        {
                            continue
                        }
                        changedRows.append(y)
                        // Only the span that changed is looked at cell by cell (from the cell
                        // before it: a wide character whose second half changed is drawn whole).
                        var first = 0
                        var end = max(0, columns)
                        if let was {
                            while first < end, Self.same(new + start + first, was + start + first) {
                                first += 1
                            }
                            while end > first, Self.same(new + start + end - 1, was + start + end - 1) {
                                end -= 1
                            }
                        }
                        for x in max(0, first - 1)..<end {
                            let index = start + x
                            if new[index].isContinuation { continue }
                            if let was, Self.same(new + index, was + index),
                                new[index].width < 2 || x + 1 >= width
                                    || Self.same(new + index + 1, was + index + 1)
                            {
                                continue
                            }
                            draw(new[index], x: x, y: y, columns: columns, on: window)
                        }
                    }
                }
            }
        }
        // A first frame, or one after a resize: a copy of its own, never the caller's cells.
        var copy = shown ?? Canvas(size: canvas.size)
        shown = nil
        // Rows below the window (not drawn) are taken as the canvas has them, as the others.
        for y in changedRows + Array(max(0, rows)..<canvas.size.height) {
            copy.replace(row: y, with: canvas.cells(row: y, from: 0, width: width))
        }
        previous = copy
        // curs_set writes at once: held back with the frame it belongs to.
        ts_capture_output()
        placeCursor(canvas.cursor, rows: rows, columns: columns, on: window)
        wnoutrefresh(window)
        doupdate()
        ts_send_output()
    }

    private func draw(
        _ cell: CanvasCell, x: Int, y: Int, columns: Int, on window: UnsafeMutablePointer<WINDOW>
    ) {
        let rendition = palette.rendition(for: cell.style)
        var text = CellText()
        let terminalWidth: Int
        if let byte = cell.asciiValue, byte >= 0x20, byte < 0x7F {
            // Most cells: printable ASCII is one column and its own stand-in, nothing to decode.
            text.append(wchar_t(byte))
            terminalWidth = 1
        } else {
            if asciiOnly {
                text.append(wchar_t(bitPattern: AsciiGlyphs.standIn(for: cell.character).value))
            } else {
                Self.appendScalars(of: cell.character, to: &text)
            }
            terminalWidth = Int(wcwidth(text.first))
        }
        var wide = cell.width == 2
        if wide && x + 1 >= columns {
            // The terminal is narrower than the canvas: half a wide character cannot be shown.
            text = CellText(Self.space)
            wide = false
        } else if terminalWidth != Int(cell.width) && !(wide && terminalWidth == 1) {
            // The C library disagrees with the canvas about this character's width; a stand-in
            // of the reserved width keeps the columns after it in place.
            text = CellText(wide ? Self.wideReplacement : Self.replacement)
        }
        var character = cchar_t()
        let set = text.withTerminated { setcchar(&character, $0, rendition.attributes, rendition.pair, nil) }
        if set == ERR {
            CellText(asciiOnly ? Self.asciiReplacement : Self.replacement).withTerminated {
                _ = setcchar(&character, $0, rendition.attributes, rendition.pair, nil)
            }
        }
        mvwadd_wch(window, Int32(y), Int32(x), &character)
        if wide && terminalWidth == 1 {
            // Reserved two columns, the terminal uses one: blank the second explicitly.
            var blank = cchar_t()
            CellText(Self.space).withTerminated {
                _ = setcchar(&blank, $0, rendition.attributes, rendition.pair, nil)
            }
            mvwadd_wch(window, Int32(y), Int32(x + 1), &blank)
        }
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

    private mutating func placeCursor(
        _ cursor: Point?, rows: Int, columns: Int, on window: UnsafeMutablePointer<WINDOW>
    ) {
        let visible = cursor.map { $0.x >= 0 && $0.y >= 0 && $0.x < columns && $0.y < rows } ?? false
        if visible, let cursor {
            wmove(window, Int32(cursor.y), Int32(cursor.x))
        }
        if cursorShown != visible {
            curs_set(visible ? 1 : 0)
            cursorShown = visible
        }
    }

    private static let space = wchar_t(0x20)
    private static let replacement = wchar_t(0xFFFD)
    private static let asciiReplacement = wchar_t(0x3F)  // ?
    private static let wideReplacement = wchar_t(0xFF1F)  // FULLWIDTH QUESTION MARK
}

/// The wide characters of one curses cell, held inline: an array per drawn cell was two heap
/// allocations on every changed cell of every frame.
private struct CellText {
    /// CCHARW_MAX characters and the terminating zero `setcchar` reads up to.
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
