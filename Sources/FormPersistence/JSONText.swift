/// Re-indents compact JSON (as `JSONEncoder` writes it) for people: two spaces per level,
/// `"key": value`, and a final newline.
///
/// Works on the text itself, so values keep exactly the form the encoder gave them.
enum JSONText {
    static func pretty(_ compact: some Sequence<UInt8>) -> String {
        var output: [UInt8] = []
        var depth = 0
        var inString = false
        var escaped = false
        var previous: UInt8 = 0
        func newline() {
            output.append(UInt8(ascii: "\n"))
            output += Array(repeating: UInt8(ascii: " "), count: depth * 2)
        }
        for byte in compact {
            defer { previous = byte }
            if inString {
                output.append(byte)
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
                output.append(byte)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                output.append(byte)
                depth += 1
                newline()
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if previous == UInt8(ascii: "{") || previous == UInt8(ascii: "[") {
                    // An empty object or array stays on one line.
                    while output.last == UInt8(ascii: " ") || output.last == UInt8(ascii: "\n") {
                        output.removeLast()
                    }
                } else {
                    newline()
                }
                output.append(byte)
            case UInt8(ascii: ","):
                output.append(byte)
                newline()
            case UInt8(ascii: ":"):
                output += [UInt8(ascii: ":"), UInt8(ascii: " ")]
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                break
            default:
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\n"))
        return String(decoding: output, as: UTF8.self)
    }
}
