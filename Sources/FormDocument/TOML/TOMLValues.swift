/// TOML values: the four string forms, arrays and inline tables (numbers and dates are in
/// TOMLNumbers.swift).
extension TOMLTextReader {
    /// The value at `index`; `depth` counts the tables and arrays it stands in.
    mutating func value(depth: Int) throws(DocumentError) -> DocumentNode {
        guard index < end, bytes[index] != 0x0A, bytes[index] != 0x0D else {
            throw error("a value was expected after the =", at: index)
        }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "\""):
            if startsTriple(UInt8(ascii: "\"")) {
                let text = try multilineText(quote: UInt8(ascii: "\""))
                return DocumentNode(
                    content: .scalar(.string(text)), span: start..<index, style: .multilineDoubleQuoted)
            }
            let text = try basicText()
            return DocumentNode(content: .scalar(.string(text)), span: start..<index, style: .doubleQuoted)
        case UInt8(ascii: "'"):
            if startsTriple(UInt8(ascii: "'")) {
                let text = try multilineText(quote: UInt8(ascii: "'"))
                return DocumentNode(
                    content: .scalar(.string(text)), span: start..<index, style: .multilineSingleQuoted)
            }
            let text = try literalText()
            return DocumentNode(content: .scalar(.string(text)), span: start..<index, style: .singleQuoted)
        case UInt8(ascii: "["):
            return try array(depth: depth + 1)
        case UInt8(ascii: "{"):
            return try inlineTable(depth: depth + 1)
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            for (word, value) in [("true", true), ("false", false)] where matches(word) {
                index += word.utf8.count
                if index < end, Self.isBareKeyByte(bytes[index]) { break }
                return DocumentNode(content: .scalar(.bool(value)), span: start..<index)
            }
            throw unknownValue(at: start)
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"),
            UInt8(ascii: "i"), UInt8(ascii: "n"):
            return try numberOrDate()
        default:
            throw unknownValue(at: start)
        }
    }

    func unknownValue(at offset: Int) -> DocumentError {
        error(
            "a value was expected here: a string in quotes, a number, true or false, a date, [an array] or {an inline table}",
            at: offset)
    }

    func matches(_ word: String) -> Bool {
        var offset = index
        for byte in word.utf8 {
            guard offset < end, bytes[offset] == byte else { return false }
            offset += 1
        }
        return true
    }

    func startsTriple(_ quote: UInt8) -> Bool {
        index + 2 < end && bytes[index + 1] == quote && bytes[index + 2] == quote
    }

    // MARK: Strings

    /// A `"…"` string's text, escapes read.
    mutating func basicText() throws(DocumentError) -> String {
        let start = index
        index += 1
        var decoded: [UInt8] = []
        var runStart = index
        while true {
            guard index < end, bytes[index] != 0x0A, bytes[index] != 0x0D else {
                throw error("this string has no closing \" on its line; end it with \"", at: start)
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                decoded.append(contentsOf: bytes[runStart..<index])
                try escape(into: &decoded)
                runStart = index
                continue
            }
            try checkStringByte(byte, newlines: false)
            index += 1
        }
        defer { index += 1 }
        if decoded.isEmpty, runStart == start + 1 {
            return String(decoding: bytes[runStart..<index], as: UTF8.self)
        }
        decoded.append(contentsOf: bytes[runStart..<index])
        return String(decoding: decoded, as: UTF8.self)
    }

    /// A `'…'` string's text, as written.
    mutating func literalText() throws(DocumentError) -> String {
        let start = index
        index += 1
        while true {
            guard index < end, bytes[index] != 0x0A, bytes[index] != 0x0D else {
                throw error("this string has no closing ' on its line; end it with '", at: start)
            }
            if bytes[index] == UInt8(ascii: "'") { break }
            try checkStringByte(bytes[index], newlines: false)
            index += 1
        }
        defer { index += 1 }
        return String(decoding: bytes[(start + 1)..<index], as: UTF8.self)
    }

    /// A `"""…"""` or `'''…'''` string's text: a newline just after the opening is dropped, a
    /// basic one reads escapes and line-ending backslashes, and one or two quotes may stand just
    /// before the closing three.
    mutating func multilineText(quote: UInt8) throws(DocumentError) -> String {
        let start = index
        let basic = quote == UInt8(ascii: "\"")
        index += 3
        if index < end, bytes[index] == 0x0A {
            index += 1
        } else if index + 1 < end, bytes[index] == 0x0D, bytes[index + 1] == 0x0A {
            index += 2
        }
        var decoded: [UInt8] = []
        while true {
            guard index < end else {
                let marks = basic ? "\"\"\"" : "'''"
                throw error("this multi-line string has no closing \(marks); end it with \(marks)", at: start)
            }
            let byte = bytes[index]
            if byte == quote {
                var run = 0
                while index + run < end, bytes[index + run] == quote { run += 1 }
                if run < 3 {
                    decoded.append(contentsOf: bytes[index..<(index + run)])
                    index += run
                    continue
                }
                guard run <= 5 else {
                    throw error(
                        "three quotes in a row end a multi-line string; escape one of them (basic strings) or use the other quote",
                        at: index + 5)
                }
                decoded.append(contentsOf: bytes[index..<(index + run - 3)])
                index += run
                return String(decoding: decoded, as: UTF8.self)
            }
            if basic, byte == UInt8(ascii: "\\") {
                if lineEndingBackslash() { continue }
                try escape(into: &decoded)
                continue
            }
            if byte == 0x0D {
                guard index + 1 < end, bytes[index + 1] == 0x0A else {
                    throw error(
                        "a carriage return must be followed by a line feed (TOML ends lines with LF or CRLF)",
                        at: index)
                }
                decoded.append(0x0D)
                index += 1
                continue
            }
            try checkStringByte(byte, newlines: true)
            decoded.append(byte)
            index += 1
        }
    }

    /// A `\` with only spaces after it on its line: it and every space and newline up to the next
    /// other character are left out. False (nothing read) for any other backslash.
    mutating func lineEndingBackslash() -> Bool {
        var offset = index + 1
        while offset < end, bytes[offset] == 0x20 || bytes[offset] == 0x09 { offset += 1 }
        guard offset < end,
            bytes[offset] == 0x0A || (bytes[offset] == 0x0D && offset + 1 < end && bytes[offset + 1] == 0x0A)
        else { return false }
        while offset < end,
            [0x20, 0x09, 0x0A].contains(bytes[offset])
                || (bytes[offset] == 0x0D && offset + 1 < end && bytes[offset + 1] == 0x0A)
        {
            offset += 1
        }
        index = offset
        return true
    }

    func checkStringByte(_ byte: UInt8, newlines: Bool) throws(DocumentError) {
        if (byte < 0x20 && byte != 0x09 && !(newlines && byte == 0x0A)) || byte == 0x7F {
            throw error(
                "a string cannot hold the control character U+\(Self.hex(byte)) as it is; write it as \\u\(Self.hex(byte))",
                at: index)
        }
    }

    /// The escape at `index` (a backslash), its text appended to `decoded`.
    mutating func escape(into decoded: inout [UInt8]) throws(DocumentError) {
        let start = index
        guard index + 1 < end else { throw error("this string ends inside an escape", at: start) }
        let letter = bytes[index + 1]
        index += 2
        let simple: UInt8?
        switch letter {
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "\""): simple = 0x22
        case UInt8(ascii: "\\"): simple = 0x5C
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            simple = nil
        default:
            throw error(
                "\\\(Unicode.Scalar(letter).escaped(asASCII: true)) is not an escape TOML knows; write \\\\ for a backslash, or use a 'literal string'",
                at: start)
        }
        if let simple {
            decoded.append(simple)
            return
        }
        let count = letter == UInt8(ascii: "u") ? 4 : 8
        var code: UInt32 = 0
        for _ in 0..<count {
            guard index < end, let digit = Self.hexValue(bytes[index]) else {
                throw error(
                    "\\\(Character(Unicode.Scalar(letter))) needs \(count) hexadecimal digits", at: start)
            }
            code = code << 4 | UInt32(digit)
            index += 1
        }
        guard let scalar = Unicode.Scalar(code) else {
            throw error(
                "\\\(Character(Unicode.Scalar(letter))) names no Unicode character (a surrogate or past U+10FFFF); write another",
                at: start)
        }
        decoded.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    // MARK: Arrays and inline tables

    /// `[…]`: values separated by commas, over any lines, with comments; a trailing comma is
    /// allowed. An element keeps the comment lines just above it and the one after it.
    mutating func array(depth: Int) throws(DocumentError) -> DocumentNode {
        let start = index
        guard depth <= Self.nestingLimit else { throw tooDeep(at: start) }
        index += 1
        var elements: [DocumentNode] = []
        var above: PendingComments?
        while true {
            try skipArraySpace(&above, atLineStart: false)
            guard index < end else {
                throw error("this array has no closing ]; end it with ]", at: start)
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                break
            }
            var element = try value(depth: depth)
            if let comments = above {
                element.comments.above = comments.texts
                element.comments.aboveSpan = comments.span
                above = nil
            }
            skipSpaces()
            if index < end, bytes[index] == UInt8(ascii: "#") {
                let comment = try self.comment()
                element.comments.trailing = comment.text
                element.comments.trailingSpan = comment.span
            }
            var discarded: PendingComments?
            try skipArraySpace(&discarded, atLineStart: false)
            guard index < end else {
                throw error("this array has no closing ]; end it with ]", at: start)
            }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipSpaces()
                if element.comments.trailing == nil, index < end, bytes[index] == UInt8(ascii: "#") {
                    let comment = try self.comment()
                    element.comments.trailing = comment.text
                    element.comments.trailingSpan = comment.span
                }
                elements.append(element)
                continue
            }
            elements.append(element)
            guard bytes[index] == UInt8(ascii: "]") else {
                throw error("a , or the closing ] was expected after this array element", at: index)
            }
            index += 1
            break
        }
        return DocumentNode(content: .array(elements), span: start..<index, style: .flow)
    }

    /// Spaces, newlines and comment lines inside an array; comment lines gather in `above` until
    /// a blank line drops them.
    mutating func skipArraySpace(_ above: inout PendingComments?, atLineStart: Bool) throws(DocumentError) {
        var atLineStart = atLineStart
        while index < end {
            switch bytes[index] {
            case 0x20, 0x09:
                index += 1
            case 0x0A, 0x0D:
                try newline()
                if atLineStart { above = nil }
                atLineStart = true
            case UInt8(ascii: "#"):
                let comment = try self.comment()
                if above == nil {
                    above = PendingComments(texts: [comment.text], span: comment.span)
                } else {
                    above!.texts.append(comment.text)
                    above!.span = above!.span.lowerBound..<comment.span.upperBound
                }
                atLineStart = false
            default:
                return
            }
        }
    }

    /// `{ key = value, … }` on one line (TOML 1.0), closed once written: no header or dotted key
    /// elsewhere may add to it.
    mutating func inlineTable(depth: Int) throws(DocumentError) -> DocumentNode {
        let start = index
        guard depth <= Self.nestingLimit else { throw tooDeep(at: start) }
        index += 1
        sectionCount += 1
        let section = sectionCount
        let table = TOMLTable(origin: .inline, span: start..<start, depth: depth, section: section)
        skipSpaces()
        if index < end, bytes[index] == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                let keyStart = index
                guard index < end, bytes[index] != 0x0A, bytes[index] != 0x0D else {
                    throw error(
                        "an inline table must stay on one line in TOML 1.0; close it with } on this line, or make it a [table]",
                        at: index)
                }
                let keys = try dottedKey()
                skipSpaces()
                guard index < end, bytes[index] == UInt8(ascii: "=") else {
                    throw error("an = was expected after the key in this inline table", at: index)
                }
                index += 1
                skipSpaces()
                let value = try self.value(depth: depth + keys.count - 1)
                try insert(
                    keys, value, into: table, statementStart: keyStart, memberStart: keyStart,
                    valueEnd: index, memberEnd: index, comments: DocumentComments(), section: section)
                skipSpaces()
                guard index < end else { throw error("this inline table has no closing }", at: start) }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    skipSpaces()
                    if index < end, bytes[index] == UInt8(ascii: "}") {
                        throw error(
                            "an inline table cannot end with a comma in TOML 1.0; remove the comma",
                            at: index - 1)
                    }
                    continue
                }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    break
                }
                if bytes[index] == 0x0A || bytes[index] == 0x0D {
                    throw error(
                        "an inline table must stay on one line in TOML 1.0; close it with } on this line, or make it a [table]",
                        at: index)
                }
                throw error("a , or the closing } was expected in this inline table", at: index)
            }
        }
        table.span = start..<index
        return table.node(style: .flow)
    }
}
