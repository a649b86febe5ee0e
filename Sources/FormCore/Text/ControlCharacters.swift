/// The one rule for what counts as a control character in text: C0 controls, DEL and the C1
/// controls. Text fields never take them as input and draw them as `?`; pasted text drops them.
///
/// ```swift
/// ControlCharacters.isControl("\u{7}") // true
/// ```
public enum ControlCharacters {
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
    }

    /// A character all of whose scalars are controls (a lone control, or CR LF).
    public static func isControl(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { isControl($0) }
    }
}

/// The one rule for showing a secret (a password, a token) without showing it.
///
/// ```swift
/// SecretMask.bullets(for: "hunter2") // "•••••••"
/// SecretMask.concealed               // "••••••••", whatever the length
/// ```
public enum SecretMask {
    /// The character that stands for each character of a secret being typed.
    public static let bullet: Character = "•"
    /// A secret shown at rest: a fixed count of bullets, so that its length is not told.
    public static let concealed = String(repeating: bullet, count: 8)

    /// One bullet per character, as a secure field shows what is being typed.
    public static func bullets(for secret: String) -> String {
        String(repeating: bullet, count: secret.count)
    }
}

extension ControlCharacters {
    /// A line break in any of the forms a file or a terminal sends: LF, CR, or CR LF (which Swift
    /// counts as one character).
    public static func isLineBreak(_ character: Character) -> Bool {
        character == "\n" || character == "\r\n" || character == "\r"
    }

    /// The lines of `text`, split at each line break; at most `limit + 1` pieces when a limit is
    /// given, so that showing the first lines of a long text does not split all of it.
    ///
    /// ```swift
    /// ControlCharacters.lines(of: "a\r\nb\n") // ["a", "b", ""]
    /// ```
    public static func lines(of text: String, limit: Int = .max) -> [Substring] {
        text.split(
            maxSplits: max(0, limit), omittingEmptySubsequences: false, whereSeparator: isLineBreak)
    }

    /// Text that came from outside (a paste) made fit for a text field: tabs become spaces, line
    /// breaks become `"\n"` (or a space in a one-line field), other controls are dropped.
    ///
    /// ```swift
    /// ControlCharacters.cleaned("a\tb\r\nc\u{7}", keepingLineBreaks: true)  // "a b\nc"
    /// ControlCharacters.cleaned("a\r\nb", keepingLineBreaks: false)         // "a b"
    /// ```
    public static func cleaned(_ text: some StringProtocol, keepingLineBreaks: Bool) -> String {
        var cleaned = ""
        for character in text {
            if isLineBreak(character) {
                cleaned.append(keepingLineBreaks ? "\n" : " ")
            } else if character == "\t" {
                cleaned.append(" ")
            } else if !isControl(character) {
                cleaned.append(character)
            }
        }
        return cleaned
    }
}
