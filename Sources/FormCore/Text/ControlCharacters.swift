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
