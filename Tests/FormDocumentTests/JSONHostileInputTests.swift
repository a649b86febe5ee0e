import FormDocument
import Testing

/// Seconds `body` takes (a bound in these tests only catches a hang or a quadratic read, so
/// each is far above the time a loaded machine takes).
func secondsTaken(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    let elapsed = clock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

@Suite struct JSONHostileInputTests {
    @Test func nestingPastTheLimitIsRefusedQuickly() throws {
        for (open, close) in [("[", "]"), ("{\"a\":", "}")] {
            let text = String(repeating: open, count: 100_000) + String(repeating: close, count: 100_000)
            var error: DocumentError?
            let seconds = secondsTaken { error = jsonError(text) }
            #expect(seconds < 10)
            #expect(
                error?.message.contains("deeper than 1000 levels") == true, "\(String(describing: error))")
            #expect(error?.offset == JSONFormat.maximumDepth * open.utf8.count)
        }
    }

    @Test func nestingAtTheLimitReadsComparesAndEdits() throws {
        let depth = JSONFormat.maximumDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let root = try readJSON(text)
        var expected: DocumentValue = []
        for _ in 1..<depth { expected = [expected] }
        #expect(root.value == expected)
        let inner = DocumentPath(Array(repeating: .index(0), count: depth - 1))
        #expect(
            try editJSON(text, .append(array: inner, value: 1))
                == String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth))
    }

    @Test func aLargeDocumentReadsInLinearTime() throws {
        // About 8 MB: a row of an object a line.
        var text = "[\n"
        for index in 0..<100_000 {
            text +=
                "  {\"id\": \(index), \"name\": \"row \(index) \\u00e9\", \"ratio\": 0.\(index), \"on\": true, \"tags\": [\"a\", \"b\"]},\n"
        }
        text += "  null\n]\n"
        var count = 0
        let seconds = try secondsTaken {
            guard case .array(let rows) = try readJSON(text).content else { return }
            count = rows.count
        }
        #expect(count == 100_001)
        #expect(seconds < 60)
    }

    @Test func anUnterminatedStringAtTheVeryEnd() throws {
        for (text, column) in [("[\"abc", 2), ("\"", 1), ("[\"\\", 2), ("{\"a", 2), ("[\"\\u00", 2)] {
            let error = try #require(jsonError(text), "\(text)")
            #expect(error.message.contains("no closing quote"), "\(text): \(error)")
            #expect((error.line, error.column) == (1, column), "\(text): \(error)")
        }
    }

    @Test func invalidUTF8IsRefusedWhereItStands() throws {
        let cases: [([UInt8], Int)] = [
            (Array("[\"a".utf8) + [0xFF] + Array("\"]".utf8), 4),
            (Array("[\"".utf8) + [0xC0, 0x80] + Array("\"]".utf8), 3),  // overlong
            (Array("[\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"]".utf8), 3),  // a surrogate
            (Array("[\"".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("\"]".utf8), 3),  // past U+10FFFF
            (Array("[\"".utf8) + [0xE2, 0x82], 3),  // cut short at the end
            ([0x5B, 0xE2, 0x82, 0xAC, 0x5D], 2),  // outside a string
        ]
        for (bytes, column) in cases {
            let error = try #require(jsonError(bytes), "\(bytes)")
            #expect(error.column == column, "\(bytes): \(error)")
        }
        let comment = Array("[1 // ".utf8) + [0xFF] + Array("\n]".utf8)
        #expect(jsonError(comment, comments: true)?.message.contains("UTF-8") == true)
        #expect(jsonError([0xFE, 0xFF, 0x00, 0x5B])?.message.contains("UTF-16") == true)
    }

    @Test func nulBytesAreRefused() throws {
        for bytes: [UInt8] in [
            [0x5B, 0x22, 0x00, 0x22, 0x5D], [0x5B, 0x00, 0x5D], [0x5B, 0x31, 0x5D, 0x00], [0x00],
        ] {
            let error = try #require(jsonError(bytes), "\(bytes)")
            #expect(error.message.contains("NUL"), "\(bytes): \(error)")
        }
        #expect(try JSONFormat().read(Array(#"["\u0000"]"#.utf8)).value == ["\u{0}"])
    }

    @Test func lineBreaksOfEveryKindCountAsLines() throws {
        let mixed = "{\r\n  \"a\": 1,\n  \"b\": 2,\r  \"c\": 3\r\n}"
        #expect(try readJSON(mixed).value == ["a": 1, "b": 2, "c": 3])
        let error = try #require(jsonError("{\r\n  \"a\": 1,\n  \"b\" 2\r\n}"))
        #expect((error.line, error.column) == (3, 7))
        #expect(error.message.contains("colon"))
        #expect(
            try editJSON(mixed, .insert(parent: .root, key: "d", value: 4, before: nil))
                == "{\r\n  \"a\": 1,\n  \"b\": 2,\r  \"c\": 3,\r\n  \"d\": 4\r\n}")
    }
}
