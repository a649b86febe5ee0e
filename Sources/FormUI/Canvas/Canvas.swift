import FormCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A grid of styled cells that screens draw on and backends copy to a terminal.
///
/// Writing clips at the right edge by display columns: a wide character that would straddle the
/// edge is replaced by a blank, never wrapped. Tests read a canvas back as text.
///
/// ```swift
/// var canvas = Canvas(size: Size(width: 10, height: 1))
/// canvas.write("日本語テキスト", at: Point(x: 0, y: 0))
/// canvas.lines // ["日本語テキ"]
/// ```
public struct Canvas: Hashable, Sendable {
    public private(set) var size: Size
    /// Written only by the methods below.
    public private(set) var cells: [CanvasCell]
    /// Where the terminal cursor goes after drawing: the focused row, or the insertion point.
    public var cursor: Point?
    public init(size: Size) {
        self.size = Size(width: max(0, size.width), height: max(0, size.height))
        self.cells = Array(repeating: .blank, count: self.size.width * self.size.height)
    }

    /// Equal when they show the same.
    public static func == (lhs: Canvas, rhs: Canvas) -> Bool {
        lhs.size == rhs.size && lhs.cursor == rhs.cursor && lhs.cells == rhs.cells
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(size)
        hasher.combine(cells)
        hasher.combine(cursor)
    }

    public subscript(x: Int, y: Int) -> CanvasCell {
        cells[y * size.width + x]
    }

    /// Whether row `y` holds the same cells as row `y` of `other`, a canvas of the same size.
    ///
    /// One `memcmp`: cells are plain data without padding, so equal cells are equal bytes (a
    /// frame repaints most rows unchanged, and this runs for each of them on every key).
    public func rowEquals(_ other: Canvas, row y: Int) -> Bool {
        guard other.size == size, y >= 0, y < size.height else { return false }
        return cells.withUnsafeBufferPointer { mine in
            other.cells.withUnsafeBufferPointer { theirs in
                Self.sameBytes(mine, from: y * size.width, theirs, from: y * size.width, count: size.width)
            }
        }
    }

    /// The cells of row `y` from column `x`, `width` of them (clipped to the canvas).
    public func cells(row y: Int, from x: Int, width: Int) -> ArraySlice<CanvasCell> {
        guard y >= 0, y < size.height else { return [] }
        let start = max(0, x)
        let end = min(size.width, x + width)
        guard start < end else { return [] }
        return cells[(y * size.width + start)..<(y * size.width + end)]
    }

    /// Whether row `y` from column `x` holds exactly `expected` (as many cells as it has), with
    /// one `memcmp` as `rowEquals`.
    public func row(_ y: Int, from x: Int, holds expected: [CanvasCell]) -> Bool {
        guard y >= 0, y < size.height, x >= 0, x + expected.count <= size.width else { return false }
        return cells.withUnsafeBufferPointer { mine in
            expected.withUnsafeBufferPointer { theirs in
                Self.sameBytes(mine, from: y * size.width + x, theirs, from: 0, count: expected.count)
            }
        }
    }

    private static func sameBytes(
        _ a: UnsafeBufferPointer<CanvasCell>, from aStart: Int, _ b: UnsafeBufferPointer<CanvasCell>,
        from bStart: Int, count: Int
    ) -> Bool {
        guard count > 0, let aBase = a.baseAddress, let bBase = b.baseAddress else { return true }
        return memcmp(aBase + aStart, bBase + bStart, count * MemoryLayout<CanvasCell>.stride) == 0
    }

    /// Sets row `y` to `row`, cells taken from row `y` of a canvas as wide (a whole row, so no
    /// wide character is cut).
    public mutating func replace(row y: Int, with row: ArraySlice<CanvasCell>) {
        guard y >= 0, y < size.height, row.count == size.width else { return }
        let start = y * size.width
        row.withUnsafeBufferPointer { source in
            guard let from = source.baseAddress else { return }
            cells.withUnsafeMutableBufferPointer { cells in
                // A row sliced from this canvas holds its buffer, so `cells` is copied before it is
                // written: the two never overlap.
                (cells.baseAddress! + start).update(from: from, count: source.count)
            }
        }
    }

    /// Blanks every cell and forgets the cursor.
    public mutating func clear() {
        cells.withUnsafeMutableBufferPointer { $0.update(repeating: .blank) }
        cursor = nil
    }

    /// Makes the canvas `size` and blank.
    public mutating func resize(to size: Size) {
        self = Canvas(size: size)
    }

    /// Fills `width` cells of row `y` from column `x` with blanks in `style`.
    public mutating func fill(row y: Int, from x: Int = 0, width: Int? = nil, style: Style) {
        guard y >= 0, y < size.height else { return }
        let start = max(0, x)
        let end = min(size.width, width.map { x + $0 } ?? size.width)
        guard start < end else { return }
        let blank = CanvasCell(ascii: 0x20, width: 1, style: style)
        // Only the ends can cut a wide character in two: `put` blanks its other half there.
        put(blank, at: start, y)
        if end - 1 > start { put(blank, at: end - 1, y) }
        let row = y * size.width
        guard end - 1 > start + 1 else { return }
        cells.withUnsafeMutableBufferPointer { cells in
            guard let base = cells.baseAddress else { return }
            Self.fill(base + row + start + 1, count: end - 1 - (start + 1), with: blank)
        }
    }

    /// Sets `count` cells from `to` to `cell`: as eight-byte words where cells are eight bytes
    /// without padding (a cell's fields stored one by one cost four stores a cell, and a line
    /// blanked before it is drawn is most of what drawing a line costs).
    private static func fill(_ to: UnsafeMutablePointer<CanvasCell>, count: Int, with cell: CanvasCell) {
        guard MemoryLayout<CanvasCell>.size == MemoryLayout<UInt64>.size,
            MemoryLayout<CanvasCell>.stride == MemoryLayout<UInt64>.size
        else {
            to.update(repeating: cell, count: count)
            return
        }
        let word = withUnsafeBytes(of: cell) { $0.loadUnaligned(as: UInt64.self) }
        UnsafeMutableRawPointer(to).withMemoryRebound(to: UInt64.self, capacity: count) { words in
            words.update(repeating: word, count: count)
        }
    }

    /// Writes `text` on row `y` from column `x`, stopping at `limit` (default: the right edge).
    ///
    /// Control characters are shown as `?`; a wide character that does not fit before the limit
    /// leaves a blank. Returns the column after the last one written.
    @discardableResult
    public mutating func write(
        _ text: some StringProtocol, at point: Point, style: Style = .plain, limit: Int? = nil
    ) -> Int {
        let y = point.y
        var x = point.x
        guard y >= 0, y < size.height else { return x }
        let end = min(size.width, limit ?? size.width)
        guard x < end else { return x }
        if x >= 0, let count = TextWidth.asciiWidth(text.utf8) {
            // Printable ASCII: a cell a byte, no grapheme breaking or width lookup, written in
            // one pass over the row's memory.
            let stop = min(end, x + count)
            guard x < stop else { return x }
            let row = y * size.width
            // Only the ends can cut a wide character in two (see `put`): the half outside is
            // blanked, as a terminal would; one wholly inside is overwritten whole.
            if cells[row + x].isContinuation, x > 0 {
                cells[row + x - 1] = CanvasCell(ascii: 0x20, width: 1, style: cells[row + x - 1].style)
            }
            if cells[row + stop - 1].width == 2, stop < size.width {
                cells[row + stop] = CanvasCell(ascii: 0x20, width: 1, style: cells[row + stop].style)
            }
            // A cell of printable ASCII is its byte over the cell of byte 0 in the style, where
            // cells are eight bytes (little-endian, the payload first): one word a cell.
            let zero = CanvasCell(ascii: 0, style: style)
            let word: UInt64? =
                MemoryLayout<CanvasCell>.size == 8 && MemoryLayout<CanvasCell>.stride == 8
                ? withUnsafeBytes(of: zero) { $0.loadUnaligned(as: UInt64.self) } : nil
            let exact =
                word.map { word in
                    withUnsafeBytes(of: CanvasCell(ascii: 0x7E, style: style)) {
                        $0.loadUnaligned(as: UInt64.self)
                    } == word | 0x7E
                } ?? false
            cells.withUnsafeMutableBufferPointer { cells in
                let copied = text.utf8.withContiguousStorageIfAvailable { bytes in
                    if exact, let word, let base = cells.baseAddress {
                        UnsafeMutableRawPointer(base + row + x).withMemoryRebound(
                            to: UInt64.self, capacity: stop - x
                        ) { words in
                            for offset in 0..<(stop - x) { words[offset] = word | UInt64(bytes[offset]) }
                        }
                        return true
                    }
                    for offset in 0..<(stop - x) {
                        cells[row + x + offset] = CanvasCell(ascii: bytes[offset], style: style)
                    }
                    return true
                }
                guard copied == nil else { return }
                var index = row + x
                for byte in text.utf8 {
                    guard index < row + stop else { break }
                    cells[index] = CanvasCell(ascii: byte, style: style)
                    index += 1
                }
            }
            return stop
        }
        if x >= 0, TextWidth.loneColumnWidth(text) != nil {
            // ASCII with box drawing, arrows and the like (a switch's track): a cell a scalar,
            // each its own grapheme cluster one column wide, so none is broken out or measured.
            for scalar in text.unicodeScalars {
                guard x < end else { break }
                let value = scalar.value
                put(
                    value < 0x80
                        ? CanvasCell(ascii: UInt8(value), style: style)
                        : CanvasCell(scalar: scalar, style: style),
                    at: x, y)
                x += 1
            }
            return x
        }
        return writeCharacters(text, at: x, y, end: end, style: style)
    }

    /// Writes `text` in capitals, as `write(text.uppercased(), ...)` does; printable ASCII is
    /// capitalized as it is written, with no string made (a header that counts rows is drawn
    /// again on every change to the count).
    @discardableResult
    mutating func writeUppercased(_ text: String, at point: Point, style: Style, limit: Int) -> Int {
        guard TextWidth.asciiWidth(text.utf8) != nil else {
            return write(text.uppercased(), at: point, style: style, limit: limit)
        }
        let y = point.y
        let end = min(size.width, limit)
        guard y >= 0, y < size.height, point.x >= 0, point.x < end else {
            return write(text.uppercased(), at: point, style: style, limit: limit)
        }
        // Written as it is (the same cells and clipping), then capitalized.
        let stop = write(text, at: point, style: style, limit: limit)
        let row = y * size.width
        cells.withUnsafeMutableBufferPointer { cells in
            for index in (row + point.x)..<(row + stop) {
                if let byte = cells[index].asciiValue, byte >= 0x61, byte <= 0x7A {
                    cells[index] = CanvasCell(ascii: byte - 0x20, style: style)
                }
            }
        }
        return stop
    }

    /// `write` a grapheme cluster at a time, measuring each: what text of any kind takes.
    mutating func writeCharacters(
        _ text: some StringProtocol, at start: Int, _ y: Int, end: Int, style: Style
    ) -> Int {
        guard y >= 0, y < size.height else { return start }
        var x = start
        for character in text {
            guard x < end else { break }
            if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F {
                // Printable ASCII in mixed text: one column, a cell made from its byte.
                if x >= 0 { put(CanvasCell(ascii: ascii, style: style), at: x, y) }
                x += 1
                continue
            }
            var shown = character
            var width = TextWidth.of(character)
            if width == 0 {
                if ControlCharacters.isControl(character) || character.unicodeScalars.isEmpty {
                    shown = "?"
                    width = 1
                } else {
                    // A lone zero-width character: nothing to attach it to, so it takes no cell.
                    continue
                }
            }
            if x + width > end {
                if x >= 0 { put(CanvasCell(ascii: 0x20, width: 1, style: style), at: x, y) }
                x += 1
                break
            }
            if x >= 0 {
                put(CanvasCell(shown, width: UInt8(width), style: style), at: x, y)
                if width == 2 { put(CanvasCell(ascii: 0x20, width: 0, style: style), at: x + 1, y) }
            } else if x + width > 0 {
                // A wide character cut by the left edge: its visible half shows as a blank.
                put(CanvasCell(ascii: 0x20, width: 1, style: style), at: 0, y)
            }
            x += width
        }
        return x
    }

    /// Writes `text` so that it ends at column `rightEdge` (exclusive). Returns the start column.
    @discardableResult
    public mutating func writeRightAligned(
        _ text: String, endingAt rightEdge: Int, row y: Int, style: Style = .plain
    ) -> Int {
        let start = rightEdge - TextWidth.of(text)
        write(text, at: Point(x: start, y: y), style: style, limit: rightEdge)
        return start
    }

    /// Sets one cell.
    private mutating func put(_ cell: CanvasCell, at x: Int, _ y: Int) {
        let index = y * size.width + x
        // Overwriting half of a wide character blanks its other half, as a terminal would.
        if cells[index].width == 2, x + 1 < size.width {
            cells[index + 1] = CanvasCell(ascii: 0x20, width: 1, style: cells[index].style)
        }
        if cells[index].isContinuation, x > 0, cell.width != 0 {
            cells[index - 1] = CanvasCell(ascii: 0x20, width: 1, style: cells[index - 1].style)
        }
        cells[index] = cell
    }

    /// Each row as text, continuation cells skipped and trailing blanks trimmed.
    public var lines: [String] {
        (0..<size.height).map { line($0) }
    }

    /// Row `y` as text, trailing blanks trimmed.
    public func line(_ y: Int) -> String {
        var text = ""
        var pendingSpaces = 0
        for x in 0..<size.width {
            let cell = self[x, y]
            if cell.isContinuation { continue }
            if cell.asciiValue == 0x20 {
                pendingSpaces += 1
            } else {
                text += String(repeating: " ", count: pendingSpaces)
                pendingSpaces = 0
                text.append(cell.character)
            }
        }
        return text
    }

    /// The whole canvas as text, one line per row.
    public var text: String { lines.joined(separator: "\n") }
}
