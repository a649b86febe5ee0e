/// A comment seen by the reader: where it stands and how many line breaks came before it.
struct JSONComment {
    var span: Range<Int>
    var isLine: Bool
    var breaksBefore: Int

    /// Its text as lines, without the markers: `// note` is `note`; a `/* */` block gives one line
    /// a line of its text, each without its indentation and a leading `*`.
    func text(in bytes: [UInt8]) -> [String] {
        let inner = bytes[(span.lowerBound + 2)..<(isLine ? span.upperBound : span.upperBound - 2)]
        let text = String(decoding: inner, as: UTF8.self)
        if isLine {
            let body = text.hasPrefix(" ") ? text.dropFirst() : Substring(text)
            return [String(body.trimmingTrailingSpaces())]
        }
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
            .map { line -> String in
                var line = line.drop { $0 == " " || $0 == "\t" }
                if line.first == "*" { line = line.dropFirst() }
                if line.first == " " { line = line.dropFirst() }
                return String(line.trimmingTrailingSpaces())
            }
        if lines.count > 1, lines.first?.isEmpty == true { lines.removeFirst() }
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }
}

extension StringProtocol {
    func trimmingTrailingSpaces() -> SubSequence {
        var end = endIndex
        while end > startIndex, let last = self[..<end].last, last == " " || last == "\t" {
            end = index(before: end)
        }
        return self[..<end]
    }
}
