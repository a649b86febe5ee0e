import Testing

@testable import FormPersistence

@Suite("StateDocument: state files read by the one JSON reader, with where they went wrong")
struct StateDocumentTests {
    func error(_ text: String) -> String? {
        if case .failure(let problem) = StateDocument.read(Array(text.utf8)) { return problem.text }
        return nil
    }

    @Test(
        "valid JSON has no error",
        arguments: [
            "{}", "[]", " {\"a\": [1, -2.5e3, true, false, null, \"x\\\"y\"]}\n", "\"text\"", "0",
        ])
    func valid(text: String) {
        #expect(error(text) == nil)
    }

    @Test(
        "errors name their line and column",
        arguments: [
            ("{oops", "line 1, column 2: "),
            ("{\n  \"a\": true\n  \"b\": false\n}", "line 3, column 3: "),
            ("{\"a\": tru}", "line 1, column 7: "),
            ("[1, 2", "line 1, column 1: "),
            ("{\"a\" 1}", "line 1, column 6: "),
            ("", "line 1, column 1: "),
            ("{} x", "line 1, column 4: "),
            ("{\"a\": \"open", "line 1, column 7: "),
            ("{\"日本\": x}", "line 1, column 8: "),
        ])
    func positions(text: String, place: String) {
        let problem = error(text)
        #expect(problem?.hasPrefix(place) == true, "\(String(describing: problem))")
        #expect((problem?.count ?? 0) > place.count + 10)
    }

    @Test("deep nesting stops with an error instead of exhausting the stack")
    func deepNesting() {
        let text = String(repeating: "[", count: 100_000)
        #expect(error(text)?.hasPrefix("line 1, column ") == true)
    }

    @Test(
        "what JSON does not allow is an error, though the decoder skips it in members it does not read",
        arguments: [
            ("[01]", "line 1, column 2: "), ("[1.]", "line 1, column 3: "), ("[1e+]", "line 1, column 2: "),
            ("[-]", "line 1, column 2: "), ("[1,]", "line 1, column 3: "),
            (#"{"a": 1,}"#, "line 1, column 8: "),
            (#"["\q"]"#, "line 1, column 3: "), (#"["\u12g4"]"#, "line 1, column 3: "),
        ])
    func strict(text: String, place: String) {
        let problem = error(text)
        #expect(problem?.hasPrefix(place) == true, "\(String(describing: problem))")
    }

    @Test("numbers of every allowed form, escapes, and a leading byte order mark are valid")
    func strictValid() {
        #expect(error("[0, -0, 1.5, -0.25e-3, 1E+9, 123456789012345678901234567890, 1e400]") == nil)
        #expect(error(#"["\" \\ \/ \b \f \n \r \t \u00e9 \uD83D\uDE00"]"#) == nil)
        #expect(error("\u{FEFF}{\"a\": 1}") == nil)
        #expect(error("\u{FEFF}{oops")?.hasPrefix("line 1, column ") == true)
    }

    @Test("an object's top-level members come out with their keys and their exact text")
    func members() throws {
        let text = #" {"b": {"x": [1, 2]}, "\u0061": 1e400 , "c" : "\/"} "#
        let members = try #require(StateDocument.members(of: Array(text.utf8)))
        #expect(members.map(\.key) == ["b", "a", "c"])
        #expect(
            members.map { String(decoding: $0.keyText, as: UTF8.self) } == [#""b""#, #""\u0061""#, #""c""#])
        #expect(
            members.map { String(decoding: $0.valueText, as: UTF8.self) } == [
                #"{"x": [1, 2]}"#, "1e400", #""\/""#,
            ])
        #expect(StateDocument.members(of: Array("[1]".utf8)) == nil)
        #expect(StateDocument.members(of: Array("{oops".utf8)) == nil)
    }

    @Test("numbers are found in the order of the text, at every depth")
    func numbers() throws {
        let bytes = Array(#"{"a": [1, {"b": 22}], "c": -3.5e1, "d": "4"}"#.utf8)
        guard case .success(let document) = StateDocument.read(bytes) else {
            Issue.record("expected JSON")
            return
        }
        let texts = StateDocument.numbers(in: document).map { String(decoding: bytes[$0], as: UTF8.self) }
        #expect(texts == ["1", "22", "-3.5e1"])
    }
}
