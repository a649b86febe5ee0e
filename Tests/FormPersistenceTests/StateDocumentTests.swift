import Testing

@testable import FormPersistence

@Suite("JSONSyntax: where a hand-edited file went wrong")
struct JSONSyntaxTests {
    func error(_ text: String) -> String? { JSONSyntax.firstError(in: Array(text.utf8)) }

    @Test(
        "valid JSON has no error",
        arguments: [
            "{}", "[]", " {\"a\": [1, -2.5e3, true, false, null, \"x\\\"y\"]}\n", "\"text\"", "0",
        ])
    func valid(text: String) {
        #expect(error(text) == nil)
    }

    @Test("errors name their line and column and what was expected")
    func positions() {
        #expect(error("{oops") == "line 1, column 2: expected a key in double quotes")
        #expect(error("{\n  \"a\": true\n  \"b\": false\n}") == "line 3, column 3: expected ',' or '}'")
        #expect(error("{\"a\": tru}") == "line 1, column 10: expected true")
        #expect(error("[1, 2") == "line 1, column 6: expected ',' or ']'")
        #expect(error("{\"a\" 1}") == "line 1, column 6: expected ':' after the key")
        #expect(error("") == "line 1, column 1: the text ends where a value should be")
        #expect(error("{} x") == "line 1, column 4: unexpected text after the end")
        #expect(error("{\"a\": \"open") == "line 1, column 12: text without its closing double quote")
    }

    @Test("columns count characters, not bytes")
    func multibyteColumns() {
        #expect(
            error("{\"日本\": x}")
                == "line 1, column 8: expected a value (an object, list, text, number, true, false or null)")
    }

    @Test("deep nesting stops with an error instead of exhausting the stack")
    func deepNesting() {
        let text = String(repeating: "[", count: 100_000)
        #expect(error(text)?.hasSuffix("nested too deeply") == true)
    }

    @Test(
        "what JSON does not allow is an error, though the decoder skips it in members it does not read",
        arguments: [
            ("[01]", "line 1, column 3: a number cannot start with 0 followed by more digits"),
            ("[1.]", "line 1, column 4: expected a digit in the number"),
            ("[1e+]", "line 1, column 5: expected a digit in the number"),
            ("[-]", "line 1, column 3: expected a digit in the number"),
            (
                "[1,]",
                "line 1, column 4: expected a value (an object, list, text, number, true, false or null)"
            ),
            (#"{"a": 1,}"#, "line 1, column 9: expected a key in double quotes"),
            (
                #"["\q"]"#,
                #"line 1, column 4: a backslash in text must be followed by one of " \ / b f n r t u"#
            ),
            (#"["\u12g4"]"#, "line 1, column 7: expected four hex digits after \\u"),
        ])
    func strict(text: String, expected: String) {
        #expect(error(text) == expected)
    }

    @Test("numbers of every allowed form, escapes, and a leading byte order mark are valid")
    func strictValid() {
        #expect(error("[0, -0, 1.5, -0.25e-3, 1E+9, 123456789012345678901234567890, 1e400]") == nil)
        #expect(error(#"["\" \\ \/ \b \f \n \r \t \u00e9 \uD83D\uDE00"]"#) == nil)
        #expect(error("\u{FEFF}{\"a\": 1}") == nil)
        #expect(error("\u{FEFF}{oops") == "line 1, column 2: expected a key in double quotes")
    }

    @Test("an object's top-level members come out with their keys and their exact text")
    func outline() throws {
        let text = #" {"b": {"x": [1, 2]}, "\u0061": 1e400 , "c" : "\/"} "#
        guard case .object(let members) = JSONSyntax.outline(of: Array(text.utf8)) else {
            Issue.record("expected an object")
            return
        }
        #expect(members.map(\.key) == ["b", "a", "c"])
        #expect(
            members.map { String(decoding: $0.keyText, as: UTF8.self) } == [#""b""#, #""\u0061""#, #""c""#])
        #expect(
            members.map { String(decoding: $0.valueText, as: UTF8.self) } == [
                #"{"x": [1, 2]}"#, "1e400", #""\/""#,
            ])
        guard case .other = JSONSyntax.outline(of: Array("[1]".utf8)) else {
            Issue.record("expected .other for a list")
            return
        }
    }
}
