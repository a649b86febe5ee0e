extension TextEdit {
    /// One list of edits of a first text that makes what `earlier` and then `later` make: `later`
    /// edits the text `earlier` made, which is `text`. Edits that touch or overlap are merged;
    /// the others keep their own ranges. For an editor that makes one change as several steps
    /// (a container set member by member), each step read back before the next.
    ///
    /// ```swift
    /// let first = [TextEdit(range: 0..<1, text: "ab")]          // "xyz" -> "abyz"
    /// let second = [TextEdit(range: 3..<4, text: "Z")]          // "abyz" -> "abyZ"
    /// TextEdit.composing(first, then: second, on: Array("abyz".utf8))
    /// // [0..<1 "ab", 2..<3 "Z"]
    /// ```
    public static func composing(_ earlier: [TextEdit], then later: [TextEdit], on text: [UInt8])
        -> [TextEdit]
    {
        var result = earlier
        var current = text
        // From the last, so the ranges of the ones before stay valid in `current`.
        for edit in later.reversed() {
            result = merging(edit, into: result, current: current)
            current.replaceSubrange(edit.range, with: edit.replacement)
        }
        return result
    }

    /// `edit`, a range of `current` (the text `edits` made), folded into `edits`.
    private static func merging(_ edit: TextEdit, into edits: [TextEdit], current: [UInt8]) -> [TextEdit] {
        var result: [TextEdit] = []
        var shift = 0
        var index = 0
        while index < edits.count {
            let other = edits[index]
            let end = other.range.lowerBound + shift + other.replacement.count
            guard end < edit.range.lowerBound else { break }
            result.append(other)
            shift += other.replacement.count - other.range.count
            index += 1
        }
        var start = edit.range.lowerBound
        var end = edit.range.upperBound
        var originalStart = edit.range.lowerBound - shift
        var originalEnd: Int?
        while index < edits.count {
            let other = edits[index]
            let otherStart = other.range.lowerBound + shift
            guard otherStart <= edit.range.upperBound else { break }
            if otherStart < start {
                start = otherStart
                originalStart = other.range.lowerBound
            }
            let otherEnd = otherStart + other.replacement.count
            if otherEnd >= end {
                end = otherEnd
                originalEnd = other.range.upperBound
            }
            shift += other.replacement.count - other.range.count
            index += 1
        }
        let replacement =
            Array(current[start..<edit.range.lowerBound]) + edit.replacement
            + Array(current[edit.range.upperBound..<end])
        result.append(TextEdit(range: originalStart..<(originalEnd ?? end - shift), replacement: replacement))
        result += edits[index...]
        return result
    }
}
