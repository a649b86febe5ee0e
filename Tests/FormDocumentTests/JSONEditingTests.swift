import FormDocument
import Testing

/// `text` with `change` made through ``Document`` (which reads the edit back).
func editJSON(_ text: String, _ change: DocumentChange, comments: Bool = false) throws -> String {
    var document = try Document(
        reading: Array(text.utf8), format: comments ? .jsonc : .json, engine: JSONFormat(comments: comments))
    try document.apply(change)
    return String(decoding: document.bytes, as: UTF8.self)
}

@Suite struct JSONSetTests {
    /// A state file as a person left it: three-space indentation, odd spacing, their key order.
    let state = """
        {
           "zeta": 1,
           "alpha" :  "x",
           "nested": {
              "b": [1,2,3],
              "a": null
           },
           "count": 41
        }

        """

    @Test func settingOneMemberChangesOnlyItsBytes() throws {
        let edited = try editJSON(state, .set(path("/count"), 42))
        #expect(edited == state.replacingOccurrences("41", "42"))
        #expect(
            try editJSON(state, .set(path("/nested/a"), "y")) == state.replacingOccurrences("null", "\"y\""))
        #expect(
            try editJSON(state, .set(path("/alpha"), "a \"quoted\" word"))
                == state.replacingOccurrences("\"x\"", #""a \"quoted\" word""#))
        #expect(
            try editJSON(state, .set(path("/nested/b/1"), 20))
                == state.replacingOccurrences("[1,2,3]", "[1,20,3]"))
    }

    @Test func theSmallestSpliceIsReturned() throws {
        let document = try Document(reading: Array(state.utf8), format: .json, engine: JSONFormat())
        let edits = try document.edits(for: .set(path("/count"), 42))
        let bytes = Array(state.utf8)
        let offset = try #require(
            (0..<(bytes.count - 1)).first { bytes[$0] == 0x34 && bytes[$0 + 1] == 0x31 })
        #expect(edits == [TextEdit(range: (offset + 1)..<(offset + 2), text: "2")])
    }

    @Test func aScalarSetToAContainerIsWrittenInTheDocumentsLayout() throws {
        let edited = try editJSON(state, .set(path("/count"), ["x": 1, "y": [true]]))
        #expect(
            edited
                == state.replacingOccurrences(
                    "\"count\": 41",
                    "\"count\": {\n      \"x\": 1,\n      \"y\": [\n         true\n      ]\n   }"))
    }

    @Test func aContainerSetToAContainerChangesOnlyWhatDiffers() throws {
        var value = try readJSON(state).value
        guard case .object(var members) = value else { return }
        members["count"] = 42
        members["nested"] = ["b": [1, 2, 3], "a": .null, "c": 5]
        value = .object(members)
        let edited = try editJSON(state, .set(.root, value))
        #expect(
            edited
                == state.replacingOccurrences("41", "42").replacingOccurrences(
                    "\"a\": null\n", "\"a\": null,\n      \"c\": 5\n"))
    }

    @Test func aOneLineContainerStaysOnOneLine() throws {
        #expect(
            try editJSON(#"{"a": [1, 2], "b": 0}"#, .set(path("/a"), ["x": [3]]))
                == #"{"a": {"x": [3]}, "b": 0}"#)
        #expect(
            try editJSON(#"{"a":[1,2],"b":0}"#, .set(path("/b"), ["x": 1, "y": 2]))
                == #"{"a":[1,2],"b":{"x":1,"y":2}}"#)
    }

    @Test func whatJSONCannotHoldIsRefused() throws {
        #expect(throws: DocumentError.self) {
            try editJSON(state, .set(path("/count"), .number(DocumentNumber(special: .nan))))
        }
        #expect(throws: DocumentError.self) {
            try editJSON(
                state, .set(path("/count"), .dateTime(DocumentDateTime(kind: .localDate, text: "2024-01-01")))
            )
        }
    }
}

@Suite struct JSONInsertTests {
    @Test func afterTheLastMemberOnItsOwnLine() throws {
        let text = "{\n    \"a\": 1,\n    \"b\": {\"c\": 2}\n}\n"
        #expect(
            try editJSON(text, .insert(parent: .root, key: "d", value: [1, 2], before: nil))
                == "{\n    \"a\": 1,\n    \"b\": {\"c\": 2},\n    \"d\": [1, 2]\n}\n")
        #expect(
            try editJSON("{\n    \"a\": 1\n}", .insert(parent: .root, key: "d", value: [1, 2], before: nil))
                == "{\n    \"a\": 1,\n    \"d\": [\n        1,\n        2\n    ]\n}")
        #expect(
            try editJSON(text, .insert(parent: path("/b"), key: "e", value: true, before: nil))
                == "{\n    \"a\": 1,\n    \"b\": {\"c\": 2, \"e\": true}\n}\n")
    }

    @Test func beforeANamedMember() throws {
        let text = "{\n\t\"a\": 1,\n\t\"b\": 2\n}"
        #expect(
            try editJSON(text, .insert(parent: .root, key: "x", value: "y", before: "b"))
                == "{\n\t\"a\": 1,\n\t\"x\": \"y\",\n\t\"b\": 2\n}")
        #expect(
            try editJSON(#"{"a": 1, "b": 2}"#, .insert(parent: .root, key: "x", value: 0, before: "a"))
                == #"{"x": 0, "a": 1, "b": 2}"#)
    }

    @Test func keepsCRLFTabsAndMinifiedLayouts() throws {
        #expect(
            try editJSON("{\r\n\t\"a\": 1\r\n}\r\n", .insert(parent: .root, key: "b", value: 2, before: nil))
                == "{\r\n\t\"a\": 1,\r\n\t\"b\": 2\r\n}\r\n")
        #expect(
            try editJSON(#"{"a":1}"#, .insert(parent: .root, key: "b", value: ["c": 2], before: nil))
                == #"{"a":1,"b":{"c":2}}"#)
    }

    @Test func intoAnEmptyObjectInTheDocumentsLayout() throws {
        #expect(
            try editJSON(
                "{\n  \"a\": {},\n  \"b\": 1\n}",
                .insert(parent: path("/a"), key: "k", value: "v", before: nil))
                == "{\n  \"a\": {\n    \"k\": \"v\"\n  },\n  \"b\": 1\n}")
        #expect(
            try editJSON("{}", .insert(parent: .root, key: "k", value: 1, before: nil)) == "{\n  \"k\": 1\n}")
        #expect(
            try editJSON(#"{"a": {}, "b": 1}"#, .insert(parent: path("/a"), key: "k", value: 1, before: nil))
                == #"{"a": {"k": 1}, "b": 1}"#)
    }

    @Test func jsoncTheCommaAndTheCommentOfThePreviousMemberStayPut() throws {
        let text = "{\n  \"a\": 1, // about a\n  \"b\": 2 // about b\n}\n"
        #expect(
            try editJSON(text, .insert(parent: .root, key: "c", value: 3, before: nil), comments: true)
                == "{\n  \"a\": 1, // about a\n  \"b\": 2, // about b\n  \"c\": 3\n}\n")
        let trailing = "{\n  \"a\": 1,\n  \"b\": 2, // about b\n}\n"
        #expect(
            try editJSON(trailing, .insert(parent: .root, key: "c", value: 3, before: nil), comments: true)
                == "{\n  \"a\": 1,\n  \"b\": 2, // about b\n  \"c\": 3,\n}\n")
        let above = "{\n  \"a\": 1,\n  // about b\n  \"b\": 2\n}"
        #expect(
            try editJSON(above, .insert(parent: .root, key: "x", value: 0, before: "b"), comments: true)
                == "{\n  \"a\": 1,\n  \"x\": 0,\n  // about b\n  \"b\": 2\n}")
        #expect(
            try editJSON(
                "{\n  // nothing yet\n}", .insert(parent: .root, key: "x", value: 0, before: nil),
                comments: true)
                == "{\n  // nothing yet\n  \"x\": 0\n}")
    }

    @Test func anExistingKeyIsRefused() throws {
        #expect(throws: DocumentError.self) {
            try editJSON(#"{"a": 1}"#, .insert(parent: .root, key: "a", value: 2, before: nil))
        }
    }
}

@Suite struct JSONDeleteTests {
    @Test func aMemberOnItsOwnLinesGoesWithItsComments() throws {
        let text = "{\n  \"a\": 1,\n  // about b\n  \"b\": 2, // more\n  \"c\": 3\n}\n"
        #expect(try editJSON(text, .delete(path("/b")), comments: true) == "{\n  \"a\": 1,\n  \"c\": 3\n}\n")
        #expect(
            try editJSON(text, .delete(path("/c")), comments: true)
                == "{\n  \"a\": 1,\n  // about b\n  \"b\": 2 // more\n}\n")
        #expect(
            try editJSON(text, .delete(path("/a")), comments: true)
                == "{\n  // about b\n  \"b\": 2, // more\n  \"c\": 3\n}\n")
    }

    @Test func theLastMemberTakesTheCommaBeforeIt() throws {
        let text = "{\n    \"a\": 1,\n    \"b\": 2\n}"
        #expect(try editJSON(text, .delete(path("/b"))) == "{\n    \"a\": 1\n}")
        #expect(try editJSON(text, .delete(path("/a"))) == "{\n    \"b\": 2\n}")
        #expect(try editJSON("{\n    \"a\": 1\n}", .delete(path("/a"))) == "{}")
    }

    @Test func noBlankHoleIsLeft() throws {
        let text = "{\n  \"a\": 1,\n\n  \"b\": 2,\n\n  \"c\": 3\n}"
        #expect(try editJSON(text, .delete(path("/b"))) == "{\n  \"a\": 1,\n\n  \"c\": 3\n}")
        #expect(try editJSON(text, .delete(path("/c"))) == "{\n  \"a\": 1,\n\n  \"b\": 2\n}")
    }

    @Test func itemsOnOneLine() throws {
        let text = #"{"a": 1, "b": [1, 2, 3], "c": 3}"#
        #expect(try editJSON(text, .delete(path("/a"))) == #"{"b": [1, 2, 3], "c": 3}"#)
        #expect(try editJSON(text, .delete(path("/c"))) == #"{"a": 1, "b": [1, 2, 3]}"#)
        #expect(try editJSON(text, .delete(path("/b/1"))) == #"{"a": 1, "b": [1, 3], "c": 3}"#)
        #expect(try editJSON(text, .delete(path("/b/2"))) == #"{"a": 1, "b": [1, 2], "c": 3}"#)
        #expect(try editJSON("[1]", .delete(path("/0"))) == "[]")
        #expect(try editJSON("[1, 2,]", .delete(path("/1")), comments: true) == "[1,]")
    }

    @Test func jsoncTrailingCommasAndCommentsStay() throws {
        let text = "{\n  \"a\": 1,\n  \"b\": 2, // about b\n}\n"
        #expect(try editJSON(text, .delete(path("/b")), comments: true) == "{\n  \"a\": 1,\n}\n")
        #expect(try editJSON(text, .delete(path("/a")), comments: true) == "{\n  \"b\": 2, // about b\n}\n")
        let block = "[\n  /* one\n   * of two\n   */\n  1,\n  2\n]"
        let first = try #require(readJSON(block, comments: true).node(at: path("/0")))
        #expect(first.comments.above == ["one", "of two"])
        #expect(try editJSON(block, .delete(path("/0")), comments: true) == "[\n  2\n]")
    }

    @Test func aKeyWrittenTwiceGoesEverywhere() throws {
        #expect(try editJSON(#"{"a": 1, "b": 2, "a": 3}"#, .delete(path("/a"))) == #"{"b": 2}"#)
    }

    @Test func theRootCannotBeDeleted() throws {
        #expect(throws: DocumentError.self) { try editJSON("{}", .delete(.root)) }
    }
}

@Suite struct JSONArrayTests {
    @Test func appendToOneLineAndMultiLineArrays() throws {
        #expect(try editJSON(#"{"a": [1, 2]}"#, .append(array: path("/a"), value: 3)) == #"{"a": [1, 2, 3]}"#)
        #expect(
            try editJSON("{\n  \"a\": [\n    1\n  ]\n}", .append(array: path("/a"), value: ["x": 1]))
                == "{\n  \"a\": [\n    1,\n    {\n      \"x\": 1\n    }\n  ]\n}")
        #expect(
            try editJSON("{\n  \"a\": []\n}", .append(array: path("/a"), value: 1))
                == "{\n  \"a\": [\n    1\n  ]\n}")
        #expect(try editJSON("[1, 2,]", .append(array: .root, value: 3), comments: true) == "[1, 2, 3,]")
    }

    @Test func aFileOfOneLineRowsGetsAOneLineRow() throws {
        let rows = "[\n  {\"id\": 1, \"on\": true},\n  {\"id\": 2, \"on\": false}\n]\n"
        #expect(
            try editJSON(rows, .append(array: .root, value: ["id": 3, "on": true]))
                == "[\n  {\"id\": 1, \"on\": true},\n  {\"id\": 2, \"on\": false},\n  {\"id\": 3, \"on\": true}\n]\n"
        )
    }

    @Test func moveOnOneLine() throws {
        #expect(try editJSON("[1, 2, 3]", .move(array: .root, from: 0, to: 2)) == "[2, 3, 1]")
        #expect(try editJSON("[1,2,3]", .move(array: .root, from: 2, to: 0)) == "[3,1,2]")
        #expect(try editJSON("[1, 2, 3]", .move(array: .root, from: 1, to: 1)) == "[1, 2, 3]")
    }

    @Test func moveOverLinesTakesTheComments() throws {
        let text = "[\n  // one\n  1, // first\n  2,\n  3 // last\n]"
        #expect(
            try editJSON(text, .move(array: .root, from: 0, to: 2), comments: true)
                == "[\n  2,\n  3, // last\n  // one\n  1 // first\n]")
    }
}

extension String {
    /// `self` with its only occurrence of `target` replaced (a test's expected text).
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        replacing(target, with: replacement, maxReplacements: 1)
    }
}

@Suite struct TextEditComposingTests {
    @Test func editsOfTheEditedTextBecomeEditsOfTheFirst() {
        let first = Array("xyz".utf8)
        let earlier = [TextEdit(range: 0..<1, text: "ab")]
        var middle = first
        TextEdit.apply(earlier, to: &middle)
        for (later, expected) in [
            ([TextEdit(range: 3..<4, text: "Z")], "abyZ"),
            ([TextEdit(range: 1..<3, text: "")], "az"),
            ([TextEdit(range: 2..<2, text: "-"), TextEdit(range: 4..<4, text: "!")], "ab-yz!"),
        ] {
            var direct = middle
            TextEdit.apply(later, to: &direct)
            #expect(String(decoding: direct, as: UTF8.self) == expected)
            let composed = TextEdit.composing(earlier, then: later, on: middle)
            var once = first
            TextEdit.apply(composed, to: &once)
            #expect(String(decoding: once, as: UTF8.self) == expected, "\(composed)")
        }
        #expect(
            TextEdit.composing(earlier, then: [TextEdit(range: 3..<4, text: "Z")], on: middle)
                == [TextEdit(range: 0..<1, text: "ab"), TextEdit(range: 2..<3, text: "Z")])
    }
}
