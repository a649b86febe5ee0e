/// Reads plain JSON into a `SpecNode` tree in one pass over its bytes, with the positions the
/// YAML reader gives the same text (libyaml's marks: line and column from 1, a column counting
/// characters), without libyaml's tokens and events (which were most of a large JSON spec's load).
///
/// It answers nil for anything it does not take on itself: a syntax error, a limit passed, a key
/// given twice, an escape or a character YAML would judge otherwise. The YAML reader, which reads
/// JSON too, then reads the text and words the error, as it always did.
///
/// ```swift
/// SpecJSONReader.read(#"{"title": "Hi"}"#)?["title"]?.text // "Hi"
/// ```
enum SpecJSONReader {
    static func read(_ text: String) -> SpecNode? {
        var text = text
        return text.withUTF8 { bytes in
            var parser = Parser(bytes: bytes)
            return parser.document()
        }
    }

    private struct Frame {
        var isTable: Bool
        var position: SpecPosition
        var items: [SpecNode] = []
        var members: [(key: String, keyPosition: SpecPosition?, node: SpecNode)] = []
        var keys = TableKeys()

        /// Whether `key` is already a key of this table (and from now on, it is one).
        mutating func isRepeated(_ key: String) -> Bool { keys.isRepeated(key, among: members) }
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var line = 1
        /// Where columns were last counted: a byte offset on the current line and its column.
        var counted = (offset: 0, column: 1)
        var total = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        /// The position of the byte at `index`: positions are asked in order, so each byte of a
        /// line is counted once.
        mutating func position() -> SpecPosition {
            var column = counted.column
            for offset in counted.offset..<index where bytes[offset] & 0xC0 != 0x80 { column += 1 }
            counted = (index, column)
            return SpecPosition(line: line, column: column)
        }

        /// Skips spaces and line breaks; false on a lone carriage return (a break of YAML's own).
        mutating func skipSpace() -> Bool {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09: index += 1
                case 0x0A:
                    index += 1
                    line += 1
                    counted = (index, 1)
                case 0x0D:
                    guard index + 1 < bytes.count, bytes[index + 1] == 0x0A else { return false }
                    index += 1
                default: return true
                }
            }
            return true
        }

        mutating func document() -> SpecNode? {
            guard skipSpace(), index < bytes.count, bytes[index] == 0x7B || bytes[index] == 0x5B else {
                return nil
            }
            var stack: [Frame] = []
            var pendingKey: [(String, SpecPosition)] = []
            while true {
                // A value starts at `index`.
                guard index < bytes.count else { return nil }
                let start = position()
                var done: SpecNode?
                switch bytes[index] {
                case 0x7B, 0x5B:
                    guard stack.count < SpecLimits.depth else { return nil }
                    let isTable = bytes[index] == 0x7B
                    index += 1
                    guard skipSpace(), index < bytes.count else { return nil }
                    if bytes[index] == (isTable ? 0x7D : 0x5D) {
                        index += 1
                        done = SpecNode(isTable ? .table([]) : .list([]), at: start)
                    } else {
                        var frame = Frame(isTable: isTable, position: start)
                        // A row's table has three to six members: one or two allocations, not four, and no
                        // more room than it fills (a row of four would keep eight).
                        if isTable { frame.members.reserveCapacity(4) }
                        stack.append(frame)
                        if isTable {
                            guard let key = key(in: &stack[stack.count - 1]) else { return nil }
                            pendingKey.append(key)
                        }
                        continue
                    }
                case 0x22:
                    guard let text = string() else { return nil }
                    done = SpecNode(.string(text, quoted: true), at: start)
                case 0x74, 0x66, 0x6E, 0x2D, 0x30...0x39:
                    guard let word = word() else { return nil }
                    done = SpecNode(SpecYAMLReader.plain(word), at: start)
                default: return nil
                }
                total += 1
                guard var node = done, total <= SpecLimits.nodes else { return nil }
                // After a value: a comma and the next, or the end of what holds it (which is a
                // value in turn), or the end of the text.
                while true {
                    guard skipSpace() else { return nil }
                    guard !stack.isEmpty else { return index == bytes.count ? node : nil }
                    let top = stack.count - 1
                    if stack[top].isTable {
                        let (key, keyPosition) = pendingKey.removeLast()
                        stack[top].members.append((key: key, keyPosition: keyPosition, node: node))
                    } else {
                        stack[top].items.append(node)
                    }
                    guard index < bytes.count else { return nil }
                    if bytes[index] == 0x2C {
                        index += 1
                        guard skipSpace() else { return nil }
                        if stack[top].isTable {
                            guard let key = key(in: &stack[top]) else { return nil }
                            pendingKey.append(key)
                        }
                        break
                    }
                    guard bytes[index] == (stack[top].isTable ? 0x7D : 0x5D) else { return nil }
                    index += 1
                    let frame = stack.removeLast()
                    total += 1
                    guard total <= SpecLimits.nodes else { return nil }
                    // Moved out, not copied: a node is a tree.
                    node = SpecNode(
                        frame.isTable ? .table(frame.members) : .list(frame.items), at: frame.position)
                }
            }
        }

        /// A table's key, its colon and the space after it; nil when it is not one, or repeated.
        mutating func key(in frame: inout Frame) -> (String, SpecPosition)? {
            guard index < bytes.count, bytes[index] == 0x22 else { return nil }
            let start = position()
            guard let key = string(), !frame.isRepeated(key), skipSpace(), index < bytes.count,
                bytes[index] == 0x3A
            else { return nil }
            index += 1
            guard skipSpace() else { return nil }
            return (key, start)
        }

        /// A string from its opening quote, decoded, and `index` past its closing quote.
        mutating func string() -> String? {
            index += 1
            let start = index
            var decoded: [UInt8]?
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case 0x22:
                    let text =
                        decoded.map { String(decoding: $0, as: UTF8.self) }
                        ?? String(
                            decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                    index += 1
                    guard text.utf8.count <= SpecLimits.textBytes else { return nil }
                    return text
                case 0x5C:
                    if decoded == nil { decoded = Array(bytes[start..<index]) }
                    index += 1
                    guard index < bytes.count else { return nil }
                    switch bytes[index] {
                    case 0x22, 0x5C, 0x2F: decoded!.append(bytes[index])
                    case 0x62: decoded!.append(0x08)
                    case 0x66: decoded!.append(0x0C)
                    case 0x6E: decoded!.append(0x0A)
                    case 0x72: decoded!.append(0x0D)
                    case 0x74: decoded!.append(0x09)
                    case 0x75:
                        guard index + 4 < bytes.count, let code = hex(index + 1), code != 0,
                            !(0xD800...0xDFFF).contains(code), let scalar = Unicode.Scalar(code)
                        else { return nil }
                        decoded!.append(contentsOf: String(Character(scalar)).utf8)
                        index += 4
                    default: return nil
                    }
                    index += 1
                    continue
                case 0..<0x20, 0x7F: return nil
                // C1 controls (but NEL), U+FEFF and U+FFFE/F: characters YAML does not print.
                case 0xC2
                where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1])
                    && bytes[index + 1] != 0x85:
                    return nil
                case 0xEF
                where index + 2 < bytes.count
                    && ((bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF)
                        || (bytes[index + 1] == 0xBF && bytes[index + 2] >= 0xBE)):
                    return nil
                default: break
                }
                decoded?.append(byte)
                index += 1
            }
            return nil
        }

        /// Four hex digits at `at`.
        func hex(_ at: Int) -> UInt32? {
            var value: UInt32 = 0
            for offset in at..<(at + 4) {
                let byte = bytes[offset]
                let digit: UInt8
                switch byte {
                case 0x30...0x39: digit = byte - 0x30
                case 0x41...0x46: digit = byte - 0x41 + 10
                case 0x61...0x66: digit = byte - 0x61 + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }

        /// A number, `true`, `false` or `null`, checked against JSON's grammar, as written.
        mutating func word() -> String? {
            let start = index
            for literal in ["true", "false", "null"] as [StaticString]
            where bytes[index] == literal.utf8Start[0] {
                let length = literal.utf8CodeUnitCount
                guard bytes.count - index >= length else { return nil }
                for offset in 0..<length where bytes[index + offset] != literal.utf8Start[offset] {
                    return nil
                }
                index += length
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            }
            func digits() -> Bool {
                let first = index
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
                return index > first
            }
            if bytes[index] == 0x2D { index += 1 }
            guard index < bytes.count else { return nil }
            if bytes[index] == 0x30 {
                index += 1
            } else if !digits() {
                return nil
            }
            if index < bytes.count, bytes[index] == 0x2E {
                index += 1
                guard digits() else { return nil }
            }
            if index < bytes.count, bytes[index] == 0x65 || bytes[index] == 0x45 {
                index += 1
                if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
                guard digits() else { return nil }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }
    }
}
