/// Lines, indentation and comments in a YAML document's bytes: what libyaml's events leave out
/// and the reader and the editor both need. Every scan is local (a line, or the gap between two
/// nodes), so reading stays linear.
struct YAMLText {
    let bytes: [UInt8]

    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let hash = UInt8(ascii: "#")

    static func isBreak(_ byte: UInt8) -> Bool { byte == newline || byte == carriageReturn }
    static func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == tab }

    /// The first byte of the line that holds `offset`.
    func lineStart(_ offset: Int) -> Int {
        var index = min(offset, bytes.count)
        while index > 0, !Self.isBreak(bytes[index - 1]) { index -= 1 }
        return index
    }

    /// The line break (or the end of the text) that ends the line holding `offset`.
    func lineEnd(_ offset: Int) -> Int {
        var index = max(0, offset)
        while index < bytes.count, !Self.isBreak(bytes[index]) { index += 1 }
        return index
    }

    /// Past the line break at `offset` (`\r\n`, `\n` or `\r`), or `offset` at the end.
    func afterBreak(_ offset: Int) -> Int {
        guard offset < bytes.count else { return offset }
        if bytes[offset] == Self.carriageReturn {
            return offset + 1 < bytes.count && bytes[offset + 1] == Self.newline ? offset + 2 : offset + 1
        }
        return bytes[offset] == Self.newline ? offset + 1 : offset
    }

    /// Whether only spaces and tabs stand between the line's start and `offset`.
    func startsLine(_ offset: Int) -> Bool {
        var index = offset
        while index > 0, !Self.isBreak(bytes[index - 1]) {
            index -= 1
            guard Self.isBlank(bytes[index]) else { return false }
        }
        return true
    }

    /// The start of the line at `offset` when only indentation and `-` indicators stand before
    /// it there (nil otherwise): where a node that begins its line starts it. The walk stops at
    /// the first other byte, so nodes side by side on one long line cost nothing each.
    func lineStartBeforeIndicators(_ offset: Int) -> Int? {
        var index = min(offset, bytes.count)
        while index > 0 {
            let byte = bytes[index - 1]
            if Self.isBreak(byte) { return index }
            guard Self.isBlank(byte) || byte == UInt8(ascii: "-") else { return nil }
            index -= 1
        }
        return 0
    }

    /// Bytes from the line's start to `offset` (an indentation where the line starts there).
    func column(_ offset: Int) -> Int { offset - lineStart(offset) }

    /// The line break the document uses: its first one (`\n` where it has none).
    var lineBreak: String {
        guard let index = bytes.firstIndex(where: Self.isBreak) else { return "\n" }
        if bytes[index] == Self.carriageReturn {
            return index + 1 < bytes.count && bytes[index + 1] == Self.newline ? "\r\n" : "\r"
        }
        return "\n"
    }

    /// A comment-only line's text (without `#` and the space after it), or nil.
    func commentLine(_ start: Int, _ end: Int) -> (text: String, hash: Int)? {
        var index = start
        while index < end, Self.isBlank(bytes[index]) { index += 1 }
        guard index < end, bytes[index] == Self.hash else { return nil }
        return (commentText(index, end), index)
    }

    /// The text of the comment from the `#` at `hash` to `end`.
    func commentText(_ hash: Int, _ end: Int) -> String {
        var start = hash + 1
        if start < end, bytes[start] == Self.space { start += 1 }
        var stop = end
        while stop > start, Self.isBlank(bytes[stop - 1]) { stop -= 1 }
        return String(decoding: bytes[start..<stop], as: UTF8.self)
    }

    /// The comment lines directly above the line at `lineStart` (no blank line between), none of
    /// them before `boundary` (the end of the node before).
    func commentsAbove(_ lineStart: Int, boundary: Int) -> (lines: [String], span: Range<Int>)? {
        var lines: [String] = []
        var first = lineStart
        var last: Int?
        var end = lineStart
        while end > 0 {
            // `end` is a line's start: the line above ends at the break before it.
            var breakStart = end - 1
            if bytes[breakStart] == Self.newline, breakStart > 0, bytes[breakStart - 1] == Self.carriageReturn
            {
                breakStart -= 1
            }
            let start = self.lineStart(breakStart)
            guard start >= boundary, let line = commentLine(start, breakStart) else { break }
            lines.append(line.text)
            first = line.hash
            if last == nil { last = breakStart }
            end = start
        }
        guard let last else { return nil }
        return (lines.reversed(), first..<last)
    }

    /// The comment that ends the line after `offset`: only blanks (and, with `skippingTokens`, a
    /// key's `:`, a flow comma or properties) may stand between.
    func trailingComment(after offset: Int, skippingTokens: Bool) -> (text: String, span: Range<Int>)? {
        var index = offset
        var previousBlank = true
        var commas = 0
        while index < bytes.count, !Self.isBreak(bytes[index]) {
            let byte = bytes[index]
            if byte == Self.hash, previousBlank || index == offset {
                let end = lineEnd(index)
                var stop = end
                while stop > index, Self.isBlank(bytes[stop - 1]) { stop -= 1 }
                return (commentText(index, end), index..<stop)
            }
            if Self.isBlank(byte) {
                previousBlank = true
            } else {
                if !skippingTokens {
                    guard byte == UInt8(ascii: ","), commas == 0 else { return nil }
                    commas += 1
                }
                previousBlank = false
            }
            index += 1
        }
        return nil
    }

    /// Past blanks, line breaks and comments from `offset`.
    func skipSpace(_ offset: Int) -> Int {
        var index = offset
        while index < bytes.count {
            let byte = bytes[index]
            if Self.isBlank(byte) || Self.isBreak(byte) {
                index += 1
            } else if byte == Self.hash,
                index == 0 || Self.isBlank(bytes[index - 1]) || Self.isBreak(bytes[index - 1])
            {
                index = lineEnd(index)
            } else {
                break
            }
        }
        return index
    }

    /// Past a node's properties (`&anchor`, `!tag`, `!<verbatim>`) and the space after them.
    func skipProperties(_ offset: Int, limit: Int) -> Int {
        var index = skipSpace(offset)
        while index < limit, bytes[index] == UInt8(ascii: "&") || bytes[index] == UInt8(ascii: "!") {
            if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "!"),
                bytes[index + 1] == UInt8(ascii: "<")
            {
                while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
                index += 1
            }
            while index < bytes.count, !Self.isBlank(bytes[index]), !Self.isBreak(bytes[index]),
                bytes[index] != UInt8(ascii: ","), bytes[index] != UInt8(ascii: "]"),
                bytes[index] != UInt8(ascii: "}")
            {
                index += 1
            }
            index = skipSpace(index)
        }
        return min(index, limit)
    }

    /// The end of a block scalar's last content line (its trailing blank lines are not its text
    /// in the document's layout), or of its header when it has no content.
    func blockScalarEnd(start: Int, end: Int) -> Int {
        var headerEnd = start + 1
        while headerEnd < bytes.count,
            bytes[headerEnd] == UInt8(ascii: "-") || bytes[headerEnd] == UInt8(ascii: "+")
                || (bytes[headerEnd] >= 0x31 && bytes[headerEnd] <= 0x39)
        {
            headerEnd += 1
        }
        let headerLineEnd = lineEnd(start)
        var stop = min(end, bytes.count)
        while stop > headerLineEnd, Self.isBlank(bytes[stop - 1]) || Self.isBreak(bytes[stop - 1]) {
            stop -= 1
        }
        return stop > headerLineEnd ? stop : headerEnd
    }

    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
}
