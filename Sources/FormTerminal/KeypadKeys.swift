import CNcursesw
import FormUI

/// The keys ncurses reports as codes above 255 (with `keypad` on), as `Key`s.
enum KeypadKeys {
    /// The key for an ncurses key code, or nil for codes the forms have no use for (mouse,
    /// keypad corners, media keys). `KEY_RESIZE` is not a key and is handled by the reader.
    static func key(for code: Int32) -> Key? {
        switch code {
        case KEY_UP, KEY_SR: return .up
        case KEY_DOWN, KEY_SF: return .down
        case KEY_LEFT, KEY_SLEFT: return .left
        case KEY_RIGHT, KEY_SRIGHT: return .right
        // vt220-style terminals send Find/Select for the Home/End keys.
        case KEY_HOME, KEY_SHOME, KEY_FIND: return .home
        case KEY_END, KEY_SEND, KEY_SELECT: return .end
        case KEY_PPAGE, KEY_SPREVIOUS: return .pageUp
        case KEY_NPAGE, KEY_SNEXT: return .pageDown
        case KEY_BTAB: return .backTab
        case KEY_DC, KEY_SDC: return .delete
        case KEY_IC, KEY_SIC: return .insert
        case KEY_BACKSPACE: return .backspace
        case KEY_ENTER: return .enter
        case (KEY_F0 + 1)...(KEY_F0 + 63): return .function(Int(code - KEY_F0))
        case (KEY_MAX + 1)...: return modifiedKey(code)
        default: return nil
        }
    }

    /// Keys with modifiers (Ctrl-Up is `kUP5`) get codes above KEY_MAX that ncurses defines from
    /// the terminfo entry; the plain key is what a form can use.
    private static func modifiedKey(_ code: Int32) -> Key? {
        guard let name = keyname(code).map({ String(cString: $0) }) else { return nil }
        let base = String(name.prefix { !$0.isNumber })
        return modifiedNames[base]
    }

    private static let modifiedNames: [String: Key] = [
        "kUP": .up, "kDN": .down, "kLFT": .left, "kRIT": .right, "kHOM": .home, "kEND": .end,
        "kPRV": .pageUp, "kNXT": .pageDown, "kDC": .delete, "kIC": .insert,
    ]
}
