import FormCore
import Testing

@testable import FormTerminal
@testable import FormUI

#if canImport(Glibc)
    import Glibc
#endif

/// The bytes of inline frames: relative moves only (the area's place on the screen is unknown),
/// only changed rows written, and a way out that clears the area from wherever the cursor is.
@Suite struct InlinePainterTests {
    private func canvas(_ rows: [String], cursor: Point? = nil) -> Canvas {
        var canvas = Canvas(size: Size(width: 10, height: rows.count))
        for (y, row) in rows.enumerated() {
            _ = canvas.write(row, at: Point(x: 0, y: y), style: .plain)
        }
        canvas.cursor = cursor
        return canvas
    }

    @Test func framesMoveRelativelyWriteOnlyChangedRowsAndParkOnTheFirstRow() {
        var painter = InlinePainter(theme: .monochrome, asciiOnly: false)
        let first = painter.frame(canvas(["one", "two", "three"]))
        // No absolute position (CSI row;col H) anywhere.
        #expect(!first.contains("H"))
        #expect(first.contains("one") && first.contains("two") && first.contains("three"))
        // Back on the first row, first column, the cursor hidden: where a rewrap cannot lose it.
        #expect(first.hasSuffix("\u{1B}[2A\r"))
        #expect(!first.contains("\u{1B}[?25h"))
        #expect(painter.cursorRow == 0)

        let second = painter.frame(canvas(["one", "TWO", "three"]))
        #expect(second == "\u{1B}[?25l\u{1B}[1B\r" + "\u{1B}[0mTWO\u{1B}[0m\u{1B}[K" + "\u{1B}[1A\r")
        #expect(painter.cursorRow == 0)
        let same = painter.frame(canvas(["one", "TWO", "three"]))
        #expect(same == "\u{1B}[?25l\r", "nothing changed, nothing written")
    }

    @Test func theCaretIsAReversedCellAndMovingItRepaintsItsRows() {
        var painter = InlinePainter(theme: .monochrome, asciiOnly: false)
        _ = painter.frame(canvas(["abc", "def"], cursor: Point(x: 1, y: 0)))
        // To row 1, column 1: only the two rows the caret left and reached are written.
        let moved = painter.frame(canvas(["abc", "def"], cursor: Point(x: 1, y: 1)))
        #expect(
            moved
                == "\u{1B}[?25l\r" + "\u{1B}[0mabc\u{1B}[0m\u{1B}[K" + "\u{1B}[1B\r"
                + "\u{1B}[0md\u{1B}[7me\u{1B}[0mf\u{1B}[0m\u{1B}[K" + "\u{1B}[1A\r")
        // After the text, on a blank left out: a reversed blank after the erase.
        let after = painter.frame(canvas(["abc", "def"], cursor: Point(x: 5, y: 1)))
        #expect(
            after.hasSuffix("\u{1B}[0mdef\u{1B}[0m\u{1B}[K\u{1B}[2C\u{1B}[7m \u{1B}[0m\u{1B}[1A\r"),
            "\(after)")
    }

    @Test func trailingColoredBlanksAreOneEraseWhereTheTerminalErasesWithTheBackground() {
        var row = Canvas(size: Size(width: 10, height: 1))
        row.fill(row: 0, style: Style(.titleBar))
        _ = row.write("Title", at: Point(x: 1, y: 0), style: Style(.titleBar))
        var spaces = InlinePainter(theme: .standard, asciiOnly: false)
        let written = spaces.frame(row)
        #expect(written.contains(" Title    "), "without bce the blanks are written")
        var erasing = InlinePainter(theme: .standard, asciiOnly: false, erasesWithBackground: true)
        let erased = erasing.frame(row)
        let look = ANSIText.sgr(for: Style(.titleBar), theme: .standard)
        #expect(!erased.contains("Title "), "\(erased)")
        #expect(erased.contains("Title\u{1B}[0m" + look + "\u{1B}[K\u{1B}[0m"), "\(erased)")
    }

    /// Every role's look in both focus states, a row each, in the standard (dark) theme.
    private func everyRole() -> Canvas {
        let roles = Style.Role.allCases
        var canvas = Canvas(size: Size(width: 10, height: roles.count * 2))
        for (index, role) in roles.enumerated() {
            for highlighted in [false, true] {
                _ = canvas.write(
                    "x", at: Point(x: 0, y: index * 2 + (highlighted ? 1 : 0)),
                    style: Style(role, highlighted: highlighted))
            }
        }
        return canvas
    }

    /// The numbers of every SGR sequence (`ESC [ … m`) in `bytes`.
    private func sgrCodes(in bytes: String) -> [Int] {
        var codes: [Int] = []
        for part in bytes.split(separator: "\u{1B}[") {
            guard let end = part.firstIndex(where: \.isLetter), part[end] == "m" else { continue }
            codes += part[..<end].split(separator: ";").compactMap { Int($0) }
        }
        return codes
    }

    @Test func aTerminalOfEightOrSixteenColorsGetsTheNearestOfItsOwn() {
        var wide = InlinePainter(theme: .standard, asciiOnly: false, colorCount: 256)
        #expect(sgrCodes(in: wide.frame(everyRole())).contains(5), "the theme's palette colors, as they are")
        let attributes = [0, 1, 2, 4, 7]
        let eight = Array(30...37) + Array(40...47)
        let bright = Array(90...97) + Array(100...107)
        for (count, allowed) in [(8, attributes + eight), (16, attributes + eight + bright)] {
            var painter = InlinePainter(theme: .standard, asciiOnly: false, colorCount: count)
            let codes = sgrCodes(in: painter.frame(everyRole()))
            #expect(codes.contains { (30...37).contains($0) }, "\(count) colors: some color is drawn")
            #expect(codes.allSatisfy(allowed.contains), "\(count) colors: \(Set(codes).subtracting(allowed))")
        }
    }

    @Test func leavingClearsFromTheAreasFirstRow() {
        var painter = InlinePainter(theme: .monochrome, asciiOnly: false)
        _ = painter.frame(canvas(["a", "b", "c", "d"]))
        // Not ED in the first column: tmux would copy a screen erased from its corner into its
        // history.
        #expect(painter.leave == "\u{1B}[0m\r\u{1B}[C\u{1B}[J\r\u{1B}[K\u{1B}[?25h")
        #expect(painter.leave(withSummary: "done") == "\u{1B}[0m\r" + "done\u{1B}[K\r\n\u{1B}[J\u{1B}[?25h")
    }

    @Test func theCursorPositionAnswerIsToldFromKeysTypedMeanwhile() {
        var answer = CursorPositionQuery.Answer()
        // A key before, the answer cut in two pieces, a key between, then the attributes.
        answer.feed(Array("x\u{1B}[12;".utf8))
        #expect(answer.position == nil && !answer.isComplete)
        answer.feed(Array("5Ry\u{1B}[?62;22c".utf8))
        #expect(answer.position == CursorPositionQuery.Position(row: 12, column: 5))
        #expect(answer.isComplete)
        #expect(answer.typed == Array("xy".utf8))

        // No position from a terminal that only answers the attributes; an arrow key is typed.
        var attributesOnly = CursorPositionQuery.Answer()
        attributesOnly.feed(Array("\u{1B}[A\u{1B}[?1;2c".utf8))
        #expect(attributesOnly.position == nil && attributesOnly.isComplete)
        #expect(attributesOnly.typed == Array("\u{1B}[A".utf8))

        // A lone Esc at the end while the wait ends stays a key.
        var cut = CursorPositionQuery.Answer()
        cut.feed([0x1B])
        #expect(cut.typed == [0x1B] && !cut.isComplete)
    }

    /// The question goes to `output`; the answers (and a key) come from `input`; a terminal that
    /// says nothing costs the bound, no more.
    @Test func theCursorIsAskedForAndTheWaitIsBounded() throws {
        var question: [Int32] = [0, 0]
        var answers: [Int32] = [0, 0]
        try #require(pipe(&question) == 0 && pipe(&answers) == 0)
        defer { for descriptor in question + answers { close(descriptor) } }
        let reply = Array("k\u{1B}[3;7R\u{1B}[?1;2c".utf8)
        #expect(write(answers[1], reply, reply.count) == reply.count)
        let answered = CursorPositionQuery.ask(input: answers[0], output: question[1], timeout: .seconds(5))
        #expect(answered.position == CursorPositionQuery.Position(row: 3, column: 7))
        #expect(answered.typed == Array("k".utf8))
        var sent = [UInt8](repeating: 0, count: 16)
        #expect(read(question[0], &sent, sent.count) == CursorPositionQuery.query.count)
        #expect(Array(sent.prefix(CursorPositionQuery.query.count)) == CursorPositionQuery.query)

        let started = ContinuousClock.now
        let silent = CursorPositionQuery.ask(
            input: answers[0], output: question[1], timeout: .milliseconds(100))
        let waited = ContinuousClock.now - started
        #expect(silent.position == nil && !silent.isComplete && silent.typed.isEmpty)
        #expect(waited >= .milliseconds(100) && waited < .seconds(3), "\(waited)")
    }

    @Test func heightsParseAndClamp() {
        #expect(InlineHeight(parsing: "12") == .lines(12))
        #expect(InlineHeight(parsing: "40%") == .percent(40))
        for bad in ["0", "-3", "101%", "0%", "ten", "", "%"] {
            #expect(InlineHeight(parsing: bad) == nil, "\(bad)")
        }
        #expect(InlineHeight.lines(100).lines(of: 24) == 24)
        #expect(InlineHeight.percent(50).lines(of: 24) == 12)
        // Never fewer lines than a form needs, where the terminal has them.
        #expect(InlineTerminal.lines(.percent(40), rows: 12) == 6)
        #expect(InlineTerminal.lines(.lines(2), rows: 4) == 4)
        #expect(InlineTerminal.lines(.lines(10), rows: 24) == 10)
    }
}
