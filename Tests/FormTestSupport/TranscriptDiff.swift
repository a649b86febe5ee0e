/// A readable account of where two transcripts (or golden screens) part: the first differing
/// line with a few lines around it, both versions side by side in the order expected, then actual.
package enum TranscriptDiff {
    /// Lines of context shown before the first difference.
    package static let context = 3

    /// Nil when the texts are equal.
    package static func describe(expected: String, actual: String) -> String? {
        guard expected != actual else { return nil }
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var first = 0
        while first < old.count, first < new.count, old[first] == new[first] { first += 1 }
        var lines: [String] = []
        // The snapshot header above the difference says which screen it is in.
        if let header = old[..<min(first, old.count)].last(where: { $0.hasPrefix("--- snapshot") }) {
            lines.append("in \(header)")
        }
        for index in max(0, first - context)..<first { lines.append("  \(index + 1)  \(old[index])") }
        for index in first..<min(old.count, first + context) { lines.append("- \(index + 1)  \(old[index])") }
        for index in first..<min(new.count, first + context) { lines.append("+ \(index + 1)  \(new[index])") }
        lines.append("(expected \(old.count) lines, got \(new.count))")
        return lines.joined(separator: "\n")
    }
}
