import FormCore

/// Text of several lines being edited: the lines, the caret, and what keys do to them.
///
/// A value, apart from any screen, so that every key can be tested on its own. Enter breaks the
/// line at the caret, Backspace at the start of a line joins it to the one above and Delete at
/// the end joins the next one; ↑/↓ and PgUp/PgDn keep the caret's column on screen (by display
/// width, so it stays put over CJK text). Home/End (and Ctrl-A/Ctrl-E) go to the ends of the
/// line, Ctrl-Home/Ctrl-End to the ends of the text; Ctrl-U/Ctrl-K delete to the start/end of
/// the line. A paste keeps its line breaks. Within a line, the other keys of `TextEditing` work
/// as in a one-line field (words by Alt-B/Alt-F, Ctrl-W).
///
/// ```swift
/// var editing = MultilineEditing(text: "one\ntwo")
/// editing.apply(.enter, pageHeight: 10)
/// editing.text // "one\ntwo\n"
/// ```
package struct MultilineEditing: Hashable, Sendable {
    /// A place in the text: a line, and a character of it (the caret stands before it).
    package struct Position: Hashable, Sendable, Comparable {
        package var line: Int
        package var column: Int

        package init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }

        package static func < (lhs: Position, rhs: Position) -> Bool {
            (lhs.line, lhs.column) < (rhs.line, rhs.column)
        }
    }

    /// The lines, without their line breaks; never empty.
    package private(set) var lines: [[Character]]
    package private(set) var caret: Position
    /// The display column ↑/↓ aim for: the column where they started, so that passing a short
    /// line does not pull the caret left for good.
    private var goalColumn: Int?

    /// Starts with the caret at the end of the text. Any line break (LF, CR, CR LF) splits lines.
    package init(text: String) {
        lines = ControlCharacters.lines(of: text).map { Array($0) }
        caret = Position(line: lines.count - 1, column: lines[lines.count - 1].count)
    }

    /// The text, its lines joined with `"\n"`.
    package var text: String {
        lines.map { String($0) }.joined(separator: "\n")
    }

    /// The display columns before the caret on its line.
    package var caretDisplayColumn: Int {
        Self.width(of: lines[caret.line][..<caret.column])
    }

    /// Places the caret, kept inside the text.
    package mutating func moveCaret(to position: Position) {
        let line = min(max(0, position.line), lines.count - 1)
        caret = Position(line: line, column: min(max(0, position.column), lines[line].count))
        goalColumn = nil
    }

    /// Applies a key; false when the key is not about editing (Esc, Ctrl-S, Tab), which is
    /// left to the screen. `pageHeight` is how far PgUp/PgDn move.
    @discardableResult
    package mutating func apply(_ key: Key, pageHeight: Int) -> Bool {
        var keepsGoal = false
        defer { if !keepsGoal { goalColumn = nil } }
        switch key {
        case .character(let character):
            guard !ControlCharacters.isControl(character) else { return false }
            insert(String(character))
        case .paste(let pasted):
            insert(ControlCharacters.cleaned(pasted, keepingLineBreaks: true))
        case .enter:
            insert("\n")
        case .backspace:
            backspace()
        case .delete:
            deleteForward()
        case .left:
            if caret.column > 0 {
                caret.column -= 1
            } else if caret.line > 0 {
                caret = Position(line: caret.line - 1, column: lines[caret.line - 1].count)
            }
        case .right:
            if caret.column < lines[caret.line].count {
                caret.column += 1
            } else if caret.line < lines.count - 1 {
                caret = Position(line: caret.line + 1, column: 0)
            }
        case .up, .down, .pageUp, .pageDown:
            let step = key == .up || key == .down ? 1 : max(1, pageHeight)
            moveVertically(by: key == .up || key == .pageUp ? -step : step)
            keepsGoal = true
        case .home, .control("a"):
            caret.column = 0
        case .end, .control("e"):
            caret.column = lines[caret.line].count
        case .modified(.home, .control):
            caret = Position(line: 0, column: 0)
        case .modified(.end, .control):
            caret = Position(line: lines.count - 1, column: lines[lines.count - 1].count)
        case .control("u"):
            lines[caret.line].removeSubrange(..<caret.column)
            caret.column = 0
        case .control("k"):
            // At the end of a line, as in a shell's editor, Ctrl-K takes the line break.
            if caret.column == lines[caret.line].count {
                deleteForward()
            } else {
                lines[caret.line].removeSubrange(caret.column...)
            }
        default:
            // Within the line, the keys of a one-line field (words, Ctrl-W, Alt-D) work alike.
            guard let edit = TextEditing.apply(key, to: String(lines[caret.line]), caret: caret.column)
            else { return false }
            lines[caret.line] = Array(edit.text)
            caret.column = min(edit.caret, lines[caret.line].count)
        }
        return true
    }

    /// Inserts text that may hold `"\n"`; the caret goes after it. Characters are counted again
    /// around the caret: a combining mark typed after a letter merges with it.
    private mutating func insert(_ inserted: String) {
        guard !inserted.isEmpty else { return }
        let line = lines[caret.line]
        let before = String(line[..<caret.column])
        let after = String(line[caret.column...])
        let pieces = ControlCharacters.lines(of: before + inserted + after).map { Array($0) }
        let last = pieces.count - 1
        let afterCount = after.count
        let column = max(0, pieces[last].count - afterCount)
        lines.replaceSubrange(caret.line...caret.line, with: pieces)
        caret = Position(line: caret.line + last, column: column)
    }

    private mutating func backspace() {
        if caret.column > 0 {
            lines[caret.line].remove(at: caret.column - 1)
            caret.column -= 1
        } else if caret.line > 0 {
            let joined = lines.remove(at: caret.line)
            caret = Position(line: caret.line - 1, column: lines[caret.line - 1].count)
            lines[caret.line] += joined
        }
    }

    private mutating func deleteForward() {
        if caret.column < lines[caret.line].count {
            lines[caret.line].remove(at: caret.column)
        } else if caret.line < lines.count - 1 {
            lines[caret.line] += lines.remove(at: caret.line + 1)
        }
    }

    private mutating func moveVertically(by delta: Int) {
        let goal = goalColumn ?? caretDisplayColumn
        let target = min(max(0, caret.line + delta), lines.count - 1)
        if target == caret.line {
            // Past the first or last line: to its start or end, as editors do.
            caret.column = delta < 0 ? 0 : lines[target].count
        } else {
            caret = Position(line: target, column: Self.column(in: lines[target], atDisplayColumn: goal))
        }
        goalColumn = goal
    }

    /// The character index whose start is the last one at or before `displayColumn`: a wide
    /// character that straddles it keeps the caret before it.
    static func column(in line: [Character], atDisplayColumn displayColumn: Int) -> Int {
        var used = 0
        var index = 0
        while index < line.count {
            let width = TextWidth.of(line[index])
            guard used + width <= displayColumn else { break }
            used += width
            index += 1
        }
        return index
    }

    static func width(of characters: ArraySlice<Character>) -> Int {
        characters.reduce(0) { $0 + TextWidth.of($1) }
    }
}
