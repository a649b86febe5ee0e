import FormCore

/// What a key does to a line of text being edited: the caret moves, characters go in or out.
///
/// Keys that are not about editing (arrows up and down, Tab, Enter, Esc, Ctrl-S, Ctrl-Up) return
/// nil and keep their meaning for the form. Besides the usual keys it knows readline's, as in a
/// shell:
///
/// | Keys | Edit |
/// | --- | --- |
/// | Ctrl-A / Ctrl-E, Home / End | to the start / end |
/// | Ctrl-B / Ctrl-F | one character back / forward |
/// | Alt-B / Alt-F, Ctrl-← / Ctrl-→, Alt-← / Alt-→ | one word back / forward |
/// | Ctrl-U / Ctrl-K | delete to the start / end |
/// | Alt-Backspace / Alt-D, Ctrl-Delete | delete the word before / after the caret |
/// | Ctrl-W | delete back to the previous space |
///
/// A word is a run of letters and digits (`Character.isLetter`, `isNumber`, a combining mark
/// counting with its letter); moving and deleting by words first skips whatever else lies in the
/// way, as readline's `backward-word` and `kill-word` do. Ctrl-W is readline's
/// `unix-word-rubout`: it goes back to whitespace, so it takes `user@example.com` whole.
///
/// Alt plus a character never types that character: one that is no command here is consumed
/// and changes nothing.
///
/// ```swift
/// let edit = TextEditing.apply(.backspace, to: "hello", caret: 5) // ("hell", 4)
/// TextEditing.apply(.control("w"), to: "ls -la /tmp", caret: 11)  // ("ls -la ", 7)
/// ```
package enum TextEditing {
    package struct Result: Hashable, Sendable {
        package var text: String
        /// In characters from the start.
        package var caret: Int
    }

    package static func apply(_ key: Key, to text: String, caret: Int) -> Result? {
        if case .character(let character) = key, let byte = character.asciiValue, byte >= 0x20, byte < 0x7F,
            let count = TextWidth.asciiWidth(text.utf8)
        {
            // A printable ASCII character into printable ASCII text, what most typing is: by its
            // bytes, which are its characters, without splitting the text into characters.
            var bytes = Array(text.utf8)
            let at = min(max(0, caret), count)
            bytes.insert(byte, at: at)
            return Result(text: String(decoding: bytes, as: UTF8.self), caret: at + 1)
        }
        var characters = Array(text)
        let caret = min(max(0, caret), characters.count)
        func moved(to position: Int) -> Result { Result(text: text, caret: position) }
        /// The text without `range`, the caret at its start.
        func deleting(_ range: Range<Int>) -> Result {
            guard !range.isEmpty else { return moved(to: caret) }
            characters.removeSubrange(range)
            let edited = String(characters)
            // Neighbours may merge into one character (two halves of a flag): stay inside the text.
            return Result(text: edited, caret: min(range.lowerBound, edited.count))
        }
        switch key {
        case .character(let character) where !ControlCharacters.isControl(character):
            return insert(String(character), into: characters, at: caret)
        case .paste(let pasted):
            // One line: a pasted line break becomes a space.
            return insert(
                ControlCharacters.cleaned(pasted, keepingLineBreaks: false), into: characters, at: caret)
        case .backspace:
            return deleting(max(0, caret - 1)..<caret)
        case .delete:
            return deleting(caret..<min(characters.count, caret + 1))
        case .left, .control("b"):
            return moved(to: max(0, caret - 1))
        case .right, .control("f"):
            return moved(to: min(characters.count, caret + 1))
        case .home, .control("a"):
            return moved(to: 0)
        case .end, .control("e"):
            return moved(to: characters.count)
        case .control("u"):
            return deleting(0..<caret)
        case .control("k"):
            return deleting(caret..<characters.count)
        case .control("w"):
            return deleting(wordStart(before: caret, in: characters, isWord: { !$0.isWhitespace })..<caret)
        case .modified(.left, .control), .modified(.left, .alt):
            return moved(to: wordStart(before: caret, in: characters, isWord: isWordCharacter))
        case .modified(.right, .control), .modified(.right, .alt):
            return moved(to: wordEnd(after: caret, in: characters))
        case .modified(.backspace, .alt):
            return deleting(wordStart(before: caret, in: characters, isWord: isWordCharacter)..<caret)
        case .modified(.delete, .control):
            return deleting(caret..<wordEnd(after: caret, in: characters))
        case .modified(.character(let character), let modifiers) where modifiers.contains(.alt):
            // Readline takes Alt-B as Alt-b.
            switch modifiers == .alt ? character.lowercased() : "" {
            case "b": return moved(to: wordStart(before: caret, in: characters, isWord: isWordCharacter))
            case "f": return moved(to: wordEnd(after: caret, in: characters))
            case "d": return deleting(caret..<wordEnd(after: caret, in: characters))
            // Consumed, so that the letter is never typed and no shortcut fires from a text field.
            default: return moved(to: caret)
            }
        default:
            return nil
        }
    }

    /// A letter or digit, as readline's words are made of (with their combining marks: a
    /// `Character` is a whole grapheme).
    static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// Where the word before `caret` starts: back over non-word characters, then over the word.
    static func wordStart(before caret: Int, in characters: [Character], isWord: (Character) -> Bool) -> Int {
        var position = caret
        while position > 0, !isWord(characters[position - 1]) { position -= 1 }
        while position > 0, isWord(characters[position - 1]) { position -= 1 }
        return position
    }

    /// Where the word after `caret` ends: on over non-word characters, then over the word.
    static func wordEnd(after caret: Int, in characters: [Character]) -> Int {
        var position = caret
        while position < characters.count, !isWordCharacter(characters[position]) { position += 1 }
        while position < characters.count, isWordCharacter(characters[position]) { position += 1 }
        return position
    }

    /// The caret goes after the inserted text as the result counts characters: a combining mark
    /// or half a flag merges with its neighbour, and the count does not grow by what was typed.
    private static func insert(_ inserted: String, into characters: [Character], at caret: Int) -> Result {
        let after = String(characters[caret...])
        let text = String(characters[..<caret]) + inserted + after
        return Result(text: text, caret: max(0, text.count - after.count))
    }
}
