import FormTestSupport
import Testing

@testable import FormUI

/// Text of printable ASCII, box drawing, arrows and the like is written and measured a scalar at
/// a time, without grapheme breaking: checked against the way any text is written, a grapheme
/// cluster at a time, over generated strings that mix those scalars with ones that combine,
/// join, are wide or are controls.
struct LoneColumnTextTests {
    /// Lone-column scalars, and scalars that would change the clusters or widths around them.
    static let pieces: [String] = [
        "a", " ", "~", "━", "●", "○", "─", "›", "←", "↓", "‼", "⁉", "‐", "▒", "◼",
        "\u{301}", "\u{20D7}", "\u{FE0F}", "\u{200D}", "\u{200B}", "日", "é", "\u{7}", "\t", "⌚", "◽",
    ]

    @Test func writingAndMeasuringMatchTheClusterByClusterWay() {
        let seed: UInt64 = 20_261_127
        print("lone-column text: seed \(seed)")
        var random = SeededRandom(seed: seed)
        for round in 0..<3000 {
            let length = Int.random(in: 0...8, using: &random)
            // Mostly lone-column scalars, so that the fast way is taken often and left often.
            let text = (0..<length).map { _ in
                Bool.random(using: &random)
                    ? Self.pieces[Int.random(in: 0..<15, using: &random)]
                    : Self.pieces.randomElement(using: &random)!
            }.joined()
            let x = Int.random(in: -2...6, using: &random)
            let limit = Int.random(in: 0...12, using: &random)
            var fast = Canvas(size: Size(width: 10, height: 1))
            var slow = fast
            let fastEnd = fast.write(text, at: Point(x: x, y: 0), style: .plain, limit: limit)
            let slowEnd = slow.writeCharacters(text, at: x, 0, end: min(10, limit), style: .plain)
            let shown = text.unicodeScalars.map { String($0.value, radix: 16) }
            #expect(fast == slow, "seed \(seed), round \(round): \(shown) at \(x), limit \(limit)")
            #expect(fastEnd == slowEnd, "seed \(seed), round \(round): \(shown) at \(x), limit \(limit)")
            let columns = text.reduce(0) { $0 + TextWidth.of($1) }
            #expect(TextWidth.of(text) == columns, "seed \(seed), round \(round): \(shown)")
        }
    }

    @Test func aSwitchTrackIsOneCellAScalar() {
        var canvas = Canvas(size: Size(width: 8, height: 1))
        #expect(canvas.write("━━● On", at: Point(x: 0, y: 0)) == 6)
        #expect(canvas.line(0) == "━━● On")
        #expect(TextWidth.loneColumnWidth("○── Off") == 7)
        #expect(TextWidth.loneColumnWidth("e\u{301}") == nil)
    }
}
