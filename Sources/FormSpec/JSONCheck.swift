/// Whether a text is plainly JSON (RFC 8259), in one pass over its bytes: what `readJSON` asks
/// before it has the decoder read the whole text again (which cost as much as a quarter of the
/// YAML reader's work on a large spec).
///
/// It answers true only when it is sure: anything it does not judge itself (a `\u` escape, a
/// byte-order mark, a text whose top is not an object or an array) answers false, and the
/// decoder, which also words the error, decides.
///
/// ```swift
/// JSONCheck.isPlainlyValid(#"{"title": "Hi", "sections": []}"#) // true
/// JSONCheck.isPlainlyValid(#"{"a": 1,}"#) // false
/// ```
enum JSONCheck {
    static func isPlainlyValid(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { check($0) }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func check(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        var index = 0
        /// The objects (`{`) and arrays (`[`) open, innermost last.
        var open: [UInt8] = []
        func skipSpace() { while index < count, isSpace(bytes[index]) { index += 1 } }
        /// A string from its opening quote, and past its closing one.
        func string() -> Bool {
            guard index < count, bytes[index] == 0x22 else { return false }
            index += 1
            while index < count {
                let byte = bytes[index]
                if byte == 0x22 {
                    index += 1
                    return true
                }
                if byte < 0x20 { return false }
                if byte == 0x5C {
                    index += 1
                    guard index < count else { return false }
                    switch bytes[index] {
                    case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: break
                    default: return false  // `\u…` and anything else: the decoder judges
                    }
                }
                index += 1
            }
            return false
        }
        func digits() -> Bool {
            let start = index
            while index < count, isDigit(bytes[index]) { index += 1 }
            return index > start
        }
        func number() -> Bool {
            if bytes[index] == 0x2D { index += 1 }
            guard index < count else { return false }
            if bytes[index] == 0x30 {
                index += 1
            } else if !digits() {
                return false
            }
            if index < count, bytes[index] == 0x2E {
                index += 1
                guard digits() else { return false }
            }
            if index < count, bytes[index] == 0x65 || bytes[index] == 0x45 {
                index += 1
                if index < count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
                guard digits() else { return false }
            }
            return true
        }
        func word(_ expected: StaticString) -> Bool {
            let length = expected.utf8CodeUnitCount
            guard count - index >= length else { return false }
            for offset in 0..<length where bytes[index + offset] != expected.utf8Start[offset] {
                return false
            }
            index += length
            return true
        }
        /// A key, its colon, and the space before the value.
        func key() -> Bool {
            guard string() else { return false }
            skipSpace()
            guard index < count, bytes[index] == 0x3A else { return false }
            index += 1
            skipSpace()
            return true
        }

        skipSpace()
        guard index < count, bytes[index] == 0x7B || bytes[index] == 0x5B else { return false }
        while true {
            // A value starts at `index`.
            guard index < count else { return false }
            var opened = false
            switch bytes[index] {
            case 0x7B, 0x5B:
                let bracket = bytes[index]
                index += 1
                skipSpace()
                guard index < count else { return false }
                if bytes[index] == bracket + 2 {  // `}` and `]` are two past `{` and `[`
                    index += 1
                } else {
                    open.append(bracket)
                    if bracket == 0x7B, !key() { return false }
                    opened = true
                }
            case 0x22: guard string() else { return false }
            case 0x74: guard word("true") else { return false }
            case 0x66: guard word("false") else { return false }
            case 0x6E: guard word("null") else { return false }
            case 0x2D, 0x30...0x39: guard number() else { return false }
            default: return false
            }
            if opened { continue }
            // After a value: a comma and the next, or the end of what holds it, perhaps more.
            while true {
                skipSpace()
                guard let innermost = open.last else { return index == count }
                guard index < count else { return false }
                if bytes[index] == 0x2C {
                    index += 1
                    skipSpace()
                    if innermost == 0x7B, !key() { return false }
                    break
                }
                guard bytes[index] == innermost + 2 else { return false }
                index += 1
                open.removeLast()
            }
        }
    }
}
