/// The one rule for what counts as a control character: C0 (U+0000–U+001F), DEL (U+007F) and
/// C1 (U+0080–U+009F). They are never inserted as text, take no columns of their own, and are
/// shown as `?` when text holding them is drawn.
///
/// ```swift
/// ControlCharacters.isControl("\u{1B}" as Character) // true
/// ControlCharacters.isControl("é" as Character)      // false
/// ```
public enum ControlCharacters {
    /// Whether `scalar` is a C0 control, DEL or a C1 control.
    @inlinable
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
    }

    /// Whether `character` is a control character. Grapheme breaking keeps a control alone in its
    /// character (only CR LF pairs up, and both are controls), so the first scalar decides.
    @inlinable
    public static func isControl(_ character: Character) -> Bool {
        character.unicodeScalars.first.map(isControl) ?? false
    }
}
