/// How a JSON text is laid out: what the writer follows so that a new value looks like the text
/// around it. ``detected(in:root:)`` reads it off a document.
///
/// ```swift
/// let layout = JSONLayout(indent: "\t", newline: "\r\n", colon: ": ", comma: ", ", multiline: true)
/// let text = try JSONWriter.write(["port": 8080], layout: layout)  // "{\r\n\t\"port\": 8080\r\n}"
/// ```
public struct JSONLayout: Hashable, Sendable {
    /// One level of indentation (`"  "`, `"    "`, `"\t"`).
    public var indent: String
    /// `"\n"` or `"\r\n"`.
    public var newline: String
    /// What stands between a key and its value (`": "`, `":"`).
    public var colon: String
    /// What stands between two items on one line (`", "`, `","`).
    public var comma: String
    /// Whether a non-empty container is written one item a line (else all on one line).
    public var multiline: Bool

    public init(indent: String, newline: String, colon: String, comma: String, multiline: Bool) {
        self.indent = indent
        self.newline = newline
        self.colon = colon
        self.comma = comma
        self.multiline = multiline
    }

    /// Two spaces, `\n`, `": "`, one item a line: what a document with nothing to go by gets.
    public static let pretty = JSONLayout(
        indent: "  ", newline: "\n", colon: ": ", comma: ", ", multiline: true)

    /// The layout of a read document: its first line break, the indentation step of its first
    /// container laid out over lines, the spacing after its first key and first one-line comma,
    /// and whether its root is laid out over lines. What a document does not show is ``pretty``'s.
    public static func detected(in bytes: [UInt8], root: DocumentNode) -> JSONLayout {
        var layout = JSONLayout.pretty
        if let newline = bytes.firstIndex(of: 0x0A) {
            layout.newline = newline > 0 && bytes[newline - 1] == 0x0D ? "\r\n" : "\n"
        }
        let text = JSONText(bytes: bytes)
        var foundIndent = false
        var foundColon = false
        var foundComma = false
        // Breadth first, and not past a few thousand containers: the first ones say it.
        var queue = [root]
        var next = 0
        while next < queue.count, next < 4096, !(foundIndent && foundColon && foundComma) {
            let node = queue[next]
            next += 1
            let starts: [Int]
            switch node.content {
            case .object(let members):
                starts = members.map(\.keySpan.lowerBound)
                if !foundColon, let member = members.first {
                    let between = bytes[member.keySpan.upperBound..<member.node.span.lowerBound]
                    if between.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ":") }) {
                        layout.colon = String(decoding: between, as: UTF8.self)
                        foundColon = true
                    }
                }
                if queue.count < 4096 { queue += members.map(\.node) }
            case .array(let elements):
                starts = elements.map(\.span.lowerBound)
                if queue.count < 4096 { queue += elements }
            default:
                continue
            }
            if !foundIndent, let first = starts.first, text.isFirstOnLine(first) {
                let outer = text.indentation(at: node.span.lowerBound)
                let inner = text.indentation(at: first)
                if inner.count > outer.count, inner.starts(with: outer) {
                    layout.indent = String(decoding: inner.dropFirst(outer.count), as: UTF8.self)
                    foundIndent = true
                }
            }
            if !foundComma, starts.count >= 2, !text.isFirstOnLine(starts[1]) {
                let comma = text.skipTrivia(from: text.valueEnd(of: node, item: 0))
                if comma < starts[1], bytes[comma] == UInt8(ascii: ",") {
                    let between = bytes[(comma + 1)..<starts[1]]
                    if between.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                        layout.comma = "," + String(decoding: between, as: UTF8.self)
                        foundComma = true
                    }
                }
            }
        }
        if !foundComma { layout.comma = layout.colon.hasSuffix(" ") ? ", " : "," }
        switch root.content {
        case .object(let members) where !members.isEmpty:
            layout.multiline = text.isFirstOnLine(members[0].keySpan.lowerBound)
        case .array(let elements) where !elements.isEmpty:
            layout.multiline = text.isFirstOnLine(elements[0].span.lowerBound)
        default:
            break
        }
        return layout
    }
}

/// Writes a ``DocumentValue`` as JSON text in a ``JSONLayout``: deterministic (members in their
/// order, one spelling a value), strings with only the escapes JSON requires.
///
/// ```swift
/// let text = try JSONWriter.write(["name": "formtui", "tags": ["a", "b"]], layout: .pretty)
/// // {
/// //   "name": "formtui",
/// //   "tags": [
/// //     "a",
/// //     "b"
/// //   ]
/// // }
/// ```
public enum JSONWriter {
    /// The text of `value`; a container laid out over lines has its later lines start with
    /// `indentation` (the indentation of the line it starts on). Throws for what JSON cannot
    /// hold: NaN, infinities and dates.
    public static func write(_ value: DocumentValue, layout: JSONLayout, indentation: String = "")
        throws(DocumentError) -> String
    {
        var text = ""
        try write(value, layout: layout, indentation: indentation, into: &text)
        return text
    }

    private static func write(
        _ value: DocumentValue, layout: JSONLayout, indentation: String, into text: inout String
    ) throws(DocumentError) {
        switch value {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .string(let string): writeString(string, into: &text)
        case .number(let number): text += try spelling(of: number)
        case .dateTime(let date):
            throw DocumentError(
                "JSON has no dates or times; give \(date.text) as a string", offset: 0, line: 1, column: 1)
        case .array(let elements):
            guard !elements.isEmpty else {
                text += "[]"
                return
            }
            text += "["
            let inner = indentation + layout.indent
            for (index, element) in elements.enumerated() {
                if index > 0 { text += layout.multiline ? "," : layout.comma }
                if layout.multiline { text += layout.newline + inner }
                try write(element, layout: layout, indentation: inner, into: &text)
            }
            if layout.multiline { text += layout.newline + indentation }
            text += "]"
        case .object(let members):
            guard !members.isEmpty else {
                text += "{}"
                return
            }
            text += "{"
            let inner = indentation + layout.indent
            for (index, member) in members.enumerated() {
                if index > 0 { text += layout.multiline ? "," : layout.comma }
                if layout.multiline { text += layout.newline + inner }
                writeString(member.key, into: &text)
                text += layout.colon
                try write(member.value, layout: layout, indentation: inner, into: &text)
            }
            if layout.multiline { text += layout.newline + indentation }
            text += "}"
        }
    }

    /// A number as JSON writes it: an integer with all its digits, else the model's decimal form.
    static func spelling(of number: DocumentNumber) throws(DocumentError) -> String {
        guard number.special == nil else {
            throw DocumentError(
                "JSON has no NaN or infinity; give \(number) as a string or null", offset: 0, line: 1,
                column: 1)
        }
        if number.isInteger, number.exponent >= 0, number.exponent < 10_000 {
            if number.digits.isEmpty { return "0" }
            return (number.negative ? "-" : "") + number.digits
                + String(repeating: "0", count: number.exponent)
        }
        return number.description
    }

    /// `string` in double quotes: `"` and `\` escaped, control characters as `\n`, `\t`… or
    /// `\u00XX`; every other character as itself. Public so that other modules quote as JSON
    /// does (FormSchema's messages) rather than each with its own escapes.
    ///
    /// ```swift
    /// var text = "key: "
    /// JSONWriter.writeString("a\"b", into: &text)  // key: "a\"b"
    /// ```
    public static func writeString(_ string: String, into text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
