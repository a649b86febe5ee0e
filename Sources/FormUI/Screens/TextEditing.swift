import FormCore

/// What a key does to a line of text being edited: the caret moves, characters go in or out.
///
/// Keys that are not about editing (arrows up and down, Tab, Enter, Esc, Ctrl-S) return nil and
/// keep their meaning for the form. Besides the usual keys, Ctrl-A/Ctrl-E go to the start/end and
/// Ctrl-U/Ctrl-K delete to the start/end, as in a shell.
///
/// ```swift
/// let edit = TextEditing.apply(.backspace, to: "hello", caret: 5) // ("hell", 4)
/// ```
public enum TextEditing {
    public struct Result: Hashable, Sendable {
        public var text: String
        /// In characters from the start.
        public var caret: Int
    }

    public static func apply(_ key: Key, to text: String, caret: Int) -> Result? {
        var characters = Array(text)
        let caret = min(max(0, caret), characters.count)
        switch key {
        case .character(let character) where !ControlCharacters.isControl(character):
            return insert(String(character), into: characters, at: caret)
        case .paste(let pasted):
            // One line: a pasted line break becomes a space.
            return insert(
                ControlCharacters.cleaned(pasted, keepingLineBreaks: false), into: characters, at: caret)
        case .backspace:
            guard caret > 0 else { return Result(text: text, caret: caret) }
            characters.remove(at: caret - 1)
            return Result(text: String(characters), caret: caret - 1)
        case .delete:
            guard caret < characters.count else { return Result(text: text, caret: caret) }
            characters.remove(at: caret)
            return Result(text: String(characters), caret: caret)
        case .left:
            return Result(text: text, caret: max(0, caret - 1))
        case .right:
            return Result(text: text, caret: min(characters.count, caret + 1))
        case .home, .control("a"):
            return Result(text: text, caret: 0)
        case .end, .control("e"):
            return Result(text: text, caret: characters.count)
        case .control("u"):
            return Result(text: String(characters[caret...]), caret: 0)
        case .control("k"):
            return Result(text: String(characters[..<caret]), caret: caret)
        default:
            return nil
        }
    }

    /// The caret goes after the inserted text as the result counts characters: a combining mark
    /// or half a flag merges with its neighbour, and the count does not grow by what was typed.
    private static func insert(_ inserted: String, into characters: [Character], at caret: Int) -> Result {
        let after = String(characters[caret...])
        let text = String(characters[..<caret]) + inserted + after
        return Result(text: text, caret: max(0, text.count - after.count))
    }
}
