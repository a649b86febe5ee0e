/// Finds where TOML rows are written, for messages: each `id = "…"` in the text, at the start of a
/// line or inside an inline table (`{id = "name", …}`).
///
/// It reads bytes, not characters, and looks at each table's lines once: a spec of 100,000 rows
/// has half a million keys to place.
struct TOMLLocator {
    private let bytes: [UInt8]
    /// Where each line starts in `bytes`.
    private let lineStarts: [Int]
    /// Where each id is written, and how many tables with it have been placed so far.
    private var idLines: [String: (positions: [SpecPosition], placed: Int)] = [:]
    /// How far a member's key is looked for above and below its table's id line.
    private static let reach = 200

    private static let (space, tab, newline, quote, apostrophe) = (
        UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\""), UInt8(ascii: "'")
    )

    init(text: String) {
        bytes = Array(text.utf8)
        var starts = [0]
        // Lines naming an id are the few with the bytes "id": found in the same pass.
        var idLineIndices: [Int] = []
        bytes.withUnsafeBufferPointer { bytes in
            var previous: UInt8 = 0
            for offset in bytes.indices {
                let byte = bytes[offset]
                if byte == Self.newline {
                    starts.append(offset + 1)
                } else if byte == UInt8(ascii: "d"), previous == UInt8(ascii: "i"),
                    idLineIndices.last != starts.count - 1
                {
                    idLineIndices.append(starts.count - 1)
                }
                previous = byte
            }
        }
        lineStarts = starts
        for index in idLineIndices {
            for key in keys(in: index) where key.name == "id" {
                var value = key.value
                while value.first == Self.quote || value.first == Self.apostrophe {
                    value = value.dropFirst()
                }
                let end =
                    value.firstIndex {
                        $0 == Self.quote || $0 == Self.apostrophe || $0 == UInt8(ascii: ",")
                            || $0 == UInt8(ascii: "}")
                    } ?? value.endIndex
                var id = value[..<end]
                while let last = id.last, last == Self.space || last == Self.tab { id = id.dropLast() }
                idLines[String(decoding: id, as: UTF8.self), default: ([], 0)].positions.append(
                    SpecPosition(line: index + 1, column: key.column))
            }
        }
    }

    /// The bytes of line `index` (0-based), without its line break.
    private func line(_ index: Int) -> ArraySlice<UInt8> {
        let end = index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : bytes.count
        return bytes[lineStarts[index]..<end]
    }

    /// Each `key = value` in line `index`, at its start or after `{` or `,`: the key, its column
    /// and the bytes after the `=`.
    private func keys(in index: Int) -> [(name: String, column: Int, value: ArraySlice<UInt8>)] {
        let line = self.line(index)
        var found: [(name: String, column: Int, value: ArraySlice<UInt8>)] = []
        var column = 0
        var at = line.startIndex
        var atStart = true
        var open: UInt8?
        while at < line.endIndex {
            let byte = line[at]
            // Columns count characters: a UTF-8 continuation byte is not one.
            if byte & 0xC0 != 0x80 { column += 1 }
            if let quote = open {
                if byte == quote { open = nil }
            } else if byte == Self.quote || byte == Self.apostrophe {
                open = byte
                atStart = false
            } else if byte == UInt8(ascii: "#") {
                break
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: ",") {
                atStart = true
            } else if byte == Self.space || byte == Self.tab {
                // Spaces keep whether a key may start here.
            } else if atStart {
                var end = at
                while end < line.endIndex, Self.isBareKey(line[end]) { end += 1 }
                var rest = end
                while rest < line.endIndex, line[rest] == Self.space || line[rest] == Self.tab { rest += 1 }
                if end > at, rest < line.endIndex, line[rest] == UInt8(ascii: "=") {
                    var value = rest + 1
                    while value < line.endIndex, line[value] == Self.space || line[value] == Self.tab {
                        value += 1
                    }
                    found.append(
                        (String(decoding: line[at..<end], as: UTF8.self), column, line[value...]))
                }
                atStart = false
            } else {
                atStart = false
            }
            at += 1
        }
        return found
    }

    private static func isBareKey(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x5F || byte == 0x2D
    }

    /// Gives each table with an `id` the position of its id line (the n-th table with the same
    /// id takes the n-th such line), and its members the line of their key below it.
    mutating func place(_ node: inout SpecNode) {
        // Taken out of the node, so that they are changed in place, not copied.
        if case .list = node.value {
            var items = node.value.takeItems()
            for index in items.indices { place(&items[index]) }
            node.value = .list(items)
        } else if case .table = node.value {
            var members = node.value.takeMembers()
            placeMembers(&members, of: &node)
            for index in members.indices { place(&members[index].node) }
            node.value = .table(members)
        }
    }

    /// The n-th table with an id takes the n-th line with it; its members, the lines of their keys.
    private mutating func placeMembers(
        _ members: inout [(key: String, keyPosition: SpecPosition?, node: SpecNode)], of node: inout SpecNode
    ) {
        guard let id = members.first(where: { $0.key == "id" })?.node.text,
            let slot = idLines.index(forKey: id)
        else { return }
        let occurrence = idLines.values[slot].placed
        idLines.values[slot].placed += 1
        let positions = idLines.values[slot].positions
        let start = positions[min(occurrence, positions.count - 1)]
        node.position = start
        // A key on the id's own line (an inline table) is there; the others are on lines of
        // their own, from the table's header above to the next header below.
        let inline = start.line - 1 < lineStarts.count ? keys(in: start.line - 1) : []
        var block: [(key: Range<Int>, position: SpecPosition)]?
        for index in members.indices {
            let key = members[index].key
            if let written = inline.first(where: { $0.name == key }) {
                members[index].keyPosition = SpecPosition(line: start.line, column: written.column)
            } else {
                if block == nil { block = blockKeys(from: start) }
                members[index].keyPosition = block?.first { isKey(key, at: $0.key) }?.position ?? start
            }
            if members[index].node.position == nil {
                members[index].node.position = members[index].keyPosition
            }
        }
    }

    /// Whether the bytes at `range` are `key`'s.
    private func isKey(_ key: String, at range: Range<Int>) -> Bool {
        guard key.utf8.count == range.count else { return false }
        var at = range.lowerBound
        for byte in key.utf8 {
            guard bytes[at] == byte else { return false }
            at += 1
        }
        return true
    }

    /// The keys written on lines of their own in the table whose id is at `start`, from the
    /// table's header above to the next header below, and where.
    private func blockKeys(from start: SpecPosition) -> [(key: Range<Int>, position: SpecPosition)] {
        let row = start.line - 1
        guard row < lineStarts.count else { return [] }
        return bytes.withUnsafeBufferPointer { bytes in
            /// Line `index`'s first byte that is no space or tab (its end if none), and its end.
            func indent(of index: Int) -> (first: Int, end: Int) {
                let end = index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : bytes.count
                var first = lineStarts[index]
                while first < end, bytes[first] == Self.space || bytes[first] == Self.tab { first += 1 }
                return (first, end)
            }
            func isHeader(_ index: Int) -> Bool {
                let (first, end) = indent(of: index)
                return first < end && bytes[first] == UInt8(ascii: "[")
            }
            var first = row
            // The table's header is above its id line; its keys may be above the id too.
            while first > 0, row - first < Self.reach, !isHeader(first) { first -= 1 }
            var found: [(key: Range<Int>, position: SpecPosition)] = []
            var index = first + 1
            while index < lineStarts.count, index - row < Self.reach {
                let (keyStart, end) = indent(of: index)
                if keyStart < end, bytes[keyStart] == UInt8(ascii: "[") { break }
                var keyEnd = keyStart
                while keyEnd < end, Self.isBareKey(bytes[keyEnd]) { keyEnd += 1 }
                var rest = keyEnd
                while rest < end, bytes[rest] == Self.space { rest += 1 }
                if keyEnd > keyStart, rest < end, bytes[rest] == UInt8(ascii: "=") {
                    found.append(
                        (
                            keyStart..<keyEnd,
                            SpecPosition(line: index + 1, column: keyStart - lineStarts[index] + 1)
                        ))
                }
                index += 1
            }
            return found
        }
    }
}

extension SpecNode.Value {
    /// A table's members, taken out and `.null` left: the caller owns the only copy.
    fileprivate mutating func takeMembers() -> [(key: String, keyPosition: SpecPosition?, node: SpecNode)] {
        guard case .table(let members) = self else { return [] }
        self = .null
        return members
    }

    /// A list's items, taken out and `.null` left.
    fileprivate mutating func takeItems() -> [SpecNode] {
        guard case .list(let items) = self else { return [] }
        self = .null
        return items
    }
}
