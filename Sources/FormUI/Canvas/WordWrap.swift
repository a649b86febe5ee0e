import FormCore

extension TextWidth {
    /// `text` broken into lines of at most `columns` display columns: at spaces where it can,
    /// inside a word only when the word alone is wider than a line. Line breaks in the text
    /// start a new line; runs of spaces where a line breaks are dropped.
    ///
    /// ```swift
    /// TextWidth.wrap("Your changes will be lost.", to: 12) // ["Your changes", "will be", "lost."]
    /// TextWidth.wrap("日本語テキスト", to: 6)                // ["日本語", "テキス", "ト"]
    /// ```
    public static func wrap(_ text: String, to columns: Int) -> [String] {
        guard columns > 0 else { return [] }
        var lines: [String] = []
        for paragraph in ControlCharacters.lines(of: text) {
            let start = lines.count
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                let wordWidth = of(word)
                if lineWidth > 0, lineWidth + 1 + wordWidth <= columns {
                    // String's own append of a Substring: `" " + word` is the generic append,
                    // which the runtime serves by searching every conformance, the first time.
                    line.append(" ")
                    line.append(contentsOf: word)
                    lineWidth += 1 + wordWidth
                    continue
                }
                if lineWidth > 0 { lines.append(line) }
                // A word wider than a line is cut into pieces that fill whole lines. The width
                // left is kept, not measured again for each piece: a 3,000-character filter in a
                // footer was wrapped in quadratic time on every key.
                var rest = word
                var restWidth = wordWidth
                while restWidth > columns {
                    var (piece, pieceWidth) = prefix(of: rest, fitting: columns)
                    // A wide character in a one-column line: it goes alone, cut by the edge.
                    if piece.isEmpty {
                        piece = rest.prefix(1)
                        pieceWidth = of(piece)
                    }
                    lines.append(String(piece))
                    rest = rest[piece.endIndex...]
                    restWidth -= pieceWidth
                }
                line = String(rest)
                lineWidth = restWidth
            }
            // An empty paragraph is a blank line; a last word cut into whole lines leaves none.
            if !line.isEmpty || lines.count == start { lines.append(line) }
        }
        return lines
    }

    /// `text` wrapped to `columns`, in at most `maxLines` lines: when it needs more, the last
    /// line takes what is left and ends in `…`.
    ///
    /// ```swift
    /// TextWidth.wrap("one two three four", to: 9, maxLines: 2) // ["one two", "three fo…"]
    /// ```
    public static func wrap(_ text: String, to columns: Int, maxLines: Int) -> [String] {
        let lines = wrap(text, to: columns)
        guard maxLines > 0 else { return [] }
        guard lines.count > maxLines else { return lines }
        let rest = lines[(maxLines - 1)...].joined(separator: " ")
        return lines.prefix(maxLines - 1) + [truncate(rest, to: columns)]
    }
}
