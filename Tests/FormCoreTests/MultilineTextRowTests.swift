import FormCore
import Testing

private struct Note: Equatable {
    var text = ""
    var other = false
}

@Suite("MultilineTextRow: a text of several lines, shown in part and edited on its own screen")
struct MultilineTextRowTests {
    private let row = MultilineTextRow<Note>("Notes", \.text, placeholder: "None", maxLines: 3)

    @Test(
        "The row's height follows the text's lines, from 1 to maxLines",
        arguments: [
            ("", 1), ("one", 1), ("one\ntwo", 2), ("a\nb\nc", 3), ("a\nb\nc\nd\ne", 3), ("a\r\nb", 2),
            ("a\rb\n", 3), ("\n", 2),
        ])
    func height(text: String, lines: Int) {
        #expect(row.height(in: Note(text: text)) == lines)
    }

    @Test("maxLines below one is taken as one")
    func atLeastOneLine() {
        let row = MultilineTextRow<Note>("Notes", \.text, maxLines: 0)
        #expect(row.maxLines == 1)
        #expect(row.height(in: Note(text: "a\nb")) == 1)
        #expect(row.content(in: Note(text: "a\nb")).isCut)
    }

    @Test("The content holds the lines shown and says whether the text goes on")
    func content() {
        #expect(
            row.content(in: Note(text: "one\r\ntwo"))
                == MultilineTextContent(title: "Notes", lines: ["one", "two"], placeholder: "None"))
        let long = row.content(in: Note(text: "1\n2\n3\n4\n5"))
        #expect(long.lines == ["1", "2", "3"])
        #expect(long.isCut)
        let exact = row.content(in: Note(text: "1\n2\n3"))
        #expect(exact.lines == ["1", "2", "3"])
        #expect(!exact.isCut)
        #expect(row.content(in: Note()).lines == [""])
    }

    @Test("Activate asks to open the editor; other actions change nothing")
    func actions() {
        var state = Note(text: "x")
        #expect(row.perform(.activate, on: &state) == .open)
        for action in [RowAction.toggle, .increment, .decrement, .setText("y"), .named("clear")] {
            #expect(row.perform(action, on: &state) == .ignored)
        }
        #expect(state == Note(text: "x"))
        #expect(row.hints(in: state) == [RowHint(.activate, "Edit", priority: 2)])
        #expect(row.destination(in: state) == nil)
        #expect(row.textInput(in: state) == nil)
    }

    @Test("The editor it opens writes the bound text and checks it as the row does")
    func editor() throws {
        let checked = MultilineTextRow<Note>(
            "Notes", \.text, validate: { $0.count > 5 ? "At most 5 characters." : nil })
        let editor = try #require(checked.textEditor(in: Note()))
        #expect(editor.title == "Notes")
        var state = Note()
        state[keyPath: editor.text] = "a\nb"
        #expect(state == Note(text: "a\nb"))
        #expect(editor.validate?("123456") == "At most 5 characters.")
        #expect(editor.validate?("1\n2") == nil)
        #expect(checked.validate(in: Note(text: "123456")) == "At most 5 characters.")
        #expect(checked.validate(in: Note(text: "ok")) == nil)
        #expect(row.textEditor(in: Note())?.validate == nil)
    }

    @Test("Other rows open no text editor")
    func otherRows() {
        #expect(Toggle<Note>("Other", \.other).textEditor(in: Note()) == nil)
        #expect(TextRow<Note>("Text", \.text).textEditor(in: Note()) == nil)
    }

    @Test("In the layout the row takes a line per text line, and grows and shrinks with the text")
    func layout() {
        let form = Form<Note>(title: "T") {
            Section {
                MultilineTextRow("Notes", \.text, maxLines: 3)
                Toggle("Other", \.other)
            }
        }
        func kinds(_ state: Note) -> [String] {
            let layout = form.layout(for: state)
            return (0..<layout.count).map { index in
                switch layout.line(index) {
                case .header: "header"
                case .row(_, let row): row.title
                case .rowLine(_, let row, let line): "\(row.title)+\(line)"
                default: "other"
                }
            }
        }
        #expect(kinds(Note(text: "")) == ["header", "Notes", "Other"])
        #expect(kinds(Note(text: "a\nb")) == ["header", "Notes", "Notes+1", "Other"])
        #expect(kinds(Note(text: "a\nb\nc\nd")) == ["header", "Notes", "Notes+1", "Notes+2", "Other"])
        let layout = form.layout(for: Note(text: "a\nb\nc\nd"))
        #expect(layout.focusableLine(from: 2, direction: 1) == 4)
        #expect(layout.focusableLine(from: 3, direction: -1) == 1)
    }
}

@Suite("ControlCharacters: line breaks and text from outside")
struct LineBreakTests {
    @Test("LF, CR and CR LF each end a line")
    func lines() {
        #expect(ControlCharacters.lines(of: "a\nb\r\nc\rd") == ["a", "b", "c", "d"])
        #expect(ControlCharacters.lines(of: "") == [""])
        #expect(ControlCharacters.lines(of: "a\n") == ["a", ""])
        #expect(ControlCharacters.lines(of: "1\n2\n3\n4", limit: 2) == ["1", "2", "3\n4"])
    }

    @Test("Cleaned text keeps line breaks as LF, or makes them spaces; tabs become spaces; other controls go")
    func cleaned() {
        let raw = "a\tb\r\nc\u{1B}d\u{7F}\u{85}e\u{301}\rf\u{7}"
        #expect(ControlCharacters.cleaned(raw, keepingLineBreaks: true) == "a b\ncde\u{301}\nf")
        #expect(ControlCharacters.cleaned(raw, keepingLineBreaks: false) == "a b cde\u{301} f")
        #expect(ControlCharacters.cleaned("日本\n", keepingLineBreaks: true) == "日本\n")
        #expect(ControlCharacters.cleaned("\u{1}\u{2}", keepingLineBreaks: true) == "")
    }
}
