/// Keys by name, as key scripts and row hints (`RowHint.defaultKeys`) write them: one reading of
/// a name for both, kept with the keys rather than with the script parser.
extension Key {
    /// The key a name stands for (in a key script, in a row hint's default keys), e.g. `pgdn`,
    /// `ctrl-s`, `f5`, `alt-b`, `ctrl-left`; a lone character is itself. Names are
    /// case-insensitive; a character after a modifier keeps its case (`alt-B`).
    ///
    /// ```swift
    /// Key(named: "alt-backspace")  // .modified(.backspace, .alt)
    /// ```
    public init?(named name: String) {
        guard let key = Self.parse(name) else { return nil }
        self = key
    }

    private static func parse(_ name: String) -> Key? {
        if name.count == 1, let character = name.first { return .character(character) }
        var modifiers: Key.Modifiers = []
        var rest = Substring(name)
        // At least one character must follow a prefix: `alt--` is Alt plus "-".
        while rest.count > 1, let dash = rest.firstIndex(of: "-"), dash != rest.startIndex {
            guard let modifier = modifierNames[rest[..<dash].lowercased()] else { break }
            modifiers.insert(modifier)
            rest = rest[rest.index(after: dash)...]
        }
        if modifiers.isEmpty { return plainKey(named: name.lowercased()) }
        if modifiers.contains(.control), rest.count == 1, let letter = rest.first, letter.isASCII,
            letter.isLetter
        {
            // `ctrl-alt-h` is Alt-Backspace, as a terminal sends it.
            return controlKey(letter).adding(modifiers.subtracting(.control))
        }
        if rest.count == 1, let character = rest.first {
            // No terminal sends Ctrl with anything but a letter as its own key (`ctrl-1` is a typo).
            return modifiers.contains(.control) ? nil : Key.character(character).adding(modifiers)
        }
        if let character = codePoint(rest) { return Key.character(character).adding(modifiers) }
        return plainKey(named: rest.lowercased())?.adding(modifiers)
    }

    private static let modifierNames: [String: Key.Modifiers] = [
        "ctrl": .control, "control": .control, "alt": .alt, "meta": .alt, "shift": .shift,
    ]

    /// A character written `u+23` (hexadecimal), for one that cannot stand in a word.
    private static func codePoint(_ name: Substring) -> Character? {
        guard name.count > 2, name.prefix(2).lowercased() == "u+",
            let value = UInt32(name.dropFirst(2), radix: 16),
            let scalar = Unicode.Scalar(value)
        else { return nil }
        return Character(scalar)
    }

    /// What Ctrl plus `letter` is, as a terminal sends it.
    private static func controlKey(_ letter: Character) -> Key {
        // A terminal sends these four as Backspace, Tab and Enter: so does a script.
        switch letter.lowercased() {
        case "h": return .backspace
        case "i": return .tab
        case "j", "m": return .enter
        default: return .control(Character(letter.lowercased()))
        }
    }

    /// A key name without modifiers, lowercased.
    private static func plainKey(named name: String) -> Key? {
        switch name {
        case "up": return .up
        case "down": return .down
        case "left": return .left
        case "right": return .right
        case "pgup", "pageup": return .pageUp
        case "pgdn", "pagedown": return .pageDown
        case "home": return .home
        case "end": return .end
        case "tab": return .tab
        case "backtab", "shift-tab": return .backTab
        case "enter", "return": return .enter
        case "esc", "escape": return .escape
        case "space": return .space
        case "backspace", "bs": return .backspace
        case "delete", "del": return .delete
        case "insert", "ins": return .insert
        default: break
        }
        if name.hasPrefix("f"), let number = Int(name.dropFirst()), (1...24).contains(number) {
            return .function(number)
        }
        return nil
    }
}
