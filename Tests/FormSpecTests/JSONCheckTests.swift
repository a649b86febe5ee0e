import FormTestSupport
import Testing

@testable import FormSpec

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The one-pass JSON check that spares valid specs a second reading by the decoder: it must never
/// call a text JSON that the decoder refuses, and it must call the examples JSON (else the
/// decoder still reads every spec).
struct JSONCheckTests {
    private struct AnyJSON: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    static func decoderTakes(_ text: String) -> Bool {
        (try? JSONDecoder().decode(AnyJSON.self, from: Data(text.utf8))) != nil
    }

    @Test func theExamplesArePlainJSON() throws {
        let corpus = try SpecFuzzTests.corpus(.json)
        #expect(!corpus.isEmpty)
        for (file, text) in corpus { #expect(JSONCheck.isPlainlyValid(text), "\(file)") }
        #expect(JSONCheck.isPlainlyValid(#"{"a": [1, -0.5, 2e10, true, false, null, {}, [], "x\"\n"]}"#))
    }

    @Test(arguments: [
        #"{"a": 1,}"#, #"[1, 2,]"#, #"{"a" 1}"#, #"{a: 1}"#, #"{"a": 01}"#, #"{"a": 1.}"#, #"{"a": .5}"#,
        #"{"a": 1e}"#, #"{"a": tru}"#, #"{"a": "x"#, "{\"a\": \"\t\"}", #"{"a": 1}}"#, #"{"a": 1} x"#,
        #"[1 2]"#,
        #"{"a": "\u0041"}"#, #"{"a": "\x"}"#, "\u{FEFF}{}", #""top""#, #"{"a": [}"#, #"{"a": -}"#, "",
    ])
    func whatTheCheckDoesNotCallJSON(text: String) {
        #expect(!JSONCheck.isPlainlyValid(text))
    }

    /// Mutations of the examples (bytes deleted, doubled or changed to JSON's own punctuation): the
    /// check's "valid" is always the decoder's.
    @Test func theCheckNeverTakesWhatTheDecoderRefuses() throws {
        let seed: UInt64 = 20_261_127
        print("JSON check: seed \(seed)")
        var random = SeededRandom(seed: seed)
        let corpus = try SpecFuzzTests.corpus(.json)
        let punctuation = Array(#"{}[]:,"\ 0-.e1tfn"#.utf8)
        var taken = 0
        for round in 0..<3_000 {
            let text = SpecFuzzTests.nudge(
                corpus[round % corpus.count].text, alphabet: punctuation, using: &random)
            if JSONCheck.isPlainlyValid(text) {
                taken += 1
                #expect(Self.decoderTakes(text), "seed \(seed), round \(round): \(text)")
            }
        }
        // Some mutations stay JSON (a digit doubled, a space): the check is not merely refusing.
        #expect(taken > 0)
    }
}
