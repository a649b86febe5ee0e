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
    private mutating func startItem(_ frame: inout Frame) throws(DocumentError) {
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

    private mutating func append(_ node: consuming DocumentNode, to frame: inout Frame) {
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
    private mutating func attachTrailing(_ frame: inout Frame) {
        let taken = takeComments(hasPrevious: !frame.isEmpty, startsItem: false)
        setTrailing(taken.trailing, on: &frame)
    }

    private func setTrailing(_ trailing: (text: String, span: Range<Int>)?, on frame: inout Frame) {
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
    private mutating func closeContainer(_ stack: inout [Frame]) -> DocumentNode {
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
    private mutating func takeComments(hasPrevious: Bool, startsItem: Bool) -> (
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
    private mutating func skipTrivia() throws(DocumentError) {
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

    private mutating func readComment() throws(DocumentError) {
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
    private mutating func skipCommentByte() throws(DocumentError) {
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

    // MARK: Scalars

    /// Reads `word` (`true`, `false`, `null`) at `index`.
    private mutating func readWord(_ word: StaticString) throws(DocumentError) {
        let start = index
        let count = word.utf8CodeUnitCount
        var matches = index + count <= bytes.count
        if matches {
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
                matches = false
                break
            }
        }
        guard matches, index + count == bytes.count || isDelimiter(bytes[index + count]) else {
            throw unexpectedValue()
        }
        index = start + count
    }

    /// Whether `byte` may follow a number or word.
    private func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"),
            UInt8(ascii: "/"):
            return true
        default:
            return false
        }
    }

    private mutating func readNumber() throws(DocumentError) -> DocumentNumber {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                if bytes[index...].starts(with: "Infinity".utf8) {
                    throw error(
                        "JSON has no NaN or Infinity; write null, or the number as a string", at: start)
                }
                throw error("a digit was expected after this minus sign", at: start)
            }
        }
        let whole = index
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw error("a number cannot start with 0 unless it is 0 (write 5 or 0.5)", at: start)
            }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let wholeEnd = index
        var fraction = index..<index
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("a digit was expected after the decimal point (write 1.0, not 1.)", at: index - 1)
            }
            let fractionStart = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            fraction = fractionStart..<index
        }
        var exponent = 0
        var hasExponent = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            hasExponent = true
            index += 1
            var negativeExponent = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                negativeExponent = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("a digit was expected in this number's exponent (write 1e5)", at: start)
            }
            while index < bytes.count, isDigit(bytes[index]) {
                // Exponents past a billion say nothing a Double or a person can use (as DocumentNumber).
                exponent = min(exponent * 10 + Int(bytes[index] - 0x30), 1_000_000_000)
                index += 1
            }
            if negativeExponent { exponent = -exponent }
        }
        guard index == bytes.count || isDelimiter(bytes[index]) else {
            throw error(
                "this number is followed by \(describe(at: index)); a comma or a bracket was expected",
                at: index)
        }
        // The digits without leading or trailing zeros, made into a String once (most numbers
        // are small integers, whose digits stand together in the text).
        let isInteger = fraction.isEmpty && !hasExponent
        let digits: String
        if fraction.isEmpty {
            var low = whole
            var high = wholeEnd
            while low < high, bytes[low] == UInt8(ascii: "0") { low += 1 }
            while high > low, bytes[high - 1] == UInt8(ascii: "0") {
                high -= 1
                exponent += 1
            }
            digits = String(decoding: bytes[low..<high], as: UTF8.self)
        } else {
            var all = Array(bytes[whole..<wholeEnd])
            all += bytes[fraction]
            exponent -= fraction.count
            digits = String(decoding: all.drop { $0 == UInt8(ascii: "0") }, as: UTF8.self)
        }
        return DocumentNumber(negative: negative, digits: digits, exponent: exponent, isInteger: isInteger)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// Reads the string whose opening quote is at `index`: its escapes decoded, its UTF-8
    /// checked. `index` ends past the closing quote.
    mutating func readString() throws(DocumentError) -> String {
        let start = index
        stringStart = start
        index += 1
        // Most strings have no escape: decoded straight from the bytes.
        while true {
            guard index < bytes.count else { throw unterminated(start) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: bytes[(start + 1)..<(index - 1)], as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw controlCharacter(at: index) }
            index += byte < 0x80 ? 1 : try utf8Length(at: index)
        }
        var decoded = Array(bytes[(start + 1)..<index])
        while true {
            guard index < bytes.count else { throw unterminated(start) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: decoded, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                try readEscape(into: &decoded)
            } else if byte < 0x20 {
                throw controlCharacter(at: index)
            } else if byte < 0x80 {
                decoded.append(byte)
                index += 1
            } else {
                let length = try utf8Length(at: index)
                decoded.append(contentsOf: bytes[index..<(index + length)])
                index += length
            }
        }
    }

    private mutating func readEscape(into decoded: inout [UInt8]) throws(DocumentError) {
        let start = index
        guard index + 1 < bytes.count else { throw unterminated(start) }
        let letter = bytes[index + 1]
        index += 2
        switch letter {
        case UInt8(ascii: "\""): decoded.append(0x22)
        case UInt8(ascii: "\\"): decoded.append(0x5C)
        case UInt8(ascii: "/"): decoded.append(0x2F)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHex(escapeAt: start)
            if (0xD800..<0xDC00).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                else { throw loneSurrogate(scalar, at: start) }
                let lowStart = index
                index += 2
                let low = try readHex(escapeAt: lowStart)
                guard (0xDC00..<0xE000).contains(low) else { throw loneSurrogate(scalar, at: start) }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw loneSurrogate(scalar, at: start)
            }
            decoded.append(contentsOf: Unicode.UTF8.encode(Unicode.Scalar(scalar)!)!)
        default:
            throw error(
                "\\\(describeEscape(letter)) is not a JSON escape; the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX (write \\\\ for a backslash)",
                at: start)
        }
    }

    private func describeEscape(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "(byte \(byte))"
    }

    /// Four hexadecimal digits at `index` (after `\u`).
    private mutating func readHex(escapeAt start: Int) throws(DocumentError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw unterminated(start) }
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 0x30)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - 0x61 + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - 0x41 + 10)
            default: throw error("\\u must be followed by four hexadecimal digits (\\u00e9)", at: start)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// The length of the UTF-8 sequence at `offset`, whose first byte is not ASCII; an error
    /// where it is not well-formed (overlong, a surrogate, past U+10FFFF, cut short).
    private func utf8Length(at offset: Int) throws(DocumentError) -> Int {
        let first = bytes[offset]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch first {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: throw invalidUTF8(at: offset)
        }
        guard offset + length <= bytes.count else { throw invalidUTF8(at: offset) }
        let second = bytes[offset + 1]
        guard second >= low, second <= high else { throw invalidUTF8(at: offset) }
        for next in (offset + 2)..<(offset + length) where bytes[next] & 0xC0 != 0x80 {
            throw invalidUTF8(at: offset)
        }
        return length
    }

    // MARK: Errors

    func error(_ message: String, at offset: Int) -> DocumentError {
        DocumentError(message, at: offset, in: bytes)
    }

    /// `message` at `offset`, unless a NUL byte stands there: then that is what is wrong.
    private func misplaced(_ message: String, at offset: Int) -> DocumentError {
        if offset < bytes.count, bytes[offset] == 0 {
            return error("a NUL byte cannot stand here; the file may not be text", at: offset)
        }
        return error(message, at: offset)
    }

    private func unterminated(_: Int) -> DocumentError {
        error("this string has no closing quote", at: stringStart)
    }

    private func controlCharacter(at offset: Int) -> DocumentError {
        let byte = bytes[offset]
        let escape: String
        switch byte {
        case 0x0A: escape = "\\n"
        case 0x0D: escape = "\\r"
        case 0x09: escape = "\\t"
        case 0x00: return error("a NUL byte cannot stand in a string; write it as \\u0000", at: offset)
        default: escape = "\\u00" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        }
        return error(
            "a control character (U+00\(String(byte, radix: 16, uppercase: true).leftPadded(to: 2))) cannot stand in a string; write it as \(escape)",
            at: offset)
    }

    private func loneSurrogate(_ value: UInt32, at offset: Int) -> DocumentError {
        error(
            "\\u\(String(value, radix: 16, uppercase: true)) is half of a surrogate pair without its other half, which is no character; write the whole pair or the character itself",
            at: offset)
    }

    private func invalidUTF8(at offset: Int) -> DocumentError {
        error("this byte is not valid UTF-8; save the file as UTF-8", at: offset)
    }

    private func describe(at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the text" }
        let byte = bytes[offset]
        if (0x21..<0x7F).contains(byte) { return "'\(UnicodeScalar(byte))'" }
        return "byte \(byte)"
    }

    /// The error where a value was expected at `index`, naming what stands there instead.
    private func unexpectedValue() -> DocumentError {
        guard index < bytes.count else {
            return error("a value was expected here, at the end of the text", at: index)
        }
        let rest = bytes[index..<min(bytes.count, index + 9)]
        func starts(_ word: String) -> Bool { rest.starts(with: word.utf8) }
        switch bytes[index] {
        case UInt8(ascii: "'"):
            return error("strings take double quotes in JSON: write \"text\"", at: index)
        case UInt8(ascii: "."), UInt8(ascii: "+"):
            return error(
                "a number starts with a digit or a minus sign in JSON (write 0.5, not .5 or +5)", at: index)
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            return error("a value was expected before this \(describe(at: index))", at: index)
        case UInt8(ascii: ","):
            return error("a value was expected before this comma", at: index)
        case 0:
            return error("a NUL byte cannot stand here; the file may not be text", at: index)
        case 0x80...:
            do {
                _ = try utf8Length(at: index)
            } catch {
                return error
            }
            return error(
                "a value was expected here (an object, an array, a string in double quotes, a number, true, false or null)",
                at: index)
        default:
            if starts("NaN") || starts("Infinity") || starts("-Infinity") {
                return error("JSON has no NaN or Infinity; write null, or the number as a string", at: index)
            }
            if starts("True") || starts("False") || starts("None") || starts("Null") || starts("nil")
                || starts("undefined")
            {
                return error("JSON's words are true, false and null, in lower case", at: index)
            }
            return error(
                "a value was expected here (an object, an array, a string in double quotes, a number, true, false or null)",
                at: index)
        }
    }
}

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

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
