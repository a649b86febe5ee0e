import FormTestSupport
import Testing

@testable import FormCore

/// The list filter's cache against the plain rule (a label matches when it contains the filter,
/// ignoring case), over generated edits: characters typed, texts pasted, Backspaces, a cleared
/// filter, a list that changes size.
struct FilterCacheTests {
    static let labels = [
        "Oslo", "Bern", "Berlin", "São Paulo", "ÅRHUS", "Zürich", "Item 12", "item 120", "abcabd", "aaab",
        "ab",
        "", "Ababab", "ÉCOLE", "école", "x",
    ]

    @Test func matchesAreWhatThePlainRuleFindsAfterAnyEdits() {
        let seed: UInt64 = 20_261_126
        print("filter cache: seed \(seed)")
        var random = SeededRandom(seed: seed)
        let alphabet: [Character] = ["a", "b", "A", "B", "e", "é", "É", "r", "l", "1", "2", " ", "x", "ü"]
        for round in 0..<200 {
            let cache = FilterCache()
            var elements = (0..<Int.random(in: 1...60, using: &random)).map { _ in
                Self.labels.randomElement(using: &random)!
            }
            var filter = ""
            for step in 0..<40 {
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<4: filter.append(alphabet.randomElement(using: &random)!)
                case 4:
                    filter += String(
                        (0..<Int.random(in: 2...12, using: &random)).map { _ in
                            alphabet.randomElement(using: &random)!
                        })
                case 5..<8: if !filter.isEmpty { filter.removeLast() }
                case 8: filter = ""
                default: elements.append(Self.labels.randomElement(using: &random)!)
                }
                guard !filter.isEmpty else { continue }
                let found = cache.matches(of: filter, in: elements, by: { $0 })
                let expected = elements.indices.filter {
                    TextFolding.fold(elements[$0]).utf8.firstRange(of: TextFolding.fold(filter).utf8) != nil
                }
                #expect(found == expected, "seed \(seed), round \(round), step \(step): '\(filter)'")
            }
        }
    }

    @Test func aBackspaceAfterALongPasteReadsNoLabel() {
        var read = 0
        let elements = (0..<5_000).map { "Item \($0)" }
        let cache = FilterCache()
        let label: (String) -> String = {
            read += 1
            return $0
        }
        let pasted = "item 12" + String(repeating: "x", count: 3_000)
        #expect(cache.matches(of: pasted, in: elements, by: label).isEmpty)
        #expect(read == 5_000)
        read = 0
        var filter = pasted
        while filter.count > 7 {
            filter.removeLast()
            _ = cache.matches(of: filter, in: elements, by: label)
        }
        #expect(read == 0)
        #expect(
            cache.matches(of: filter, in: elements, by: label) == [12] + Array(120...129) + Array(1200...1299)
        )
        // Any start of the paste is answered from the one look at the list.
        filter.removeLast()
        #expect(cache.matches(of: filter, in: elements, by: label).count == 1 + 10 + 100 + 1_000)
        #expect(read == 0)
        // Another character after it looks at the matches of "item 1" only.
        filter.append("3")
        #expect(
            cache.matches(of: filter, in: elements, by: label) == [13] + Array(130...139) + Array(1300...1399)
        )
        #expect(read == 1_111)
    }

    @Test func theFirstKeyOnTwoMillionElementsReadsOneSliceOfLabels() {
        var read = 0
        let cache = FilterCache()
        let label: (Int) -> String = {
            read += 1
            return "Option \($0 + 1)"
        }
        let elements = 0..<2_000_000
        // A filter most labels contain: the first screenful is found at once.
        #expect(cache.matches(of: "o", in: elements, by: label) == Array(0..<cache.wanted))
        #expect(read == cache.wanted)
        // A filter few labels contain: one slice is read, and the matches found so far are the first.
        read = 0
        #expect(cache.matches(of: "o7", in: elements, by: label).isEmpty)
        let found = cache.matches(of: "option 19999", in: elements, by: label)
        #expect(read <= 2 * cache.slice)
        #expect(found == [19_998])
        #expect(!cache.isComplete(for: "option 19999"))
        // The rest is found a slice at a time, in order, up to the plain rule's answer.
        var slices = 0
        while cache.advance(of: "option 19999", in: elements, by: label) { slices += 1 }
        #expect(slices <= 2_000_000 / cache.slice + 1)
        #expect(cache.isComplete(for: "option 19999"))
        #expect(
            cache.matches(of: "option 19999", in: elements, by: label) == [19_998] + Array(199_989...199_998)
                + Array(1_999_899...1_999_998))
    }

    @Test func matchesFoundInSlicesAreTheFirstOnesAndAllOfThemAtTheEnd() {
        let seed: UInt64 = 20_261_127
        print("filter cache (slices): seed \(seed)")
        var random = SeededRandom(seed: seed)
        let alphabet: [Character] = ["a", "b", "A", "e", "é", "r", "1", "2", " ", "x"]
        for round in 0..<150 {
            let cache = FilterCache(
                wanted: Int.random(in: 1...4, using: &random), slice: Int.random(in: 1...7, using: &random))
            let elements = (0..<Int.random(in: 1...80, using: &random)).map { _ in
                Self.labels.randomElement(using: &random)!
            }
            var filter = ""
            for step in 0..<40 {
                switch Int.random(in: 0..<8, using: &random) {
                case 0..<4: filter.append(alphabet.randomElement(using: &random)!)
                case 4:
                    filter += String(
                        (0..<Int.random(in: 2...5, using: &random)).map { _ in
                            alphabet.randomElement(using: &random)!
                        })
                case 5, 6: if !filter.isEmpty { filter.removeLast() }
                default: filter = ""
                }
                guard !filter.isEmpty else { continue }
                let expected = elements.indices.filter {
                    TextFolding.fold(elements[$0]).utf8.firstRange(of: TextFolding.fold(filter).utf8) != nil
                }
                let found = cache.matches(of: filter, in: elements, by: { $0 })
                #expect(
                    Array(expected.prefix(found.count)) == found,
                    "seed \(seed), round \(round), step \(step): '\(filter)'")
                // Some slices now, the rest perhaps after the next key.
                for _ in 0..<Int.random(in: 0...3, using: &random) {
                    cache.advance(of: filter, in: elements, by: { $0 })
                }
                let later = cache.matches(of: filter, in: elements, by: { $0 })
                #expect(
                    Array(expected.prefix(later.count)) == later, "seed \(seed), round \(round), step \(step)"
                )
                if Int.random(in: 0..<3, using: &random) == 0 {
                    while cache.advance(of: filter, in: elements, by: { $0 }) {}
                    #expect(
                        cache.matches(of: filter, in: elements, by: { $0 }) == expected,
                        "seed \(seed), round \(round), step \(step): '\(filter)' whole")
                }
            }
        }
    }
}
