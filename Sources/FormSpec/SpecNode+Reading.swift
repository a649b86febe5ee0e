import TOMLKit
import Yams

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension SpecNode {
    /// Reads `text` in `format` into a tree; a syntax error names the file, line and column.
    ///
    /// ```swift
    /// let tree = try SpecNode.read(text: #"{"title": "Hi"}"#, format: .json, file: "hi.json")
    /// ```
    public static func read(text: String, format: SpecFormat, file: String) throws(SpecError) -> SpecNode {
        switch format {
        case .yaml: return try readYAML(text, file: file)
        case .json: return try readJSON(text, file: file)
        case .toml: return try readTOML(text, file: file)
        }
    }

    // MARK: YAML

    private static func readYAML(_ text: String, file: String) throws(SpecError) -> SpecNode {
        let node: Yams.Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw yamlError(error, file: file)
        } catch {
            throw SpecError(file: file, position: nil, message: "not readable as YAML: \(error)")
        }
        guard let node else { return SpecNode(.null, at: SpecPosition(line: 1, column: 1)) }
        return convert(node)
    }

    private static func yamlError(_ error: YamlError, file: String) -> SpecError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let what = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(
                separator: ", ")
            return SpecError(
                file: file, position: SpecPosition(line: mark.line, column: mark.column),
                message: "not valid YAML: \(what)",
                hint: "check the indentation and the quotes around text with ':' or '#' in it")
        default:
            return SpecError(file: file, position: nil, message: "not valid YAML: \(error)")
        }
    }

    private static func convert(_ node: Yams.Node) -> SpecNode {
        let position = node.mark.map { SpecPosition(line: $0.line, column: $0.column) }
        switch node {
        case .scalar(let scalar):
            return SpecNode(scalarValue(scalar, node: node), at: position)
        case .sequence(let sequence):
            return SpecNode(.list(sequence.map(convert)), at: position)
        case .mapping(let mapping):
            let members = mapping.map { pair in
                (
                    key: pair.key.string ?? "",
                    keyPosition: pair.key.mark.map { SpecPosition(line: $0.line, column: $0.column) },
                    node: convert(pair.value)
                )
            }
            return SpecNode(.table(members), at: position)
        }
    }

    /// Plain words take YAML's types (`true`, `12`, `~`); quoted text stays text.
    private static func scalarValue(_ scalar: Yams.Node.Scalar, node: Yams.Node) -> Value {
        guard scalar.style == .plain else { return .string(scalar.string, quoted: true) }
        if node.null != nil { return .null }
        // Only the YAML 1.2 booleans: "yes", "no", "on" and "off" stay words (Norway is a country).
        if ["true", "True", "TRUE"].contains(scalar.string) { return .bool(true) }
        if ["false", "False", "FALSE"].contains(scalar.string) { return .bool(false) }
        if let integer = Int(scalar.string) { return .integer(integer) }
        if scalar.string.contains(where: \.isNumber), let decimal = node.float, decimal.isFinite {
            return .decimal(decimal)
        }
        return .string(scalar.string, quoted: false)
    }

    // MARK: JSON

    /// The JSON decoder says whether the text is JSON; the tree with positions then comes from
    /// the YAML reader, which reads JSON too and keeps where each value is.
    private static func readJSON(_ text: String, file: String) throws(SpecError) -> SpecNode {
        do {
            _ = try JSONDecoder().decode(AnyJSON.self, from: Data(text.utf8))
        } catch {
            // The decoder seldom says where; the YAML reader, which reads JSON, stops there too.
            var position = jsonPosition(of: error)
            if position == nil {
                do { _ = try readYAML(text, file: file) } catch let yamlError {
                    position = yamlError.position
                }
            }
            throw SpecError(
                file: file, position: position, message: "not valid JSON: \(jsonReason(error))",
                hint: "JSON needs double quotes around keys and text, and no comma before } or ]")
        }
        return try readYAML(text, file: file)
    }

    private struct AnyJSON: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    private static func jsonReason(_ error: any Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            return context.underlyingError.map { "\($0)" } ?? context.debugDescription
        }
        return "\(error)"
    }

    /// The decoder words its errors "… around line 3, column 7."; that is where it stopped.
    private static func jsonPosition(of error: any Error) -> SpecPosition? {
        let reason = jsonReason(error)
        guard let lineRange = reason.range(of: "line "), let columnRange = reason.range(of: "column ") else {
            return nil
        }
        let line = Int(reason[lineRange.upperBound...].prefix(while: \.isNumber))
        let column = Int(reason[columnRange.upperBound...].prefix(while: \.isNumber))
        guard let line, let column else { return nil }
        return SpecPosition(line: line, column: column)
    }

    // MARK: TOML

    private static func readTOML(_ text: String, file: String) throws(SpecError) -> SpecNode {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw SpecError(
                file: file,
                position: SpecPosition(line: error.source.begin.line, column: error.source.begin.column),
                message: "not valid TOML: \(error.description)",
                hint: "rows are written as [[sections.rows]] tables, text in double quotes")
        } catch {
            throw SpecError(file: file, position: nil, message: "not valid TOML: \(error)")
        }
        var node = convert(table)
        // TOML's reader keeps no positions: each row takes the line of its `id = "…"`, so that an
        // error still points at the row it is about.
        let locator = TOMLLocator(text: text)
        locator.place(&node)
        return node
    }

    private static func convert(_ value: any TOMLValueConvertible) -> SpecNode {
        if let table = value.table {
            return SpecNode(.table(table.keys.map { (key: $0, keyPosition: nil, node: convert(table[$0]!)) }))
        }
        if let array = value.array { return SpecNode(.list(array.map { convert($0) })) }
        if let flag = value.bool, value.type == .bool { return SpecNode(.bool(flag)) }
        if let integer = value.int, value.type == .int { return SpecNode(.integer(integer)) }
        if let decimal = value.double, value.type == .double { return SpecNode(.decimal(decimal)) }
        if let string = value.string, value.type == .string { return SpecNode(.string(string, quoted: true)) }
        if let date = value.date, value.type == .date {
            return SpecNode(
                .string(SpecDates.text(year: date.year, month: date.month, day: date.day), quoted: true))
        }
        if let time = value.time, value.type == .time {
            return SpecNode(.string(SpecDates.text(hour: time.hour, minute: time.minute), quoted: true))
        }
        if let stamp = value.dateTime, value.type == .dateTime {
            let day = SpecDates.text(year: stamp.date.year, month: stamp.date.month, day: stamp.date.day)
            let time = SpecDates.text(hour: stamp.time.hour, minute: stamp.time.minute)
            return SpecNode(
                .string("\(day)T\(time):\(SpecDates.twoDigits(stamp.time.second))Z", quoted: true))
        }
        return SpecNode(.null)
    }
}

/// Finds where TOML rows are written, for messages: the line of each `id = "…"` in the text.
struct TOMLLocator {
    private var idLines: [String: [SpecPosition]] = [:]
    private let lines: [Substring]

    init(text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("id"), let equals = trimmed.firstIndex(of: "=") else { continue }
            guard trimmed[trimmed.startIndex..<equals].trimmingCharacters(in: .whitespaces) == "id" else {
                continue
            }
            let value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            let id = String(
                value.drop { $0 == "\"" || $0 == "'" }.reversed().drop { $0 == "\"" || $0 == "'" }.reversed())
            let column = line.distance(from: line.startIndex, to: trimmed.startIndex) + 1
            idLines[id, default: []].append(SpecPosition(line: index + 1, column: column))
        }
    }

    /// Gives each table with an `id` the position of its id line (the n-th table with the same
    /// id takes the n-th such line), and its members the line of their key below it.
    func place(_ node: inout SpecNode) {
        var seen: [String: Int] = [:]
        place(&node, seen: &seen)
    }

    private func place(_ node: inout SpecNode, seen: inout [String: Int]) {
        switch node.value {
        case .list(var items):
            for index in items.indices { place(&items[index], seen: &seen) }
            node.value = .list(items)
        case .table(var members):
            if let id = node["id"]?.text, let positions = idLines[id] {
                let occurrence = seen[id, default: 0]
                seen[id] = occurrence + 1
                let start = positions[min(occurrence, positions.count - 1)]
                node.position = start
                for index in members.indices {
                    members[index].keyPosition = keyPosition(members[index].key, from: start.line) ?? start
                    if members[index].node.position == nil {
                        members[index].node.position = members[index].keyPosition
                    }
                }
            }
            for index in members.indices { place(&members[index].node, seen: &seen) }
            node.value = .table(members)
        default:
            break
        }
    }

    /// The line of `key = …` in the table that starts at `line` (up to the next table header).
    private func keyPosition(_ key: String, from line: Int) -> SpecPosition? {
        var start = line - 1
        // The table's header is above its id line; its keys may be above the id too.
        while start > 0, !lines[start].trimmingCharacters(in: .whitespaces).hasPrefix("[") { start -= 1 }
        var index = start + 1
        while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("[") {
            let line = lines[index]
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix(key), trimmed.dropFirst(key.count).drop(while: { $0 == " " }).hasPrefix("=")
            {
                return SpecPosition(
                    line: index + 1, column: line.distance(from: line.startIndex, to: trimmed.startIndex) + 1)
            }
            index += 1
        }
        return nil
    }
}
