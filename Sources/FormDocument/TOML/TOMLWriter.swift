/// TOML text for values an edit brings in: keys, scalars in the style of the value they replace,
/// inline values, and the lines and sections of a table. The editor places what this writes.
struct TOMLWriter {
    /// The document's line ending (`\n`, or `\r\n` in a CRLF file).
    var newline = "\n"
    /// The document's `key = value` separator, as its members write it.
    var separator = " = "

    func error(_ message: String) -> DocumentError {
        DocumentError(message, offset: 0, line: 1, column: 1)
    }

    /// A key bare where TOML allows it, else in double quotes.
    static func key(_ key: String) -> String {
        if !key.isEmpty, key.utf8.allSatisfy(TOMLTextReader.isBareKeyByte) { return key }
        return basic(key)
    }

    static func dotted(_ keys: [String]) -> String { keys.map(key).joined(separator: ".") }

    /// A one-line value: scalars, `[…]` and `{ … }`.
    func inline(_ value: DocumentValue) throws(DocumentError) -> String {
        switch value {
        case .null:
            throw error("TOML has no null; delete the key instead, or write an empty string")
        case .bool(let bool): return bool ? "true" : "false"
        case .number(let number): return try Self.number(number)
        case .string(let string): return Self.basic(string)
        case .dateTime(let date): return date.text
        case .array(let elements):
            var parts: [String] = []
            for element in elements { parts.append(try inline(element)) }
            return "[" + parts.joined(separator: ", ") + "]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            var parts: [String] = []
            for (key, member) in members { parts.append(Self.key(key) + separator + (try inline(member))) }
            return "{ " + parts.joined(separator: ", ") + " }"
        }
    }

    static func number(_ number: DocumentNumber) throws(DocumentError) -> String {
        if number.isInteger {
            guard let int = number.int else {
                throw DocumentError(
                    "\(number) is past TOML's 64-bit integers; write it as a float or a string",
                    offset: 0, line: 1, column: 1)
            }
            return String(int)
        }
        let text = number.description
        return text.contains(".") || text.contains("e") || number.special != nil ? text : text + ".0"
    }

    /// A `"…"` string with TOML's escapes.
    static func basic(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\u{08}": result += "\\b"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\u{0C}": result += "\\f"
            case "\r": result += "\\r"
            case "\u{00}"..."\u{1F}", "\u{7F}":
                result += "\\u" + TOMLTextReader.hex(UInt8(scalar.value))
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A scalar written the way `original` (the node it replaces, whose text is `text`) was:
    /// a literal string stays literal, a multi-line one multi-line, a hexadecimal number
    /// hexadecimal with its underscores, where the new value allows; else the nearest style that
    /// reads back as the same value.
    func scalar(_ value: DocumentValue, like original: DocumentNode, text: [UInt8]) throws(DocumentError)
        -> String
    {
        switch (value, original.style) {
        case (.string(let string), .singleQuoted) where Self.fitsLiteral(string, multiline: false):
            return "'" + string + "'"
        case (.string(let string), .multilineSingleQuoted) where Self.fitsLiteral(string, multiline: true):
            return "'''" + Self.openingNewline(text, string) + string + "'''"
        case (.string(let string), .multilineDoubleQuoted),
            (.string(let string), .multilineSingleQuoted):
            return "\"\"\"" + Self.openingNewline(text, string) + Self.multilineBasic(string) + "\"\"\""
        case (.number(let number), .number(let prefix, let underscores)):
            return try Self.number(number, prefix: prefix, underscores: underscores, like: text)
        default:
            return try inline(value)
        }
    }

    static func fitsLiteral(_ string: String, multiline: Bool) -> Bool {
        if multiline, string.contains("'''") || string.hasSuffix("'") { return false }
        return string.unicodeScalars.allSatisfy { scalar in
            (scalar != "'" || multiline)
                && (scalar == "\t" || (multiline && scalar == "\n")
                    || (scalar.value >= 0x20 && scalar.value != 0x7F))
        }
    }

    /// The newline just after a multi-line string's opening, kept as the original had it (and
    /// added where the text starts with a newline, which TOML would otherwise drop).
    static func openingNewline(_ text: [UInt8], _ string: String) -> String {
        if text.count > 3, text[3] == 0x0A { return "\n" }
        if text.count > 4, text[3] == 0x0D, text[4] == 0x0A { return "\r\n" }
        return string.hasPrefix("\n") || string.hasPrefix("\r\n") ? "\n" : ""
    }

    /// A `"""…"""` body: newlines as they are, quotes escaped where three would close the string.
    static func multilineBasic(_ string: String) -> String {
        var result = ""
        let scalars = Array(string.unicodeScalars)
        for (position, scalar) in scalars.enumerated() {
            switch scalar {
            case "\"":
                let next = position + 1 < scalars.count ? scalars[position + 1] : nil
                result += next == nil || next == "\"" ? "\\\"" : "\""
            case "\\": result += "\\\\"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            case "\r" where position + 1 < scalars.count && scalars[position + 1] == "\n":
                result += "\r"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case "\r": result += "\\r"
            case "\u{00}"..."\u{1F}", "\u{7F}":
                result += "\\u" + TOMLTextReader.hex(UInt8(scalar.value))
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// An integer in the base and grouping of the number it replaces (`0xdead_beef`, `1_000`).
    static func number(_ number: DocumentNumber, prefix: String, underscores: Bool, like text: [UInt8])
        throws(DocumentError) -> String
    {
        guard number.isInteger, let int = number.int else { return try Self.number(number) }
        let base: Int
        switch prefix {
        case "0x": base = 16
        case "0o": base = 8
        case "0b": base = 2
        default: base = 10
        }
        guard base == 10 || int >= 0 else { return String(int) }
        var digits = String(
            int.magnitude, radix: base, uppercase: text.contains { (0x41...0x46).contains($0) })
        if underscores {
            // The size of the original's last group of digits (3 for 1_000, 4 for 0xdead_beef).
            let group = text.reversed().prefix { $0 != UInt8(ascii: "_") }.count
            if group > 0 {
                var grouped: [Character] = []
                for (position, character) in digits.reversed().enumerated() {
                    if position > 0, position % group == 0 { grouped.append("_") }
                    grouped.append(character)
                }
                digits = String(grouped.reversed())
            }
        }
        return (int < 0 ? "-" : "") + prefix + digits
    }

    // MARK: Block text

    /// Whether a value is written as `[header]` sections in a block table: a table with members,
    /// or an array of such tables.
    static func isSection(_ value: DocumentValue) -> Bool {
        switch value {
        case .object(let members): return !members.isEmpty
        case .array(let elements):
            return !elements.isEmpty
                && elements.allSatisfy { if case .object = $0 { true } else { false } }
        default: return false
        }
    }

    /// A table's lines under a header `keys`: its plain members as `key = value` lines, then its
    /// tables as `[keys.key]` sections and its arrays of tables as `[[keys.key]]` ones.
    func body(_ members: DocumentValueMembers, under keys: [String]) throws(DocumentError) -> String {
        var lines = ""
        var sections = ""
        for (key, value) in members {
            if Self.isSection(value) {
                sections += try section(value, keys: keys + [key])
            } else {
                lines += Self.key(key) + separator + (try inline(value)) + newline
            }
        }
        return lines + sections
    }

    /// `[keys]` with its body (or `[[keys]]` for each table of an array), a blank line before.
    func section(_ value: DocumentValue, keys: [String]) throws(DocumentError) -> String {
        switch value {
        case .object(let members):
            return newline + "[" + Self.dotted(keys) + "]" + newline + (try body(members, under: keys))
        case .array(let elements):
            var text = ""
            for case .object(let members) in elements {
                text += newline + "[[" + Self.dotted(keys) + "]]" + newline + (try body(members, under: keys))
            }
            return text
        default:
            return Self.dotted(keys) + separator + (try inline(value)) + newline
        }
    }

    /// A table as dotted-key lines (`prefix.key.sub = value`), each after `indent`.
    func dottedLines(_ value: DocumentValue, prefix: String, indent: String) throws(DocumentError) -> String {
        guard case .object(let members) = value, !members.isEmpty else {
            return indent + prefix + separator + (try inline(value)) + newline
        }
        var text = ""
        for (key, member) in members {
            text += try dottedLines(member, prefix: prefix + "." + Self.key(key), indent: indent)
        }
        return text
    }
}

typealias DocumentValueMembers = OrderedDictionaryOfValues
