import FormTestSupport
import Testing

@testable import FormSpec

/// The one-pass JSON reader against the YAML reader it spares: the same tree with the same
/// positions whenever it takes a text, and nil (the YAML reader then reads it) otherwise.
struct SpecJSONReaderTests {
    /// The tree with every position, for comparing.
    static func shape(_ node: SpecNode) -> String {
        let at = node.position.map { "@\($0)" } ?? "@?"
        switch node.value {
        case .list(let items): return "[" + items.map(shape).joined(separator: ", ") + "]" + at
        case .table(let members):
            return "{"
                + members.map { "\($0.key)@\($0.keyPosition.map { "\($0)" } ?? "?"): \(shape($0.node))" }
                .joined(separator: ", ") + "}" + at
        case .string(let text, let quoted): return "'\(text)'\(quoted ? "q" : "")" + at
        default: return "\(node.kindDescription)" + at
        }
    }

    static func yaml(_ text: String) -> SpecNode? { try? SpecYAMLReader(file: "t.json").read(text) }

    @Test func theExamplesAndALargeSpecAreReadAsTheYAMLReaderReadsThem() throws {
        var texts = try SpecFuzzTests.corpus(.json).map(\.text)
        let large = try SpecNode.read(text: LargeSpecTests.spec(300), format: .yaml, file: "big.yaml")
        texts.append(SpecFuzzTests.json(large))
        texts.append(
            "{\"a\": [1, -0.5, 2e10, 1e400, -0, true, false, null, {}, [], \"x\\\"\\n\\u00e9\\/\"],\r\n"
                + "  \"é\": {\"b\":\t\"ü😀\", \"c\": [[], [{}]]}}")
        for text in texts {
            let fast = try #require(SpecJSONReader.read(text), "\(text.prefix(200))")
            let slow = try #require(Self.yaml(text))
            #expect(Self.shape(fast) == Self.shape(slow))
        }
    }

    @Test(arguments: [
        #"{"a": 1,}"#, #"{"a": 1, "a": 2}"#, #"{"a": "\ud83d\ude00"}"#, #"{"a": "\x41"}"#,
        "{\"a\": \"\u{7F}\"}",
        "\u{FEFF}{}", #""top""#, "{\"a\": 1}\r", #"{"a": 01}"#, "",
    ])
    func whatItLeavesToTheYAMLReader(text: String) {
        #expect(SpecJSONReader.read(text) == nil)
    }

    /// Mutations of the examples: whatever the one-pass reader takes, the YAML reader reads alike.
    @Test func mutatedTextsItTakesReadAlike() throws {
        let seed: UInt64 = 20_261_128
        print("JSON reader: seed \(seed)")
        var random = SeededRandom(seed: seed)
        let corpus = try SpecFuzzTests.corpus(.json)
        let alphabet = Array(#"{}[]:,"\ 0-.e1tfn\#n\#té"#.utf8)
        var taken = 0
        for round in 0..<3_000 {
            let text = SpecFuzzTests.nudge(
                corpus[round % corpus.count].text, alphabet: alphabet, using: &random)
            guard let fast = SpecJSONReader.read(text) else { continue }
            taken += 1
            let slow = Self.yaml(text)
            #expect(slow.map(Self.shape) == Self.shape(fast), "seed \(seed), round \(round): \(text)")
        }
        #expect(taken > 0)
    }
}
