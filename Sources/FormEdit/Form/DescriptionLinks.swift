/// Markdown links in a schema's description, read as their words: SchemaStore's schemas write
/// "Files under the [examples directory](https://doc.rust-lang.org/cargo/guide/project-layout.html)
/// are …", and under a row a terminal has room for the words, not the address (a row's help is
/// one line of at most 120 characters, which one address could fill).
///
/// ```swift
/// DescriptionLinks.wordsOnly("See [the guide](https://example.com/guide).")  // "See the guide."
/// DescriptionLinks.wordsOnly("[project] is deprecated.")  // unchanged: no link
/// ```
enum DescriptionLinks {
    /// `text` with each `[words](target)` and `![words](target)` as `words`; brackets that are
    /// not a link (`[project]`, a `[` never closed) stay as they are. Only the first `window`
    /// characters are read (some descriptions run to pages; a row shows the first sentence).
    static func wordsOnly(_ text: String, window: Int = 1_000) -> String {
        // Asked of the bytes first, without copying them: most descriptions have no link, and a
        // row's help is made for every row a first frame shows.
        guard hasLink(text.utf8.prefix(window * 4)) else { return text }
        let scalars = Array(text.unicodeScalars.prefix(window))
        var words: [Unicode.Scalar] = []
        words.reserveCapacity(scalars.count)
        // Where each `[` still open was put in `words`.
        var opened: [Int] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "[" {
                opened.append(words.count)
            } else if scalar == "]", let open = opened.popLast(), index + 1 < scalars.count,
                scalars[index + 1] == "(", let close = targetEnd(scalars, from: index + 2)
            {
                // The link's words stay, its brackets, its target and an image's "!" go.
                words.remove(at: open)
                if open > 0, words[open - 1] == "!" { words.remove(at: open - 1) }
                index = close + 1
                continue
            }
            words.append(scalar)
            index += 1
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: words)
        return String(result)
    }

    /// Whether `bytes` hold a `](`, without which nothing is a link.
    private static func hasLink(_ bytes: Substring.UTF8View) -> Bool {
        zip(bytes, bytes.dropFirst()).contains { $0 == UInt8(ascii: "]") && $1 == UInt8(ascii: "(") }
    }

    /// The `)` that ends a link target starting at `start`, parentheses inside it balanced (a
    /// Wikipedia address); nil where the target has a space or a line break (then it was not a
    /// link: Markdown's targets have none) or does not end.
    private static func targetEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var depth = 0
        var index = start
        while index < scalars.count {
            switch scalars[index] {
            case "(": depth += 1
            case ")":
                if depth == 0 { return index > start ? index : nil }
                depth -= 1
            case " ", "\n", "\r", "\t": return nil
            default: break
            }
            index += 1
        }
        return nil
    }
}
