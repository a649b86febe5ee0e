/// One pass over a JSON or JSONC text that builds its ``DocumentNode`` tree with every span and
/// comment. Iterative (an explicit stack of open containers), so a deeply nested text costs
/// memory in proportion and is refused past ``JSONFormat/maximumDepth`` instead of exhausting the
/// thread's stack; every byte is looked at a bounded number of times, so reading is linear.
struct JSONReader {
    let bytes: [UInt8]
    let allowsComments: Bool
    var index = 0
    /// Comments seen since the last item started or ended, waiting to be given to one.
    var pending: [JSONComment] = []
    /// Line breaks since the last comment or value: whether a comment starts its line, and
    /// whether a blank line stands between a comment and what follows.
    var breaks = 1
    /// How many of ``pending`` stood before the comma that ends the previous item: those are
    /// never the next item's comments above.
    var beforeComma = 0
    /// The opening quote of the string being read: where an unterminated one is reported.
    var stringStart = 0

    init(bytes: [UInt8], allowsComments: Bool) {
        self.bytes = bytes
        self.allowsComments = allowsComments
    }

    /// An object or array being read: what it has so far, and what the item in progress needs.
    struct Frame {
        var isObject: Bool
        var start: Int
        var members: [DocumentMember] = []
        var elements: [DocumentNode] = []
        var key = ""
        var keySpan = 0..<0
        /// The comments above the item whose value is being read.
        /// The comments above the item whose value is being read, when it has any (most items
        /// have none, and then no comments value is made or copied for them).
        var itemComments: DocumentComments?

        var isEmpty: Bool { isObject ? members.isEmpty : elements.isEmpty }
    }

    mutating func document() throws(DocumentError) -> DocumentNode {
        if bytes.count >= 2, bytes[0] == 0xFE || bytes[0] == 0xFF, bytes[1] == 0xFE || bytes[1] == 0xFF {
            throw error("this file is UTF-16; save it as UTF-8", at: 0)
        }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        var stack: [Frame] = []
        try skipTrivia()
        guard index < bytes.count else {
            throw error("the document is empty; write a JSON value such as {} or []", at: index)
        }
        let rootComments = takeComments(hasPrevious: false, startsItem: true).above
        while true {
            // A value starts at `index` (trivia skipped).
            // Held in an optional so that each hand-over moves it rather than copies it.
            var finished: DocumentNode?
            let start = index
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard stack.count < JSONFormat.maximumDepth else {
                    throw error(
                        "the document nests deeper than \(JSONFormat.maximumDepth) levels, the most this reader follows",
                        at: index)
                }
                let isObject = bytes[index] == UInt8(ascii: "{")
                stack.append(Frame(isObject: isObject, start: index))
                index += 1
                breaks = 0
                try skipTrivia()
                let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if index < bytes.count, bytes[index] == close {
                    pending.removeAll()
                    finished = closeContainer(&stack)
                } else {
                    try startItem(&stack[stack.count - 1])
                    continue
                }
            case UInt8(ascii: "\""):
                let text = try readString()
                finished = DocumentNode(
                    content: .scalar(.string(text)), span: start..<index, style: .doubleQuoted)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                finished = DocumentNode(content: .scalar(.number(try readNumber())), span: start..<index)
            case UInt8(ascii: "t"):
                try readWord("true")
                finished = DocumentNode(content: .scalar(.bool(true)), span: start..<index)
            case UInt8(ascii: "f"):
                try readWord("false")
                finished = DocumentNode(content: .scalar(.bool(false)), span: start..<index)
            case UInt8(ascii: "n"):
                try readWord("null")
                finished = DocumentNode(content: .scalar(.null), span: start..<index)
            default:
                throw unexpectedValue()
            }
            // A value ended: give it to its container, then read on to the next item or the close.
            while true {
                breaks = 0
                guard !stack.isEmpty else {
                    var node = finished.take()!
                    node.comments = rootComments
                    try skipTrivia()
                    if let trailing = takeComments(hasPrevious: true, startsItem: false).trailing {
                        node.comments.trailing = trailing.text
                        node.comments.trailingSpan = trailing.span
                    }
                    guard index == bytes.count else {
                        throw misplaced(
                            "the document should end after its value; remove what follows, or put both values in an array",
                            at: index)
                    }
                    return node
                }
                append(finished.take()!, to: &stack[stack.count - 1])
                try skipTrivia()
                let isObject = stack[stack.count - 1].isObject
                let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                guard index < bytes.count else {
                    throw error(
                        "the document ends inside this \(isObject ? "object" : "array"); a \(isObject ? "}" : "]") is missing",
                        at: stack[stack.count - 1].start)
                }
                if bytes[index] == close {
                    attachTrailing(&stack[stack.count - 1])
                    finished = closeContainer(&stack)
                    continue
                }
                guard bytes[index] == UInt8(ascii: ",") else {
                    throw misplaced(
                        isObject
                            ? "a comma or } was expected after this member"
                            : "a comma or ] was expected after this element", at: index)
                }
                let comma = index
                beforeComma = pending.count
                index += 1
                try skipTrivia()
                if index < bytes.count, bytes[index] == close {
                    guard allowsComments else {
                        throw error(
                            "JSON allows no comma before \(isObject ? "}" : "]"); remove this comma",
                            at: comma)
                    }
                    attachTrailing(&stack[stack.count - 1])
                    finished = closeContainer(&stack)
                    continue
                }
                try startItem(&stack[stack.count - 1])
                break
            }
        }
    }

    /// Reads what starts an object's member (its key and colon) or notes an array element's
    /// comments; `index` is then at the value.
    mutating func startItem(_ frame: inout Frame) throws(DocumentError) {
        guard index < bytes.count else {
            throw error(
                "the document ends inside this \(frame.isObject ? "object" : "array"); a \(frame.isObject ? "}" : "]") is missing",
                at: frame.start)
        }
        if !pending.isEmpty {
            let taken = takeComments(hasPrevious: !frame.isEmpty, startsItem: true)
            setTrailing(taken.trailing, on: &frame)
            if taken.above.aboveSpan != nil { frame.itemComments = taken.above }
        }
        guard frame.isObject else { return }
        guard bytes[index] == UInt8(ascii: "\"") else {
            if bytes[index] == UInt8(ascii: "'") {
                throw error("keys take double quotes in JSON: write \"key\"", at: index)
            }
            throw error(
                frame.isEmpty
                    ? "a key in double quotes, or }, was expected here"
                    : "a key in double quotes was expected after this comma",
                at: index)
        }
        let keyStart = index
        frame.key = try readString()
        frame.keySpan = keyStart..<index
        try skipTrivia()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw error("a colon was expected after this key", at: index < bytes.count ? index : keyStart)
        }
        index += 1
        try skipTrivia()
        // Comments between a key and its value belong to no one; they stay in the text.
        pending.removeAll()
        guard index < bytes.count else {
            throw error("a value was expected after this key", at: keyStart)
        }
    }

    mutating func append(_ node: consuming DocumentNode, to frame: inout Frame) {
        let end = node.span.upperBound
        if frame.isObject {
            if let comments = frame.itemComments.take() {
                let start = comments.aboveSpan?.lowerBound ?? frame.keySpan.lowerBound
                frame.members.append(
                    DocumentMember(
                        key: frame.key, keySpan: frame.keySpan, node: node, span: start..<end,
                        comments: comments))
            } else {
                frame.members.append(
                    DocumentMember(
                        key: frame.key, keySpan: frame.keySpan, node: node,
                        span: frame.keySpan.lowerBound..<end))
            }
        } else {
            if let comments = frame.itemComments.take() { node.comments = comments }
            frame.elements.append(node)
        }
    }

    /// Before a container's close: the comment at the end of its last item's line.
    mutating func attachTrailing(_ frame: inout Frame) {
        let taken = takeComments(hasPrevious: !frame.isEmpty, startsItem: false)
        setTrailing(taken.trailing, on: &frame)
    }

    func setTrailing(_ trailing: (text: String, span: Range<Int>)?, on frame: inout Frame) {
        guard let trailing else { return }
        if frame.isObject {
            let last = frame.members.count - 1
            frame.members[last].comments.trailing = trailing.text
            frame.members[last].comments.trailingSpan = trailing.span
            frame.members[last].span = frame.members[last].span.lowerBound..<trailing.span.upperBound
        } else {
            let last = frame.elements.count - 1
            frame.elements[last].comments.trailing = trailing.text
            frame.elements[last].comments.trailingSpan = trailing.span
        }
    }

    /// Pops the open container, whose close is at `index`, and makes its node.
    mutating func closeContainer(_ stack: inout [Frame]) -> DocumentNode {
        let frame = stack.removeLast()
        index += 1
        let span = frame.start..<index
        if frame.isObject {
            return DocumentNode(content: .object(frame.members), span: span, style: .flow)
        }
        return DocumentNode(content: .array(frame.elements), span: span, style: .flow)
    }

    /// Shares the pending comments out: the first, when it starts on the line where the previous
    /// item ended and ends that line, is that item's trailing comment; the comment lines directly
    /// above the next item (no blank line between) are its own. The others belong to no one.
    mutating func takeComments(hasPrevious: Bool, startsItem: Bool) -> (
        above: DocumentComments, trailing: (text: String, span: Range<Int>)?
    ) {
        defer {
            pending.removeAll(keepingCapacity: true)
            beforeComma = 0
        }
        guard !pending.isEmpty else { return (DocumentComments(), nil) }
        var first = 0
        var trailing: (text: String, span: Range<Int>)?
        if hasPrevious, pending[0].breaksBefore == 0 {
            let after = pending.count > 1 ? pending[1].breaksBefore : (index == bytes.count ? 1 : breaks)
            if after > 0 {
                trailing = (pending[0].text(in: bytes).joined(separator: "\n"), pending[0].span)
                first = 1
            }
        }
        var above = DocumentComments()
        if startsItem, breaks == 1 {
            var start = pending.count
            while start > max(first, beforeComma), pending[start - 1].breaksBefore > 0 {
                start -= 1
                if pending[start].breaksBefore > 1 { break }
            }
            if start < pending.count {
                above.above = pending[start...].flatMap { $0.text(in: bytes) }
                above.aboveSpan = pending[start].span.lowerBound..<pending[pending.count - 1].span.upperBound
            }
        }
        return (above, trailing)
    }

    /// Skips spaces, tabs, line breaks and (JSONC) comments, noting the comments in ``pending``.
    mutating func skipTrivia() throws(DocumentError) {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09:
                index += 1
            case 0x0A:
                index += 1
                breaks += 1
            case 0x0D:
                index += 1
                if index < bytes.count, bytes[index] == 0x0A { index += 1 }
                breaks += 1
            case UInt8(ascii: "/"):
                try readComment()
            default:
                return
            }
        }
    }

    mutating func readComment() throws(DocumentError) {
        let start = index
        guard allowsComments else {
            throw error("JSON allows no comments; remove this one (or read the file as JSONC)", at: start)
        }
        guard index + 1 < bytes.count,
            bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")
        else {
            throw error("a comment starts with // or /*; this / stands alone", at: start)
        }
        let isLine = bytes[index + 1] == UInt8(ascii: "/")
        index += 2
        if isLine {
            while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D {
                try skipCommentByte()
            }
        } else {
            while true {
                guard index < bytes.count else {
                    throw error("this comment has no closing */", at: start)
                }
                if bytes[index] == UInt8(ascii: "*"), index + 1 < bytes.count,
                    bytes[index + 1] == UInt8(ascii: "/")
                {
                    index += 2
                    break
                }
                try skipCommentByte()
            }
        }
        pending.append(JSONComment(span: start..<index, isLine: isLine, breaksBefore: breaks))
        breaks = 0
    }

    /// One character of a comment: any Unicode scalar but NUL, checked as UTF-8.
    mutating func skipCommentByte() throws(DocumentError) {
        let byte = bytes[index]
        if byte < 0x80 {
            guard byte != 0 else {
                throw error("a NUL byte cannot stand in a comment; the file may not be text", at: index)
            }
            index += 1
        } else {
            index += try utf8Length(at: index)
        }
    }
}
