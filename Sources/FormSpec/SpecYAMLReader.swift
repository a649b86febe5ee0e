import CLibYAML

/// Reads YAML (and so JSON) into a `SpecNode` tree from libyaml's events, with an explicit stack
/// instead of recursion: a file nested thousands of levels deep is refused at the level that
/// passes `SpecLimits.depth`, with its line and column, never by a stack overflow. Texts longer
/// than `SpecLimits.textBytes`, more than `SpecLimits.nodes` values (an alias counts as a copy of
/// what it names) and a key given twice in one table are refused the same way.
///
/// Plain words take YAML's types as Yams resolves them: `~`/`null` nothing, `true`/`false`,
/// whole numbers, decimals; quoted text stays text.
struct SpecYAMLReader {
    let file: String
    let jsonKeys: Bool

    /// libyaml's parser at a fixed address: reached through a pointer, not a class's stored
    /// property, whose every `&` is an exclusivity check (one per event).
    private final class Parser {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        init() {
            parser.initialize(to: yaml_parser_t())
            yaml_parser_initialize(parser)
        }
        deinit {
            yaml_parser_delete(parser)
            parser.deinitialize(count: 1)
            parser.deallocate()
        }
    }

    private struct Frame {
        var isTable: Bool
        var position: SpecPosition
        var anchor: String?
        var items: [SpecNode] = []
        var members: [(key: String, keyPosition: SpecPosition?, node: SpecNode)] = []
        var keys = TableKeys()
        var pendingKey: (String, SpecPosition)?
        var count = 1

        /// Whether `key` is already a key of this table (and from now on, it is one).
        mutating func isRepeated(_ key: String) -> Bool { keys.isRepeated(key, among: members) }
    }

    init(file: String, jsonKeys: Bool = false) {
        self.file = file
        self.jsonKeys = jsonKeys
    }

    func read(_ text: String) throws(SpecError) -> SpecNode {
        let bytes = Array(text.utf8)
        let box = Parser()
        yaml_parser_set_encoding(box.parser, YAML_UTF8_ENCODING)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(SpecError) -> SpecNode in
            yaml_parser_set_input_string(box.parser, buffer.baseAddress, buffer.count)
            return try events(box)
        }
    }

    private func position(_ mark: yaml_mark_t) -> SpecPosition {
        SpecPosition(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    private func syntaxError(_ parser: yaml_parser_t) -> SpecError {
        let problem = parser.problem.map { String(cString: $0) } ?? "unreadable"
        let context = parser.context.map { String(cString: $0) }
        let what = [context, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        return SpecError(
            file: file, position: position(parser.problem_mark), message: "not valid YAML: \(what)",
            hint: "check the indentation and the quotes around text with ':' or '#' in it")
    }

    private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }

    private func events(_ box: Parser) throws(SpecError) -> SpecNode {
        var stack: [Frame] = []
        var anchors: [String: (node: SpecNode, count: Int)] = [:]
        var root: SpecNode?
        var total = 0
        var documents = 0
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(box.parser, &event) == 1 else { throw syntaxError(box.parser.pointee) }
            defer { yaml_event_delete(&event) }
            let start = position(event.start_mark)
            var finished: (node: SpecNode, count: Int, anchor: String?)?
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return root ?? SpecNode(.null, at: SpecPosition(line: 1, column: 1))
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 {
                    throw SpecError(
                        file: file, position: start,
                        message:
                            "not valid YAML: expected a single document in the stream, but found another document",
                        hint: "remove the second '---' and what follows it")
                }
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                guard stack.count < SpecLimits.depth else {
                    throw SpecError(
                        file: file, position: start,
                        message: "nested more than \(SpecLimits.depth) levels deep (the limit)",
                        hint: "a form needs far fewer levels; check for brackets that are never closed")
                }
                let isTable = event.type == YAML_MAPPING_START_EVENT
                let anchor = Self.text(
                    isTable ? event.data.mapping_start.anchor : event.data.sequence_start.anchor)
                var frame = Frame(isTable: isTable, position: start, anchor: anchor)
                // A row's table has three to six members: one or two allocations, not four, and no
                // more room than it fills (a row of four would keep eight).
                if isTable { frame.members.reserveCapacity(4) }
                stack.append(frame)
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                let frame = stack.removeLast()
                let node =
                    frame.isTable
                    ? SpecNode(.table(frame.members), at: frame.position)
                    : SpecNode(.list(frame.items), at: frame.position)
                finished = (node, frame.count, frame.anchor)
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                guard scalar.length <= SpecLimits.textBytes else {
                    throw SpecError(
                        file: file, position: start,
                        message:
                            "a text of \(SpecLimits.bytes(Int(scalar.length))) is longer than the limit of \(SpecLimits.bytes(SpecLimits.textBytes))",
                        hint: "keep long lists of options in an optionsFile, one per line")
                }
                let string =
                    scalar.value.map {
                        String(
                            decoding: UnsafeBufferPointer(start: $0, count: Int(scalar.length)), as: UTF8.self
                        )
                    } ?? ""
                let value: SpecNode.Value =
                    scalar.style == YAML_PLAIN_SCALAR_STYLE
                    ? Self.plain(string) : .string(string, quoted: true)
                finished = (SpecNode(value, at: start), 1, Self.text(scalar.anchor))
            case YAML_ALIAS_EVENT:
                let name = Self.text(event.data.alias.anchor) ?? ""
                guard let named = anchors[name] else {
                    throw SpecError(
                        file: file, position: start,
                        message: "not valid YAML: the alias '*\(name)' names no anchor")
                }
                finished = (SpecNode(named.node.value, at: start), named.count, nil)
            default:
                break
            }
            // Moved out, not copied: a node is a tree.
            guard let done = finished.take() else { continue }
            total += done.count
            guard total <= SpecLimits.nodes else {
                throw SpecError(
                    file: file, position: start,
                    message:
                        "holds more than \(SpecLimits.nodes) values (the limit), aliases counted as copies",
                    hint: "a form needs far fewer; check for aliases of aliases")
            }
            if let anchor = done.anchor { anchors[anchor] = (done.node, done.count) }
            guard !stack.isEmpty else {
                root = done.node
                continue
            }
            let top = stack.count - 1
            stack[top].count += done.count
            if !stack[top].isTable {
                stack[top].items.append(done.node)
            } else if let (key, keyPosition) = stack[top].pendingKey {
                stack[top].pendingKey = nil
                stack[top].members.append((key: key, keyPosition: keyPosition, node: done.node))
            } else {
                let key = done.node.text ?? ""
                let keyPosition = done.node.position ?? start
                if stack[top].isRepeated(key) {
                    let first = stack[top].members.first { $0.key == key }?.keyPosition
                    throw SpecError(
                        file: file, position: keyPosition,
                        message: "the key '\(key)' is given twice in one table",
                        hint: first.map { "the first is at line \($0.line), column \($0.column); keep one" }
                            ?? "keep one")
                }
                stack[top].pendingKey = (key, keyPosition)
            }
        }
    }

    /// A plain word's type, as Yams' default resolver gives it.
    static func plain(_ string: String) -> SpecNode.Value {
        // Most plain words are names and titles: only these first bytes can start a null, a
        // boolean or a number.
        guard let first = string.utf8.first else { return .null }
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            break
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"),
            UInt8(ascii: "f"), UInt8(ascii: "F"):
            // A null or a boolean is at most five bytes: longer words ("Field 12") are compared
            // with none of them.
            guard string.utf8.count <= 5 else { return .string(string, quoted: false) }
            // Nor are words whose second letter is none of theirs ("type", "title", "text").
            switch string.utf8.dropFirst().first {
            case nil, UInt8(ascii: "u"), UInt8(ascii: "U"), UInt8(ascii: "r"), UInt8(ascii: "R"),
                UInt8(ascii: "a"), UInt8(ascii: "A"):
                break
            default: return .string(string, quoted: false)
            }
            switch string {
            case "~", "null", "Null", "NULL": return .null
            // Only the YAML 1.2 booleans: "yes", "no", "on" and "off" stay words (Norway is a country).
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            default: return .string(string, quoted: false)
            }
        default: return .string(string, quoted: false)
        }
        if let integer = Int(string) { return .integer(integer) }
        if let decimal = decimal(string), decimal.isFinite { return .decimal(decimal) }
        return .string(string, quoted: false)
    }

    /// `[-+]?[0-9][0-9_]*(\.[0-9_]*)?([eE][-+]?[0-9]+)?` or `\.[0-9_]+([eE][-+][0-9]+)?`, read
    /// without its underscores.
    static func decimal(_ string: String) -> Double? {
        let bytes = Array(string.utf8)
        var index = 0
        func digits(allowUnderscore: Bool) -> Int {
            let start = index
            while index < bytes.count,
                (bytes[index] >= 0x30 && bytes[index] <= 0x39) || (allowUnderscore && bytes[index] == 0x5F)
            {
                index += 1
            }
            return index - start
        }
        if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
        if index < bytes.count, bytes[index] == 0x2E {
            index += 1
            guard index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 else { return nil }
            _ = digits(allowUnderscore: true)
        } else {
            guard index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 else { return nil }
            _ = digits(allowUnderscore: true)
            if index < bytes.count, bytes[index] == 0x2E {
                index += 1
                _ = digits(allowUnderscore: true)
            }
        }
        if index < bytes.count, bytes[index] == 0x65 || bytes[index] == 0x45 {
            index += 1
            if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
            guard digits(allowUnderscore: false) > 0 else { return nil }
        }
        guard index == bytes.count else { return nil }
        return Double(String(string.filter { $0 != "_" }))
    }
}
