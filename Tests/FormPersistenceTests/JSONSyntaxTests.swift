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
}
