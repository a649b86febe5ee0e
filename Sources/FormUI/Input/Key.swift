import FormCore

/// A key press, decoded from the terminal or read from a key script.
///
/// Printable text arrives as `.character`; `Ctrl` plus a letter as `.control("a")`...`.control("z")`
/// (except the ones terminals send as Tab, Enter and Backspace), Shift-Tab as `.backTab`. Other
/// keys held with Shift, Alt or Ctrl arrive as `.modified`: Alt-b is
/// `.modified(.character("b"), .alt)`, Ctrl-Left is `.modified(.left, .control)`, so that a screen
/// matching `.left` or `.character("b")` never takes them for the plain key. Text the user pastes
/// arrives whole as one `.paste` (`.truncatedPaste` when it was too long), so that it never acts
/// as key presses.
///
/// ```swift
/// if key == .control("s") { save() }
/// if key == .modified(.up, .alt) { moveRowUp() }
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
    /// A paste longer than `ByteKeyDecoder.pasteByteLimit`: the part that was kept, as `.paste`
    /// would hold it. `App` tells the user the text was cut and hands the screen a `.paste`, so
    /// screens never see this case.
    case truncatedPaste(String)
    /// A key held with modifiers, e.g. `.modified(.left, .control)` for Ctrl-Left.
    ///
    /// Decoders and key scripts always give the canonical form that `adding(_:)` builds: the
    /// modifiers are never empty, the key inside is never itself `.modified`, Shift-Tab is
    /// `.backTab` and Ctrl plus a letter is `.control`, so `==` compares keys as people mean them.
    indirect case modified(Key, Modifiers)
    /// A click or a turn of the wheel (`MouseEvent`); screens that take none ignore it.
    case mouse(MouseEvent)

    /// The modifier keys held with a key. Ctrl plus a letter and Shift-Tab have keys of their own
    /// (`.control("a")`, `.backTab`) and are not written with these.
    ///
    /// ```swift
    /// let wordLeft = Key.modified(.left, .control)
    /// let both: Key.Modifiers = [.control, .shift]
    /// ```
    public struct Modifiers: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let shift = Modifiers(rawValue: 1 << 0)
        /// Alt, which is Option on a Mac keyboard and Meta in Emacs' words.
        public static let alt = Modifiers(rawValue: 1 << 1)
        public static let control = Modifiers(rawValue: 1 << 2)

        /// The modifiers an xterm-style parameter stands for (`ESC [ 1 ; 5 D` has 5: Ctrl), as
        /// terminals and terminfo's `kLFT5`-style names number them: one plus the sum of Shift 1,
        /// Alt 2, Ctrl 4 and Meta 8 (Meta counts as Alt). Nil for numbers that are not such a sum.
        ///
        /// ```swift
        /// Key.Modifiers(xtermParameter: 6) // [.control, .shift]
        /// ```
        public init?(xtermParameter: Int) {
            guard (2...16).contains(xtermParameter) else { return nil }
            let bits = xtermParameter - 1
            var modifiers: Modifiers = []
            if bits & 1 != 0 { modifiers.insert(.shift) }
            if bits & (2 | 8) != 0 { modifiers.insert(.alt) }
            if bits & 4 != 0 { modifiers.insert(.control) }
            self = modifiers
        }
    }

    public static let space = Key.character(" ")

    /// This key with `modifiers` held too, in canonical form: no modifiers leave the key as it is,
    /// Shift plus Tab is `.backTab`, Ctrl plus an ASCII letter is `.control`, and modifiers on a
    /// `.modified` key join the ones it has.
    ///
    /// ```swift
    /// Key.left.adding(.control)            // .modified(.left, .control)
    /// Key.tab.adding(.shift)               // .backTab
    /// Key.character("b").adding(.control)  // .control("b")
    /// ```
    public func adding(_ modifiers: Modifiers) -> Key {
        var modifiers = modifiers
        var key = self
        if case .modified(let inner, let held) = key {
            key = inner
            modifiers.formUnion(held)
        }
        switch key {
        case .tab where modifiers.contains(.shift), .backTab:
            key = .backTab
            modifiers.remove(.shift)
        case .character(let letter) where modifiers.contains(.control) && letter.isASCII && letter.isLetter:
            key = .control(Character(letter.lowercased()))
            modifiers.remove(.control)
        case .control:
            modifiers.remove(.control)
        default:
            break
        }
        return modifiers.isEmpty ? key : .modified(key, modifiers)
    }

    /// The modifiers held with this key (empty unless it is `.modified`).
    public var modifiers: Modifiers {
        if case .modified(_, let modifiers) = self { return modifiers }
        return []
    }

    /// This key without its modifiers: `.left` for Ctrl-Left, the key itself when it has none.
    public var unmodified: Key {
        if case .modified(let key, _) = self { return key }
        return self
    }

    /// The name a key script uses for this key, e.g. `ctrl-s`, `pgdn`, `"x"` for a character,
    /// `alt-b` or `ctrl-left` for a key held with modifiers, `paste "some text"` for a paste.
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
        // A script's paste has no limit, so a cut paste is written as the text that arrived.
        case .paste(let text), .truncatedPaste(let text):
            var escaped = ""
            for character in text {
                if character == "\"" || character == "\\" { escaped.append("\\") }
                escaped.append(character)
            }
            return "paste \"\(escaped)\""
        case .modified(let key, let modifiers):
            let prefix = Self.names(of: modifiers, control: "ctrl-", alt: "alt-", shift: "shift-")
            guard case .character(let c) = key, c != " " else { return prefix + key.scriptName }
            // Unquoted, as one word: `alt-b`. A character that would end the word, start a comment
            // or read as a repeat count is written by its code point instead: `alt-u+23` for `#`.
            let awkward =
                c.isWhitespace || c == "#" || c == "*" || ControlCharacters.isControl(c)
            guard awkward, c.unicodeScalars.count == 1, let scalar = c.unicodeScalars.first else {
                return prefix + String(c)
            }
            return prefix + "u+" + String(scalar.value, radix: 16)
        case .mouse(let event):
            return event.scriptName
        }
    }

    /// Modifier names in a fixed order (Ctrl, Alt, Shift), so every key has one name.
    static func names(of modifiers: Modifiers, control: String, alt: String, shift: String) -> String {
        (modifiers.contains(.control) ? control : "") + (modifiers.contains(.alt) ? alt : "")
            + (modifiers.contains(.shift) ? shift : "")
    }
}
