/// Reads plain YAML into a `SpecNode` tree in one pass over its lines, with the tree and the
/// positions `SpecYAMLReader` gives the same text (libyaml's marks: a block mapping at its first
/// key, a block sequence at its first `-`, a flow collection at its bracket, a scalar at its first
/// character; columns count characters), without libyaml's tokens and events, which were most of
/// a large YAML spec's load.
///
/// Plain YAML is what specs are written in: block mappings and sequences indented with spaces,
/// one-line flow mappings and sequences (`{id: name, type: text}`, `[Small, Large]`), and scalars
/// on one line: plain words, or quoted text with the simplest escapes. It answers nil for
/// anything else (a syntax error, a limit passed, a key given twice, an empty value, a tab, an
/// anchor, a tag, a block or multi-line scalar, a document marker): the YAML reader then reads the
/// text and words the error, as it always did.
///
/// ```swift
/// SpecPlainYAMLReader.read("title: Hi\n")?["title"]?.text // "Hi"
/// ```
enum SpecPlainYAMLReader {
    static func read(_ text: String) -> SpecNode? {
        var text = text
        return text.withUTF8 { bytes in
            var parser = Parser(bytes: bytes)
            return parser.document()
        }
    }

    private typealias Members = [(key: String, keyPosition: SpecPosition?, node: SpecNode)]

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var line = 1
        var lineStart = 0
        /// Where columns were last counted on this line: a byte offset and its column.
        var counted = (offset: 0, column: 1)
        /// The column (bytes of indentation) of the content `index` is at, once found.
        var pending: Int?
        var failed = false
        var depth = 0
        var total = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        var byte: UInt8 { index < bytes.count ? bytes[index] : 0x0A }
        /// The byte after `offset` (a line break past the end).
        func following(_ offset: Int) -> UInt8 { offset + 1 < bytes.count ? bytes[offset + 1] : 0x0A }

        mutating func position(_ offset: Int) -> SpecPosition {
            if counted.offset < lineStart || counted.offset > offset { counted = (lineStart, 1) }
            var column = counted.column
            for at in counted.offset..<offset where bytes[at] & 0xC0 != 0x80 { column += 1 }
            counted = (offset, column)
            return SpecPosition(line: line, column: column)
        }

        /// Whether the byte at `offset` may stand in a scalar or a comment: printable, and no
        /// line break of YAML 1.1's own (NEL, LS, PS).
        func isPrintable(_ offset: Int) -> Bool {
            let byte = bytes[offset]
            if byte < 0x20 || byte == 0x7F { return false }
            if byte < 0x80 { return true }
            let next = following(offset)
            switch byte {
            case 0xC2: return next > 0x9F
            case 0xE2:
                return !(next == 0x80 && (following(offset + 1) == 0xA8 || following(offset + 1) == 0xA9))
            case 0xEF:
                return
                    !((next == 0xBB && following(offset + 1) == 0xBF)
                    || (next == 0xBF && following(offset + 1) >= 0xBE))
            default: return true
            }
        }

        mutating func skipSpaces() {
            while index < bytes.count, bytes[index] == 0x20 { index += 1 }
        }

        /// Spaces, a comment, then the end of the line (or of the text), which is passed.
        mutating func endOfLine() -> Bool {
            let start = index
            skipSpaces()
            if byte == 0x23 {
                guard index > start || index == lineStart else { return false }
                while index < bytes.count, bytes[index] != 0x0A {
                    guard isPrintable(index) || bytes[index] == 0x09 else { return false }
                    index += 1
                }
            }
            guard byte == 0x0A else { return false }
            if index < bytes.count { index += 1 }
            line += 1
            lineStart = index
            pending = nil
            return true
        }

        /// The indentation of the next line with content, `index` at its content; nil at the
        /// end of the text (or on a tab or a document marker, with `failed` set).
        mutating func nextContent() -> Int? {
            if let pending { return pending }
            while index < bytes.count {
                skipSpaces()
                switch byte {
                case 0x0A, 0x23:
                    guard endOfLine() else {
                        failed = true
                        return nil
                    }
                case 0x09, 0x0D:
                    failed = true
                    return nil
                default:
                    let column = index - lineStart
                    // `---`, `...` and directives start new documents or end this one.
                    if column == 0, byte == 0x25 || (byte == 0x2D || byte == 0x2E) && following(index) == byte
                    {
                        failed = true
                        return nil
                    }
                    pending = column
                    return column
                }
            }
            return nil
        }

        mutating func document() -> SpecNode? {
            guard let column = nextContent(), let root = block(column) else { return nil }
            guard nextContent() == nil, !failed else { return nil }
            return root
        }

        var isEntry: Bool { byte == 0x2D && (following(index) == 0x20 || following(index) == 0x0A) }

        /// The block mapping or sequence whose content starts at `index`, at `column`.
        mutating func block(_ column: Int) -> SpecNode? {
            isEntry ? sequence(column) : mapping(column)
        }

        mutating func enter() -> Bool {
            depth += 1
            total += 1
            return depth < SpecLimits.depth - 1 && total <= SpecLimits.nodes
        }

        /// A block sequence whose first `-` is at `index`, at `column`.
        mutating func sequence(_ column: Int) -> SpecNode? {
            guard enter() else { return nil }
            defer { depth -= 1 }
            let start = position(index)
            var items: [SpecNode] = []
            while true {
                index += 1
                pending = nil
                skipSpaces()
                let item: SpecNode?
                if byte == 0x0A || byte == 0x23 {
                    guard endOfLine(), let inner = nextContent(), inner > column else { return nil }
                    item = block(inner)
                } else if isEntry {
                    return nil
                } else {
                    var probe = self
                    if probe.isKey() {
                        item = mapping(index - lineStart)
                    } else {
                        item = inlineValue()
                        guard endOfLine() else { return nil }
                    }
                }
                guard let item else { return nil }
                items.append(item)
                guard let next = nextContent() else { break }
                if next == column, isEntry { continue }
                // Less indented, or a key of the mapping this sequence is the value of.
                guard next <= column else { return nil }
                break
            }
            return SpecNode(.list(items), at: start)
        }

        /// Whether a key and its `:` start at `index`.
        mutating func isKey() -> Bool {
            guard scalar(flow: false) != nil else { return false }
            return byte == 0x3A && (following(index) == 0x20 || following(index) == 0x0A)
        }

        /// A block mapping whose first key is at `index`, at `column`.
        mutating func mapping(_ column: Int) -> SpecNode? {
            guard enter() else { return nil }
            defer { depth -= 1 }
            let start = position(index)
            var members: Members = []
            members.reserveCapacity(4)
            var keys = TableKeys()
            while true {
                let keyStart = index
                guard let keyNode = scalar(flow: false), byte == 0x3A, index - keyStart <= 1_000 else {
                    return nil
                }
                let key = keyNode.text ?? ""
                guard !keys.isRepeated(key, among: members) else { return nil }
                index += 1
                guard byte == 0x20 || byte == 0x0A else { return nil }
                skipSpaces()
                let value: SpecNode?
                if byte == 0x0A || byte == 0x23 {
                    guard endOfLine(), let inner = nextContent() else { return nil }
                    if inner > column {
                        value = block(inner)
                    } else {
                        // A sequence as indented as its key; anything else is an empty value.
                        guard inner == column, isEntry else { return nil }
                        value = sequence(column)
                    }
                } else {
                    value = inlineValue()
                    guard endOfLine() else { return nil }
                }
                guard let value else { return nil }
                members.append((key: key, keyPosition: keyNode.position, node: value))
                guard let next = nextContent() else { break }
                if next < column { break }
                guard next == column, !isEntry else { return nil }
            }
            return SpecNode(.table(members), at: start)
        }

        /// A value that starts at `index` and ends on this line.
        mutating func inlineValue() -> SpecNode? {
            switch byte {
            case 0x7B: return flow(closing: 0x7D)
            case 0x5B: return flow(closing: 0x5D)
            default: return scalar(flow: false)
            }
        }

        /// A one-line flow mapping (`{a: b}`) or sequence (`[a, b]`) from its bracket at `index`.
        mutating func flow(closing: UInt8) -> SpecNode? {
            guard enter() else { return nil }
            defer { depth -= 1 }
            let isTable = closing == 0x7D
            let start = position(index)
            var members: Members = []
            var items: [SpecNode] = []
            if isTable { members.reserveCapacity(4) }
            index += 1
            skipSpaces()
            if byte == closing {
                index += 1
                return SpecNode(isTable ? .table([]) : .list([]), at: start)
            }
            while true {
                if isTable {
                    guard let keyNode = scalar(flow: true), byte == 0x3A, following(index) == 0x20 else {
                        return nil
                    }
                    let key = keyNode.text ?? ""
                    // A row's table has a handful of members.
                    guard members.count < 64, !TableKeys.has(key, in: members) else { return nil }
                    index += 1
                    skipSpaces()
                    guard let value = flowValue() else { return nil }
                    members.append((key: key, keyPosition: keyNode.position, node: value))
                } else {
                    guard let value = flowValue() else { return nil }
                    items.append(value)
                }
                skipSpaces()
                if byte == 0x2C {
                    index += 1
                    skipSpaces()
                    // No comma before the closing bracket.
                    guard byte != closing else { return nil }
                    continue
                }
                guard byte == closing else { return nil }
                index += 1
                return SpecNode(isTable ? .table(members) : .list(items), at: start)
            }
        }

        mutating func flowValue() -> SpecNode? {
            switch byte {
            case 0x7B: return flow(closing: 0x7D)
            case 0x5B: return flow(closing: 0x5D)
            default: return scalar(flow: true)
            }
        }

        /// A plain or quoted scalar on this line from `index`, typed as the YAML reader types it.
        mutating func scalar(flow: Bool) -> SpecNode? {
            total += 1
            guard total <= SpecLimits.nodes else { return nil }
            let start = index
            let text: String
            let quoted: Bool
            switch byte {
            case 0x27, 0x22:
                guard let found = quotedText() else { return nil }
                (text, quoted) = (found, true)
            default:
                guard let found = plainText(flow: flow) else { return nil }
                (text, quoted) = (found, false)
            }
            guard text.utf8.count <= SpecLimits.textBytes else { return nil }
            return SpecNode(
                quoted ? .string(text, quoted: true) : SpecYAMLReader.plain(text), at: position(start))
        }

        /// A plain word: it starts with no indicator, and ends before `: `, ` #`, the line's end,
        /// and in a flow collection before `,`, `:` and brackets; trailing spaces are not its own.
        mutating func plainText(flow: Bool) -> String? {
            let start = index
            switch byte {
            case 0x2D, 0x2E, 0x3F, 0x3A:
                // `-1`, `.5`: not `- `, `---`, `...`, `?` or `:`.
                let next = following(index)
                guard byte != 0x3F, byte != 0x3A, next != 0x20, next != 0x0A, next != byte else { return nil }
            case 0x2C, 0x5B, 0x5D, 0x7B, 0x7D, 0x23, 0x26, 0x2A, 0x21, 0x7C, 0x3E, 0x25, 0x40, 0x60, 0x20,
                0x0A:
                return nil
            default: break
            }
            var end = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x0A { break }
                if byte == 0x3A {
                    let next = following(index)
                    if flow || next == 0x20 || next == 0x0A { break }
                } else if byte == 0x23 {
                    if bytes[index - 1] == 0x20 { break }
                } else if flow, byte == 0x2C || byte == 0x5B || byte == 0x5D || byte == 0x7B || byte == 0x7D {
                    break
                } else if !isPrintable(index) {
                    return nil
                }
                index += 1
                if byte != 0x20 { end = index }
            }
            index = end
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }

        /// Quoted text on this line from its quote at `index`, decoded, and `index` past it.
        mutating func quotedText() -> String? {
            let quote = byte
            index += 1
            let start = index
            var decoded: [UInt8]?
            while true {
                guard index < bytes.count, bytes[index] != 0x0A, isPrintable(index) else { return nil }
                let byte = bytes[index]
                if byte == quote {
                    // `''` is a quote in single-quoted text.
                    guard quote == 0x27, following(index) == 0x27 else { break }
                    if decoded == nil { decoded = Array(bytes[start..<index]) }
                    decoded!.append(0x27)
                    index += 2
                    continue
                }
                if byte == 0x5C, quote == 0x22 {
                    if decoded == nil { decoded = Array(bytes[start..<index]) }
                    switch following(index) {
                    case 0x22, 0x5C: decoded!.append(following(index))
                    case 0x6E: decoded!.append(0x0A)
                    case 0x74: decoded!.append(0x09)
                    default: return nil
                    }
                    index += 2
                    continue
                }
                decoded?.append(byte)
                index += 1
            }
            let text =
                decoded.map { String(decoding: $0, as: UTF8.self) }
                ?? String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            index += 1
            return text
        }
    }
}
