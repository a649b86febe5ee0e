/// TOML 1.0 read into a ``DocumentNode`` tree that keeps every byte's place: the statements of a
/// document (key/values, `[table]` and `[[array]]` headers, comment lines) and TOML's rules on
/// which table a key may go into. Values are read by TOMLValues.swift and TOMLNumbers.swift.
///
/// Written here rather than over a library: toml++ (today's FormSpec reader) keeps no positions
/// and no comments, and no Swift package keeps either, so an edit could not find its bytes.
struct TOMLTextReader {
    /// Tables and arrays inside each other, past which a document is refused: deeper is no
    /// configuration a person writes, and each level costs the reader a stack frame.
    static let nestingLimit = 256

    let bytes: [UInt8]
    var index = 0
    let end: Int
    let root: TOMLTable
    /// The table key/values go into: the root, then the last header's.
    var current: TOMLTable
    /// A number for each header and inline table, so that dotted keys add only to tables of
    /// their own section.
    var sectionCount = 0
    var section: OpenSection?
    /// Comment lines read since the last blank line or statement: the next one's comments.
    var pending: PendingComments?

    struct PendingComments {
        var texts: [String]
        var span: Range<Int>
    }

    /// The `[header]` section being read, whose spans grow with each key/value.
    struct OpenSection {
        enum Owner {
            case entry(TOMLTable, Int)
            case element(TOMLTableArray, TOMLTable, Int)
        }

        var table: TOMLTable
        var headerStart: Int
        var valueEnd: Int
        var memberEnd: Int
        var owner: Owner
    }

    struct Key {
        var name: String
        var span: Range<Int>
    }

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.end = bytes.count
        self.root = TOMLTable(origin: .root, span: 0..<bytes.count, depth: 0, section: 0)
        self.current = root
    }

    func error(_ message: String, at offset: Int) -> DocumentError {
        DocumentError(message, at: offset, in: bytes)
    }

    /// The line of an earlier definition, for an error's sentence (it counts lines anew: errors only).
    func line(of offset: Int) -> Int { LineTable(bytes).position(of: offset).line }

    mutating func read() throws(DocumentError) -> DocumentNode {
        if let bad = Self.firstInvalidUTF8(in: bytes) {
            throw error("the text is not valid UTF-8 here; save the file as UTF-8", at: bad)
        }
        if end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        while index < end {
            skipSpaces()
            guard index < end else { break }
            switch bytes[index] {
            case 0x0A, 0x0D:
                try newline()
                pending = nil
            case UInt8(ascii: "#"):
                let comment = try self.comment()
                try newlineOrEnd(after: "a comment")
                if pending == nil {
                    pending = PendingComments(texts: [comment.text], span: comment.span)
                } else {
                    pending!.texts.append(comment.text)
                    pending!.span = pending!.span.lowerBound..<comment.span.upperBound
                }
            case UInt8(ascii: "["):
                try header()
            default:
                try keyValue()
            }
        }
        closeSection()
        var node = root.node(style: .blockCollection)
        node.span = 0..<end
        return node
    }

    // MARK: Statements

    mutating func keyValue() throws(DocumentError) {
        let start = index
        var comments = takePending()
        let memberStart = comments.aboveSpan?.lowerBound ?? start
        let keys = try dottedKey()
        skipSpaces()
        guard index < end, bytes[index] == UInt8(ascii: "=") else {
            throw error(
                "an = was expected after the key \(keys.map(\.name).joined(separator: ".")); write key = value",
                at: index)
        }
        index += 1
        skipSpaces()
        let value = try self.value(depth: current.depth + keys.count)
        let valueEnd = index
        if let trailing = try lineEnd(after: "a key = value; start a new line for the next key") {
            comments.trailing = trailing.text
            comments.trailingSpan = trailing.span
        }
        let memberEnd = comments.trailingSpan?.upperBound ?? valueEnd
        try insert(
            keys, value, into: current, statementStart: start, memberStart: memberStart,
            valueEnd: valueEnd, memberEnd: memberEnd, comments: comments, section: current.section)
        section?.valueEnd = valueEnd
        section?.memberEnd = memberEnd
    }

    /// Puts `value` at the dotted `keys` of `table`, making the dotted tables between.
    mutating func insert(
        _ keys: [Key], _ value: DocumentNode, into table: TOMLTable, statementStart: Int,
        memberStart: Int, valueEnd: Int, memberEnd: Int, comments: DocumentComments, section: Int
    ) throws(DocumentError) {
        var table = table
        for key in keys.dropLast() {
            if let position = table.index(of: key.name) {
                guard case .table(let child) = table.children[position], child.origin == .dotted,
                    child.section == section
                else {
                    throw error(
                        "\(describe(table, position)) (line \(line(of: table.members[position].keySpan.lowerBound))), so the dotted key cannot add to it; \(advice(table, position))",
                        at: key.span.lowerBound)
                }
                child.span = child.span.lowerBound..<valueEnd
                table.members[position].span = table.members[position].span.lowerBound..<memberEnd
                table = child
            } else {
                guard table.depth < Self.nestingLimit else { throw tooDeep(at: key.span.lowerBound) }
                let child = TOMLTable(
                    origin: .dotted, span: statementStart..<valueEnd, depth: table.depth + 1,
                    section: section)
                table.append(
                    TOMLEntry(
                        key: key.name, keySpan: key.span, item: .table(child),
                        span: memberStart..<memberEnd, comments: DocumentComments()))
                table = child
            }
        }
        let last = keys[keys.count - 1]
        if let position = table.index(of: last.name) {
            throw error(
                "the key \(last.name) is already defined at line \(line(of: table.members[position].keySpan.lowerBound)); keep one of the two",
                at: last.span.lowerBound)
        }
        table.append(
            TOMLEntry(
                key: last.name, keySpan: last.span, item: .value(value), span: memberStart..<memberEnd,
                comments: comments))
    }

    mutating func header() throws(DocumentError) {
        let start = index
        let isArray = index + 1 < end && bytes[index + 1] == UInt8(ascii: "[")
        index += isArray ? 2 : 1
        skipSpaces()
        let keys = try dottedKey()
        skipSpaces()
        let closing = isArray ? "]]" : "]"
        for _ in 0..<(isArray ? 2 : 1) {
            guard index < end, bytes[index] == UInt8(ascii: "]") else {
                throw error("the header needs its closing \(closing) here", at: index)
            }
            index += 1
        }
        let headerEnd = index
        var comments = takePending()
        if let trailing = try lineEnd(after: "a [header]; put its keys on the lines below it") {
            comments.trailing = trailing.text
            comments.trailingSpan = trailing.span
        }
        closeSection()
        sectionCount += 1
        let memberStart = comments.aboveSpan?.lowerBound ?? start
        let memberEnd = comments.trailingSpan?.upperBound ?? headerEnd
        var table = root
        for key in keys.dropLast() {
            if let position = table.index(of: key.name) {
                switch table.children[position] {
                case .table(let child) where child.origin != .inline:
                    table = child
                case .tableArray(let array):
                    table = array.elements[array.elements.count - 1]
                default:
                    throw error(
                        "\(describe(table, position)) (line \(line(of: table.members[position].keySpan.lowerBound))), so a header cannot add a table to it",
                        at: key.span.lowerBound)
                }
            } else {
                guard table.depth < Self.nestingLimit else { throw tooDeep(at: key.span.lowerBound) }
                let child = TOMLTable(
                    origin: .implicit, span: start..<headerEnd, depth: table.depth + 1,
                    section: sectionCount)
                table.append(
                    TOMLEntry(
                        key: key.name, keySpan: key.span, item: .table(child), span: start..<headerEnd,
                        comments: DocumentComments()))
                table = child
            }
        }
        guard table.depth < Self.nestingLimit else { throw tooDeep(at: start) }
        let last = keys[keys.count - 1]
        let name = keys.map(\.name).joined(separator: ".")
        let opened = TOMLTable(
            origin: .header, span: start..<headerEnd, depth: table.depth + 1, section: sectionCount)
        let owner: OpenSection.Owner
        if let position = table.index(of: last.name) {
            let earlierOffset = table.members[position].keySpan.lowerBound
            switch table.children[position] {
            case .tableArray(let array) where isArray:
                array.elements.append(opened)
                array.comments.append(comments)
                owner = .element(array, table, position)
            case .table(let existing) where !isArray && existing.origin == .implicit:
                existing.origin = .header
                existing.span = start..<headerEnd
                existing.section = sectionCount
                table.members[position].keySpan = last.span
                table.members[position].comments = comments
                table.members[position].span = memberStart..<memberEnd
                current = existing
                section = OpenSection(
                    table: existing, headerStart: start, valueEnd: headerEnd, memberEnd: memberEnd,
                    owner: .entry(table, position))
                return
            case .table(let existing) where !isArray && existing.origin == .header:
                throw error(
                    "the table [\(name)] is defined twice (first at line \(line(of: earlierOffset))); merge the two sections into one",
                    at: start)
            case .table(let existing) where !isArray && existing.origin == .dotted:
                throw error(
                    "the table \(name) was made by dotted keys at line \(line(of: earlierOffset)); a [\(name)] header cannot define it again, so write its keys there",
                    at: start)
            case .tableArray:
                throw error(
                    "\(name) is an array of tables (line \(line(of: earlierOffset))); write [[\(name)]] to add an element to it",
                    at: start)
            default:
                throw error(
                    "\(describe(table, position)) (line \(line(of: earlierOffset))), so [\(isArray ? "[" : "")\(name)\(closing) cannot define it again; rename one of the two",
                    at: start)
            }
        } else if isArray {
            let array = TOMLTableArray(span: start..<headerEnd)
            array.elements.append(opened)
            array.comments.append(comments)
            table.append(
                TOMLEntry(
                    key: last.name, keySpan: last.span, item: .tableArray(array),
                    span: memberStart..<memberEnd, comments: comments))
            owner = .element(array, table, table.members.count - 1)
        } else {
            table.append(
                TOMLEntry(
                    key: last.name, keySpan: last.span, item: .table(opened),
                    span: memberStart..<memberEnd, comments: comments))
            owner = .entry(table, table.members.count - 1)
        }
        current = opened
        section = OpenSection(
            table: opened, headerStart: start, valueEnd: headerEnd, memberEnd: memberEnd, owner: owner)
    }

    /// Ends the open section: its table's span and its member's reach to its last value.
    mutating func closeSection() {
        guard let open = section else { return }
        open.table.span = open.headerStart..<open.valueEnd
        switch open.owner {
        case .entry(let parent, let position):
            parent.members[position].span = parent.members[position].span.lowerBound..<open.memberEnd
        case .element(let array, let parent, let position):
            array.span = array.span.lowerBound..<open.valueEnd
            parent.members[position].span = parent.members[position].span.lowerBound..<open.memberEnd
        }
        section = nil
    }

    mutating func takePending() -> DocumentComments {
        guard let comments = pending else { return DocumentComments() }
        pending = nil
        return DocumentComments(above: comments.texts, aboveSpan: comments.span)
    }

    func describe(_ table: TOMLTable, _ position: Int) -> String {
        let key = table.members[position].key
        switch table.children[position] {
        case .value:
            if case .object = table.members[position].node.content {
                return "\(key) is an inline table, closed once written"
            }
            return "\(key) is already a value"
        case .tableArray: return "\(key) is an array of tables"
        case .table(let child):
            switch child.origin {
            case .dotted: return "\(key) is a table of dotted keys from another section"
            case .inline: return "\(key) is an inline table, closed once written"
            default: return "\(key) is a table with a [header] of its own"
            }
        }
    }

    func advice(_ table: TOMLTable, _ position: Int) -> String {
        switch table.children[position] {
        case .table(let child) where child.origin == .header || child.origin == .implicit:
            "write the key under its [header] instead"
        case .tableArray: "write the key under one of its [[headers]] instead"
        default: "use another key"
        }
    }

    func tooDeep(at offset: Int) -> DocumentError {
        error(
            "tables and arrays are nested more than \(Self.nestingLimit) deep here, which formtui does not read; flatten the document",
            at: offset)
    }

    // MARK: Keys

    mutating func dottedKey() throws(DocumentError) -> [Key] {
        var keys: [Key] = []
        while true {
            keys.append(try simpleKey())
            skipSpaces()
            guard index < end, bytes[index] == UInt8(ascii: ".") else { return keys }
            index += 1
            skipSpaces()
        }
    }

    mutating func simpleKey() throws(DocumentError) -> Key {
        let start = index
        guard index < end else { throw error("a key was expected here", at: index) }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            if index + 2 < end, bytes[index + 1] == UInt8(ascii: "\""),
                bytes[index + 2] == UInt8(ascii: "\"")
            {
                throw error("a key cannot be a multi-line string; quote it with \" on one line", at: start)
            }
            return Key(name: try basicText(), span: start..<index)
        case UInt8(ascii: "'"):
            if index + 2 < end, bytes[index + 1] == UInt8(ascii: "'"), bytes[index + 2] == UInt8(ascii: "'") {
                throw error("a key cannot be a multi-line string; quote it with ' on one line", at: start)
            }
            return Key(name: try literalText(), span: start..<index)
        default:
            while index < end, Self.isBareKeyByte(bytes[index]) { index += 1 }
            guard index > start else {
                throw error(
                    "a key was expected here: letters, digits, - and _, or a key in quotes", at: start)
            }
            return Key(name: String(decoding: bytes[start..<index], as: UTF8.self), span: start..<index)
        }
    }

    static func isBareKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    // MARK: Spaces, newlines, comments

    mutating func skipSpaces() {
        while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
    }

    /// A line feed, or a carriage return with its line feed.
    mutating func newline() throws(DocumentError) {
        if bytes[index] == 0x0D {
            guard index + 1 < end, bytes[index + 1] == 0x0A else {
                throw error(
                    "a carriage return must be followed by a line feed (TOML ends lines with LF or CRLF)",
                    at: index)
            }
            index += 2
        } else {
            index += 1
        }
    }

    mutating func newlineOrEnd(after what: String) throws(DocumentError) {
        guard index < end else { return }
        guard bytes[index] == 0x0A || bytes[index] == 0x0D else {
            throw error("the line must end after \(what)", at: index)
        }
        try newline()
    }

    /// The rest of a statement's line: spaces, an optional comment (returned), the newline.
    mutating func lineEnd(after what: String) throws(DocumentError) -> (text: String, span: Range<Int>)? {
        skipSpaces()
        var trailing: (text: String, span: Range<Int>)?
        if index < end, bytes[index] == UInt8(ascii: "#") { trailing = try comment() }
        guard index < end else { return trailing }
        guard bytes[index] == 0x0A || bytes[index] == 0x0D else {
            throw error("the line must end after \(what)", at: index)
        }
        try newline()
        return trailing
    }

    /// A `#` comment up to its line's end; its text without the `#` and one space after it.
    mutating func comment() throws(DocumentError) -> (text: String, span: Range<Int>) {
        let start = index
        index += 1
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A { break }
            if byte == 0x0D, index + 1 < end, bytes[index + 1] == 0x0A { break }
            if (byte < 0x20 && byte != 0x09) || byte == 0x7F {
                throw error(
                    "a comment cannot hold the control character U+\(Self.hex(byte)); remove it",
                    at: index)
            }
            index += 1
        }
        var textStart = start + 1
        if textStart < index, bytes[textStart] == 0x20 { textStart += 1 }
        return (String(decoding: bytes[textStart..<index], as: UTF8.self), start..<index)
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "00" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }

    /// Where the first byte that is not well-formed UTF-8 stands (overlong forms, surrogates and
    /// code points past U+10FFFF included), or nil.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            guard let length = UTF8Sequence.length(in: bytes, at: index) else { return index }
            index += length
        }
        return nil
    }
}
