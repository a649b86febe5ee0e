import FormCore
import Testing

@testable import FormUI

@Suite("MultilineEditing: keys on a text of several lines")
struct MultilineEditingTests {
    /// `text` with the caret at `line`/`column`, after `keys`.
    private func edit(
        _ text: String, at line: Int, _ column: Int, _ keys: [Key], pageHeight: Int = 10
    ) -> MultilineEditing {
        var editing = MultilineEditing(text: text)
        editing.moveCaret(to: .init(line: line, column: column))
        for key in keys { editing.apply(key, pageHeight: pageHeight) }
        return editing
    }

    private func caret(_ editing: MultilineEditing) -> [Int] { [editing.caret.line, editing.caret.column] }

    @Test("It opens with the caret after the last character; any line break splits lines")
    func opening() {
        let editing = MultilineEditing(text: "one\r\ntwo\rthree")
        #expect(editing.lines.map { String($0) } == ["one", "two", "three"])
        #expect(editing.text == "one\ntwo\nthree")
        #expect(caret(editing) == [2, 5])
        #expect(MultilineEditing(text: "").lines == [[]])
        #expect(caret(MultilineEditing(text: "a\n")) == [1, 0])
    }

    @Test("Typing inserts at the caret; Enter breaks the line there")
    func typingAndEnter() {
        let editing = edit("helo world", at: 0, 3, [.character("l"), .enter, .character("!")])
        #expect(editing.text == "hell\n!o world")
        #expect(caret(editing) == [1, 1])
        #expect(edit("", at: 0, 0, [.enter, .enter]).text == "\n\n")
    }

    @Test("Backspace at the start of a line joins it to the line above; Delete at the end joins the next")
    func joining() {
        let back = edit("ab\ncd", at: 1, 0, [.backspace])
        #expect(back.text == "abcd")
        #expect(caret(back) == [0, 2])
        let forward = edit("ab\ncd", at: 0, 2, [.delete])
        #expect(forward.text == "abcd")
        #expect(caret(forward) == [0, 2])
        // At the very start and end there is nothing to join.
        #expect(edit("ab", at: 0, 0, [.backspace]).text == "ab")
        #expect(edit("ab", at: 0, 2, [.delete]).text == "ab")
        #expect(edit("abc", at: 0, 2, [.backspace, .delete]).text == "a")
    }

    @Test("← and → cross line ends; Home and End stay on the line; Ctrl-Home/End go to the ends of the text")
    func horizontal() {
        #expect(caret(edit("ab\ncd", at: 1, 0, [.left])) == [0, 2])
        #expect(caret(edit("ab\ncd", at: 0, 2, [.right])) == [1, 0])
        #expect(caret(edit("ab\ncd", at: 0, 0, [.left])) == [0, 0])
        #expect(caret(edit("ab\ncd", at: 1, 2, [.right])) == [1, 2])
        #expect(caret(edit("ab\ncde", at: 1, 1, [.home])) == [1, 0])
        #expect(caret(edit("ab\ncde", at: 1, 1, [.end])) == [1, 3])
        #expect(caret(edit("ab\ncde", at: 1, 1, [.control("a")])) == [1, 0])
        #expect(caret(edit("ab\ncde", at: 0, 1, [.control("e")])) == [0, 2])
        #expect(caret(edit("ab\ncde", at: 1, 1, [.modified(.home, .control)])) == [0, 0])
        #expect(caret(edit("ab\ncde", at: 0, 1, [.modified(.end, .control)])) == [1, 3])
    }

    @Test("↑ and ↓ keep the column the caret started at, past shorter lines")
    func vertical() {
        let text = "abcdef\nab\nabcdef"
        #expect(caret(edit(text, at: 0, 5, [.down])) == [1, 2])
        #expect(caret(edit(text, at: 0, 5, [.down, .down])) == [2, 5])
        #expect(caret(edit(text, at: 2, 4, [.up, .up])) == [0, 4])
        // Past the first or last line the caret goes to that line's start or end.
        #expect(caret(edit(text, at: 0, 3, [.up])) == [0, 0])
        #expect(caret(edit(text, at: 2, 3, [.down])) == [2, 6])
        // A key that moves sideways forgets the column aimed for.
        #expect(caret(edit(text, at: 0, 5, [.down, .left, .down])) == [2, 1])
    }

    @Test("↑ and ↓ keep the display column over wide characters, stopping before one they would split")
    func verticalOverWideCharacters() {
        // "日本語" is 6 columns; after "ab" (2 columns) the caret is between 日 and 本.
        #expect(caret(edit("abcd\n日本語", at: 0, 2, [.down])) == [1, 1])
        // Column 3 falls inside 本: the caret stays before it.
        #expect(caret(edit("abcd\n日本語", at: 0, 3, [.down])) == [1, 1])
        #expect(caret(edit("日本語\nabcdefg", at: 0, 2, [.down])) == [1, 4])
        #expect(MultilineEditing.column(in: Array("日本"), atDisplayColumn: 1) == 0)
    }

    @Test("PgUp and PgDn move by the page's height, keeping the column")
    func pages() {
        let text = (0..<30).map { "line \($0)" }.joined(separator: "\n")
        #expect(caret(edit(text, at: 0, 3, [.pageDown], pageHeight: 10)) == [10, 3])
        #expect(caret(edit(text, at: 25, 3, [.pageDown], pageHeight: 10)) == [29, 3])
        #expect(caret(edit(text, at: 15, 3, [.pageUp], pageHeight: 10)) == [5, 3])
        #expect(caret(edit(text, at: 15, 3, [.pageUp], pageHeight: 0)) == [14, 3])
    }

    @Test("Ctrl-U and Ctrl-K delete to the start and end of the line; Ctrl-K at the end joins the next")
    func killing() {
        #expect(edit("abc\ndef", at: 0, 1, [.control("u")]).text == "bc\ndef")
        #expect(edit("abc\ndef", at: 0, 1, [.control("k")]).text == "a\ndef")
        #expect(edit("abc\ndef", at: 0, 3, [.control("k")]).text == "abcdef")
    }

    @Test("Within a line the keys of a one-line field work: words, Ctrl-W")
    func lineKeys() {
        let words = edit("first\nls -la /tmp", at: 1, 11, [.control("w")])
        #expect(words.text == "first\nls -la ")
        #expect(caret(words) == [1, 7])
        #expect(caret(edit("a\none two", at: 1, 7, [.modified(.character("b"), .alt)])) == [1, 4])
        // Alt plus a character never types it.
        #expect(edit("a", at: 0, 1, [.modified(.character("x"), .alt)]).text == "a")
    }

    @Test("A paste keeps its line breaks, tabs become spaces, controls go; the caret ends after it")
    func paste() {
        let editing = edit("[]", at: 0, 1, [.paste("one\r\ntwo\tthree\u{7}\nfour")])
        #expect(editing.text == "[one\ntwo three\nfour]")
        #expect(caret(editing) == [2, 4])
    }

    @Test("Control characters are not typed, and keys for the screen are left to it")
    func refused() {
        var editing = MultilineEditing(text: "a")
        for key in [Key.character("\u{7}"), .escape, .control("s"), .tab] {
            let taken = editing.apply(key, pageHeight: 10)
            #expect(!taken, "\(key)")
        }
        #expect(editing.text == "a")
        let typed = editing.apply(.character("b"), pageHeight: 10)
        #expect(typed)
        #expect(editing.text == "ab")
    }

    @Test("A combining mark typed after a letter joins it; the caret counts characters")
    func combining() {
        let editing = edit("e", at: 0, 1, [.character("\u{301}"), .character("x")])
        #expect(editing.text == "e\u{301}x")
        #expect(caret(editing) == [0, 2])
        #expect(editing.caretDisplayColumn == 2)
    }

    @Test("The caret is placed inside the text whatever it is asked")
    func clamped() {
        var editing = MultilineEditing(text: "ab\nc")
        editing.moveCaret(to: .init(line: 9, column: 9))
        #expect(caret(editing) == [1, 1])
        editing.moveCaret(to: .init(line: -1, column: -5))
        #expect(caret(editing) == [0, 0])
    }
}
