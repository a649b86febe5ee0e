import FormCore

/// Display width of text in terminal columns, as glibc's `wcwidth` counts it in a UTF-8 locale:
/// East Asian wide and fullwidth characters and emoji with emoji presentation take two columns,
/// combining marks and format characters none, everything else one.
///
/// A grapheme cluster takes the width of its first scalar that has one; the rest of the cluster
/// rides along in the same cell (ncurses attaches zero-width characters to the cell before them).
///
/// ```swift
/// TextWidth.of("日本") // 4
/// TextWidth.of("e\u{301}") // 1
/// ```
public enum TextWidth {
    /// Columns that `text` takes on a terminal.
    public static func of(_ text: some StringProtocol) -> Int {
        if let ascii = asciiWidth(text.utf8) { return ascii }
        if let columns = loneColumnWidth(text) { return columns }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// The width of printable ASCII text (one column a byte), or nil when the text has anything
    /// else: the common case, measured without grapheme breaking.
    static func asciiWidth(_ utf8: some Collection<UInt8>) -> Int? {
        // A String's bytes are read from its memory: walking its UTF-8 view an index at a time
        // cost more than the rest of writing a row's title.
        if let width = utf8.withContiguousStorageIfAvailable(asciiWidth) { return width }
        for byte in utf8 where byte < 0x20 || byte >= 0x7F { return nil }
        return utf8.count
    }

    private static func asciiWidth(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        for byte in bytes where byte < 0x20 || byte >= 0x7F { return nil }
        return bytes.count
    }

    /// Whether the scalar `value` is a grapheme cluster of its own, one column wide, in text made
    /// only of such scalars: printable ASCII, and the punctuation, arrows, box drawing and
    /// geometric shapes that `of(_:)` knows without a look-up. None of them combines with,
    /// extends or joins a neighbour, so such text needs no grapheme breaking.
    static func isLoneColumn(_ value: UInt32) -> Bool {
        (0x20..<0x7F).contains(value) || (0x2010...0x2027).contains(value)
            || (0x2030...0x205E).contains(value)
            || (0x2190...0x21FF).contains(value) || (0x2500...0x25FC).contains(value)
    }

    /// The width of text made only of lone-column scalars (one column a scalar: a switch's
    /// `━━●`, a list's `›`), or nil when it has any other.
    static func loneColumnWidth(_ text: some StringProtocol) -> Int? {
        var columns = 0
        for scalar in text.unicodeScalars {
            guard isLoneColumn(scalar.value) else { return nil }
            columns += 1
        }
        return columns
    }

    /// Columns that one grapheme cluster takes: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        if character.isASCII {
            let value = character.asciiValue ?? 0
            return value >= 0x20 && value != 0x7F ? 1 : 0
        }
        for scalar in character.unicodeScalars {
            let width = of(scalar)
            if width > 0 { return width }
        }
        return 0
    }

    /// Columns of one scalar: 0 for controls, marks and format characters.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if ControlCharacters.isControl(scalar) { return 0 }
        // Below the combining marks everything prints in one column (the soft hyphen too, as in glibc).
        if value < 0x300 { return 1 }
        // Punctuation, arrows, box drawing and geometric shapes (the track, dot and bullets the
        // cells draw): one column, with no marks, format characters or emoji presentation among
        // them (U+25FD and U+25FE, which have it, are left out). The property look-ups below
        // cost about 2k instructions a character, a tenth of a scrolling Down.
        if (0x2010...0x2027).contains(value) || (0x2030...0x205E).contains(value)
            || (0x2190...0x21FF).contains(value) || (0x2500...0x25FC).contains(value)
        {
            return 1
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark:
            return 0
        case .format:
            return 0
        default:
            break
        }
        if (0x1160...0x11FF).contains(value) || value == 0x200B { return 0 }
        if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// East Asian Wide (W) and Fullwidth (F) blocks.
    private static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        for range in wideRanges where range.contains(value) { return true }
        return false
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
        0x23F3...0x23F3, 0x2E80...0x2E99, 0x2E9B...0x2EF3, 0x2F00...0x2FD5, 0x2FF0...0x303E,
        0x3041...0x3096, 0x3099...0x30FF, 0x3105...0x312F, 0x3131...0x318E, 0x3190...0x31E5,
        0x31EF...0x321E, 0x3220...0x3247, 0x3250...0xA48C, 0xA490...0xA4C6, 0xA960...0xA97C,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE52, 0xFE54...0xFE66,
        0xFE68...0xFE6B, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x187F7,
        0x18800...0x18CD5, 0x1B000...0x1B122, 0x1B150...0x1B152, 0x1B164...0x1B167,
        0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// The longest prefix of `text` that fits in `columns`, and the columns it takes.
    public static func prefix(of text: some StringProtocol, fitting columns: Int) -> (
        text: Substring, width: Int
    ) {
        let string = Substring(text)
        var used = 0
        var end = string.startIndex
        for index in string.indices {
            let width = of(string[index])
            if used + width > columns { break }
            used += width
            end = string.index(after: index)
        }
        return (string[string.startIndex..<end], used)
    }

    /// `text` cut to `columns`, ending in `…` when something was cut.
    public static func truncate(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        if of(text) <= columns { return text }
        let head = prefix(of: text, fitting: columns - 1)
        return String(head.text) + "…"
    }

    /// `text` cut to its last `columns`, starting with `…` when something was cut: for text whose
    /// end matters most, such as what is being typed.
    public static func truncateHead(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        if of(text) <= columns { return text }
        var kept = Substring(text)
        var used = of(kept)
        while used > columns - 1, let first = kept.first {
            used -= of(first)
            kept = kept.dropFirst()
        }
        return "…" + kept
    }
}
