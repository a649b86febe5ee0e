/// Reads plain TOML into a `SpecNode` tree in one pass over its bytes: the tree toml++ gives the
/// same text (tables' members by key), with the positions `TOMLLocator` then gives it (a table
/// with an `id` at its id's key, its members at their keys), without toml++'s parse, its walk
/// and the locator's second reading, which were most of a large TOML spec's load.
///
/// Plain TOML is what specs are written in: `[table]` and `[[array.of.tables]]` headers of bare
/// keys, `key = value` lines, and values that are basic or literal strings on one line,
/// booleans, decimal integers, decimals without an exponent, and one-line arrays of these. It
/// answers nil for anything else (a syntax error, a limit passed, a key given twice, a date, an
/// inline table, a multi-line string, a dotted key, an id the locator would place otherwise):
/// toml++ then reads the text and words the error, as it always did.
///
/// ```swift
/// SpecTOMLReader.read("title = \"Hi\"\n")?["title"]?.text // "Hi"
/// ```
enum SpecTOMLReader {
    static func read(_ text: String) -> SpecNode? {
        var text = text
        return text.withUTF8 { bytes in
            var parser = Parser(bytes: bytes)
            guard parser.document() else { return nil }
            return parser.node(of: 0, at: nil)
        }
    }

    /// The locator looks for a table's keys up to this many lines from its header (it reaches
    /// 200): a table spread wider is left to it.
    private static let reach = 150

    /// A table as it is read: its members in the file's order, other tables by number.
    private struct Table {
        struct Member {
            var key: String
            /// Where the key is written: in a `key = value` line, or the header that made it.
            var position: SpecPosition
            /// Whether it is a `key = value` line of this table, which the locator finds.
            var isWritten: Bool
            var item: Item
        }
        enum Item {
            case value(SpecNode)
            /// A table, by its number.
            case table(Int)
            /// An array of tables, by the number of its list.
            case tables(Int)
        }

        var members: [Member] = []
        /// Member indices by key, once there are more than a few.
        var index: [String: Int]?
        /// The header's line (0 for the root).
        let headerLine: Int
        /// Where its `id = "…"` is written.
        var idPosition: SpecPosition?

        init(headerLine: Int) {
            self.headerLine = headerLine
            members.reserveCapacity(4)
        }

        func find(_ key: String) -> Int? {
            if let index { return index[key] }
            let length = key.utf8.count
            return members.firstIndex { $0.key.utf8.count == length && $0.key == key }
        }

        mutating func add(_ member: Member) {
            if index == nil, members.count >= 16 {
                index = Dictionary(uniqueKeysWithValues: members.indices.map { (members[$0].key, $0) })
            }
            index?[member.key] = members.count
            members.append(member)
        }
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        /// The line (0-based) `index` is on, and where it starts.
        var line = 0
        var lineStart = 0
        /// Every table read, the root first; the arrays of tables, as lists of table numbers.
        var tables = [Table(headerLine: 0)]
        var lists: [[Int]] = []
        var total = 1
        /// Every id string: the locator places an id given twice otherwise.
        var ids = Set<String>()

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        var byte: UInt8 { index < bytes.count ? bytes[index] : 0x0A }

        mutating func skipBlanks() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        }

        /// A comment or nothing, then the line's end (or the text's).
        mutating func endOfLine() -> Bool {
            skipBlanks()
            if byte == 0x23 {
                while index < bytes.count, bytes[index] != 0x0A {
                    guard isAllowed(at: index) else { return false }
                    index += 1
                }
            }
            guard index == bytes.count || bytes[index] == 0x0A else { return false }
            index += 1
            line += 1
            lineStart = index
            return true
        }

        /// A byte TOML takes in a comment or a string: no control character but tab, and (so as
        /// not to ask whether toml++ does) no C1 control either.
        func isAllowed(at offset: Int) -> Bool {
            let byte = bytes[offset]
            if byte < 0x20 { return byte == 0x09 }
            if byte == 0x7F { return false }
            if byte == 0xC2, offset + 1 < bytes.count, bytes[offset + 1] >= 0x80, bytes[offset + 1] <= 0x9F {
                return false
            }
            return true
        }

        static func isBare(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x5F
                || byte == 0x2D
        }

        /// A bare key at `index`, and its position.
        mutating func bareKey() -> (String, SpecPosition)? {
            let start = index
            while index < bytes.count, Self.isBare(bytes[index]) { index += 1 }
            guard index > start else { return nil }
            // Before a key there are only spaces and tabs: bytes are columns.
            let position = SpecPosition(line: line + 1, column: start - lineStart + 1)
            return (
                String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self), position
            )
        }

        mutating func document() -> Bool {
            var current = 0
            while index < bytes.count {
                skipBlanks()
                switch byte {
                case 0x0A, 0x23:
                    guard endOfLine() else { return false }
                case 0x5B:
                    guard let table = header(), endOfLine() else { return false }
                    current = table
                default:
                    guard keyValue(in: current), endOfLine() else { return false }
                }
            }
            return true
        }

        /// `[a.b]` or `[[a.b]]`: the number of the table it opens.
        mutating func header() -> Int? {
            let headerLine = line
            let isArray = index + 1 < bytes.count && bytes[index + 1] == 0x5B
            index += isArray ? 2 : 1
            var path: [(String, SpecPosition)] = []
            repeat {
                if !path.isEmpty { index += 1 }
                guard let key = bareKey(), path.count < 8 else { return nil }
                path.append(key)
            } while byte == 0x2E
            for _ in 0..<(isArray ? 2 : 1) {
                guard byte == 0x5D else { return nil }
                index += 1
            }
            var table = 0
            for (key, position) in path.dropLast() {
                guard let found = tables[table].find(key) else {
                    let made = make(headerLine)
                    tables[table].add(
                        .init(key: key, position: position, isWritten: false, item: .table(made)))
                    table = made
                    continue
                }
                switch tables[table].members[found].item {
                case .table(let inner): table = inner
                case .tables(let list): table = lists[list][lists[list].count - 1]
                case .value: return nil
                }
            }
            let (key, position) = path[path.count - 1]
            let made = make(headerLine)
            if let found = tables[table].find(key) {
                // `[a]` once `[a.b]` made it, and anything but another `[[a]]`, are left to toml++.
                guard isArray, case .tables(let list) = tables[table].members[found].item else { return nil }
                lists[list].append(made)
            } else {
                let item: Table.Item
                if isArray {
                    total += 1
                    lists.append([made])
                    item = .tables(lists.count - 1)
                } else {
                    item = .table(made)
                }
                tables[table].add(.init(key: key, position: position, isWritten: false, item: item))
            }
            return total <= SpecLimits.nodes ? made : nil
        }

        /// A new table, by its number.
        mutating func make(_ headerLine: Int) -> Int {
            total += 1
            tables.append(Table(headerLine: headerLine))
            return tables.count - 1
        }

        /// The tree toml++ and the locator make of table `number`: members by key; a table with
        /// an id at its id, each member at its key when written in the table's lines, else at
        /// the id; other tables at `position`.
        mutating func node(of number: Int, at position: SpecPosition?) -> SpecNode {
            // Taken out, not copied: each table is made into a node once.
            var members = tables[number].members
            tables[number].members = []
            let idPosition = tables[number].idPosition
            members.sort { $0.key < $1.key }
            var made: [(key: String, keyPosition: SpecPosition?, node: SpecNode)] = []
            made.reserveCapacity(members.count)
            for member in members {
                let keyPosition = idPosition.map { member.isWritten ? member.position : $0 }
                var node: SpecNode
                switch member.item {
                case .value(let value): node = value
                case .table(let table): node = self.node(of: table, at: keyPosition)
                case .tables(let list):
                    var items: [SpecNode] = []
                    items.reserveCapacity(lists[list].count)
                    for table in lists[list] { items.append(self.node(of: table, at: nil)) }
                    node = SpecNode(.list(items))
                }
                if node.position == nil { node.position = keyPosition }
                made.append((key: member.key, keyPosition: keyPosition, node: node))
            }
            return SpecNode(.table(made), at: idPosition ?? position)
        }

        /// `key = value` in `table`.
        mutating func keyValue(in table: Int) -> Bool {
            guard let (key, position) = bareKey() else { return false }
            // Spaces only: the locator finds no key with a tab before its `=`.
            while byte == 0x20 { index += 1 }
            guard byte == 0x3D, tables[table].find(key) == nil else { return false }
            index += 1
            skipBlanks()
            guard let value = value(inArray: false) else { return false }
            if key == "id" {
                // Where the locator finds this id, and no other table's: an id of text alone.
                guard case .string(let id, _) = value.value, table != 0, !id.isEmpty,
                    !id.utf8.contains(where: { $0 == 0x22 || $0 == 0x27 || $0 == 0x2C || $0 == 0x7D }),
                    id.utf8.last != 0x20, id.utf8.last != 0x09, ids.insert(id).inserted
                else { return false }
                tables[table].idPosition = position
            }
            guard tables[table].idPosition == nil || line - tables[table].headerLine < reach else {
                return false
            }
            tables[table].add(.init(key: key, position: position, isWritten: true, item: .value(value)))
            return true
        }

        /// A value on this line: an array of values only at the top.
        mutating func value(inArray: Bool) -> SpecNode? {
            total += 1
            guard total <= SpecLimits.nodes else { return nil }
            switch byte {
            case 0x22, 0x27: return string().map { SpecNode(.string($0, quoted: true)) }
            case 0x74: return word("true") ? SpecNode(.bool(true)) : nil
            case 0x66: return word("false") ? SpecNode(.bool(false)) : nil
            case 0x2D, 0x30...0x39: return number()
            case 0x5B where !inArray:
                index += 1
                var items: [SpecNode] = []
                while true {
                    skipBlanks()
                    if byte == 0x5D { break }
                    guard let item = value(inArray: true) else { return nil }
                    items.append(item)
                    skipBlanks()
                    if byte == 0x2C {
                        index += 1
                    } else {
                        guard byte == 0x5D else { return nil }
                    }
                }
                index += 1
                return SpecNode(.list(items))
            default: return nil
            }
        }

        /// Whether `literal` is at `index`, whole (it is then passed).
        mutating func word(_ literal: StaticString) -> Bool {
            let length = literal.utf8CodeUnitCount
            guard bytes.count - index >= length else { return false }
            for offset in 0..<length where bytes[index + offset] != literal.utf8Start[offset] { return false }
            index += length
            return isEnd
        }

        /// Whether a value may end here.
        var isEnd: Bool {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x23, 0x2C, 0x5D: true
            default: false
            }
        }

        /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?`, within an Int or as a Double.
        mutating func number() -> SpecNode? {
            let start = index
            if byte == 0x2D { index += 1 }
            let digits = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            guard index > digits, bytes[digits] != 0x30 || index == digits + 1 else { return nil }
            var isDecimal = false
            if byte == 0x2E {
                isDecimal = true
                index += 1
                let fraction = index
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
                // Short enough that no decimal is out of a Double's range.
                guard index > fraction, index - start <= 40 else { return nil }
            }
            guard isEnd else { return nil }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            if isDecimal { return Double(text).map { SpecNode(.decimal($0)) } }
            return Int(text).map { SpecNode(.integer($0)) }
        }

        /// A basic or literal string on one line, decoded, and `index` past its closing quote.
        mutating func string() -> String? {
            let quote = byte
            index += 1
            // `"""` and `'''` are multi-line strings; `""` an empty one.
            if byte == quote, index + 1 < bytes.count, bytes[index + 1] == quote { return nil }
            let start = index
            var decoded: [UInt8]?
            while index < bytes.count, bytes[index] != quote {
                guard isAllowed(at: index) else { return nil }
                if bytes[index] == 0x5C, quote == 0x22 {
                    if decoded == nil { decoded = Array(bytes[start..<index]) }
                    index += 1
                    guard index < bytes.count else { return nil }
                    switch bytes[index] {
                    // No `\"`: the locator ends a string at any quote.
                    case 0x5C: decoded!.append(0x5C)
                    case 0x6E: decoded!.append(0x0A)
                    case 0x74: decoded!.append(0x09)
                    case 0x72: decoded!.append(0x0D)
                    case 0x62: decoded!.append(0x08)
                    case 0x66: decoded!.append(0x0C)
                    default: return nil
                    }
                } else {
                    decoded?.append(bytes[index])
                }
                index += 1
            }
            guard index < bytes.count else { return nil }
            let text =
                decoded.map { String(decoding: $0, as: UTF8.self) }
                ?? String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            index += 1
            guard text.utf8.count <= SpecLimits.textBytes else { return nil }
            return text
        }
    }
}
