/// The positions of a list's elements whose label contains a filter (ignoring case), kept as a
/// stack of steps so that a key costs the same whatever the filter's length:
///
/// - a character typed looks only at the matches of the step before;
/// - a Backspace takes the matches of a shorter filter from the step it shortens, without reading
///   a label: each step keeps, for every element it looked at, the longest start of its filter
///   that the element's label contains (a pasted filter of 3,000 characters, shortened one
///   Backspace at a time, reads no label again);
/// - the same filter asked again (the count, then each row drawn) is answered at once.
///
/// Labels are compared as lowercased UTF-8 bytes (ASCII lowercased in place, without a copy).
final class FilterCache {
    private struct Step {
        /// The lowercased filter the step answers.
        var needle: [UInt8]
        /// The filter `depths` are about: `needle` or, after Backspaces, a longer one.
        var reach: [UInt8]
        /// The positions looked at: those of the step below, or every position.
        var base: [Int]
        /// For each of `base`, how long a start of `reach` its label contains.
        var depths: [Int32]
        /// The positions whose label contains `needle`.
        var indices: [Int]
    }

    private var steps: [Step] = []
    private var count = -1
    /// The last filter asked and its answer, by its text as given.
    private var last: (text: String, indices: [Int])?

    func matches<Elements: RandomAccessCollection>(
        of text: String, in elements: Elements, by label: (Elements.Element) -> String
    ) -> [Int] where Elements.Index == Int {
        if elements.count != count {
            steps = []
            last = nil
            count = elements.count
        }
        if let last, last.text == text { return last.indices }
        let indices = find(Self.folded(text), in: elements, by: label)
        last = (text, indices)
        return indices
    }

    private func find<Elements: RandomAccessCollection>(
        _ needle: [UInt8], in elements: Elements, by label: (Elements.Element) -> String
    ) -> [Int] where Elements.Index == Int {
        while let top = steps.last {
            if top.needle == needle { return top.indices }
            let below = steps.count > 1 ? steps[steps.count - 2].needle.count : 0
            // Shorter, but no shorter than the step below: its matches are among `top.base`.
            if needle.count < top.needle.count, needle.count >= below, top.reach.starts(with: needle) {
                var step = top
                step.needle = needle
                step.indices = []
                for (offset, depth) in step.depths.enumerated() where depth >= needle.count {
                    step.indices.append(step.base[offset])
                }
                steps[steps.count - 1] = step
                return step.indices
            }
            if needle.count > top.needle.count, needle.starts(with: top.needle) { break }
            steps.removeLast()
        }
        let base = steps.last?.indices ?? Array(0..<count)
        let pattern = Pattern(needle)
        var depths: [Int32] = []
        depths.reserveCapacity(base.count)
        var indices: [Int] = []
        let start = elements.startIndex
        for position in base {
            let depth = pattern.longestStart(in: label(elements[start + position]))
            depths.append(Int32(depth))
            if depth == needle.count { indices.append(position) }
        }
        steps.append(Step(needle: needle, reach: needle, base: base, depths: depths, indices: indices))
        return indices
    }

    /// `text` lowercased, as UTF-8 bytes.
    static func folded(_ text: String) -> [UInt8] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        }
        return Array(text.lowercased().utf8)
    }

    /// A filter ready to be looked for (Knuth, Morris and Pratt): in one pass over a label, the
    /// longest start of the filter that the label contains.
    struct Pattern {
        let needle: [UInt8]
        /// For each length matched so far, the length to fall back to on a mismatch.
        private let fallback: [Int]

        init(_ needle: [UInt8]) {
            self.needle = needle
            var fallback = [Int](repeating: 0, count: needle.count + 1)
            var length = 0
            if needle.count > 1 {
                for index in 1..<needle.count {
                    while length > 0, needle[index] != needle[length] { length = fallback[length] }
                    if needle[index] == needle[length] { length += 1 }
                    fallback[index + 1] = length
                }
            }
            self.fallback = fallback
        }

        func longestStart(in label: String) -> Int {
            guard !needle.isEmpty else { return 0 }
            var utf8 = label.utf8
            if !utf8.allSatisfy({ $0 < 0x80 }) { utf8 = label.lowercased().utf8 }
            var length = 0
            var longest = 0
            for var byte in utf8 {
                if byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
                while length > 0, byte != needle[length] { length = fallback[length] }
                if byte == needle[length] { length += 1 }
                if length > longest {
                    longest = length
                    if longest == needle.count { break }
                }
                if length == needle.count { length = fallback[length] }
            }
            return longest
        }
    }
}
