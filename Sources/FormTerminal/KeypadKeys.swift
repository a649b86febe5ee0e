import CNcursesw
import FormUI

/// The keys ncurses reports as codes above 255 (with `keypad` on), as `Key`s, modifiers included.
enum KeypadKeys {
    /// The key for an ncurses key code, or nil for codes the forms have no use for (mouse,
    /// keypad corners, media keys). `KEY_RESIZE` is not a key and is handled by the reader.
    static func key(for code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        // vt220-style terminals send Find/Select for the Home/End keys.
        case KEY_HOME, KEY_FIND: return .home
        case KEY_END, KEY_SELECT: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_BTAB: return .backTab
        case KEY_DC: return .delete
        case KEY_IC: return .insert
        case KEY_BACKSPACE: return .backspace
        case KEY_ENTER: return .enter
        // The classic shifted keys. Scroll forward/back (`kind`, `kri`) is what terminfo calls
        // Shift-Down/Shift-Up in xterm-like entries.
        case KEY_SR: return .modified(.up, .shift)
        case KEY_SF: return .modified(.down, .shift)
        case KEY_SLEFT: return .modified(.left, .shift)
        case KEY_SRIGHT: return .modified(.right, .shift)
        case KEY_SHOME: return .modified(.home, .shift)
        case KEY_SEND: return .modified(.end, .shift)
        case KEY_SPREVIOUS: return .modified(.pageUp, .shift)
        case KEY_SNEXT: return .modified(.pageDown, .shift)
        case KEY_SDC: return .modified(.delete, .shift)
        case KEY_SIC: return .modified(.insert, .shift)
        case (KEY_F0 + 1)...(KEY_F0 + 63): return .function(Int(code - KEY_F0))
        case (KEY_MAX + 1)...: return keyname(code).flatMap { modifiedKey(named: String(cString: $0)) }
        default: return nil
        }
    }

    /// Keys with modifiers get codes above KEY_MAX that ncurses defines from the terminfo entry's
    /// extended names: `kLFT5` is Left with xterm's modifier number 5 (Ctrl), `kUP3` Alt-Up,
    /// `kDC6` Ctrl-Shift-Delete. Nil for other names and for numbers that are no modifiers.
    static func modifiedKey(named name: String) -> Key? {
        let base = String(name.prefix { !$0.isNumber })
        guard let key = baseNames[base], let number = Int(name.dropFirst(base.count)),
            let modifiers = Key.Modifiers(xtermParameter: number)
        else { return nil }
        return key.adding(modifiers)
    }

    private static let baseNames: [String: Key] = [
        "kUP": .up, "kDN": .down, "kLFT": .left, "kRIT": .right, "kHOM": .home, "kEND": .end,
        "kPRV": .pageUp, "kNXT": .pageDown, "kDC": .delete, "kIC": .insert,
    ]
}
