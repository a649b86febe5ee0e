/// JSON string literals, for the few places that write JSON by hand (an asciicast's lines, the
/// answers of `formtui form`) so that their bytes are the same on every run and machine: one
/// rule for what is escaped.
///
/// ```swift
/// JSONString.literal("say \"hi\"\n") // "\"say \\\"hi\\\"\\n\""
/// ```
public enum JSONString {
    /// `text` in double quotes, with `"` and `\` escaped, line breaks and tabs as `\n`, `\r`,
    /// `\t`, and other control characters as `\u00XX`; everything else as it is (UTF-8).
    public static func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
