import CTOMLReader

/// Reads TOML into a `SpecNode` tree through toml++ (CTOMLReader), which hands over its tree as
/// events and frees it as it goes: the tree is built here with an explicit stack, like the YAML
/// reader's, and refuses a text past `SpecLimits` (depth, values, text length) at once.
///
/// toml++'s own checks (assertions, compiled in) fail as an error of the spec, never an abort.
struct TOMLReader {
    let file: String

    /// What stopped the walk early.
    enum Stop {
        case tooDeep
        case tooMany
        case tooLong(Int)
    }

    /// A struct reached through a pointer, not a class: a class's stored properties are checked
    /// for exclusive access at each of the million events.
    private struct Builder {
        struct Frame {
            var isTable: Bool
            var remaining: Int
            var items: [SpecNode] = []
            var members: [(key: String, keyPosition: SpecPosition?, node: SpecNode)] = []
            var pendingKey = ""
        }
        var stack: [Frame] = []
        var root: SpecNode?
        var total = 0
        var stop: Stop?

        /// Takes one event; false stops the walk (`stop` says why).
        mutating func take(_ event: toml_reader_event) -> Bool {
            total += event.kind == TOML_READER_KEY ? 0 : 1
            guard total <= SpecLimits.nodes else {
                stop = .tooMany
                return false
            }
            switch event.kind {
            case TOML_READER_KEY:
                stack[stack.count - 1].pendingKey = Self.string(event)
                return true
            case TOML_READER_TABLE, TOML_READER_ARRAY:
                guard stack.count < SpecLimits.depth else {
                    stop = .tooDeep
                    return false
                }
                let isTable = event.kind == TOML_READER_TABLE
                var frame = Frame(isTable: isTable, remaining: event.count)
                if isTable {
                    frame.members.reserveCapacity(event.count)
                } else {
                    frame.items.reserveCapacity(event.count)
                }
                stack.append(frame)
                if event.count == 0 { finishFrames() }
                return true
            case TOML_READER_STRING:
                guard event.length <= SpecLimits.textBytes else {
                    stop = .tooLong(event.length)
                    return false
                }
                add(SpecNode(.string(Self.string(event), quoted: true)))
            case TOML_READER_BOOL: add(SpecNode(.bool(event.integer != 0)))
            case TOML_READER_INTEGER: add(SpecNode(.integer(Int(event.integer))))
            case TOML_READER_DECIMAL: add(SpecNode(.decimal(event.decimal)))
            case TOML_READER_DATE:
                add(
                    SpecNode(
                        .string(
                            SpecDates.text(
                                year: Int(event.year), month: Int(event.month), day: Int(event.day)),
                            quoted: true)))
            case TOML_READER_TIME:
                add(
                    SpecNode(
                        .string(
                            SpecDates.text(hour: Int(event.hour), minute: Int(event.minute)), quoted: true)))
            case TOML_READER_DATE_TIME:
                let day = SpecDates.text(year: Int(event.year), month: Int(event.month), day: Int(event.day))
                let time = SpecDates.text(hour: Int(event.hour), minute: Int(event.minute))
                add(
                    SpecNode(
                        .string("\(day)T\(time):\(SpecDates.twoDigits(Int(event.second)))Z", quoted: true)))
            default: add(SpecNode(.null))
            }
            return true
        }

        /// A finished value goes into the table or array above it, which may finish in turn.
        private mutating func add(_ node: SpecNode) {
            guard !stack.isEmpty else {
                root = node
                return
            }
            let top = stack.count - 1
            if stack[top].isTable {
                stack[top].members.append((key: stack[top].pendingKey, keyPosition: nil, node: node))
            } else {
                stack[top].items.append(node)
            }
            stack[top].remaining -= 1
            if stack[top].remaining <= 0 { finishFrames() }
        }

        private mutating func finishFrames() {
            let frame = stack.removeLast()
            // Moved out, not copied: a node is a tree.
            add(SpecNode(frame.isTable ? .table(frame.members) : .list(frame.items)))
        }

        private static func string(_ event: toml_reader_event) -> String {
            guard let start = event.text else { return "" }
            return start.withMemoryRebound(to: UInt8.self, capacity: event.length) {
                String(decoding: UnsafeBufferPointer(start: $0, count: event.length), as: UTF8.self)
            }
        }
    }

    /// The tree of `text`, without positions (`TOMLLocator` places its rows), or the error of
    /// toml++ with its line and column, or the limit passed.
    func read(_ text: String) throws(SpecError) -> SpecNode {
        var message = [CChar](repeating: 0, count: 512)
        var line: Int32 = 0
        var column: Int32 = 0
        var builder = Builder()
        var text = text
        let status = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { bytes in
                withUnsafeMutablePointer(to: &builder) { builder in
                    toml_reader_read(
                        bytes.baseAddress, bytes.count, builder,
                        { context, event in
                            let builder = context!.assumingMemoryBound(to: Builder.self)
                            return builder.pointee.take(event!.pointee) ? 0 : 1
                        }, &message, message.count, &line, &column)
                }
            }
        }
        let description = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        switch status {
        case TOML_READER_OK:
            return builder.root ?? SpecNode(.table([]))
        case TOML_READER_SYNTAX_ERROR:
            throw SpecError(
                file: file, position: SpecPosition(line: Int(line), column: Int(column)),
                message: "not valid TOML: \(description)",
                hint: "rows are written as [[sections.rows]] tables, text in double quotes")
        case TOML_READER_INTERNAL_ERROR:
            // toml++ does not say where it was: the message names what it found wrong.
            throw SpecError(
                file: file, position: nil,
                message: "not valid TOML: the TOML reader stopped on this text (\(description))",
                hint: "check the brackets, braces and quotes; rows are written as [[sections.rows]] tables")
        default:
            throw Self.error(builder.stop ?? .tooMany, file: file)
        }
    }

    private static func error(_ stop: Stop, file: String) -> SpecError {
        switch stop {
        case .tooDeep:
            SpecError(
                file: file, position: nil,
                message: "nested more than \(SpecLimits.depth) levels deep (the limit)",
                hint: "a form needs far fewer levels; check for brackets that are never closed")
        case .tooMany:
            SpecError(
                file: file, position: nil, message: "holds more than \(SpecLimits.nodes) values (the limit)",
                hint: "a form needs far fewer")
        case .tooLong(let length):
            SpecError(
                file: file, position: nil,
                message:
                    "a text of \(SpecLimits.bytes(length)) is longer than the limit of \(SpecLimits.bytes(SpecLimits.textBytes))",
                hint: "keep long lists of options in an optionsFile, one per line")
        }
    }
}
