#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads JSON text strictly (RFC 8259), for two jobs the decoder does not do:
///
/// - telling a person where a hand-edited file went wrong (the decoder only says the data "was
///   not valid JSON", and lets through some things JSON does not allow, such as `01`, `1.` or a
///   comma before `}`, in members it does not read);
/// - splitting an object into its top-level members, each value as its exact text, so that a
///   save can write back the members it does not know byte for byte (a number such as `1e400`
///   that no Swift type holds included).
enum JSONSyntax {
    /// One top-level member of an object: its key as text, and the exact bytes of the key (with
    /// its quotes and escapes) and of the value.
    struct Member {
        var key: String
        var keyText: ArraySlice<UInt8>
        var valueText: ArraySlice<UInt8>
    }

    /// What a JSON text is, seen from the top.
    enum Outline {
        /// An object, with its members in the order of the text.
        case object([Member])
        /// Valid JSON that is not an object.
        case other
        /// Not valid JSON: "line 3, column 7: expected ',' or '}'".
        case invalid(String)
    }

    /// "line 3, column 7: expected ',' or '}'", or nil when the text is valid JSON.
    static func firstError(in bytes: [UInt8]) -> String? {
        if case .invalid(let problem) = outline(of: bytes) { return problem }
        return nil
    }

    static func outline(of bytes: [UInt8]) -> Outline {
        var scanner = Scanner(bytes: bytes)
        do throws(Problem) {
            try scanner.document()
        } catch {
            return .invalid(error.text)
        }
        guard scanner.isObject else { return .other }
        var members: [Member] = []
        for (keyRange, valueRange) in scanner.members {
            let keyText = bytes[keyRange]
            guard let key = decodeKey(keyText) else {
                return .invalid(
                    "\(position(of: keyRange.lowerBound, in: bytes)): a key that is not valid text")
            }
            members.append(Member(key: key, keyText: keyText, valueText: bytes[valueRange]))
        }
        return .object(members)
    }

    /// Where each number of a valid JSON text is, in the order of the text.
    static func numbers(in bytes: [UInt8]) -> [Range<Int>] {
        var scanner = Scanner(bytes: bytes)
        do throws(Problem) {
            try scanner.document()
        } catch {
            return []
        }
        return scanner.numbers
    }

    /// "line 3, column 7" for a byte offset; columns count characters, not bytes.
    static func position(of index: Int, in bytes: [UInt8]) -> String {
        var line = 1
        var column = 1
        let start = bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
        for byte in bytes[min(start, index)..<min(index, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return "line \(line), column \(column)"
    }

    /// The decoder accepts (and skips) a UTF-8 byte order mark, so the scanner does too.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// A key (with its quotes) as text; nil when its escapes make no text (a lone surrogate).
    private static func decodeKey(_ text: ArraySlice<UInt8>) -> String? {
        let inner = text.dropFirst().dropLast()
        if !inner.contains(UInt8(ascii: "\\")) { return String(decoding: inner, as: UTF8.self) }
        return try? JSONDecoder().decode(String.self, from: Data(text))
    }

    struct Problem: Error {
        var text: String
    }

    struct Scanner {
        let bytes: [UInt8]
        var index = 0
        /// Whether the top-level value is an object, and its members' key and value ranges.
        var isObject = false
        var members: [(key: Range<Int>, value: Range<Int>)] = []
        var numbers: [Range<Int>] = []

        /// Deeper than this is no settings file: stop before the stack does.
        static let maximumDepth = 512

        func problem(_ what: String) -> Problem {
            Problem(text: "\(JSONSyntax.position(of: index, in: bytes)): \(what)")
        }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func document() throws(Problem) {
            if bytes.starts(with: JSONSyntax.byteOrderMark) { index = JSONSyntax.byteOrderMark.count }
            skipBlanks()
            isObject = current == UInt8(ascii: "{")
            try value(depth: 0)
            skipBlanks()
            if index < bytes.count { throw problem("unexpected text after the end") }
        }

        mutating func skipBlanks() {
            while let byte = current, [0x20, 0x09, 0x0A, 0x0D].contains(byte) { index += 1 }
        }

        mutating func expect(_ byte: UInt8, _ what: String) throws(Problem) {
            skipBlanks()
            guard current == byte else { throw problem("expected \(what)") }
            index += 1
        }

        mutating func value(depth: Int) throws(Problem) {
            guard depth < Self.maximumDepth else { throw problem("nested too deeply") }
            skipBlanks()
            switch current {
            case UInt8(ascii: "{"): try object(depth: depth)
            case UInt8(ascii: "["): try array(depth: depth)
            case UInt8(ascii: "\""): try string()
            case UInt8(ascii: "t"): try word("true")
            case UInt8(ascii: "f"): try word("false")
            case UInt8(ascii: "n"): try word("null")
            case let byte? where byte == UInt8(ascii: "-") || isDigit(byte): try number()
            case nil: throw problem("the text ends where a value should be")
            default: throw problem("expected a value (an object, list, text, number, true, false or null)")
            }
        }

        mutating func object(depth: Int) throws(Problem) {
            index += 1
            skipBlanks()
            if current == UInt8(ascii: "}") {
                index += 1
                return
            }
            while true {
                skipBlanks()
                guard current == UInt8(ascii: "\"") else { throw problem("expected a key in double quotes") }
                let keyStart = index
                try string()
                let key = keyStart..<index
                try expect(UInt8(ascii: ":"), "':' after the key")
                skipBlanks()
                let valueStart = index
                try value(depth: depth + 1)
                if depth == 0 { members.append((key, valueStart..<index)) }
                skipBlanks()
                if current == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                try expect(UInt8(ascii: "}"), "',' or '}'")
                return
            }
        }

        mutating func array(depth: Int) throws(Problem) {
            index += 1
            skipBlanks()
            if current == UInt8(ascii: "]") {
                index += 1
                return
            }
            while true {
                try value(depth: depth + 1)
                skipBlanks()
                if current == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                try expect(UInt8(ascii: "]"), "',' or ']'")
                return
            }
        }

        mutating func string() throws(Problem) {
            index += 1
            while let byte = current {
                if byte < 0x20 { throw problem("a line break or control character inside text") }
                index += 1
                if byte == UInt8(ascii: "\"") { return }
                if byte == UInt8(ascii: "\\") { try escape() }
            }
            throw problem("text without its closing double quote")
        }

        /// What follows a backslash in text: one of `"\/bfnrt`, or `u` and four hex digits.
        mutating func escape() throws(Problem) {
            guard let byte = current, Array(#""\/bfnrtu"#.utf8).contains(byte) else {
                throw problem(#"a backslash in text must be followed by one of " \ / b f n r t u"#)
            }
            index += 1
            guard byte == UInt8(ascii: "u") else { return }
            for _ in 0..<4 {
                // `| 0x20` lowercases an ASCII letter.
                guard let digit = current, isDigit(digit) || (0x61...0x66).contains(digit | 0x20) else {
                    throw problem("expected four hex digits after \\u")
                }
                index += 1
            }
        }

        mutating func word(_ word: String) throws(Problem) {
            for expected in word.utf8 {
                guard current == expected else { throw problem("expected \(word)") }
                index += 1
            }
        }

        /// `-`, then `0` or digits not starting with 0, then `.` and digits, then `e` or `E`,
        /// a sign and digits; the last two optional.
        mutating func number() throws(Problem) {
            let start = index
            if current == UInt8(ascii: "-") { index += 1 }
            if current == UInt8(ascii: "0") {
                index += 1
                if let byte = current, isDigit(byte) {
                    throw problem("a number cannot start with 0 followed by more digits")
                }
            } else {
                try digits()
            }
            if current == UInt8(ascii: ".") {
                index += 1
                try digits()
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                try digits()
            }
            numbers.append(start..<index)
        }

        mutating func digits() throws(Problem) {
            guard let byte = current, isDigit(byte) else { throw problem("expected a digit in the number") }
            while let byte = current, isDigit(byte) { index += 1 }
        }

        func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    }
}
