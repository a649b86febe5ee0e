/// A key press, decoded from the terminal or read from a key script.
///
/// Printable text arrives as `.character`; `Ctrl` plus a letter as `.control("a")`...`.control("z")`
/// (except the ones terminals send as Tab, Enter and Backspace). Text the user pastes arrives whole
/// as one `.paste`, so that it never acts as key presses.
///
/// ```swift
/// if key == .control("s") { save() }
/// ```
public enum Key: Hashable, Sendable {
    case character(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case tab, backTab, enter, escape, backspace, delete, insert
    case control(Character)
    case function(Int)
    /// Text pasted by the user (bracketed paste), never empty: line breaks kept as `"\n"`, tabs
    /// turned into spaces, other control characters removed (`ControlCharacters.cleaned`). A
    /// one-line field turns the line breaks into spaces; screens that take no text ignore it.
    case paste(String)
    /// A key pressed with Shift, Alt or Ctrl (Alt-b, Ctrl-←, Shift-→, Alt-↑).
    indirect case modified(Key, Modifiers)

    public static let space = Key.character(" ")

    /// Shift, Alt and Ctrl, as held with another key.
    public struct Modifiers: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let shift = Modifiers(rawValue: 1)
        public static let alt = Modifiers(rawValue: 2)
        public static let control = Modifiers(rawValue: 4)
    }

    /// The name a key script uses for this key, e.g. `ctrl-s`, `pgdn`, `"x"` for a character,
    /// `paste "some text"` for a paste.
    public var scriptName: String {
        switch self {
        case .character(" "): return "space"
        case .character("\""): return #""\"""#
        case .character("\\"): return #""\\""#
        case .character(let c): return "\"\(c)\""
        case .up: return "up"
        case .down: return "down"
        case .left: return "left"
        case .right: return "right"
        case .pageUp: return "pgup"
        case .pageDown: return "pgdn"
        case .home: return "home"
        case .end: return "end"
        case .tab: return "tab"
        case .backTab: return "backtab"
        case .enter: return "enter"
        case .escape: return "esc"
        case .backspace: return "backspace"
        case .delete: return "delete"
        case .insert: return "insert"
        case .control(let c): return "ctrl-\(c)"
        case .function(let n): return "f\(n)"
        case .modified(let key, let modifiers):
            var prefix = ""
            if modifiers.contains(.control) { prefix += "ctrl-" }
            if modifiers.contains(.alt) { prefix += "alt-" }
            if modifiers.contains(.shift) { prefix += "shift-" }
            if case .character(let c) = key { return prefix + String(c) }
            return prefix + key.scriptName
        case .paste(let text):
            var escaped = ""
            for character in text {
                if character == "\"" || character == "\\" { escaped.append("\\") }
                escaped.append(character)
            }
            return "paste \"\(escaped)\""
        }
    }
}
