import FormDocument

extension SpecNode {
    /// Reads `text` in `format` into a tree; a syntax error names the file, line and column. The
    /// reading is FormDocument's, the one reader of each format in the house; the tree keeps each
    /// value's and each key's position for the spec's own checks.
    ///
    /// ```swift
    /// let tree = try SpecNode.read(text: #"{"title": "Hi"}"#, format: .json, file: "hi.json")
    /// ```
    public static func read(text: String, format: SpecFormat, file: String) throws(SpecError) -> SpecNode {
        let bytes = Array(text.utf8)
        var root: DocumentNode
        do {
            root = try format.documentFormat.engine.read(bytes)
        } catch {
            throw SpecError(
                file: file, position: SpecPosition(line: error.line, column: error.column),
                message: "not valid \(format.name): \(error.message)")
        }
        var converter = SpecNodeConversion(bytes: bytes, file: file)
        return try converter.node(&root, depth: 0)
    }
}

extension SpecFormat {
    var documentFormat: DocumentFormat {
        switch self {
        case .yaml: .yaml
        case .json: .json
        case .toml: .toml
        }
    }

    var name: String {
        switch self {
        case .yaml: "YAML"
        case .json: "JSON"
        case .toml: "TOML"
        }
    }
}

/// A document's tree as the spec reader's: values with their positions, numbers as integers
/// where they are whole and written so, TOML's dates and times as the texts date rows read.
private struct SpecNodeConversion {
    let bytes: [UInt8]
    let file: String
    var nodes = 0
    /// The last place asked for: the next one, further on, is counted from here (lines and
    /// columns as `LineTable` counts them), so that the whole document is walked once, and a
    /// document of one long line (200,000 members) is placed in linear time.
    var cursor = (offset: 0, line: 1, column: 1)
    /// The lines' starts, made only for a place before the last one (an alias's, a TOML table
    /// written out of order): a walk ahead needs none.
    var lines: LineTable?

    mutating func position(_ offset: Int) -> SpecPosition {
        var (line, column) = (cursor.line, cursor.column)
        if offset >= cursor.offset, offset <= bytes.count {
            var index = cursor.offset
            while index < offset {
                let byte = bytes[index]
                if byte == 0x0A || (byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                index += 1
            }
        } else {
            if lines == nil { lines = LineTable(bytes) }
            (line, column) = lines!.position(of: offset)
        }
        cursor = (offset, line, column)
        return SpecPosition(line: line, column: column)
    }

    /// `node` as the spec's tree, let go of as it is read: each node's content is moved out of
    /// the document's tree and freed once converted (its place keeps an empty scalar), so that
    /// the two trees are not held whole at once (100,000 rows: the load's peak 30 MB lower;
    /// `Benchmarks/specload.py`). Elements and members are read where they stand, not copied
    /// out: copying each took 40% of this conversion.
    mutating func node(_ node: inout DocumentNode, depth: Int) throws(SpecError) -> SpecNode {
        nodes += 1
        guard nodes <= SpecLimits.nodes else {
            throw SpecError(
                file: file, position: position(node.span.lowerBound),
                message: "the spec has more than \(SpecLimits.nodes) values")
        }
        guard depth <= SpecLimits.depth else {
            throw SpecError(
                file: file, position: position(node.span.lowerBound),
                message: "the spec is nested more than \(SpecLimits.depth) levels deep",
                hint: "a form needs far fewer levels: check for brackets that are never closed")
        }
        let at = position(node.span.lowerBound)
        var content = DocumentNode.Content.scalar(.null)
        swap(&content, &node.content)
        switch consume content {
        case .alias(_, var target):
            var shown = try self.node(&target, depth: depth)
            shown.position = at
            return shown
        case .array(var elements):
            var list: [SpecNode] = []
            list.reserveCapacity(elements.count)
            for index in elements.indices { list.append(try self.node(&elements[index], depth: depth + 1)) }
            return SpecNode(.list(list), at: at)
        case .object(var members):
            var table: [(key: String, keyPosition: SpecPosition?, node: SpecNode)] = []
            table.reserveCapacity(members.count)
            var keys = TableKeys()
            for index in members.indices {
                let key = members[index].key
                let keyPosition = position(members[index].keySpan.lowerBound)
                if keys.isRepeated(key, among: table) {
                    let first = table.first { $0.key == key }?.keyPosition
                    throw SpecError(
                        file: file, position: keyPosition, message: "the key '\(key)' is given twice",
                        hint: first.map { "the first is at line \($0.line), column \($0.column); remove one" }
                            ?? "remove one of them")
                }
                table.append((key, keyPosition, try self.node(&members[index].node, depth: depth + 1)))
            }
            return SpecNode(.table(table), at: at)
        case .scalar(let value):
            if case .string(let text) = value, text.utf8.count > SpecLimits.textBytes {
                throw SpecError(
                    file: file, position: at,
                    message: "a text of \(SpecLimits.bytes(text.utf8.count)) is longer than the limit of "
                        + SpecLimits.bytes(SpecLimits.textBytes))
            }
            return SpecNode(scalar(value, style: node.style), at: at)
        }
    }

    func scalar(_ value: DocumentValue, style: DocumentStyle) -> SpecNode.Value {
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let number):
            if number.isInteger, let integer = number.int { return .integer(integer) }
            return .decimal(number.double)
        case .string(let text): return .string(text, quoted: style != .plain)
        case .dateTime(let date): return .string(Self.text(of: date), quoted: true)
        case .array, .object: return .null  // containers come as nodes, never as scalars
        }
    }

    /// A TOML date as a date row reads it: `YYYY-MM-DD`, `HH:MM`, or a UTC instant.
    static func text(of date: DocumentDateTime) -> String {
        switch date.kind {
        case .localDate: return date.text
        case .localTime: return String(date.text.prefix(5))
        case .localDateTime: return String(date.text.prefix(19)) + "Z"
        case .offsetDateTime: return date.text
        }
    }
}
