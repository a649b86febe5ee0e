import FormCore

/// One step of a key script.
package enum ScriptStep: Hashable, Sendable {
    case key(Key)
    case resize(Size)
    case snapshot
    case wait(milliseconds: Int)
}

/// A problem in a key script: where it is (line and column, from 1), what is wrong, and how it
/// could be put right.
///
/// ```swift
/// do { _ = try KeyScript.parse("dwon") } catch { print(error) }
/// // line 1, column 1: unknown key 'dwon'; did you mean 'down'?
/// ```
package struct KeyScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    package var line: Int
    /// The column (in characters, from 1) of the word at fault.
    package var column: Int
    package var problem: String
    /// What would fix it, when the parser can tell (the nearest key name, the missing quote).
    package var hint: String?

    package init(line: Int, column: Int = 1, problem: String, hint: String? = nil) {
        self.line = line
        self.column = column
        self.problem = problem
        self.hint = hint
    }

    /// `problem; hint`, without the position.
    package var message: String { hint.map { "\(problem); \($0)" } ?? problem }

    package var description: String { "line \(line), column \(column): \(message)" }
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
package enum KeyScript {
    package static let maximumRepeat = 1_000_000
    /// The most steps a script may expand to: a short script must not eat the machine's memory.
    package static let maximumSteps = 1_000_000

    package static func parse(_ text: String) throws(KeyScriptError) -> [ScriptStep] {
        try read(text).steps
    }

    /// Parses a script and keeps what a transcript shows besides the steps: the line behind each
    /// snapshot, and the `now` the script sets.
    ///
    /// ```swift
    /// let script = try KeyScript.read("now 2025-06-01T09:00:00Z\ndown snapshot")
    /// script.snapshotLines[0].number  // 2
    /// ```
    package static func read(_ text: String) throws(KeyScriptError) -> ParsedKeyScript {
        var script = ParsedKeyScript()
        var lineNumber = 0
        // By `isNewline`, so CRLF ("\r\n" is one Character in Swift) ends a line too.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lineNumber += 1
            var words = try words(in: line, lineNumber: lineNumber)[...]
            while let word = words.popFirst() {
                let position = (line: lineNumber, column: word.column)
                switch word.kind {
                case .quoted(let literal):
                    script.steps += literal.map { ScriptStep.key(key(forLiteral: $0)) }
                case .bare(let name) where name.lowercased() == "now":
                    guard script.now == nil else {
                        throw KeyScriptError(
                            line: lineNumber, column: word.column, problem: "the script sets now twice")
                    }
                    script.now = try parseNow(after: word, rest: &words, line: lineNumber)
                case .bare(let name):
                    let steps = try parseBare(name, rest: &words, at: position)
                    if steps == [.snapshot] {
                        script.snapshotLines.append(
                            ScriptLine(number: lineNumber, text: line.trimmingWhitespace()))
                        script.snapshotNames.append(
                            try snapshotName(after: word, rest: &words, line: lineNumber))
                    }
                    script.steps += steps
                }
                guard script.steps.count <= maximumSteps else {
                    throw KeyScriptError(
                        line: lineNumber, column: word.column,
                        problem: "the script has more than \(maximumSteps) steps")
                }
            }
        }
        return script
    }

    private struct Word: Equatable {
        enum Kind: Equatable {
            case bare(String)
            case quoted(String)
        }
        var kind: Kind
        /// From 1, in characters.
        var column: Int
    }

    /// The name in `snapshot as birthday-picker`, if the snapshot has one: pictures of it are
    /// then named for what they show, not for their place in the script.
    private static func snapshotName(
        after word: Word, rest: inout ArraySlice<Word>, line: Int
    ) throws(KeyScriptError) -> String? {
        guard case .bare(let keyword)? = rest.first?.kind, keyword.lowercased() == "as" else { return nil }
        let asWord = rest.removeFirst()
        let next = rest.popFirst()
        guard case .bare(let name)? = next?.kind, !name.isEmpty,
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        else {
            throw KeyScriptError(
                line: line, column: next?.column ?? asWord.column,
                problem:
                    "snapshot as needs a name of letters, digits and dashes, e.g. snapshot as date-picker")
        }
        return name
    }

    private static func parseNow(
        after word: Word, rest: inout ArraySlice<Word>, line: Int
    ) throws(KeyScriptError) -> Int64 {
        let next = rest.popFirst()
        guard case .bare(let argument)? = next?.kind,
            let seconds = ScriptClock.secondsSince1970(iso8601: argument)
        else {
            throw KeyScriptError(
                line: line, column: next?.column ?? word.column,
                problem: "now needs a date and time like 2025-06-01T09:00:00Z",
                hint: "UTC with Z, or an offset like +02:00")
        }
        return seconds
    }

    /// The mouse words `MouseEvent.scriptName` writes: `click`, `release`, `mouse` (another
    /// button, or a drag), `wheel-up`, `wheel-down`, each after any `ctrl-`, `alt-`, `shift-`.
    /// Nil for any other word.
    private static func mouseWord(_ word: String) -> (action: MouseEvent.Action, modifiers: Key.Modifiers)? {
        var name = Substring(word.lowercased())
        var modifiers: Key.Modifiers = []
        let prefixes: [(String, Key.Modifiers)] = [("ctrl-", .control), ("alt-", .alt), ("shift-", .shift)]
        while let (prefix, modifier) = prefixes.first(where: { name.hasPrefix($0.0) }) {
            modifiers.insert(modifier)
            name = name.dropFirst(prefix.count)
        }
        let action: MouseEvent.Action
        switch name {
        case "click": action = .press
        case "release": action = .release
        case "mouse": action = .other
        case "wheel-up": action = .wheelUp
        case "wheel-down": action = .wheelDown
        default: return nil
        }
        return (action, modifiers)
    }

    /// `click X,Y` (cells from 0, as a snapshot's cursor), `release X,Y`, `mouse X,Y`, `wheel-up`
    /// and `wheel-down` (at X,Y when given, else over the first line of the list), each after
    /// any modifiers (`ctrl-click 3,4`).
    private static func parseMouse(
        _ word: String, rest: inout ArraySlice<Word>, at position: (line: Int, column: Int)
    ) throws(KeyScriptError) -> MouseEvent? {
        guard let (action, modifiers) = mouseWord(word) else { return nil }
        var place: (x: Int, y: Int)?
        if case .bare(let argument)? = rest.first?.kind {
            let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
            if parts.count == 2, let x = Int(parts[0]), let y = Int(parts[1]), x >= 0, y >= 0,
                x <= Size.maximumSide, y <= Size.maximumSide
            {
                place = (x, y)
                rest.removeFirst()
            }
        }
        let isWheel = action == .wheelUp || action == .wheelDown
        guard let place = place ?? (isWheel ? (0, 1) : nil) else {
            throw KeyScriptError(
                line: position.line, column: rest.first?.column ?? position.column,
                problem: "\(word) needs a place like 12,5",
                hint: "column,row counted from 0, as a snapshot's cursor")
        }
        return MouseEvent(action, x: place.x, y: place.y, modifiers: modifiers)
    }

    private static func parseBare(
        _ word: String, rest: inout ArraySlice<Word>, at position: (line: Int, column: Int)
    ) throws(KeyScriptError) -> [ScriptStep] {
        let line = position.line
        if let event = try parseMouse(word, rest: &rest, at: position) { return [.key(.mouse(event))] }
        switch word.lowercased() {
        case "snapshot":
            return [.snapshot]
        case "paste":
            let next = rest.popFirst()
            guard case .quoted(let text)? = next?.kind else {
                throw KeyScriptError(
                    line: line, column: next?.column ?? position.column,
                    problem: "paste needs quoted text, e.g. paste \"hello\"")
            }
            // As from a terminal: line breaks stay, tabs become spaces, other controls go.
            let pasted = ControlCharacters.cleaned(text, keepingLineBreaks: true)
            return pasted.isEmpty ? [] : [.key(.paste(pasted))]
        case "resize":
            let next = rest.popFirst()
            guard case .bare(let argument)? = next?.kind, let size = Size(parsing: argument) else {
                throw KeyScriptError(
                    line: line, column: next?.column ?? position.column,
                    problem: "resize needs a size like 100x30",
                    hint: "width x height, each from 1 to \(Size.maximumSide), no spaces or quotes")
            }
            return [.resize(size)]
        case "wait":
            let next = rest.popFirst()
            guard case .bare(let argument)? = next?.kind, let milliseconds = parseDuration(argument)
            else {
                throw KeyScriptError(
                    line: line, column: next?.column ?? position.column,
                    problem: "wait needs a duration like 200ms or 1s")
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
                        line: line, column: position.column,
                        problem: "'\(word)': a repeat count is a number from 0 to \(maximumRepeat)")
                }
                count = parsed
                name = word[..<star]
            }
            // No key name is one character long, so a lone character is that character: `y`, `q`, `+`.
            let single = name.count == 1 ? Key.character(name.first!) : nil
            guard let key = single ?? Key(named: String(name)) else {
                throw KeyScriptError(
                    line: line, column: position.column,
                    problem: "unknown key '\(name)' (quote literal text: \"\(name)\")",
                    hint: KeyNames.nearest(to: String(name)).map { "did you mean '\($0)'?" })
            }
            return Array(repeating: .key(key), count: count)
        }
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
        func column(_ index: Substring.Index) -> Int { line.distance(from: line.startIndex, to: index) + 1 }
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
                    throw KeyScriptError(
                        line: lineNumber, column: column(index), problem: "unterminated quote \(character)",
                        hint:
                            "end the text with \(character) on the same line (\\\(character) for one inside it)"
                    )
                }
                words.append(Word(kind: .quoted(literal), column: column(index)))
                index = cursor
            } else {
                var cursor = index
                while cursor < line.endIndex, !line[cursor].isWhitespace, line[cursor] != "#" {
                    cursor = line.index(after: cursor)
                }
                words.append(Word(kind: .bare(String(line[index..<cursor])), column: column(index)))
                index = cursor
            }
        }
        return words
    }
}
