import FormCore

extension Key {
    /// How help lines and messages name this key for people: `^S`, `←`, `Alt-↑`, `Alt-U`, `Shift-→`,
    /// `Space`, `Enter`, `Esc`, `PgUp`, `F5`, `a`. The one place that names keys on screen.
    ///
    /// ```swift
    /// "\(Key.control("s").label) Save"  // "^S Save"
    /// ```
    public var label: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let c) where ControlCharacters.isControl(c):
            return c.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined()
        case .character(let c): return String(c)
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .delete: return "Del"
        case .insert: return "Ins"
        case .control(let c): return "^" + c.uppercased()
        case .function(let n): return "F\(n)"
        case .paste, .truncatedPaste: return "Paste"
        case .mouse: return "Click"
        case .modified(.character(let c), let modifiers) where modifiers == .alt && c.isASCII && c.isLetter:
            // As `^S` names Ctrl-s: Alt-U is Alt with u, Alt-Shift-U with U.
            return (c.isUppercase ? "Alt-Shift-" : "Alt-") + c.uppercased()
        case .modified(let key, let modifiers):
            return Self.names(of: modifiers, control: "Ctrl-", alt: "Alt-", shift: "Shift-") + key.label
        }
    }
}
