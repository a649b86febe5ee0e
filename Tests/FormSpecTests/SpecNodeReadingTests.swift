import Testing

@testable import FormSpec

/// A spec's text read into the tree the spec reader checks: the same tree in each language, TOML's
/// dates and times as the texts date rows read, positions of values and keys, and every refusal
/// with its line and column.
struct SpecNodeReadingTests {
    /// The tree as text, for comparing: tables by key, lists in order.
    static func shape(_ node: SpecNode) -> String {
        switch node.value {
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .integer(let number): "\(number)"
        case .decimal(let number): "\(number)"
        case .string(let text, _): "'\(text)'"
        case .list(let items): "[" + items.map(shape).joined(separator: ", ") + "]"
        case .table(let members):
            "{"
                + members.sorted { $0.key < $1.key }.map { "\($0.key): \(shape($0.node))" }.joined(
                    separator: ", ")
                + "}"
        }
    }

    @Test func aTreeOfEveryKindReadsAlikeInEachLanguage() throws {
        let toml = """
            title = "Hi"
            empty = []
            none = {}
            when = 2024-05-01
            at = 07:30:00
            stamp = 2024-05-01T07:30:05Z
            [[sections]]
            rows = [{id = "a", min = -3, step = 0.5, on = true}, {id = "b"}]
            """
        let yaml = """
            title: Hi
            empty: []
            none: {}
            when: '2024-05-01'
            at: '07:30'
            stamp: '2024-05-01T07:30:05Z'
            sections:
              - rows: [{id: a, min: -3, step: 0.5, on: true}, {id: b}]
            """
        let json = """
            {"title": "Hi", "empty": [], "none": {}, "when": "2024-05-01", "at": "07:30",
             "stamp": "2024-05-01T07:30:05Z", "sections": [{"rows": [{"id": "a", "min": -3, "step": 0.5,
             "on": true}, {"id": "b"}]}]}
            """
        let expected =
            "{at: '07:30', empty: [], none: {}, sections: [{rows: [{id: 'a', min: -3, on: true, step: 0.5}, "
            + "{id: 'b'}]}], stamp: '2024-05-01T07:30:05Z', title: 'Hi', when: '2024-05-01'}"
        #expect(Self.shape(try SpecNode.read(text: toml, format: .toml, file: "t.toml")) == expected)
        #expect(Self.shape(try SpecNode.read(text: yaml, format: .yaml, file: "t.yaml")) == expected)
        #expect(Self.shape(try SpecNode.read(text: json, format: .json, file: "t.json")) == expected)
    }

    @Test func valuesAndKeysKnowWhereTheyAreWritten() throws {
        let tree = try SpecNode.read(
            text: "title: Hi\nsections:\n  - header: Two\n", format: .yaml, file: "t.yaml")
        #expect(tree["title"]?.position == SpecPosition(line: 1, column: 8))
        #expect(tree.position(of: "sections") == SpecPosition(line: 2, column: 1))
        let section = try #require(tree["sections"]?.value).listItems.first
        #expect(section?["header"]?.position == SpecPosition(line: 3, column: 13))
    }

    @Test(arguments: [
        ("t.toml", SpecFormat.toml, "title = \"x\"\nx = [}\n", 2),
        ("t.toml", .toml, "title = \"x\"\nx = é\n", 2),
        ("t.json", .json, "{\"title\": \"x\",\n \"a\": [1, 2,]}", 2),
        ("t.json", .json, "{\"title\"}", 1),
        ("t.yaml", .yaml, "title: [x\n", 2),
    ])
    func aSyntaxErrorSaysWhereAndInWhichLanguage(file: String, format: SpecFormat, text: String, line: Int)
        throws
    {
        let error = try #require(throws: SpecError.self) {
            try SpecNode.read(text: text, format: format, file: file)
        }
        #expect(error.file == file)
        #expect(error.position?.line == line, "\(error)")
        #expect(error.message.hasPrefix("not valid \(format.name)"), "\(error)")
    }

    @Test func aTextLongerThanTheLimitIsRefused() throws {
        let text = "x = \"" + String(repeating: "a", count: SpecLimits.textBytes + 1) + "\"\n"
        let error = try #require(throws: SpecError.self) {
            try SpecNode.read(text: text, format: .toml, file: "t.toml")
        }
        #expect(error.message.contains("longer than the limit"), "\(error)")
        #expect(error.position == SpecPosition(line: 1, column: 5))
    }

    @Test func aKeyGivenTwiceIsRefusedAtItsSecondPlace() throws {
        let error = try #require(throws: SpecError.self) {
            try SpecNode.read(text: "{\"title\": \"a\",\n \"title\": \"b\"}", format: .json, file: "t.json")
        }
        #expect(error.position == SpecPosition(line: 2, column: 2), "\(error)")
        #expect(error.message.contains("given twice"))
    }
}

extension SpecNode.Value {
    fileprivate var listItems: [SpecNode] {
        if case .list(let items) = self { return items }
        return []
    }
}
