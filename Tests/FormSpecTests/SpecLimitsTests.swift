import FormCore
import FormSpec
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Every reader states its limits and refuses what passes them with the file, line and column,
/// never with a crash: nesting thousands of levels deep, numbers beyond what a row holds,
/// patterns that backtrack, texts and files too large.
struct SpecLimitsTests {
    static func refusal(
        _ text: String, _ format: SpecFormat, file: String = "deep.spec"
    ) -> SpecError? {
        do {
            _ = try SpecReader.read(text: text, format: format, file: file)
            return nil
        } catch {
            return error
        }
    }

    static let row = "{id: name, type: text, title: Name}"

    /// A spec nested 5,000 levels deep, in each language.
    static func deep(_ format: SpecFormat, levels: Int = 5_000) -> String {
        switch format {
        case .yaml:
            "title: x\nsections: " + String(repeating: "[", count: levels)
                + String(repeating: "]", count: levels)
        case .json:
            "{\"title\": \"x\", \"sections\": " + String(repeating: "[", count: levels)
                + String(repeating: "]", count: levels) + "}"
        case .toml:
            "title = \"x\"\nsections = " + String(repeating: "[", count: levels)
                + String(repeating: "]", count: levels)
        }
    }

    @Test(arguments: SpecFormat.allCases)
    func aSpecNestedThousandsOfLevelsDeepIsRefusedWithItsPlace(format: SpecFormat) throws {
        let error = try #require(Self.refusal(Self.deep(format), format))
        // Thousands of levels stop the reader at its own stated limit, before the spec's 64.
        #expect(error.description.contains("nest") && error.description.contains("deep"), "\(error)")
        #expect(error.position?.line == (format == .json ? 1 : 2), "\(error)")
        #expect(error.position.map { $0.column > 1 } == true, "\(error)")
    }

    @Test func blockNestingInYAMLIsCountedToo() throws {
        var text = "title: x\nsections:\n"
        for level in 0..<3_000 { text += String(repeating: " ", count: level) + "- \n" }
        let error = try #require(Self.refusal(text, .yaml))
        #expect(error.message.contains("nested more than"), "\(error)")
    }

    @Test func tomlDottedKeysNestToo() throws {
        let text = "title = \"x\"\n" + Array(repeating: "a", count: 3_000).joined(separator: ".") + " = 1\n"
        let error = try #require(Self.refusal(text, .toml))
        #expect(error.message.contains("nested more than"), "\(error)")
        #expect(error.position?.line == 2)
    }

    @Test func valuesFilesNestedDeepAreRefusedWithTheirPlace() throws {
        let spec = try SpecReader.read(
            text: "sections: [{rows: [\(Self.row)]}]", format: .yaml, file: "s.yaml")
        let text =
            "{\"name\": " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
            + "}"
        do {
            _ = try SpecValuesFile.read(text: text, file: "v.json", spec: spec)
            Issue.record("taken")
        } catch {
            // 100,000 levels stop the JSON reader at its own stated limit (1,000), where it stops.
            #expect(error.message.contains("nests deeper than 1000 levels"), "\(error)")
            #expect(error.position == SpecPosition(line: 1, column: 9 + 1000), "\(error)")
        }
    }

    @Test func validJSONDeeperThanTheLimitIsCalledDeepNotInvalid() throws {
        let text = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let error = try #require(Self.refusal(text, .json))
        #expect(!error.message.contains("not valid JSON"), "\(error)")
        #expect(error.message.contains("levels deep"))
        #expect(error.position != nil)
    }

    @Test func aliasesOfAliasesCannotMultiplyTheTree() throws {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1..<12 {
            text +=
                "a\(level): &a\(level) ["
                + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
                + "]\n"
        }
        let error = try #require(Self.refusal(text, .yaml))
        #expect(error.message.contains("aliases bring in more than"), "\(error)")
    }

    @Test func aTextLongerThanTheLimitIsRefused() throws {
        let long = String(repeating: "x", count: SpecLimits.textBytes + 1)
        let error = try #require(Self.refusal("title: \(long)\nsections: []", .yaml))
        #expect(error.message.contains("longer than the limit of 1 MB"), "\(error)")
        #expect(error.position == SpecPosition(line: 1, column: 8))
    }

    @Test func aKeyGivenTwiceIsRefusedInYAMLAndJSON() throws {
        let yaml = try #require(Self.refusal("title: a\ntitle: b\nsections: []", .yaml))
        #expect(yaml.message.contains("the key 'title' is given twice"), "\(yaml)")
        #expect(yaml.position == SpecPosition(line: 2, column: 1))
        let json = try #require(Self.refusal("{\"title\": \"a\", \"title\": \"b\", \"sections\": []}", .json))
        #expect(json.message.contains("given twice"), "\(json)")
    }

    @Test func aTrailingCommaInJSONIsRefusedWhereItIs() throws {
        let error = try #require(Self.refusal("{\"title\": \"a\",\n \"sections\": [],\n}", .json))
        #expect(error.message.contains("no comma before }"), "\(error)")
        #expect(error.position == SpecPosition(line: 2, column: 16))
    }

    // MARK: Numbers

    @Test(arguments: [
        ("number", "max: 1e308"), ("number", "min: -1e300"), ("stepper", "step: 1e20"),
        ("slider", "max: 1e20"),
        ("decimal", "max: 1e400"), ("stepper", "default: 9223372036854775807"),
        ("number", "default: -9223372036854775807"), ("slider", "min: -1e16"),
    ])
    func numbersBeyondWhatARowHoldsAreRefusedNotTrapped(kind: String, rule: String) throws {
        let text = "sections:\n  - rows:\n      - {id: n, type: \(kind), title: N, \(rule)}\n"
        let error = try #require(Self.refusal(text, .yaml), "\(kind) \(rule) was taken")
        #expect(error.position?.line == 3, "\(error)")
        // 1e400 is no finite number: YAML reads it as a word, refused as one.
        #expect(
            error.description.contains("1000000000000000") || error.description.contains("must be a number"),
            "\(error)")
    }

    @Test func numbersAtTheLimitBuildAForm() throws {
        let text = """
            sections:
              - rows:
                  - {id: n, type: number, title: N, min: -1e15, max: 1e15}
                  - {id: s, type: stepper, title: S, min: -1000000000000000, max: 1000000000000000, step: 999999999999999}
                  - {id: l, type: slider, title: L, min: -1e15, max: 1e15, step: 0.5}
                  - {id: d, type: decimal, title: D, default: 1e15}
            """
        let spec = try SpecReader.read(text: text, format: .yaml, file: "n.yaml")
        let form = SpecFormBuilder(spec: spec).form()
        #expect(form.sections.count == 1)
    }

    @Test func aValuesFileWithAHugeNumberIsRefused() throws {
        let spec = try SpecReader.read(
            text: "sections: [{rows: [{id: n, type: stepper, title: N}, {id: d, type: decimal, title: D}]}]",
            format: .yaml, file: "s.yaml")
        for text in ["{\"n\": 9223372036854775807}", "{\"d\": 1e300}"] {
            #expect(throws: SpecError.self) {
                try SpecValuesFile.read(text: text, file: "v.json", spec: spec)
            }
        }
    }

    @Test func linesOutsideTheirRangeAreRefused() throws {
        let text = "sections: [{rows: [{id: m, type: multiline, title: M, lines: 9223372036854775807}]}]"
        let error = try #require(Self.refusal(text, .yaml))
        #expect(error.message.contains("'lines' must be from 1 to 100"), "\(error)")
    }

    // MARK: Patterns

    @Test func aBacktrackingPatternIsCheckedInLinearTime() throws {
        let pattern = try SpecPattern.compile("(a+)+$").get()
        let text = String(repeating: "a", count: 5_000) + "!"
        let start = ContinuousClock.now
        #expect(!pattern.matches(text))
        #expect(pattern.matches(String(repeating: "a", count: 5_000)))
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    @Test(arguments: [
        ("[a-z0-9][a-z0-9-]{0,62}", "web-01", true), ("[a-z0-9][a-z0-9-]{0,62}", "-web", false),
        ("\\+?[0-9 ]{6,}", "+46 70 123", true), ("\\+?[0-9 ]{6,}", "12345", false),
        ("[a-z.]+", "a.b", true), ("[a-z.]+", "A", false), ("a|bc", "bc", true), ("a|bc", "ab", false),
        ("(?:ab)*c", "ababc", true), ("(?<x>ab)?c", "c", true), ("\\d{3}-\\d{4}", "555-1234", true),
        ("\\w+@\\w+\\.com", "ada@example.com", true), ("[^ ]+", "a b", false), ("^a.c$", "abc", true),
        ("a.c", "a\nc", false), ("x{2,3}", "xxxx", false), ("[\\]\\-]+", "]-", true), ("é+", "éé", true),
        ("a*?b", "aab", true), ("", "", true), ("", "a", false),
    ])
    func patternsMatchTheWholeTextAsRegexDoes(pattern: String, text: String, matches: Bool) throws {
        let compiled = try SpecPattern.compile(pattern).get()
        #expect(compiled.matches(text) == matches, "\(pattern) on \(text)")
        let regexMatches = (try? Regex(pattern).wholeMatch(in: text)) != nil
        #expect(regexMatches == matches, "Swift's Regex disagrees on \(pattern)")
    }

    @Test(arguments: [
        ("(a)\\1", "back-reference"), ("(?=a)a", "'(?'"), ("(a{1000}){1000}", "too large"),
        ("a{5000}", "more than 1000"),
        ("\\bword", "\\b"), ("[a-z", "never closed"), ("(a", "never closed"), ("a)", "closes no group"),
        ("*a", "nothing before it"),
    ])
    func patternsThatCannotBeCheckedInTimeAreSpecErrorsWithTheirLine(pattern: String, words: String) throws {
        let text = "sections:\n  - rows:\n      - id: t\n        type: text\n        pattern: '\(pattern)'\n"
        let error = try #require(Self.refusal(text, .yaml), "\(pattern) was taken")
        #expect(error.message.contains(words), "\(error)")
        #expect(error.position?.line == 5, "\(error)")
    }

    @Test func aLongPatternIsRefusedAtOnce() throws {
        let pattern = String(repeating: "a", count: 1_000_000)
        let start = ContinuousClock.now
        let error = try #require(
            Self.refusal("sections: [{rows: [{id: t, type: text, title: T, pattern: '\(pattern)'}]}]", .yaml))
        #expect(error.message.contains("over the limit of \(SpecLimits.patternLength)"), "\(error)")
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    // MARK: Messages

    @Test func tomlRowsWrittenAsInlineTablesHaveTheirPlace() throws {
        let text = """
            title = "x"
            [[sections]]
            rows = [
              {id = "a", type = "text", title = "A"},
              {id = "a", type = "text", title = "B"},
            ]
            """
        let error = try #require(Self.refusal(text, .toml))
        #expect(error.message.contains("duplicate id 'a'"), "\(error)")
        // At the id, which is what is repeated.
        #expect(error.position == SpecPosition(line: 5, column: 9), "\(error)")
        #expect(error.hint?.contains("line 4") == true, "\(error)")
        #expect(error.hint?.contains("line 0") == false)
    }

    // MARK: Size

    @Test func largeSpecsReadInLinearTime() throws {
        func spec(_ rows: Int) -> String {
            var text = "title: Big\nsections:\n  - rows:\n"
            for index in 0..<rows { text += "      - {id: r\(index), type: switch, title: Row \(index)}\n" }
            return text
        }
        let clock = ContinuousClock()
        let small = try clock.measure { _ = try SpecReader.read(text: spec(5_000), format: .yaml, file: "s") }
        let large = try clock.measure {
            _ = try SpecReader.read(text: spec(50_000), format: .yaml, file: "s")
        }
        // Ten times the rows, under forty times the time (quadratic would be a hundred; the
        // margin is for a machine busy with other tests).
        #expect(large < small * 40 + .milliseconds(500), "5k rows \(small), 50k rows \(large)")
    }

    @Test func inlineTOMLRowsReadInLinearTime() throws {
        func spec(_ rows: Int) -> String {
            var text = "title = \"Big\"\n[[sections]]\nrows = [\n"
            for index in 0..<rows { text += "  {id = \"r\(index)\", type = \"switch\", title = \"Row\"},\n" }
            return text + "]\n"
        }
        let clock = ContinuousClock()
        let small = try clock.measure { _ = try SpecReader.read(text: spec(2_000), format: .toml, file: "s") }
        let large = try clock.measure {
            _ = try SpecReader.read(text: spec(20_000), format: .toml, file: "s")
        }
        #expect(large < small * 40 + .milliseconds(500), "2k rows \(small), 20k rows \(large)")
    }

    // MARK: Found by the spec fuzzer

    @Test(arguments: [
        ("title = \"x\"\n[[}sections]]\n", "a key was expected here"),
        ("title = \"x\"\ndefau\u{FFFD}lt = true\n", "an = was expected after the key defau"),
        // The soak's seed 4109940952 (100,000 cases a language) aborted toml++ on a `}` in a list.
        ("title = \"x\"\nx = [1, }\n", "a value was expected here"),
        ("title = \"x\"\nx = {a = [1}\n", "the closing ] was expected"),
    ])
    func tomlThatTomlPlusPlusAssertsOnIsRefused(text: String, words: String) throws {
        let error = try #require(Self.refusal(text, .toml))
        #expect(error.message.contains(words), "\(error)")
        #expect(error.position?.line == 2, "\(error)")
    }

    @Test func aTitleOfAHundredThousandCharactersIsRefusedNotDrawnForMinutes() throws {
        let title = String(repeating: "é", count: 100_000)
        let start = ContinuousClock.now
        let error = try #require(Self.refusal("title: \"\(title)\"\nsections: []\n", .yaml))
        #expect(error.message.contains("over the limit of 4 KB for a text on screen"), "\(error)")
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    @Test func aTypoSuggestionCostsNothingForAHugeWord() throws {
        let start = ContinuousClock.now
        let word = String(repeating: "é", count: 2_000)
        let error = try #require(
            Self.refusal("sections:\n  - rows:\n      - {id: a, type: \"\(word)\", title: A}\n", .yaml))
        #expect(error.message.contains("unknown row type"))
        #expect(ContinuousClock.now - start < .seconds(1))
        #expect(Nearest.match(String(repeating: "x", count: 100_000), in: ["switch"]) == nil)
    }
}
