/// The reader's errors: each says where and what to do.
extension JSONReader {
    func error(_ message: String, at offset: Int) -> DocumentError {
        DocumentError(message, at: offset, in: bytes)
    }

    /// `message` at `offset`, unless a NUL byte stands there: then that is what is wrong.
    func misplaced(_ message: String, at offset: Int) -> DocumentError {
        if offset < bytes.count, bytes[offset] == 0 {
            return error("a NUL byte cannot stand here; the file may not be text", at: offset)
        }
        return error(message, at: offset)
    }

    func unterminated(_: Int) -> DocumentError {
        error("this string has no closing quote", at: stringStart)
    }

    func controlCharacter(at offset: Int) -> DocumentError {
        let byte = bytes[offset]
        let escape: String
        switch byte {
        case 0x0A: escape = "\\n"
        case 0x0D: escape = "\\r"
        case 0x09: escape = "\\t"
        case 0x00: return error("a NUL byte cannot stand in a string; write it as \\u0000", at: offset)
        default: escape = "\\u00" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        }
        return error(
            "a control character (U+00\(String(byte, radix: 16, uppercase: true).leftPadded(to: 2))) cannot stand in a string; write it as \(escape)",
            at: offset)
    }

    func loneSurrogate(_ value: UInt32, at offset: Int) -> DocumentError {
        error(
            "\\u\(String(value, radix: 16, uppercase: true)) is half of a surrogate pair without its other half, which is no character; write the whole pair or the character itself",
            at: offset)
    }

    func invalidUTF8(at offset: Int) -> DocumentError {
        error("this byte is not valid UTF-8; save the file as UTF-8", at: offset)
    }

    func describe(at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the text" }
        let byte = bytes[offset]
        if (0x21..<0x7F).contains(byte) { return "'\(UnicodeScalar(byte))'" }
        return "byte \(byte)"
    }

    /// The error where a value was expected at `index`, naming what stands there instead.
    func unexpectedValue() -> DocumentError {
        guard index < bytes.count else {
            return error("a value was expected here, at the end of the text", at: index)
        }
        let rest = bytes[index..<min(bytes.count, index + 9)]
        func starts(_ word: String) -> Bool { rest.starts(with: word.utf8) }
        switch bytes[index] {
        case UInt8(ascii: "'"):
            return error("strings take double quotes in JSON: write \"text\"", at: index)
        case UInt8(ascii: "."), UInt8(ascii: "+"):
            return error(
                "a number starts with a digit or a minus sign in JSON (write 0.5, not .5 or +5)", at: index)
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            return error("a value was expected before this \(describe(at: index))", at: index)
        case UInt8(ascii: ","):
            return error("a value was expected before this comma", at: index)
        case 0:
            return error("a NUL byte cannot stand here; the file may not be text", at: index)
        case 0x80...:
            do {
                _ = try utf8Length(at: index)
            } catch {
                return error
            }
            return error(
                "a value was expected here (an object, an array, a string in double quotes, a number, true, false or null)",
                at: index)
        default:
            if starts("NaN") || starts("Infinity") || starts("-Infinity") {
                return error("JSON has no NaN or Infinity; write null, or the number as a string", at: index)
            }
            if starts("True") || starts("False") || starts("None") || starts("Null") || starts("nil")
                || starts("undefined")
            {
                return error("JSON's words are true, false and null, in lower case", at: index)
            }
            return error(
                "a value was expected here (an object, an array, a string in double quotes, a number, true, false or null)",
                at: index)
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
