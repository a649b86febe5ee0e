import FormCore
import FormUI

/// Draws what a user can do to a running form: every key a terminal sends, held with any
/// modifiers; text typed in any script; pastes; and resizes of the window down to 1x1.
///
/// Keys come in the canonical form the decoders give (`Key.adding`), since a form only ever sees
/// those. The weights favour keys that move through and change a form, so that a few hundred keys
/// reach the deep screens (pickers, lists, nested forms, dialogs) rather than typing in one field.
enum KeyDraw {
    /// One step of a generated script: mostly keys, now and then a resize.
    static func step(using rng: inout some RandomNumberGenerator) -> ScriptStep {
        Int.random(in: 0..<100, using: &rng) < 3 ? .resize(size(using: &rng)) : .key(key(using: &rng))
    }

    /// A window size: usually one that shows a form, sometimes one too small to (down to 1x1),
    /// where keys must do nothing and drawing must not trap.
    static func size(using rng: inout some RandomNumberGenerator) -> Size {
        if Int.random(in: 0..<100, using: &rng) < 20 {
            return Size(
                width: Int.random(in: 1...24, using: &rng), height: Int.random(in: 1...8, using: &rng))
        }
        let minimum = App.minimumSize
        return Size(
            width: Int.random(in: minimum.width...140, using: &rng),
            height: Int.random(in: minimum.height...50, using: &rng))
    }

    static func key(using rng: inout some RandomNumberGenerator) -> Key {
        let roll = Int.random(in: 0..<1000, using: &rng)
        switch roll {
        case ..<300: return modified(pick(movement, &rng), using: &rng)
        case ..<450: return pick(editing, &rng)
        // Rare enough that a session gets deep: on a root form a save also leaves it.
        case ..<465: return .control("s")
        case ..<520: return .control(pick(controlLetters, &rng))
        case ..<560: return Key.character(pick(altCharacters, &rng)).adding(.alt)
        case ..<610: return .character(pick(["y", "n", "a", "d", "q"], &rng))
        case ..<690: return .character(pick(digits, &rng))
        case ..<870: return .character(pick(printable, &rng))
        case ..<925: return .character(pick(unusual, &rng))
        case ..<972: return .paste(pasteText(using: &rng))
        case ..<977: return .truncatedPaste(pasteText(using: &rng))
        case ..<985: return .function(Int.random(in: 1...12, using: &rng))
        default: return .mouse(mouse(using: &rng))
        }
    }

    /// A click (mostly), a turn of the wheel, or a button let go, anywhere in a window of any
    /// size: on rows, headers, the help line, past the edges.
    static func mouse(using rng: inout some RandomNumberGenerator) -> MouseEvent {
        let roll = Int.random(in: 0..<100, using: &rng)
        let action: MouseEvent.Action =
            roll < 60 ? .press : roll < 75 ? .wheelDown : roll < 90 ? .wheelUp : roll < 95 ? .release : .other
        return MouseEvent(
            action, x: Int.random(in: 0..<140, using: &rng), y: Int.random(in: 0..<50, using: &rng))
    }

    /// Keys that move focus or a value; terminals send them with any modifiers.
    static let movement: [Key] = [
        .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .tab, .backTab, .delete,
        .backspace, .enter, .escape, .insert,
    ]

    /// Keys that act on a row or a dialog, weighted by repeating. Esc is rarer: it leaves a form, and a
    /// session that keeps leaving never gets deep.
    static let editing: [Key] = [
        .enter, .enter, .escape, .space, .space, .backspace, .delete, .tab, .insert,
    ]

    /// Ctrl-letters as terminals send them: not I, J, M or H, which arrive as Tab, Enter and
    /// Backspace.
    static let controlLetters: [Character] = Array("abcdefgklnopqrstuvwxyz")
    static let altCharacters: [Character] = Array("abcdefghijklmnopqrstuvwxyz0123456789.,-")
    static let digits: [Character] = Array("0123456789")
    static let printable: [Character] = (0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }
    /// Text from beyond ASCII: accents, a lone combining mark, a letter with one, wide CJK,
    /// emoji (with a ZWJ sequence and a flag), right-to-left, and invisible characters.
    static let unusual: [Character] = [
        "é", "ß", "ü", "Ω", "ж", "中", "日", "한", "👍", "👨‍👩‍👧", "🇫🇷", "e\u{301}", "\u{301}", "א", "\u{200B}",
        "\u{FEFF}", "…", "•", "\u{A0}",
    ]

    /// Text as a bracketed paste delivers it: line breaks as `\n`, no other control characters.
    static func pasteText(using rng: inout some RandomNumberGenerator) -> String {
        let long = Int.random(in: 0..<20, using: &rng) == 0
        let count = long ? Int.random(in: 100...3000, using: &rng) : Int.random(in: 1...30, using: &rng)
        var text = ""
        for _ in 0..<count {
            switch Int.random(in: 0..<20, using: &rng) {
            case 0: text.append("\n")
            case 1: text.append(pick(unusual, &rng))
            case 2...4: text.append(pick(digits, &rng))
            default: text.append(pick(printable, &rng))
            }
        }
        return text
    }

    /// `key` held with a random choice of Shift, Alt and Ctrl, half the time none.
    static func modified(_ key: Key, using rng: inout some RandomNumberGenerator) -> Key {
        guard Bool.random(using: &rng) else { return key }
        let modifiers = Key.Modifiers(rawValue: UInt8.random(in: 1...7, using: &rng))
        return key.adding(modifiers)
    }

    private static func pick<T>(_ choices: [T], _ rng: inout some RandomNumberGenerator) -> T {
        choices[Int.random(in: 0..<choices.count, using: &rng)]
    }
}
