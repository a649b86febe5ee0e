/// The reader's scalars: `true`, `false`, `null`, numbers and strings, each checked as it is
/// read (JSON's number grammar, its escapes, well-formed UTF-8).
extension JSONReader {
    /// Reads `word` (`true`, `false`, `null`) at `index`.
    mutating func readWord(_ word: StaticString) throws(DocumentError) {
        let start = index
        let count = word.utf8CodeUnitCount
        var matches = index + count <= bytes.count
        if matches {
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
                matches = false
                break
            }
        }
        guard matches, index + count == bytes.count || isDelimiter(bytes[index + count]) else {
            throw unexpectedValue()
        }
        index = start + count
    }

    /// Whether `byte` may follow a number or word.
    func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"),
            UInt8(ascii: "/"):
            return true
        default:
            return false
        }
    }

    mutating func readNumber() throws(DocumentError) -> DocumentNumber {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                if bytes[index...].starts(with: "Infinity".utf8) {
                    throw error(
                        "JSON has no NaN or Infinity; write null, or the number as a string", at: start)
                }
                throw error("a digit was expected after this minus sign", at: start)
            }
        }
        let whole = index
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw error("a number cannot start with 0 unless it is 0 (write 5 or 0.5)", at: start)
            }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let wholeEnd = index
        var fraction = index..<index
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("a digit was expected after the decimal point (write 1.0, not 1.)", at: index - 1)
            }
            let fractionStart = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            fraction = fractionStart..<index
        }
        var exponent = 0
        var hasExponent = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            hasExponent = true
            index += 1
            var negativeExponent = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                negativeExponent = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("a digit was expected in this number's exponent (write 1e5)", at: start)
            }
            while index < bytes.count, isDigit(bytes[index]) {
                // Exponents past a billion say nothing a Double or a person can use (as DocumentNumber).
                exponent = min(exponent * 10 + Int(bytes[index] - 0x30), 1_000_000_000)
                index += 1
            }
            if negativeExponent { exponent = -exponent }
        }
        guard index == bytes.count || isDelimiter(bytes[index]) else {
            throw error(
                "this number is followed by \(describe(at: index)); a comma or a bracket was expected",
                at: index)
        }
        // The digits without leading or trailing zeros, made into a String once (most numbers
        // are small integers, whose digits stand together in the text).
        let isInteger = fraction.isEmpty && !hasExponent
        let digits: String
        if fraction.isEmpty {
            var low = whole
            var high = wholeEnd
            while low < high, bytes[low] == UInt8(ascii: "0") { low += 1 }
            while high > low, bytes[high - 1] == UInt8(ascii: "0") {
                high -= 1
                exponent += 1
            }
            digits = String(decoding: bytes[low..<high], as: UTF8.self)
        } else {
            var all = Array(bytes[whole..<wholeEnd])
            all += bytes[fraction]
            exponent -= fraction.count
            digits = String(decoding: all.drop { $0 == UInt8(ascii: "0") }, as: UTF8.self)
        }
        return DocumentNumber(negative: negative, digits: digits, exponent: exponent, isInteger: isInteger)
    }

    func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// Reads the string whose opening quote is at `index`: its escapes decoded, its UTF-8
    /// checked. `index` ends past the closing quote.
    mutating func readString() throws(DocumentError) -> String {
        let start = index
        stringStart = start
        index += 1
        // Most strings have no escape: decoded straight from the bytes.
        while true {
            guard index < bytes.count else { throw unterminated(start) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: bytes[(start + 1)..<(index - 1)], as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw controlCharacter(at: index) }
            index += byte < 0x80 ? 1 : try utf8Length(at: index)
        }
        var decoded = Array(bytes[(start + 1)..<index])
        while true {
            guard index < bytes.count else { throw unterminated(start) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: decoded, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                try readEscape(into: &decoded)
            } else if byte < 0x20 {
                throw controlCharacter(at: index)
            } else if byte < 0x80 {
                decoded.append(byte)
                index += 1
            } else {
                let length = try utf8Length(at: index)
                decoded.append(contentsOf: bytes[index..<(index + length)])
                index += length
            }
        }
    }

    mutating func readEscape(into decoded: inout [UInt8]) throws(DocumentError) {
        let start = index
        guard index + 1 < bytes.count else { throw unterminated(start) }
        let letter = bytes[index + 1]
        index += 2
        switch letter {
        case UInt8(ascii: "\""): decoded.append(0x22)
        case UInt8(ascii: "\\"): decoded.append(0x5C)
        case UInt8(ascii: "/"): decoded.append(0x2F)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHex(escapeAt: start)
            if (0xD800..<0xDC00).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                else { throw loneSurrogate(scalar, at: start) }
                let lowStart = index
                index += 2
                let low = try readHex(escapeAt: lowStart)
                guard (0xDC00..<0xE000).contains(low) else { throw loneSurrogate(scalar, at: start) }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw loneSurrogate(scalar, at: start)
            }
            decoded.append(contentsOf: Unicode.UTF8.encode(Unicode.Scalar(scalar)!)!)
        default:
            throw error(
                "\\\(describeEscape(letter)) is not a JSON escape; the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX (write \\\\ for a backslash)",
                at: start)
        }
    }

    func describeEscape(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "(byte \(byte))"
    }

    /// Four hexadecimal digits at `index` (after `\u`).
    mutating func readHex(escapeAt start: Int) throws(DocumentError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw unterminated(start) }
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 0x30)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - 0x61 + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - 0x41 + 10)
            default: throw error("\\u must be followed by four hexadecimal digits (\\u00e9)", at: start)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// The length of the UTF-8 sequence at `offset`, whose first byte is not ASCII; an error
    /// where it is not well-formed (overlong, a surrogate, past U+10FFFF, cut short).
    func utf8Length(at offset: Int) throws(DocumentError) -> Int {
        guard let length = UTF8Sequence.length(in: bytes, at: offset) else { throw invalidUTF8(at: offset) }
        return length
    }
}
