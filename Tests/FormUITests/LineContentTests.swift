import FormUI
import Testing

/// `LineContent` decides whether a table line is drawn again: equal only for lines drawn alike.
@Suite struct LineContentTests {
    private struct Shown: Hashable {
        var highlighted: Bool
    }

    @Test func equalValuesOfOneTypeAreEqual() {
        #expect(LineContent("Item 1") == LineContent("Item 1"))
        #expect(
            LineContent(42, shown: Shown(highlighted: true))
                == LineContent(42, shown: Shown(highlighted: true)))
    }

    @Test func differentValuesAreNotEqual() {
        #expect(LineContent("Item 1") != LineContent("Item 2"))
        #expect(
            LineContent(42, shown: Shown(highlighted: true))
                != LineContent(42, shown: Shown(highlighted: false)))
    }

    @Test func valuesOfDifferentTypesAreNeverEqual() {
        // Same bits, different types: an Int 1 and a UInt 1, a String and a Substring.
        #expect(LineContent(1) != LineContent(UInt(1)))
        #expect(LineContent("a") != LineContent(Substring("a")))
        #expect(LineContent(1, shown: 2) != LineContent(1))
        #expect(LineContent(1, shown: "x") != LineContent(1, shown: Substring("x")))
    }

    @Test func comparingIsSymmetric() {
        let pairs: [(LineContent, LineContent)] = [
            (LineContent(1), LineContent(UInt(1))),
            (LineContent([1, 2]), LineContent([1, 2], shown: Shown(highlighted: false))),
            (
                LineContent("a", shown: Shown(highlighted: true)),
                LineContent("a", shown: Shown(highlighted: true))
            ),
        ]
        for (a, b) in pairs { #expect((a == b) == (b == a)) }
        #expect(pairs[2].0 == pairs[2].1)
    }
}
