extension Key {
    /// How the help line names the key: `^S`, `←`, `Space`, `Alt-↑`.
    public var label: String {
        switch self {
        case .character(" "): return "Space"
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
        case .control(let c): return "^" + String(c).uppercased()
        case .function(let n): return "F\(n)"
        case .paste: return "Paste"
        case .modified(let key, let modifiers):
            var prefix = ""
            if modifiers.contains(.control) { prefix += "Ctrl-" }
            if modifiers.contains(.alt) { prefix += "Alt-" }
            if modifiers.contains(.shift) { prefix += "Shift-" }
            return prefix + key.label
        }
    }
}
