import FormCore
import Testing

@testable import FormTerminal
@testable import FormUI

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

    @Test func framesMoveRelativelyAndWriteOnlyChangedRows() {
        var painter = InlinePainter(theme: .monochrome, asciiOnly: false)
        let first = painter.frame(canvas(["one", "two", "three"]))
        // No absolute position (CSI row;col H) anywhere.
        #expect(!first.contains("H"))
        #expect(first.contains("one") && first.contains("two") && first.contains("three"))
        #expect(painter.cursorRow == 2)

        let second = painter.frame(canvas(["one", "TWO", "three"], cursor: Point(x: 3, y: 0)))
        #expect(!second.contains("one") && second.contains("TWO") && !second.contains("three"))
        // From row 2 up one to row 1, then the cursor up one to row 0, column 3.
        #expect(second.hasPrefix("\u{1B}[?25l\u{1B}[1A\r"))
        #expect(second.hasSuffix("\u{1B}[1A\r\u{1B}[3C\u{1B}[?25h"))
        #expect(painter.cursorRow == 0)
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
        #expect(painter.leave == "\u{1B}[0m\r\u{1B}[3A\u{1B}[J\u{1B}[?25h")
        #expect(
            painter.leave(withSummary: "done")
                == "\u{1B}[0m\r\u{1B}[3A" + "done\u{1B}[K\r\n\u{1B}[J\u{1B}[?25h")
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
