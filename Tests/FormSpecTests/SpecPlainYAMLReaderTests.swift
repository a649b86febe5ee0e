import FormTestSupport
import Testing

@testable import FormSpec

/// The one-pass YAML reader against libyaml's (`SpecYAMLReader`), which it spares: the same tree
/// with the same positions whenever it takes a text, and nil (libyaml then reads it) otherwise.
struct SpecPlainYAMLReaderTests {
    static func slow(_ text: String) -> SpecNode? { try? SpecYAMLReader(file: "t.yaml").read(text) }

    @Test func theExamplesAndALargeSpecAreReadAsLibyamlReadsThem() throws {
        var texts = try SpecFuzzTests.corpus(.yaml).map(\.text)
        texts.append(LargeSpecTests.spec(300))
        texts.append(
            """
            # every shape it takes
            title: Big  # a comment
            n: -12
            words: it's a "plain" one, with [brackets] and 09:30 and a#b
            quoted: 'it''s'
            double: "tab\\there \\"x\\" \\\\ é😀"
            flow: {a: 1, 'b': [x, "y", [], {}], c: {d: 2.5}}
            "key": ~
            top:
            - indentless
            - {id: a}
            -
              nested: true
            sections:
              - header: Part 1
                rows:
                  - id: x
                    type: text
                  -   spaced: yes
            last: [1, -2, .5, +3]
            """)
        for text in texts {
            let fast = try #require(SpecPlainYAMLReader.read(text), "\(text.prefix(300))")
            let slow = try #require(Self.slow(text))
            #expect(SpecJSONReaderTests.shape(fast) == SpecJSONReaderTests.shape(slow), "\(text.prefix(300))")
        }
    }

    @Test(arguments: [
        "a: 1\na: 2\n", "a:\n", "a: |\n  x\n", "a: >\n  x\n", "a: &x 1\nb: *x\n", "a: !!str 1\n",
        "---\na: 1\n",
        "a: 1\n---\nb: 2\n", "%YAML 1.1\n---\na: 1\n", "a:\t1\n", "\ta: 1\n", "a: 1\r\n", "a: b\n  c\n",
        "a: [1,\n 2]\n", "a: {b: 1,}\n", "a: [1,]\n", "a: \"x\\u0041\"\n", "a: 'x\n  y'\n", "? a\n: 1\n",
        "[1, 2]\n", "{a: 1}\n", "plain\n", "", "# only\n", "a: b: c\n", "a: @x\n", "a: `x\n",
        "a:\n- b\n c: 1\n",
        "a: 1\n b: 2\n", "- a\nb: 1\n", "- - a\n", "a: \u{85}\n", "\u{FEFF}a: 1\n", "a: x #\u{7}\n",
        "a: [b:c]\n",
    ])
    func whatItLeavesToLibyaml(text: String) {
        #expect(SpecPlainYAMLReader.read(text) == nil)
    }

    /// Mutations of the examples: whatever the one-pass reader takes, libyaml reads alike.
    @Test func mutatedTextsItTakesReadAlike() throws {
        var corpus = try SpecFuzzTests.corpus(.yaml).map(\.text)
        corpus.append(LargeSpecTests.spec(30))
        let alphabet = Array(##"{}[]:,-'"\# 0.1~tf&*!|>?%@`xé"##.utf8) + [UInt8(0x0A), 0x09]
        let taken = FastReaderComparison.compare(
            .yaml, corpus: corpus, alphabet: alphabet, seed: 20_261_129, rounds: 4_000,
            fast: SpecPlainYAMLReader.read, slow: Self.slow)
        #expect(taken > 400, "\(taken) of 4,000 taken")
    }
}
