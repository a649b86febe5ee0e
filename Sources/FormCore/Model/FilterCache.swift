/// The positions of a list's elements whose label contains a filter (ignoring case), found
/// lazily and kept as a stack of steps, so that a key costs the same whatever the filter's
/// length and whatever the list's size:
///
/// - a key reads at most `slice` labels, and stops as soon as it has `wanted` matches (more than
///   a screen shows): the matches known are the first ones, in order, and the rest are found
///   `slice` labels at a time by `advance` (the app calls it while no key is waiting);
/// - a character typed looks only at the matches of the step before (and at the labels that step
///   has not read yet);
/// - a Backspace takes the matches of a shorter filter from the step it shortens, without reading
///   a label: each step keeps, for every element it looked at, the longest start of its filter
///   that the element's label contains (a pasted filter of 3,000 characters, shortened one
///   Backspace at a time, reads no label again);
/// - the same filter asked again (the count, then each row drawn) is answered at once.
///
/// Labels are compared as folded UTF-8 bytes (ASCII lowercased in place, without a copy; other
/// text without case or accents, `TextFolding`, as the jump search compares).
final class FilterCache {
    /// The elements a step looks at, in order: `list`, then the positions of `rest`.
    private struct Candidates {
        var list: [Int] = []
        var rest: Range<Int> = 0..<0
        var count: Int { list.count + rest.count }
        subscript(offset: Int) -> Int {
            offset < list.count ? list[offset] : rest.lowerBound + offset - list.count
        }
    }

    private struct Step {
        /// The lowercased filter the step answers.
        var needle: [UInt8]
        /// The filter `depths` are about: `needle` or, after Backspaces, a longer one.
        var reach: [UInt8]
        var pattern: Pattern
        /// The positions looked at, or still to look at: those of the step below, or every position.
        var base: Candidates
        /// For each of `base` looked at so far, how long a start of `reach` its label contains.
        var depths: [Int32]
        /// The positions whose label contains `needle`, among those looked at.
        var indices: [Int]

        var isComplete: Bool { depths.count == base.count }

        /// Those of `base` that could still match: the matches found, then what is left unread.
        var remaining: Candidates {
            let read = depths.count
            var left = Candidates()
            if read < base.list.count {
                left.list = indices + base.list[read...]
                left.rest = base.rest
            } else {
                left.list = indices
                left.rest = (base.rest.lowerBound + read - base.list.count)..<base.rest.upperBound
            }
            return left
        }
    }

    /// How many matches a key looks for before it stops: more than a screen shows.
    let wanted: Int
    /// How many labels a key, or a call of `advance`, reads at most.
    let slice: Int
    private var steps: [Step] = []
    private var count = -1
    /// The last filter asked and its answer, by its text as given.
    private var last: (text: String, indices: [Int])?

    init(wanted: Int = 1_000, slice: Int = 50_000) {
        self.wanted = wanted
        self.slice = slice
    }

    /// The positions whose label contains `text`, as far as they are known: the first ones, in
    /// order (all of them once `isComplete(for:)`).
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

    /// Whether every match of `text` is known (nothing was asked: nothing is pending).
    func isComplete(for text: String) -> Bool {
        guard let last, last.text == text, let top = steps.last else { return true }
        return top.isComplete
    }

    /// Reads up to `slice` more labels for `text`, the filter last asked; returns whether it read
    /// any (false once every match is known).
    @discardableResult
    func advance<Elements: RandomAccessCollection>(
        of text: String, in elements: Elements, by label: (Elements.Element) -> String
    ) -> Bool where Elements.Index == Int {
        guard elements.count == count, let last, last.text == text, let top = steps.last, !top.isComplete
        else {
            return false
        }
        scan(&steps[steps.count - 1], in: elements, by: label, stoppingAt: Int.max)
        self.last = (text, steps[steps.count - 1].indices)
        return true
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
        let base = steps.last?.remaining ?? Candidates(rest: 0..<count)
        var step = Step(
            needle: needle, reach: needle, pattern: Pattern(needle), base: base, depths: [], indices: [])
        scan(&step, in: elements, by: label, stoppingAt: wanted)
        steps.append(step)
        return step.indices
    }

    /// Reads up to `slice` more labels of `step`'s base, stopping early once it has `enough` matches.
    private func scan<Elements: RandomAccessCollection>(
        _ step: inout Step, in elements: Elements, by label: (Elements.Element) -> String,
        stoppingAt enough: Int
    ) where Elements.Index == Int {
        let start = elements.startIndex
        let end = min(step.base.count, step.depths.count + slice)
        let needed = step.needle.count
        for offset in step.depths.count..<end {
            let position = step.base[offset]
            let depth = step.pattern.longestStart(in: label(elements[start + position]))
            step.depths.append(Int32(depth))
            if depth >= needed {
                step.indices.append(position)
                if step.indices.count >= enough { break }
            }
        }
    }

    /// `text` lowercased, as UTF-8 bytes.
    static func folded(_ text: String) -> [UInt8] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        }
        return Array(TextFolding.fold(text).utf8)
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
            if !utf8.allSatisfy({ $0 < 0x80 }) { utf8 = TextFolding.fold(label).utf8 }
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
