import FormDocument
import Testing

@Suite struct JSONWriterTests {
    @Test func stringsTakeOnlyTheEscapesJSONRequires() throws {
        let text = try JSONWriter.write("a\"b\\c/é😀\n\r\t\u{08}\u{0C}\u{01}\u{1F}\u{7F}", layout: .pretty)
        #expect(text == #""a\"b\\c/é😀\n\r\t\b\f\u0001\u001F"# + "\u{7F}\"")
        #expect(
            try JSONFormat().read(Array(text.utf8)).value == "a\"b\\c/é😀\n\r\t\u{08}\u{0C}\u{01}\u{1F}\u{7F}")
    }

    @Test func numbersAreWrittenAsTheyReadBack() throws {
        for literal in ["0", "-12", "12345678901234567890123456789", "0.25", "-2.5e-30", "1e400", "1.0"] {
            let number = try #require(DocumentNumber(literal: literal))
            let text = try JSONWriter.write(.number(number), layout: .pretty)
            #expect(try JSONFormat().read(Array(text.utf8)).value == .number(number), "\(literal) -> \(text)")
        }
        #expect(try JSONWriter.write(12_345_678_901_234_567, layout: .pretty) == "12345678901234567")
    }

    @Test func layoutsOverLinesAndOnOne() throws {
        let value: DocumentValue = ["a": [1, 2], "b": [:], "c": []]
        #expect(
            try JSONWriter.write(value, layout: .pretty)
                == "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {},\n  \"c\": []\n}")
        let tabs = JSONLayout(indent: "\t", newline: "\r\n", colon: ":", comma: ",", multiline: true)
        #expect(
            try JSONWriter.write(["a": [1]], layout: tabs, indentation: "  ")
                == "{\r\n  \t\"a\":[\r\n  \t\t1\r\n  \t]\r\n  }")
        let minified = JSONLayout(indent: "", newline: "\n", colon: ":", comma: ",", multiline: false)
        #expect(try JSONWriter.write(value, layout: minified) == #"{"a":[1,2],"b":{},"c":[]}"#)
    }

    @Test func theLayoutIsReadOffADocument() throws {
        let text = "{\r\n\t\"a\" : [1,2],\r\n\t\"b\": {\r\n\t\t\"c\": true\r\n\t}\r\n}"
        let layout = JSONLayout.detected(in: Array(text.utf8), root: try readJSON(text))
        #expect(
            layout == JSONLayout(indent: "\t", newline: "\r\n", colon: " : ", comma: ",", multiline: true))
        let flat = #"{"a": 1, "b": [true, false]}"#
        #expect(
            JSONLayout.detected(in: Array(flat.utf8), root: try readJSON(flat))
                == JSONLayout(indent: "  ", newline: "\n", colon: ": ", comma: ", ", multiline: false))
    }

    @Test func whatJSONCannotHoldIsRefused() {
        #expect(throws: DocumentError.self) {
            try JSONWriter.write(.number(DocumentNumber(special: .infinity)), layout: .pretty)
        }
        #expect(throws: DocumentError.self) {
            try JSONWriter.write(
                ["when": .dateTime(DocumentDateTime(kind: .localTime, text: "07:32:00"))], layout: .pretty)
        }
    }
}
