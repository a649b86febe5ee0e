import FormTestSupport
import Testing

@testable import FormSpec

/// The one-pass TOML reader against toml++ and the locator it spares: the same tree with the
/// same positions whenever it takes a text, and nil (toml++ then reads it) otherwise.
struct SpecTOMLReaderTests {
    /// What toml++ and the locator make of `text`, or nil when they refuse it.
    static func slow(_ text: String) -> SpecNode? {
        guard TOMLDepth.problem(in: text) == nil, var node = try? TOMLReader(file: "t.toml").read(text) else {
            return nil
        }
        var locator = TOMLLocator(text: text)
        locator.place(&node)
        return node
    }

    /// `rows` rows as Benchmarks/specgen.py writes them in TOML, from LargeSpecTests' YAML.
    static func large(_ rows: Int) throws -> String {
        let tree = try SpecNode.read(text: LargeSpecTests.spec(rows), format: .yaml, file: "big.yaml")
        var text = "title = \"Big\"\n"
        guard case .list(let sections)? = tree["sections"]?.value else { return text }
        for section in sections {
            text += "\n[[sections]]\nheader = \"\(section["header"]?.text ?? "")\"\n"
            guard case .list(let rows)? = section["rows"]?.value, !rows.isEmpty else { continue }
            for row in rows {
                text += "\n[[sections.rows]]\n"
                guard case .table(let members) = row.value else { continue }
                for member in members { text += "\(member.key) = \(Self.value(member.node))\n" }
            }
        }
        return text
    }

    static func value(_ node: SpecNode) -> String {
        switch node.value {
        case .string(let text, _): "\"\(text)\""
        case .list(let items): "[" + items.map(value).joined(separator: ", ") + "]"
        default: node.text ?? "\"\""
        }
    }

    @Test func theExamplesAndALargeSpecAreReadAsTomlPlusPlusReadsThem() throws {
        var texts = try SpecFuzzTests.corpus(.toml).map(\.text)
        texts.append(try Self.large(300))
        texts.append(
            """
            # every kind it takes
            title = 'lit "x"'   # a comment
            n = -12
            z = 0
            d = -0.5
            on = true
            off = false
            e = ""
            esc = "a\\tb\\\\c\\nd é😀"
            list = [ 1, "two", 3.25, false, ]
            none = []
            [[sections]]
              header = "One"
              [[sections.rows]]
              id = "a"
              type = "text"
                [sections.rows.when]
                b = true
            [[sections.rows]]
            title = "no id"
            [[sections.rows]]
            id = "b"
            [[sections.rows.sections]]
            [[sections.rows.sections.rows]]
            type = "text"
            id = "c"
            [extra.deep]
            id = "d"
            k = 1
            """)
        for text in texts {
            let fast = try #require(SpecTOMLReader.read(text), "\(text.prefix(300))")
            let slow = try #require(Self.slow(text))
            #expect(SpecJSONReaderTests.shape(fast) == SpecJSONReaderTests.shape(slow), "\(text.prefix(300))")
        }
    }

    @Test(arguments: [
        "a = 1\na = 2\n", "a.b = 1\n", "a = {b = 1}\n", "a = \"\"\"x\"\"\"\n", "a = 1979-05-27\n",
        "a = 1e3\n",
        "a = +1\n", "a = 01\n", "a = 1_000\n", "a = 0x10\n", "a = [1, [2]]\n", "a = [\n1]\n",
        "a = \"x\\\"y\"\n",
        "a = \"x\\u0041\"\n", "a = 1\r\n", "\u{FEFF}a = 1\n", "[a]\n[a]\n", "[a.b]\n[a]\n", "[a]\n[[a]]\n",
        "a = 1\n[a.b]\n", "[ a ]\n", "a\t= 1\n", "id = \"top\"\n", "[x]\nid = 3\n", "[x]\nid = \"a,b\"\n",
        "[x]\nid = \"a\"\n[y]\nid = \"a\"\n", "a = \"\u{7}\"\n", "é = 1\n", "a = 99999999999999999999\n",
        "a = tru\n",
        "a = 1 2\n", "a = \"open\n",
    ])
    func whatItLeavesToTomlPlusPlus(text: String) {
        #expect(SpecTOMLReader.read(text) == nil)
    }

    /// A table with an id whose keys are further from its header than the locator looks.
    @Test func aTableWiderThanTheLocatorLooksIsLeftToIt() {
        let wide = "[[rows]]\nid = \"a\"\n" + String(repeating: "# note\n", count: 160) + "type = \"text\"\n"
        #expect(SpecTOMLReader.read(wide) == nil)
        let narrow =
            "[[rows]]\nid = \"a\"\n" + String(repeating: "# note\n", count: 100) + "type = \"text\"\n"
        #expect(SpecTOMLReader.read(narrow) != nil)
    }

    /// Mutations of the examples: whatever the one-pass reader takes, toml++ and the locator read
    /// alike; and the error of what it does not take is toml++'s.
    @Test func mutatedTextsItTakesReadAlike() throws {
        var corpus = try SpecFuzzTests.corpus(.toml).map(\.text)
        corpus.append(try Self.large(30))
        let alphabet = Array(#"[]=.,"'\ 0-1tf#_xid\#n\#té"#.utf8)
        let taken = FastReaderComparison.compare(
            .toml, corpus: corpus, alphabet: alphabet, seed: 20_261_127, rounds: 3_000,
            fast: SpecTOMLReader.read, slow: Self.slow)
        #expect(taken > 300, "\(taken) of 3,000 taken")
    }
}
