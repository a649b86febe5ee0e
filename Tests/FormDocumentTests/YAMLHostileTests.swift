import FormDocument
import Testing

/// Hostile inputs: each is refused with a clear error (or read correctly), and fast. The time
/// bounds only catch hangs and blow-ups (a loaded machine is slow, never this slow).
@Suite struct YAMLHostileTests {
    func refusal(_ bytes: [UInt8]) -> (DocumentError?, Duration) {
        let clock = ContinuousClock()
        var error: DocumentError?
        let elapsed = clock.measure {
            do { _ = try YAMLFormat().read(bytes) } catch let caught as DocumentError { error = caught } catch
            {}
        }
        return (error, elapsed)
    }

    @Test func aBillionLaughsStopsAtTheAliasLimit() {
        var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            let previous = "*a\(level - 1)"
            text +=
                "a\(level): &a\(level) [" + Array(repeating: previous, count: 9).joined(separator: ", ")
                + "]\n"
        }
        let (error, elapsed) = refusal(Array(text.utf8))
        #expect(
            error?.message.contains("\(YAMLFormat.aliasAllowance)") == true, "\(String(describing: error))")
        #expect(error?.line ?? 0 > 1)
        #expect(elapsed < .seconds(1))
    }

    @Test func nestingPastTheLimitIsRefused() {
        let (error, elapsed) = refusal(Array(repeating: UInt8(ascii: "["), count: 100_000))
        #expect(error?.message.contains("nested more than \(YAMLFormat.maximumDepth)") == true)
        #expect(error?.column == YAMLFormat.maximumDepth + 1)
        #expect(elapsed < .seconds(1))
        var block = ""
        for depth in 0..<300 { block += String(repeating: " ", count: depth) + "k:\n" }
        #expect(refusal(Array(block.utf8)).0?.line == YAMLFormat.maximumDepth + 1)
    }

    @Test func invalidUTF8AndNULAreRefusedWithTheirPlace() {
        let (bad, _) = refusal(Array("a: 1\nb: ".utf8) + [0xFF, 0x0A])
        #expect(bad?.line == 2)
        #expect(bad?.column == 4)
        #expect(bad?.message.contains("UTF-8") == true)
        let (nul, _) = refusal(Array("a: x".utf8) + [0x00] + Array("y\n".utf8))
        #expect(nul?.line == 1)
        #expect(nul?.column == 5)
        #expect(refusal([0xFF, 0xFE, 0x61, 0x00]).0?.message.contains("UTF-16") == true)
    }

    @Test func crlfMixedWithLFReadsAsLines() throws {
        let document = try readYAML("a: 1\r\nb: 2\nc: |\r\n  x\n  y\r\nd: 3")
        #expect(document.value == ["a": 1, "b": 2, "c": "x\ny\n", "d": 3])
        let d = try #require(document.root.member(at: path("/d")))
        #expect(document.position(of: d.keySpan.lowerBound) == (6, 1))
    }

    @Test func anUnterminatedStringAtTheEndIsRefused() {
        let (error, elapsed) = refusal(Array("a: 1\nb: \"never closed".utf8))
        #expect(error?.line == 2)
        #expect(elapsed < .seconds(1))
    }

    @Test func aLargeDocumentReadsInLinearTime() throws {
        // 20,000 rows (about 1 MB): a quadratic step would take minutes, not this bound.
        var text = "rows:\n"
        for index in 0..<20_000 {
            text += "  - id: row\(index)  # row \(index)\n    title: \"Row \(index)\"\n    weight: \(index)\n"
        }
        let clock = ContinuousClock()
        var document: Document?
        let elapsed = try clock.measure { document = try readYAML(text) }
        #expect(document?.value["rows"]?[19_999]?["weight"] == 19_999)
        #expect(elapsed < .seconds(30))
    }

    @Test func longFlowLinesReadInLinearTime() throws {
        // 100,000 entries on one line each: a scan back to the line's start for every entry's
        // comments would be quadratic (minutes); each entry's scan stops at its neighbour.
        let sequence = "list: [" + (0..<100_000).map { "item\($0)" }.joined(separator: ", ") + "]\n"
        let mapping = "map: {" + (0..<100_000).map { "k\($0): \($0)" }.joined(separator: ", ") + "}\n"
        let clock = ContinuousClock()
        var document: Document?
        let elapsed = try clock.measure { document = try readYAML(sequence + mapping) }
        #expect(document?.value["list"]?[99_999] == "item99999")
        #expect(document?.value["map"]?["k99999"] == 99_999)
        #expect(elapsed < .seconds(30))
    }
}
