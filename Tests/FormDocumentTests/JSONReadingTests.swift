import FormDocument
import Testing

/// Reads `text` as JSON (or JSONC).
func readJSON(_ text: String, comments: Bool = false) throws -> DocumentNode {
    try JSONFormat(comments: comments).read(Array(text.utf8))
}

/// The error reading `text` gives, or nil when it reads.
func jsonError(_ text: String, comments: Bool = false) -> DocumentError? {
    jsonError(Array(text.utf8), comments: comments)
}

func jsonError(_ bytes: [UInt8], comments: Bool = false) -> DocumentError? {
    do {
        _ = try JSONFormat(comments: comments).read(bytes)
        return nil
    } catch {
        return error
    }
}

func slice(_ text: String, _ range: Range<Int>) -> String {
    String(decoding: Array(text.utf8)[range], as: UTF8.self)
}

@Suite struct JSONReadingTests {
    @Test func spansOfValuesKeysAndMembers() throws {
        let text = "{\n  \"name\": \"formtui\",\n  \"ports\": [80, 443],\n  \"on\": true\n}\n"
        let root = try readJSON(text)
        #expect(slice(text, root.span) == String(text.dropLast()))
        guard case .object(let members) = root.content else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["name", "ports", "on"])
        #expect(slice(text, members[0].keySpan) == "\"name\"")
        #expect(slice(text, members[0].node.span) == "\"formtui\"")
        #expect(slice(text, members[0].span) == "\"name\": \"formtui\"")
        #expect(slice(text, members[1].node.span) == "[80, 443]")
        let port = try #require(root.node(at: DocumentPath(pointer: "/ports/1")!))
        #expect(slice(text, port.span) == "443")
        #expect(port.value == 443)
        #expect(root.value == ["name": "formtui", "ports": [80, 443], "on": true])
    }

    @Test func stringsDecodeEscapesAndSurrogatePairs() throws {
        let root = try readJSON(#"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\u20AC", "\ud83d\ude00", "é😀"]"#)
        #expect(root.value == ["a\"b\\c/d\u{08}\u{0C}\n\r\t", "é€", "😀", "é😀"])
    }

    @Test func numbersKeepTheirExactValue() throws {
        let root = try readJSON("[0, -0, 1.50, 1e400, 12345678901234567890123, -2.5E-3]")
        #expect(
            root.value
                == .array([
                    .number(DocumentNumber(literal: "0")!), .number(DocumentNumber(literal: "-0")!),
                    .number(DocumentNumber(literal: "1.5")!), .number(DocumentNumber(literal: "1e400")!),
                    .number(DocumentNumber(literal: "12345678901234567890123")!),
                    .number(DocumentNumber(literal: "-0.0025")!),
                ]))
    }

    @Test func duplicateKeysStandTwiceAndTheValueKeepsTheLast() throws {
        let root = try readJSON(#"{"a": 1, "b": 2, "a": 3}"#)
        guard case .object(let members) = root.content else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["a", "b", "a"])
        #expect(root.value == ["a": 3, "b": 2])
    }

    @Test func aByteOrderMarkIsKeptAndSpansCountFromByteZero() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8)
        let root = try JSONFormat().read(bytes)
        #expect(root.span == 3..<bytes.count)
        #expect(root.value == ["a": 1])
    }

    @Test func commentsAboveAndTrailingBelongToTheirMember() throws {
        let text = """
            {
              // Where the server listens.
              // Change it with care.
              "port": 8080, // the default
              /* the host */
              "host": "localhost",

              // not about tags: a blank line below

              "tags": [
                // the first
                "a", /* after a */
                "b"
              ] // end of tags
            }
            """
        let root = try readJSON(text, comments: true)
        let port = try #require(root.member(at: DocumentPath(pointer: "/port")!))
        #expect(port.comments.above == ["Where the server listens.", "Change it with care."])
        #expect(port.comments.trailing == "the default")
        #expect(
            slice(text, port.comments.aboveSpan!) == "// Where the server listens.\n  // Change it with care."
        )
        #expect(slice(text, port.comments.trailingSpan!) == "// the default")
        #expect(
            slice(text, port.span)
                == slice(text, port.comments.aboveSpan!.lowerBound..<port.comments.trailingSpan!.upperBound))
        let host = try #require(root.member(at: DocumentPath(pointer: "/host")!))
        #expect(host.comments.above == ["the host"])
        #expect(host.comments.trailing == nil)
        let tags = try #require(root.member(at: DocumentPath(pointer: "/tags")!))
        #expect(tags.comments.above == [])
        #expect(tags.comments.trailing == "end of tags")
        let first = try #require(root.node(at: DocumentPath(pointer: "/tags/0")!))
        #expect(first.comments.above == ["the first"])
        #expect(first.comments.trailing == "after a")
        #expect(root.value == ["port": 8080, "host": "localhost", "tags": ["a", "b"]])
    }

    @Test func aCommentAfterAnOpeningBracketBelongsToNoOne() throws {
        let root = try readJSON("{ // settings\n  \"a\": 1\n}", comments: true)
        let a = try #require(root.member(at: DocumentPath(pointer: "/a")!))
        #expect(a.comments.above == [])
        #expect(a.comments.trailing == nil)
    }

    @Test func trailingCommasReadInJSONCOnly() throws {
        #expect(try readJSON("{\"a\": [1, 2,],}", comments: true).value == ["a": [1, 2]])
        let error = try #require(jsonError("{\"a\": [1, 2,]}"))
        #expect((error.line, error.column) == (1, 12))
        #expect(error.message.contains("remove this comma"))
        #expect(jsonError("[,]", comments: true) != nil)
        #expect(jsonError("{,}", comments: true) != nil)
    }

    @Test func commentsAreRefusedInStrictJSON() throws {
        let error = try #require(jsonError("{\n  // no\n  \"a\": 1\n}"))
        #expect((error.line, error.column) == (2, 3))
        #expect(error.message.contains("JSONC"))
    }

    @Test(arguments: [
        ("", 1, 1, "empty"),
        ("{\"title\"}", 1, 9, "colon"),
        ("{\"a\": 1 \"b\": 2}", 1, 9, "a comma or } was expected after this member"),
        ("[1 2]", 1, 4, "a comma or ] was expected after this element"),
        ("{\"a\": }", 1, 7, "a value was expected"),
        ("[NaN]", 1, 2, "NaN"),
        ("[.5]", 1, 2, "0.5"),
        ("['a']", 1, 2, "double quotes"),
        ("{'a': 1}", 1, 2, "double quotes"),
        ("[01]", 1, 2, "0"),
        ("[1.]", 1, 3, "decimal point"),
        ("[1e]", 1, 2, "exponent"),
        ("[tru]", 1, 2, "true, false or null"),
        ("[True]", 1, 2, "lower case"),
        ("{\n  \"a\": 1\n", 1, 1, "} is missing"),
        ("[1]\n[2]", 2, 1, "end after its value"),
        ("[\"a\\x\"]", 1, 4, "not a JSON escape"),
        ("[\"\\u12\"]", 1, 3, "four hexadecimal digits"),
        ("[\"\\ud800\"]", 1, 3, "surrogate"),
        ("[\"\\udc00\\ud800\"]", 1, 3, "surrogate"),
        ("[\"a\tb\"]", 1, 4, "\\t"),
        ("{\"a\": /* open", 1, 7, "no closing */"),
    ])
    func errorsSayWhereAndHowToMend(text: String, line: Int, column: Int, words: String) throws {
        let error = try #require(jsonError(text, comments: text.contains("/*")))
        #expect((error.line, error.column) == (line, column), "\(error)")
        #expect(error.message.contains(words), "\(error)")
    }
}
