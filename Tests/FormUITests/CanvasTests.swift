import Testing

@testable import FormUI

/// A canvas `width` wide whose rows are filled with `filler`.
private func canvas(width: Int, height: Int = 2, filler: Character? = nil) -> Canvas {
    var canvas = Canvas(size: Size(width: width, height: height))
    if let filler {
        for y in 0..<height { canvas.write(String(repeating: filler, count: width), at: Point(x: 0, y: y)) }
    }
    return canvas
}

/// Checks the grid's invariant: each wide cell is followed by a continuation, and each
/// continuation follows a wide cell. Returns the columns where it breaks.
private func brokenPairs(_ canvas: Canvas) -> [Point] {
    var broken: [Point] = []
    for y in 0..<canvas.size.height {
        for x in 0..<canvas.size.width {
            let cell = canvas[x, y]
            if cell.width == 2, x + 1 >= canvas.size.width || !canvas[x + 1, y].isContinuation {
                broken.append(Point(x: x, y: y))
            }
            if cell.isContinuation, x == 0 || canvas[x - 1, y].width != 2 {
                broken.append(Point(x: x, y: y))
            }
        }
    }
    return broken
}

@Suite("Canvas: a grid of cells written by display columns")
struct CanvasTests {
    @Test("A new canvas is blank, has no cursor, and reads back as empty lines")
    func newCanvas() {
        let canvas = Canvas(size: Size(width: 4, height: 3))
        #expect(canvas.cells.count == 12)
        #expect(canvas.cells.allSatisfy { $0 == .blank })
        #expect(canvas.cursor == nil)
        #expect(canvas.lines == ["", "", ""])
        #expect(canvas.text == "\n\n")
    }

    @Test("Writing clips at the right edge by columns and returns the column after the text")
    func clipsAtEdge() {
        var canvas = canvas(width: 10)
        let end = canvas.write("abcdefghijklmno", at: Point(x: 0, y: 0))
        #expect(canvas.lines == ["abcdefghij", ""])
        #expect(end == 10)

        let shortEnd = canvas.write("xy", at: Point(x: 3, y: 1))
        #expect(shortEnd == 5)
        #expect(canvas.line(1) == "   xy")
    }

    @Test("Writing outside the rows changes nothing")
    func outsideRows() {
        var canvas = canvas(width: 5)
        canvas.write("abc", at: Point(x: 0, y: -1))
        canvas.write("abc", at: Point(x: 0, y: 2))
        #expect(canvas.cells.allSatisfy { $0 == .blank })
    }

    @Test("Text starting left of the canvas shows only its visible part")
    func negativeStart() {
        var canvas = canvas(width: 5)
        canvas.write("abcdef", at: Point(x: -2, y: 0))
        #expect(canvas.line(0) == "cdef")
    }

    @Test("A wide character straddling the right edge leaves a blank, and nothing wraps to the next row")
    func wideAtEdge() {
        var canvas = canvas(width: 5, filler: "x")
        let end = canvas.write("日本語", at: Point(x: 0, y: 0))
        #expect(canvas.line(0) == "日本")
        #expect(canvas[4, 0] == CanvasCell(" ", width: 1))
        #expect(canvas.line(1) == "xxxxx")
        #expect(end == 5)
        #expect(brokenPairs(canvas).isEmpty)
    }

    @Test("A wide character straddling a limit leaves a blank at the limit and keeps what is after it")
    func wideAtLimit() {
        var canvas = canvas(width: 10, filler: "x")
        canvas.write("日本語", at: Point(x: 0, y: 0), limit: 5)
        #expect(canvas.line(0) == "日本 xxxxx")
        #expect(canvas.line(1) == "xxxxxxxxxx")
        #expect(brokenPairs(canvas).isEmpty)

        // Narrow text stops at the limit too.
        canvas.write("abcdefgh", at: Point(x: 0, y: 1), limit: 3)
        #expect(canvas.line(1) == "abcxxxxxxx")
    }

    @Test("A wide character straddling the left edge leaves a blank in column 0, as at the right edge")
    func wideAtLeftEdge() {
        var edge = canvas(width: 6, height: 1, filler: "x")
        edge.write("日本", at: Point(x: -1, y: 0))
        #expect(edge.line(0) == " 本xxx")
        #expect(brokenPairs(edge).isEmpty)

        var aligned = canvas(width: 6, height: 1, filler: "x")
        aligned.writeRightAligned("日本", endingAt: 3, row: 0)
        #expect(aligned.line(0) == " 本xxx")
    }

    @Test("A wide character takes a cell and a continuation cell, and lines shows it once")
    func wideCells() {
        var canvas = canvas(width: 8, height: 1)
        let end = canvas.write("a日b", at: Point(x: 0, y: 0))
        #expect(end == 4)
        #expect(canvas[0, 0].character == "a")
        #expect(canvas[1, 0].character == "日")
        #expect(canvas[1, 0].width == 2)
        #expect(canvas[2, 0].isContinuation)
        #expect(canvas[3, 0].character == "b")
        #expect(canvas.lines == ["a日b"])
        #expect(TextWidth.of(canvas.line(0)) == 4)
    }

    @Test("Overwriting either half of a wide character blanks its other half")
    func overwriteHalf() {
        var canvas = canvas(width: 6, height: 1)
        canvas.write("日本語", at: Point(x: 0, y: 0))
        // The right half of 日.
        canvas.write("a", at: Point(x: 1, y: 0))
        #expect(canvas.line(0) == " a本語")
        // The left half of 本.
        canvas.write("b", at: Point(x: 2, y: 0))
        #expect(canvas.line(0) == " ab 語")
        #expect(brokenPairs(canvas).isEmpty)
        #expect(TextWidth.of(canvas.line(0)) == 6)
    }

    @Test("ASCII text over wide characters blanks the halves its ends cut and overwrites those within")
    func asciiOverWide() {
        var canvas = canvas(width: 8, height: 1)
        canvas.write("日本語", at: Point(x: 0, y: 0))
        // From the right half of 日 to the left half of 本.
        canvas.write("ab", at: Point(x: 1, y: 0))
        #expect(canvas.line(0) == " ab 語")
        #expect(brokenPairs(canvas).isEmpty)
        canvas.write("日本語", at: Point(x: 0, y: 0))
        // 日 and 本 whole, and the left half of 語.
        canvas.write("abcde", at: Point(x: 0, y: 0))
        #expect(canvas.line(0) == "abcde")
        #expect(brokenPairs(canvas).isEmpty)
        // Cut by a limit: the half left of it stays whole with its pair.
        canvas.write("日本語", at: Point(x: 0, y: 0))
        canvas.write("xyz", at: Point(x: 2, y: 0), limit: 3)
        #expect(canvas.line(0) == "日x 語")
        #expect(brokenPairs(canvas).isEmpty)
    }

    @Test("A wide character written over the middle of two others blanks their outer halves")
    func wideOverWide() {
        var canvas = canvas(width: 6, height: 1)
        canvas.write("日本語", at: Point(x: 0, y: 0))
        canvas.write("한", at: Point(x: 1, y: 0))
        #expect(canvas.line(0) == " 한 語")
        #expect(brokenPairs(canvas).isEmpty)
    }

    @Test("Control characters are shown as ?")
    func controls() {
        var canvas = canvas(width: 10, height: 1)
        let end = canvas.write("a\tb\u{7}c\u{1B}\u{7F}", at: Point(x: 0, y: 0))
        #expect(canvas.line(0) == "a?b?c??")
        #expect(end == 7)
    }

    @Test("A lone zero-width character takes no cell; a combining mark stays with its letter")
    func zeroWidth() {
        var canvas = canvas(width: 10, height: 1)
        let end = canvas.write("\u{FE0F}e\u{301}b", at: Point(x: 0, y: 0))
        #expect(end == 2)
        #expect(canvas[0, 0].character == "e\u{301}")
        #expect(canvas.line(0) == "e\u{301}b")
    }

    @Test("writeRightAligned ends the text at the given column")
    func rightAligned() {
        var canvas = canvas(width: 10, height: 1)
        let start = canvas.writeRightAligned("abc", endingAt: 9, row: 0)
        #expect(start == 6)
        #expect(canvas.line(0) == "      abc")

        var wide = Canvas(size: Size(width: 10, height: 1))
        #expect(wide.writeRightAligned("日本", endingAt: 10, row: 0) == 6)
        #expect(wide.line(0) == "      日本")
        #expect(wide[6, 0].width == 2)
    }

    @Test("writeRightAligned with text wider than the room keeps its right part")
    func rightAlignedTooWide() {
        var canvas = canvas(width: 4, height: 1)
        let start = canvas.writeRightAligned("abcdef", endingAt: 4, row: 0)
        #expect(start == -2)
        #expect(canvas.line(0) == "cdef")
    }

    @Test("fill blanks the given cells in a style and clips to the canvas")
    func fill() {
        var canvas = canvas(width: 6, filler: "x")
        canvas.fill(row: 0, from: 2, width: 3, style: Style(.header))
        #expect(canvas.line(0) == "xx   x")
        #expect(
            (0..<6).map { canvas[$0, 0].style.role } == [.plain, .plain, .header, .header, .header, .plain])

        canvas.fill(row: 1, from: 4, width: 10, style: Style(.help))
        #expect(canvas.line(1) == "xxxx")
        canvas.fill(row: 1, from: -2, width: 3, style: Style(.help))
        #expect(canvas.line(1) == " xxx")
        canvas.fill(row: 5, style: Style(.help))
        canvas.fill(row: 0, style: Style(.titleBar))
        #expect(canvas.line(0) == "")
        #expect((0..<6).allSatisfy { canvas[$0, 0].style == Style(.titleBar) })
    }

    @Test("fill over half of a wide character blanks its other half")
    func fillOverWideHalf() {
        var left = canvas(width: 6, height: 1)
        left.write("日本語", at: Point(x: 0, y: 0))
        left.fill(row: 0, from: 0, width: 1, style: .plain)
        #expect(brokenPairs(left).isEmpty)
        #expect(left.line(0) == "  本語")

        var right = canvas(width: 6, height: 1)
        right.write("日本語", at: Point(x: 0, y: 0))
        right.fill(row: 0, from: 3, width: 3, style: .plain)
        #expect(brokenPairs(right).isEmpty)
        #expect(right.line(0) == "日")
    }

    @Test("clear blanks every cell and forgets the cursor; resize gives a blank canvas of the new size")
    func clearAndResize() {
        var canvas = canvas(width: 5, filler: "x")
        canvas.cursor = Point(x: 1, y: 1)
        canvas.clear()
        #expect(canvas.size == Size(width: 5, height: 2))
        #expect(canvas.cells.allSatisfy { $0 == .blank })
        #expect(canvas.cursor == nil)

        canvas.write("abc", at: Point(x: 0, y: 0))
        canvas.cursor = Point(x: 0, y: 0)
        canvas.resize(to: Size(width: 3, height: 4))
        #expect(canvas.size == Size(width: 3, height: 4))
        #expect(canvas.cells.count == 12)
        #expect(canvas.lines == ["", "", "", ""])
        #expect(canvas.cursor == nil)

        canvas.resize(to: Size(width: -1, height: 2))
        #expect(canvas.size == Size(width: 0, height: 2))
        #expect(canvas.cells.isEmpty)
    }

    @Test("lines trims trailing blanks but keeps inner ones")
    func linesTrim() {
        var canvas = canvas(width: 10, height: 1)
        canvas.write("a", at: Point(x: 0, y: 0))
        canvas.write("b", at: Point(x: 4, y: 0))
        #expect(canvas.line(0) == "a   b")
    }

    @Test("Writing in capitals writes the cells of the text uppercased, ASCII or not, clipped alike")
    func writeUppercased() {
        for text in ["Items (1 of 100 on)", "straße", "日本 abc", "", "ab\u{7}c"] {
            for (x, limit) in [(0, 12), (3, 8), (-2, 12), (11, 12), (12, 12)] {
                var capitals = canvas(width: 12, height: 1, filler: "日")
                var expected = capitals
                let end = capitals.writeUppercased(
                    text, at: Point(x: x, y: 0), style: Style(.header), limit: limit)
                let expectedEnd = expected.write(
                    text.uppercased(), at: Point(x: x, y: 0), style: Style(.header), limit: limit)
                #expect(capitals == expected && end == expectedEnd, "\(text) at \(x)")
            }
        }
    }

    @Test("A fill and printable ASCII, set a word a cell, set the cells that setting each cell does")
    func wordWritesMatchCellByCell() {
        let ascii = String((0x20..<0x7F).map { Character(Unicode.Scalar(UInt8($0))) })
        for style in [Style.plain, Style(.header), Style(.value, highlighted: true), Style(.error)] {
            var filled = canvas(width: 100, filler: "x")
            filled.fill(row: 1, from: 3, width: 90, style: style)
            for x in 0..<100 {
                let blank = CanvasCell(ascii: 0x20, width: 1, style: style)
                #expect(filled[x, 1] == ((3..<93).contains(x) ? blank : CanvasCell("x")), "\(x)")
                #expect(filled[x, 0] == CanvasCell("x"))
            }
            var written = canvas(width: 100, filler: "日")
            let end = written.write(ascii, at: Point(x: 1, y: 0), style: style)
            #expect(end == 1 + ascii.utf8.count)
            for (offset, byte) in ascii.utf8.enumerated() {
                #expect(written[1 + offset, 0] == CanvasCell(ascii: byte, style: style), "\(byte)")
            }
            // The wide character cut at the start is blanked; the one after the end, whole, stays.
            #expect(written[0, 0] == CanvasCell(ascii: 0x20, width: 1, style: .plain))
            #expect(written[96, 0].character == "日" && written[97, 0].isContinuation)
        }
    }

    @Test("ASCII and lone-column text write the cells that writing it a character at a time does")
    func fastPathsMatchTheSlowOne() {
        for text in ["Play sounds", "━━● On", "○── Off", "›", "a─b", "x", ""] {
            for x in [-2, 0, 3] {
                var fast = canvas(width: 8, height: 1)
                var slow = fast
                let end = fast.write(text, at: Point(x: x, y: 0), style: Style(.on), limit: 7)
                let slowEnd = slow.writeCharacters(text, at: x, 0, end: 7, style: Style(.on))
                #expect(fast.cells == slow.cells, "\(text) at \(x)")
                #expect(end == slowEnd || x < 0, "\(text) at \(x)")
            }
        }
    }
}
