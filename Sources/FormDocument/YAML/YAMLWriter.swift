/// Writes values as YAML in the style of the document around them: block collections indented
/// by the document's own step (and its own indentation of sequences under keys), flow
/// collections inside flow ones, scalars plain where plain reads back as the same value and
/// type, quoted where not (`"yes"`, `"08"`, `"1.0"`, `""`, `": x"`), multi-line text as a
/// literal block scalar.
///
/// ```swift
/// let writer = YAMLWriter(step: 2, sequenceIndent: 2, lineBreak: "\n")
/// writer.block(["image": "node:20", "ports": ["80:80"]], column: 2)
/// // image: node:20
/// //   ports:
/// //     - "80:80"
/// ```
struct YAMLWriter {
    /// Spaces a nested mapping is indented by, under its key.
    var step = 2
    /// Spaces a sequence's `-` is indented by under its key (0: YAML's indentless sequences).
    var sequenceIndent = 2
    var lineBreak = "\n"

    private func spaces(_ count: Int) -> String { String(repeating: " ", count: max(0, count)) }

    // MARK: Collections

    /// A non-empty collection whose first line starts at `column` (that line not indented).
    func block(_ value: DocumentValue, column: Int) -> String {
        switch value {
        case .object(let members) where !members.isEmpty:
            return members.map { name, member in
                self.key(name, flow: false) + ":" + memberValue(member, keyColumn: column)
            }
            .joined(separator: lineBreak + spaces(column))
        case .array(let elements) where !elements.isEmpty:
            return elements.map { "-" + elementValue($0, dashColumn: column) }
                .joined(separator: lineBreak + spaces(column))
        default:
            return scalar(value, flow: false, column: column) ?? flow(value)
        }
    }

    /// What follows `key:` for a member whose key stands at `keyColumn`.
    func memberValue(_ value: DocumentValue, keyColumn: Int) -> String {
        switch value {
        case .object(let members) where !members.isEmpty:
            return lineBreak + spaces(keyColumn + step) + block(value, column: keyColumn + step)
        case .array(let elements) where !elements.isEmpty:
            return lineBreak + spaces(keyColumn + sequenceIndent)
                + block(value, column: keyColumn + sequenceIndent)
        default:
            return " " + (scalar(value, flow: false, column: keyColumn + step) ?? flow(value))
        }
    }

    /// What follows `-` for an element whose dash stands at `dashColumn`.
    func elementValue(_ value: DocumentValue, dashColumn: Int) -> String {
        switch value {
        case .object(let members) where !members.isEmpty:
            return " " + block(value, column: dashColumn + 2)
        case .array(let elements) where !elements.isEmpty:
            return " " + block(value, column: dashColumn + 2)
        default:
            return " " + (scalar(value, flow: false, column: dashColumn + 2) ?? flow(value))
        }
    }

    /// A value inside `[…]` or `{…}`, on one line.
    func flow(_ value: DocumentValue) -> String {
        switch value {
        case .object(let members):
            return "{"
                + members.map { key($0.key, flow: true) + ": " + flow($0.value) }.joined(separator: ", ")
                + "}"
        case .array(let elements):
            return "[" + elements.map(flow).joined(separator: ", ") + "]"
        case .string(let string):
            return Self.isPlainSafe(string, flow: true) ? string : Self.doubleQuoted(string)
        default:
            return scalar(value, flow: true, column: 0) ?? ""
        }
    }

    func key(_ key: String, flow: Bool) -> String {
        Self.isPlainSafe(key, flow: flow) ? key : Self.doubleQuoted(key)
    }

    // MARK: Scalars

    /// A scalar in its default spelling (nil for a non-empty collection); multi-line text in a
    /// block context is a literal block scalar whose content stands at `column`.
    func scalar(_ value: DocumentValue, flow: Bool, column: Int) -> String? {
        switch value {
        case .null: return "null"
        case .bool(let bool): return bool ? "true" : "false"
        case .number(let number): return Self.number(number, prefix: nil)
        case .dateTime(let dateTime): return Self.doubleQuoted(dateTime.text)
        case .string(let string):
            if Self.isPlainSafe(string, flow: flow) { return string }
            if !flow, string.contains("\n"), let literal = literal(string, column: column, folded: false) {
                return literal
            }
            return Self.doubleQuoted(string)
        case .object(let members): return members.isEmpty ? "{}" : nil
        case .array(let elements): return elements.isEmpty ? "[]" : nil
        }
    }

    /// A number as YAML's core schema reads it back (`0x…` kept where `prefix` says so).
    static func number(_ number: DocumentNumber, prefix: String?) -> String {
        switch number.special {
        case .infinity: return ".inf"
        case .negativeInfinity: return "-.inf"
        case .nan: return ".nan"
        case nil: break
        }
        if let prefix, number.isInteger, !number.negative, let int = number.int {
            if prefix == "0x" { return "0x" + String(int, radix: 16, uppercase: true) }
            if prefix == "0o" { return "0o" + String(int, radix: 8) }
        }
        return number.description
    }

    /// A literal (`|`) or folded (`>`) block scalar of `string`, content lines at `column`, or
    /// nil where a block scalar cannot carry it (control characters, a first line that starts
    /// with a space, no content).
    func literal(_ string: String, column: Int, folded: Bool) -> String? {
        var body = Substring(string)
        var trailing = 0
        while body.last == "\n" {
            body.removeLast()
            trailing += 1
        }
        guard !body.isEmpty, column > 0 else { return nil }
        for scalar in string.unicodeScalars {
            let value = scalar.value
            if (value < 0x20 && value != 0x0A && value != 0x09) || value == 0x7F || value == 0x85
                || value == 0x2028 || value == 0x2029 || value == 0xFEFF
            {
                return nil
            }
        }
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first(where: { !$0.isEmpty }), first.first != " ", first.first != "\t" else {
            return nil
        }
        if lines.first?.isEmpty == true { return nil }
        // Folded text folds single line breaks into spaces: only text with no line break inside,
        // and no line that starts with a blank, stays folded; the rest is literal.
        let useFolded = folded && lines.count == 1
        let chomping = trailing == 0 ? "-" : trailing == 1 ? "" : "+"
        var text = (useFolded ? ">" : "|") + chomping
        for line in lines {
            text += lineBreak
            if !line.isEmpty { text += spaces(column) + line }
        }
        if trailing > 1 { text += String(repeating: lineBreak, count: trailing - 1) }
        return text
    }

    /// Whether `string` written plain reads back as that same text by every common reader: not
    /// a YAML 1.1 or 1.2 boolean, null or number, no indicator where it would act, no `: ` or
    /// ` #`, no leading or trailing blank, nothing a flow collection would split at.
    static func isPlainSafe(_ string: String, flow: Bool) -> Bool {
        let bytes = Array(string.utf8)
        guard let first = bytes.first, let last = bytes.last, bytes.count < 1024 else { return false }
        if first == 0x20 || last == 0x20 || last == UInt8(ascii: ":") { return false }
        for scalar in string.unicodeScalars {
            let value = scalar.value
            if value < 0x20 || value == 0x7F || value == 0x85 || value == 0x2028 || value == 0x2029
                || value == 0xFEFF || (0xD800...0xDFFF).contains(value)
            {
                return false
            }
        }
        let second = bytes.count > 1 ? bytes[1] : 0
        let secondIsSafe = second != 0 && second != 0x20 && !Self.isFlowIndicator(second)
        switch first {
        case UInt8(ascii: "-"):
            // `-x` is text; `- x`, `-1`, `-.5` and `---` are not.
            if !secondIsSafe || second == UInt8(ascii: "-") || second == UInt8(ascii: ".") { return false }
            if (0x30...0x39).contains(second), looksNumeric(bytes) { return false }
        case UInt8(ascii: "?"), UInt8(ascii: ":"):
            // `?x` and `:x` are plain text in a block (libyaml takes `?` for a key in flow).
            if flow || !secondIsSafe { return false }
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"),
            UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"),
            UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""),
            UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"):
            return false
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            if looksNumeric(bytes) { return false }
        case UInt8(ascii: "+"), UInt8(ascii: "."):
            // `...` ends a document; `.5`, `+1` and `.inf` are numbers; `.` and `./x` are text.
            if bytes.starts(with: "...".utf8) { return false }
            if (0x30...0x39).contains(second), looksNumeric(bytes) { return false }
            if first == UInt8(ascii: "+"), !secondIsSafe { return false }
        default:
            break
        }
        for index in bytes.indices {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0x20
            if byte == UInt8(ascii: ":"), next == 0x20 || (flow && Self.isFlowIndicator(next)) {
                return false
            }
            if byte == UInt8(ascii: "#"), index > 0, bytes[index - 1] == 0x20 { return false }
            if flow,
                byte == UInt8(ascii: ",") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
                    || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
            {
                return false
            }
        }
        switch string {
        case "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF",
            "=", "<<":
            return false
        default:
            break
        }
        return YAMLScalars.resolve(plain: string) == .string(string)
    }

    /// Whether text that starts like a number could be one to some reader: YAML 1.1 also reads
    /// `1_000`, `0b101`, `1:30` and `2001-12-14` as numbers and dates. Text with a blank, another
    /// letter or sign, or two points (`1.2.3`) is not a number to any.
    private static func looksNumeric(_ bytes: [UInt8]) -> Bool {
        var points = 0
        var digits = 0
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
            case UInt8(ascii: "+"), UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "e"),
                UInt8(ascii: "E"),
                UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: "Z"), UInt8(ascii: "z"):
                continue
            case UInt8(ascii: "-"):
                // A sign, an exponent's sign, or a date's `2001-`.
                if index == 0 || bytes[index - 1] == UInt8(ascii: "e")
                    || bytes[index - 1] == UInt8(ascii: "E")
                {
                    continue
                }
                if index == 4, digits == 4 { return true }
                if index > 4 { continue }
                return false
            case UInt8(ascii: "x"), UInt8(ascii: "o"), UInt8(ascii: "b"):
                // `0x`, `0o`, `0b` prefixes only.
                if index == 1 || (index == 2 && !(0x30...0x39).contains(bytes[0])) { continue }
                return false
            case UInt8(ascii: "."):
                points += 1
            default:
                return false
            }
        }
        return points < 2
    }

    static func isFlowIndicator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
            || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
    }

    /// `'…'` with `'` doubled, or nil where single quotes cannot carry the text on one line.
    static func singleQuoted(_ string: String) -> String? {
        for scalar in string.unicodeScalars {
            let value = scalar.value
            if value < 0x20 || value == 0x7F || value == 0x85 || value == 0x2028 || value == 0x2029
                || value == 0xFEFF
            {
                return nil
            }
        }
        return "'" + string.replacing("'", with: "''") + "'"
    }

    /// `"…"` with YAML's escapes: carries any text on one line.
    static func doubleQuoted(_ string: String) -> String {
        var text = "\""
        for scalar in string.unicodeScalars {
            switch scalar.value {
            case 0x22: text += "\\\""
            case 0x5C: text += "\\\\"
            case 0x0A: text += "\\n"
            case 0x09: text += "\\t"
            case 0x0D: text += "\\r"
            case 0x00: text += "\\0"
            case 0x85: text += "\\N"
            case 0x2028: text += "\\L"
            case 0x2029: text += "\\P"
            case 0xFEFF: text += "\\uFEFF"
            case let value where value < 0x20 || value == 0x7F:
                let hex = String(value, radix: 16, uppercase: true)
                text += "\\x" + (hex.count < 2 ? "0" : "") + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }
}
