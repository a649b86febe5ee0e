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
        // Plain YAML (nearly every spec) is read in one pass; anything else, and every error,
        // through libyaml.
        if let tree = SpecPlainYAMLReader.read(text) { return tree }
        return try SpecYAMLReader(file: file).read(text)
    }

    // MARK: JSON

    /// The JSON decoder says whether the text is JSON; the tree with positions then comes from
    /// the YAML reader, which reads JSON too and keeps where each value is.
    private static func readJSON(_ text: String, file: String) throws(SpecError) -> SpecNode {
        // Plain JSON (nearly every spec) is read in one pass; anything else, and every error,
        // through the YAML reader and the decoder.
        if let tree = SpecJSONReader.read(text) { return tree }
        let tree: SpecNode
        do {
            tree = try readYAML(text, file: file)
        } catch {
            // Limits, and a key given twice, are said as they are; a syntax error in JSON's words.
            guard error.message.hasPrefix("not valid YAML") else { throw error }
            throw jsonError(text, file: file, fallback: error.position)
        }
        // Plain JSON (nearly every spec) needs no second reading by the decoder.
        if JSONCheck.isPlainlyValid(text) { return tree }
        if let comma = trailingComma(in: text) {
            throw SpecError(
                file: file, position: comma, message: "not valid JSON: a comma before a closing bracket",
                hint: "remove the comma after the last member")
        }
        do {
            _ = try JSONDecoder().decode(AnyJSON.self, from: Data(text.utf8))
        } catch {
            throw jsonError(text, file: file, fallback: nil)
        }
        return tree
    }

    private static func jsonError(_ text: String, file: String, fallback: SpecPosition?) -> SpecError {
        var reason = "unreadable"
        var position = fallback
        do {
            _ = try JSONDecoder().decode(AnyJSON.self, from: Data(text.utf8))
        } catch {
            reason = jsonReason(error)
            // The decoder seldom says where; the YAML reader, which reads JSON, stops there too.
            position = jsonPosition(of: error) ?? fallback
        }
        return SpecError(
            file: file, position: position, message: "not valid JSON: \(reason)",
            hint: "JSON needs double quotes around keys and text, and no comma before } or ]")
    }

    /// Where a comma stands right before a `]` or `}` (which YAML's reader and the decoder take).
    static func trailingComma(in text: String) -> SpecPosition? {
        // Bytes, not scalars: a column counts the bytes that start a scalar.
        var line = 1
        var column = 0
        var inString = false
        var escaped = false
        var comma: SpecPosition?
        for byte in text.utf8 {
            if byte & 0xC0 != 0x80 { column += 1 }
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 0
            }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                comma = nil
            case UInt8(ascii: ","): comma = SpecPosition(line: line, column: column)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): if let comma { return comma }
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): break
            default: comma = nil
            }
        }
        return nil
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
        guard let lineRange = reason.firstRange(of: "line "),
            let columnRange = reason.firstRange(of: "column ")
        else {
            return nil
        }
        let line = Int(reason[lineRange.upperBound...].prefix(while: \.isNumber))
        let column = Int(reason[columnRange.upperBound...].prefix(while: \.isNumber))
        guard let line, let column else { return nil }
        return SpecPosition(line: line, column: column)
    }

    // MARK: TOML

    private static func readTOML(_ text: String, file: String) throws(SpecError) -> SpecNode {
        // Plain TOML (nearly every spec) is read in one pass; anything else, and every error,
        // through toml++ and the locator.
        if let tree = SpecTOMLReader.read(text) { return tree }
        switch TOMLDepth.problem(in: text) {
        case .tooDeep(let place)?:
            throw SpecError(
                file: file, position: place,
                message: "nested more than \(SpecLimits.depth) levels deep (the limit)",
                hint: "a form needs far fewer levels; check for brackets that are never closed")
        case .notASCII(let place)?:
            // TOML 1.0 allows them only in text. Said here with their place: toml++ failed its own
            // checks on some (`[é]`), which TOMLReader reports without one.
            throw SpecError(
                file: file, position: place,
                message: "not valid TOML: a character other than ASCII outside quotes and comments",
                hint: "put text in double quotes; keys are letters A-Z, digits, - and _")
        case .badHeader(let place)?:
            throw SpecError(
                file: file, position: place,
                message: "not valid TOML: a table header that starts with no key",
                hint: "write headers as [[sections.rows]]")
        case .mismatched(let place)?:
            // toml++ fails its own check on a `}` where an array expects a value (`x = [}`):
            // TOMLReader would report it, but without its place.
            throw SpecError(
                file: file, position: place,
                message: "not valid TOML: a bracket that closes what it did not open",
                hint: "close a list with ] and an inline table with }")
        case nil: break
        }
        var node = try TOMLReader(file: file).read(text)
        // TOML's reader keeps no positions: each row takes the line of its `id = "…"`, so that an
        // error still points at the row it is about.
        var locator = TOMLLocator(text: text)
        locator.place(&node)
        return node
    }
}

/// A bound on how deep a TOML text nests, read from the text before the TOML reader sees it:
/// brackets and braces open at once, plus two levels (a table in an array) for each part of a
/// dotted key or header. Strings and comments are skipped.
enum TOMLDepth {
    enum Problem: Equatable {
        /// Where the text first passes the limit.
        case tooDeep(SpecPosition)
        /// Where a character other than ASCII stands outside a string or a comment.
        case notASCII(SpecPosition)
        /// Where a table header (`[name]`, `[[name]]`) starts with something that is no key.
        case badHeader(SpecPosition)
        /// Where a `]` closes a `{`, or a `}` a `[`.
        case mismatched(SpecPosition)
    }

    private static func isKeyStart(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x5F || byte == 0x2D || byte == 0x22 || byte == 0x27
    }

    static func problem(in text: String, limit: Int = SpecLimits.depth) -> Problem? {
        var text = text
        return text.withUTF8 { problem(in: $0, limit: limit) }
    }

    private static func problem(in bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> Problem? {
        var depth = 0
        /// The brackets and braces open, innermost last.
        var opens: [UInt8] = []
        var line = 1
        var column = 0
        var dots = 0
        var quote: (UInt8, multiline: Bool)?
        var escaped = false
        var comment = false
        var atLineStart = true
        var previous: UInt8 = 0x20
        let (newline, backslash, doubleQuote, singleQuote): (UInt8, UInt8, UInt8, UInt8) = (
            0x0A, 0x5C, 0x22, 0x27
        )
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            // Columns count characters: a UTF-8 continuation byte is not one.
            if byte & 0xC0 != 0x80 { column += 1 }
            defer { previous = byte }
            if byte == newline {
                line += 1
                column = 0
                dots = 0
                comment = false
                atLineStart = true
                if let open = quote, !open.multiline { quote = nil }
                continue
            }
            if comment { continue }
            if let open = quote {
                if escaped {
                    escaped = false
                } else if byte == backslash && open.0 == doubleQuote {
                    escaped = true
                } else if byte == open.0 {
                    if open.multiline {
                        if index + 1 < bytes.count, bytes[index] == open.0, bytes[index + 1] == open.0 {
                            index += 2
                            column += 2
                            quote = nil
                        }
                    } else {
                        quote = nil
                    }
                }
                continue
            }
            switch byte {
            case doubleQuote, singleQuote:
                let multiline = index + 1 < bytes.count && bytes[index] == byte && bytes[index + 1] == byte
                if multiline {
                    index += 2
                    column += 2
                }
                quote = (byte, multiline)
            case 0x23: comment = true
            case 0x5B where depth == 0 && atLineStart:
                // A table header: its name must start at once (toml++ asserts on `[[}x]]`).
                var next = index
                if next < bytes.count, bytes[next] == 0x5B { next += 1 }
                while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
                if next < bytes.count, !isKeyStart(bytes[next]), bytes[next] != 0x5D {
                    return .badHeader(SpecPosition(line: line, column: column))
                }
                depth += 1
                opens.append(byte)
            case 0x5B, 0x7B:
                depth += 1
                opens.append(byte)
            case 0x5D, 0x7D:
                if let open = opens.popLast(), open != (byte == 0x5D ? 0x5B : 0x7B) {
                    return .mismatched(SpecPosition(line: line, column: column))
                }
                depth = max(0, depth - 1)
            case 0x2E:
                let next = index < bytes.count ? bytes[index] : 0x20
                if !(isDigit(previous) && isDigit(next)) { dots += 1 }
            default: break
            }
            if byte != 0x20 && byte != 0x09 { atLineStart = false }
            if byte >= 0x80 { return .notASCII(SpecPosition(line: line, column: column)) }
            if depth + 2 * (dots + 1) > limit { return .tooDeep(SpecPosition(line: line, column: column)) }
        }
        return nil
    }
}
