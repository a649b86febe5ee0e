/// Questions about the layout of a JSON text the reader has accepted: where lines start, how
/// they are indented, where the comma after an item stands. The editor asks them around the
/// spans it edits, so each costs the length of a line or of the gap between two tokens.
struct JSONText {
    let bytes: [UInt8]

    /// The offset where the line holding `offset` starts.
    func lineStart(of offset: Int) -> Int {
        var start = min(offset, bytes.count)
        while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
        return start
    }

    /// The offset of the line break that ends the line holding `offset` (or the text's end).
    func lineEnd(of offset: Int) -> Int {
        var end = offset
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        return end
    }

    /// Past the line break at `offset` (`\r\n` is one); `offset` itself at the text's end.
    func pastBreak(at offset: Int) -> Int {
        guard offset < bytes.count else { return offset }
        if bytes[offset] == 0x0D, offset + 1 < bytes.count, bytes[offset + 1] == 0x0A { return offset + 2 }
        return offset + 1
    }

    /// The spaces and tabs that start the line holding `offset` (a BOM before them is skipped).
    func indentation(at offset: Int) -> ArraySlice<UInt8> {
        var start = lineStart(of: offset)
        if start == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        var end = start
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return bytes[start..<end]
    }

    /// Whether only spaces and tabs (or a BOM) stand between the line's start and `offset`.
    func isFirstOnLine(_ offset: Int) -> Bool {
        var index = offset
        while index > 0, bytes[index - 1] == 0x20 || bytes[index - 1] == 0x09 { index -= 1 }
        return index == 0 || bytes[index - 1] == 0x0A || bytes[index - 1] == 0x0D
            || (index == 3 && bytes.starts(with: [0xEF, 0xBB, 0xBF]))
    }

    /// Whether only spaces and tabs stand between `offset` and the end of its line.
    func isLastOnLine(_ offset: Int) -> Bool {
        var end = offset
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return end == bytes.count || bytes[end] == 0x0A || bytes[end] == 0x0D
    }

    /// Whether the line holding `offset` has nothing but spaces and tabs.
    func isBlankLine(at offset: Int) -> Bool {
        bytes[lineStart(of: offset)..<lineEnd(of: offset)].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// Past the spaces and tabs from `offset`.
    func skipSpaces(from offset: Int) -> Int {
        var index = offset
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        return index
    }

    func hasBreak(in range: Range<Int>) -> Bool {
        bytes[range].contains { $0 == 0x0A || $0 == 0x0D }
    }

    /// Past the spaces, line breaks and comments from `offset`.
    func skipTrivia(from offset: Int) -> Int {
        var index = offset
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D:
                index += 1
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                index = lineEnd(of: index)
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index + 1 < bytes.count,
                    !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    index += 1
                }
                index = min(bytes.count, index + 2)
            default:
                return index
            }
        }
        return index
    }

    /// The end of the last comment in `range` (trivia only), or nil when it holds none.
    func lastCommentEnd(in range: Range<Int>) -> Int? {
        var index = range.lowerBound
        var last: Int?
        while index < range.upperBound {
            if bytes[index] == UInt8(ascii: "/") {
                let end = skipTrivia(from: index)
                // skipTrivia also passes the spaces after the comment: the comment ends before them.
                var commentEnd = end
                while commentEnd > index, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[commentEnd - 1]) {
                    commentEnd -= 1
                }
                last = commentEnd
                index = end
            } else {
                index += 1
            }
        }
        return last
    }

    func valueEnd(of container: DocumentNode, item: Int) -> Int {
        switch container.content {
        case .object(let members): return members[item].node.span.upperBound
        case .array(let elements): return elements[item].span.upperBound
        default: return container.span.upperBound
        }
    }

    /// One item of a container as the editor sees it.
    struct Item {
        /// Its first byte: its comments above, else its key or value.
        var start: Int
        /// Its key (a member) or value (an element).
        var head: Int
        var valueEnd: Int
        /// The comma after it, if any.
        var comma: Int?
        var trailing: Range<Int>?
        /// Past its value, its comma and its trailing comment.
        var end: Int
    }

    /// The items of an object or array.
    func items(of container: DocumentNode) -> [Item] {
        var items: [Item] = []
        func add(start: Int, head: Int, valueEnd: Int, trailing: Range<Int>?) {
            let next = skipTrivia(from: valueEnd)
            let comma = next < bytes.count && bytes[next] == UInt8(ascii: ",") ? next : nil
            let end = max(valueEnd, comma.map { $0 + 1 } ?? 0, trailing?.upperBound ?? 0)
            items.append(
                Item(start: start, head: head, valueEnd: valueEnd, comma: comma, trailing: trailing, end: end)
            )
        }
        switch container.content {
        case .object(let members):
            for member in members {
                add(
                    start: member.comments.aboveSpan?.lowerBound ?? member.keySpan.lowerBound,
                    head: member.keySpan.lowerBound, valueEnd: member.node.span.upperBound,
                    trailing: member.comments.trailingSpan)
            }
        case .array(let elements):
            for element in elements {
                add(
                    start: element.comments.aboveSpan?.lowerBound ?? element.span.lowerBound,
                    head: element.span.lowerBound, valueEnd: element.span.upperBound,
                    trailing: element.comments.trailingSpan)
            }
        default:
            break
        }
        return items
    }
}
