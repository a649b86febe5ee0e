import FormDocument
import Testing

func readTOML(_ text: String) throws(DocumentError) -> DocumentNode {
    try TOMLFormat().read(Array(text.utf8))
}

/// The text a node's span (or a member's key span) holds.
func spanText(_ text: String, _ range: Range<Int>) -> String {
    String(decoding: Array(text.utf8)[range], as: UTF8.self)
}

@Suite struct TOMLReadTests {
    @Test func theFormatsOwnKindsSurvive() throws {
        let root = try readTOML(
            """
            int = 0x1F
            neg = -17
            float = 1e3
            frac = +0.50
            special = [inf, -inf, nan]
            when = 1979-05-27 07:32:00.500Z
            local = 1979-05-27t07:32:00
            day = 1979-05-27
            time = 07:32:00.000
            yes = true
            """)
        #expect(root.value["int"] == .number(DocumentNumber(31)))
        #expect(root.value["neg"] == .number(DocumentNumber(-17)))
        #expect(
            root.value["float"]
                == .number(DocumentNumber(negative: false, digits: "1", exponent: 3, isInteger: false)))
        #expect(root.value["float"] != .number(DocumentNumber(1000)))
        #expect(root.value["frac"] == .number(DocumentNumber(literal: "0.5")!))
        #expect(
            root.value["special"]
                == .array([
                    .number(DocumentNumber(special: .infinity)),
                    .number(DocumentNumber(special: .negativeInfinity)),
                    .number(DocumentNumber(special: .nan)),
                ]))
        #expect(
            root.value["when"]
                == .dateTime(DocumentDateTime(kind: .offsetDateTime, text: "1979-05-27T07:32:00.5Z")))
        #expect(
            root.value["local"]
                == .dateTime(DocumentDateTime(kind: .localDateTime, text: "1979-05-27T07:32:00")))
        #expect(root.value["day"] == .dateTime(DocumentDateTime(kind: .localDate, text: "1979-05-27")))
        #expect(root.value["time"] == .dateTime(DocumentDateTime(kind: .localTime, text: "07:32:00")))
        #expect(root.value["yes"] == true)
        #expect(
            root.node(at: DocumentPath(pointer: "/int")!)?.style == .number(prefix: "0x", underscores: false))
    }

    @Test func everyStringFormReads() throws {
        let text = #"""
            basic = "tab\there \u00e9 \U0001F600"
            literal = 'C:\path'
            multi = """
            one \
              two"""
            raw = '''
            keep \ this'''
            quotes = """"two" ""inside"""""
            """#
        let root = try readTOML(text)
        #expect(root.value["basic"] == "tab\there é 😀")
        #expect(root.value["literal"] == #"C:\path"#)
        #expect(root.value["multi"] == "one two")
        #expect(root.value["raw"] == #"keep \ this"#)
        #expect(root.value["quotes"] == #""two" ""inside"""#)
        let styles = [
            "basic": DocumentStyle.doubleQuoted, "literal": .singleQuoted, "multi": .multilineDoubleQuoted,
            "raw": .multilineSingleQuoted,
        ]
        for (key, style) in styles {
            #expect(root.node(at: DocumentPath([.key(key)]))?.style == style)
        }
    }

    @Test func aSectionSpansFromItsHeaderToItsLastValue() throws {
        let text = """
            top = 1

            # about a
            [a]   # trailing
            x = 1
            y = [
              2,
            ]

            [a.b.c]
            z = 3
            [[list]]
            n = 1
            [[list]]
            """
        let root = try readTOML(text)
        let a = root.member(at: DocumentPath(pointer: "/a")!)!
        #expect(spanText(text, a.node.span) == "[a]   # trailing\nx = 1\ny = [\n  2,\n]")
        #expect(spanText(text, a.span) == "# about a\n[a]   # trailing\nx = 1\ny = [\n  2,\n]")
        #expect(spanText(text, a.keySpan) == "a")
        #expect(a.node.style == .blockCollection)
        #expect(
            a.comments
                == DocumentComments(
                    above: ["about a"], trailing: "trailing", aboveSpan: 9..<18, trailingSpan: 25..<35))
        let c = root.member(at: DocumentPath(pointer: "/a/b/c")!)!
        #expect(spanText(text, c.keySpan) == "c")
        #expect(spanText(text, c.node.span) == "[a.b.c]\nz = 3")
        let list = root.node(at: DocumentPath(pointer: "/list")!)!
        #expect(spanText(text, list.span) == "[[list]]\nn = 1\n[[list]]")
        #expect(spanText(text, root.node(at: DocumentPath(pointer: "/list/1")!)!.span) == "[[list]]")
        #expect(spanText(text, root.node(at: DocumentPath(pointer: "/a/y/0")!)!.span) == "2")
    }

    @Test func dottedKeysMakeDottedTables() throws {
        let text = """
            [tool]
            ruff.line-length = 88 # width
            "quoted.key".x = 'y'
            ruff.select = ["E"]
            """
        let root = try readTOML(text)
        let ruff = root.member(at: DocumentPath(pointer: "/tool/ruff")!)!
        #expect(ruff.node.style == .dotted)
        #expect(
            spanText(text, ruff.node.span)
                == "ruff.line-length = 88 # width\n\"quoted.key\".x = 'y'\nruff.select = [\"E\"]")
        let width = root.member(at: DocumentPath(pointer: "/tool/ruff/line-length")!)!
        #expect(spanText(text, width.keySpan) == "line-length")
        #expect(width.comments.trailing == "width")
        #expect(spanText(text, width.span) == "ruff.line-length = 88 # width")
        #expect(root.value["tool"]?["quoted.key"] == ["x": "y"])
    }

    @Test func arrayElementsKeepTheirComments() throws {
        let text = """
            deps = [
              # the web
              "requests",  # http
              "rich"
            ]
            """
        let root = try readTOML(text)
        let first = root.node(at: DocumentPath(pointer: "/deps/0")!)!
        #expect(first.comments.above == ["the web"])
        #expect(first.comments.trailing == "http")
        #expect(root.node(at: DocumentPath(pointer: "/deps")!)!.style == .flow)
    }

    @Test func anUneditedDocumentKeepsEveryByte() throws {
        let text = "\u{FEFF}a = 1\r\n\tb = 'x'   \n[t]\r\nc = 2"
        let document = try Document(reading: Array(text.utf8), format: .toml, engine: TOMLFormat())
        #expect(document.bytes == Array(text.utf8))
        #expect(document.value == ["a": 1, "b": "x", "t": ["c": 2]])
    }

    /// Each bad text with where the error must point and a word its sentence must hold.
    @Test(arguments: [
        ("a = 1\na = 2", 2, 1, "already defined at line 1"),
        ("[a]\nx = 1\n[a]", 3, 1, "defined twice"),
        ("a = {x = 1}\n[a]", 2, 1, "cannot define it again"),
        ("a = {x = 1}\na.y = 2", 2, 1, "inline table"),
        ("a = [1]\n[[a]]", 2, 1, "cannot define it again"),
        ("[[a]]\n[a]", 2, 1, "array of tables"),
        ("[fruit]\napple.color = 1\n[fruit.apple]", 3, 1, "made by dotted keys"),
        ("d = 2021-02-29", 1, 13, "day must be 01 to 28"),
        ("t = 24:00:00", 1, 5, "hour"),
        ("s = \"a\u{01}b\"", 1, 7, "control character"),
        ("s = \"open", 1, 5, "no closing"),
        ("n = 0x", 1, 5, "not a TOML number"),
        ("n = 012", 1, 5, "not a TOML number"),
        ("n = 9223372036854775808", 1, 5, "64-bit"),
        ("x = 1 y = 2", 1, 7, "line must end"),
        ("a = { b = 1,\n}", 1, 13, "one line"),
        ("= 1", 1, 1, "key was expected"),
        ("a = \r\n", 1, 5, "value was expected"),
        ("a = 1\r", 1, 6, "carriage return"),
    ])
    func badTextGetsAnErrorThatSaysWhereAndWhat(text: String, line: Int, column: Int, words: String) {
        do {
            _ = try readTOML(text)
            Issue.record("\(text.debugDescription) was read")
        } catch {
            #expect(error.line == line && error.column == column, "\(text.debugDescription): \(error)")
            #expect(error.message.contains(words), "\(text.debugDescription): \(error)")
        }
    }

    @Test func invalidUTF8IsRefusedWhereItStands() {
        let bytes = Array("a = 'ok'\nb = '".utf8) + [0xC3, 0x28] + Array("'".utf8)
        #expect {
            _ = try TOMLFormat().read(bytes)
        } throws: { error in
            guard let error = error as? DocumentError else { return false }
            return error.line == 2 && error.column == 6 && error.message.contains("UTF-8")
        }
    }
}
