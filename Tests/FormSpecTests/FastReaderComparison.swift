import FormTestSupport
import Testing

@testable import FormSpec

/// Mutations of the example specs read by a one-pass reader and by the full parser it stands in
/// for: whatever the one-pass reader takes must come out as the same tree, positions included.
enum FastReaderComparison {
    /// Plays `rounds` mutations of `corpus` (every other one a nudge of characters from
    /// `alphabet`, the rest `SpecFuzzTests.mutate`), each read by `fast` and, when it takes it,
    /// by `slow`; records any difference with the seed and round. How many `fast` took.
    static func compare(
        _ format: SpecFormat, corpus: [String], alphabet: [UInt8], seed: UInt64, rounds: Int,
        fast: (String) -> SpecNode?, slow: (String) -> SpecNode?
    ) -> Int {
        print("\(format) one-pass reader: seed \(seed)")
        var random = SeededRandom(seed: seed)
        var taken = 0
        for round in 0..<rounds {
            let base = corpus[round % corpus.count]
            let text =
                round % 2 == 0
                ? SpecFuzzTests.nudge(base, alphabet: alphabet, using: &random)
                : String(decoding: SpecFuzzTests.mutate(base, format: format, using: &random), as: UTF8.self)
            guard let read = fast(text) else { continue }
            taken += 1
            #expect(
                slow(text).map(SpecJSONReaderTests.shape) == SpecJSONReaderTests.shape(read),
                "seed \(seed), round \(round): \(text)")
        }
        return taken
    }
}
