import FormCore

/// One step of a key script.
public enum ScriptStep: Hashable, Sendable {
    case key(Key)
    case resize(Size)
    case snapshot
    case wait(milliseconds: Int)
}

/// A problem in a key script, with the line it is on.
public struct KeyScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var problem: String

    public var description: String { "line \(line): \(problem)" }
}

/// Parses key scripts: the text that drives the app headless or replays a session in a terminal.
///
/// A script is whitespace-separated words: key names (`up down left right pgup pgdn home end tab
/// backtab enter esc space backspace delete insert f1`…`f12 ctrl-a`…`ctrl-z`), any of them, or a
/// single character, held with modifiers (`alt-b alt-backspace ctrl-left shift-right alt-up
/// ctrl-shift-end`; `alt-u+23` names a character by code point), any of them repeated
/// with `*N` (`down*5`), a single character on its own (`y`, `q`), `paste "text"` (a bracketed
/// paste), quoted literal text (`"hello"` or `'hello'`, with `\"`, `\\`, `\n`, `\t`),
/// `resize 100x30`, `wait 200ms`, `snapshot`, and `#` comments to the end of the line.
///
/// ```swift
/// let steps = try KeyScript.parse("down*2 space ctrl-s snapshot")
/// ```
public enum KeyScript {
    public static let maximumRepeat = 1_000_000
    /// The most steps a script may expand to: a short script must not eat the machine's memory.
    public static let maximumSteps = 1_000_000

    public static func parse(_ text: String) throws(KeyScriptError) -> [ScriptStep] {
        var steps: [ScriptStep] = []
        var lineNumber = 0
        // By `isNewline`, so CRLF ("\r\n" is one Character in Swift) ends a line too.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lineNumber += 1
            var words = try words(in: line, lineNumber: lineNumber)[...]
            while let word = words.popFirst() {
                switch word {
                case .quoted(let literal):
                    steps += literal.map { ScriptStep.key(key(forLiteral: $0)) }
                case .bare(let name):
                    steps += try parseBare(name, rest: &words, line: lineNumber)
                }
                guard steps.count <= maximumSteps else {
                    throw KeyScriptError(
                        line: lineNumber, problem: "the script has more than \(maximumSteps) steps")
                }
            }
        }
        return steps
    }

    private enum Word: Equatable {
        case bare(String)
        case quoted(String)
    }

    private static func parseBare(
        _ word: String, rest: inout ArraySlice<Word>, line: Int
    ) throws(KeyScriptError) -> [ScriptStep] {
        switch word.lowercased() {
        case "snapshot":
            return [.snapshot]
        case "paste":
            guard case .quoted(let text)? = rest.popFirst() else {
                throw KeyScriptError(line: line, problem: "paste needs quoted text, e.g. paste \"hello\"")
            }
            // As from a terminal: line breaks stay, tabs become spaces, other controls go.
            let pasted = ControlCharacters.cleaned(text, keepingLineBreaks: true)
            return pasted.isEmpty ? [] : [.key(.paste(pasted))]
        case "resize":
            guard case .bare(let argument)? = rest.popFirst(), let size = Size(parsing: argument) else {
                throw KeyScriptError(line: line, problem: "resize needs a size like 100x30")
            }
            return [.resize(size)]
        case "wait":
            guard case .bare(let argument)? = rest.popFirst(), let milliseconds = parseDuration(argument)
            else {
                throw KeyScriptError(line: line, problem: "wait needs a duration like 200ms or 1s")
            }
            return [.wait(milliseconds: milliseconds)]
        default:
            var name = Substring(word)
            var count = 1
            if let star = word.lastIndex(of: "*") {
                guard let parsed = Int(word[word.index(after: star)...]), parsed >= 0,
                    parsed <= maximumRepeat
                else {
                    throw KeyScriptError(
                        line: line,
                        problem: "'\(word)': a repeat count is a number from 0 to \(maximumRepeat)")
                }
                count = parsed
                name = word[..<star]
            }
            // No key name is one character long, so a lone character is that character: `y`, `q`, `+`.
            let single = name.count == 1 ? Key.character(name.first!) : nil
            guard let key = single ?? key(named: String(name)) else {
                throw KeyScriptError(
                    line: line,
                    problem: "unknown key '\(name)' (quote literal text: \"\(name)\")")
            }
            return Array(repeating: .key(key), count: count)
        }
    }

    /// The key a script name stands for, e.g. `pgdn`, `ctrl-s`, `f5`, `alt-b`, `ctrl-left`; a lone
    /// character is itself. Names are case-insensitive; a character after a modifier keeps its
    /// case (`alt-B`).
    ///
    /// ```swift
    /// KeyScript.key(named: "alt-backspace") // .modified(.backspace, .alt)
    /// ```
    public static func key(named name: String) -> Key? {
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

    /// A character of quoted text as the key a terminal would send for it.
    static func key(forLiteral character: Character) -> Key {
        switch character {
        case "\n", "\r": return .enter
        case "\t": return .tab
        default: return .character(character)
        }
    }

    private static func parseDuration(_ text: String) -> Int? {
        let lower = text.lowercased()
        if lower.hasSuffix("ms"), let value = Int(lower.dropLast(2)), value >= 0 { return value }
        if lower.hasSuffix("s"), let value = Double(lower.dropLast()), value >= 0, value <= 3600 {
            return Int(value * 1000)
        }
        return nil
    }

    private static func words(in line: Substring, lineNumber: Int) throws(KeyScriptError) -> [Word] {
        var words: [Word] = []
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if character.isWhitespace {
                index = line.index(after: index)
            } else if character == "#" {
                break
            } else if character == "\"" || character == "'" {
                var literal = ""
                var cursor = line.index(after: index)
                var closed = false
                while cursor < line.endIndex {
                    let next = line[cursor]
                    if next == character {
                        closed = true
                        cursor = line.index(after: cursor)
                        break
                    }
                    if next == "\\", line.index(after: cursor) < line.endIndex {
                        cursor = line.index(after: cursor)
                        switch line[cursor] {
                        case "n": literal.append("\n")
                        case "t": literal.append("\t")
                        default: literal.append(line[cursor])
                        }
                    } else {
                        literal.append(next)
                    }
                    cursor = line.index(after: cursor)
                }
                guard closed else {
                    throw KeyScriptError(line: lineNumber, problem: "unterminated quote \(character)")
                }
                words.append(.quoted(literal))
                index = cursor
            } else {
                var cursor = index
                while cursor < line.endIndex, !line[cursor].isWhitespace, line[cursor] != "#" {
                    cursor = line.index(after: cursor)
                }
                words.append(.bare(String(line[index..<cursor])))
                index = cursor
            }
        }
        return words
    }
}
