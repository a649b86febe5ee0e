import FormCore
import FormTestSupport
import Testing

@testable import FormUI

@Suite("Multiline text rows: shown in the list, edited in a pushed editor")
struct TextEditorScreenTests {
    struct Profile: Equatable {
        var name = "Ada"
        var notes = ""
        var sounds = false
    }

    struct StoreFailure: Error, CustomStringConvertible {
        var description: String { "disk full" }
    }

    /// The profile form over a store whose writes fail while `failing` is set, driven headless.
    final class Session {
        let driver: FormDriver<Profile>
        private let failure = Failure()
        var failing: Bool {
            get { failure.isOn }
            set { failure.isOn = newValue }
        }

        private final class Failure {
            var isOn = false
        }

        init(
            _ profile: Profile = Profile(), size: Size = Size(width: 40, height: 10),
            mode: FormMode = .edit, validate: ((String) -> String?)? = nil, readOnly: String? = nil
        ) {
            let failure = self.failure
            var form = Form<Profile>(title: "Profile") {
                Section {
                    TextRow("Name", \.name)
                    MultilineTextRow(
                        "Notes", \.notes, placeholder: "None yet", maxLines: 3, validate: validate)
                    Toggle("Sounds", \.sounds)
                }
            }
            form.readOnlyReason = readOnly
            let persist = { (_: Profile) throws in if failure.isOn { throw StoreFailure() } }
            driver = FormDriver(saved: profile, size: size, persist: persist) {
                FormScreen(form: form, store: $0, mode: mode)
            }
        }

        var store: StateStore<Profile> { driver.store }
        var app: App { driver.app }
        var form: FormScreen<Profile> { driver.screen }
        func play(_ script: String) throws { try driver.play(script) }
        var canvas: Canvas { driver.canvas }
        var lines: [String] { driver.lines }
        var helpLine: String { driver.helpLine }
        var editor: TextEditorScreen? { app.top as? TextEditorScreen }
        /// The text of the line the cursor is on, up to the cursor.
        var beforeCursor: String? {
            let canvas = self.canvas
            guard let cursor = canvas.cursor else { return nil }
            var text = ""
            for x in 0..<cursor.x where !canvas[x, cursor.y].isContinuation {
                text.append(canvas[x, cursor.y].character)
            }
            return text
        }
    }

    @Test("The list shows the first lines of the text, the row growing with it, and … when there is more")
    func listShowsFirstLines() throws {
        let empty = Session()
        #expect(empty.lines[3].contains("Notes"))
        #expect(empty.lines[3].contains("None yet"))
        #expect(empty.lines[4].contains("Sounds"))

        let two = Session(Profile(notes: "Buy milk\nCall Bob"))
        #expect(two.lines[3].hasPrefix("  Notes"))
        #expect(two.lines[3].hasSuffix("Buy milk"))
        #expect(two.lines[4].trimmingPrefixSpaces == "Call Bob")
        #expect(two.lines[5].contains("Sounds"))

        let long = Session(Profile(notes: "one\ntwo\nthree\nfour\nfive"))
        #expect(long.lines[5].trimmingPrefixSpaces == "three…")
        #expect(long.lines[6].contains("Sounds"))
        #expect(!long.canvas.text.contains("four"))

        let wide = Session(Profile(notes: String(repeating: "x", count: 80)))
        #expect(wide.lines[3].hasSuffix("x…"))
        #expect(wide.lines[3].count <= 40)
    }

    @Test("Focus runs across every line of the row; the marker is on its first")
    func focus() throws {
        let session = Session(Profile(notes: "a\nb"))
        try session.play("down")
        let canvas = session.canvas
        #expect(canvas.line(3).hasPrefix("> Notes"))
        #expect(canvas.line(4).hasPrefix("  "))
        // Every line of the row is on the focus background; the marker only on its first.
        let readable = min(canvas.size.width, RowChrome.readableWidth)
        #expect((0..<readable).allSatisfy { canvas[$0, 3].style.highlighted })
        #expect((0..<readable).allSatisfy { canvas[$0, 4].style.highlighted })
        #expect(canvas[0, 3].style.role == .marker)
        #expect(canvas[0, 4].character == " ")
        let text = try #require(canvas.line(3).firstIndex(of: "a")).utf16Offset(in: canvas.line(3))
        #expect(canvas[text, 3].style.role == .value)
        #expect(!(0..<canvas.size.width).contains { canvas[$0, 5].style.highlighted })
        #expect(session.helpLine.contains("Enter Edit"))
    }

    @Test("Enter opens the editor with the text and the caret at its end, as the terminal cursor")
    func opens() throws {
        let session = Session(Profile(notes: "first\nsecond"))
        try session.play("down enter")
        let editor = try #require(session.editor)
        #expect(editor.text == "first\nsecond")
        #expect(session.lines[0].contains("Profile › Notes"))
        #expect(session.lines[1] == " first")
        #expect(session.lines[2] == " second")
        #expect(session.canvas.cursor == Point(x: 7, y: 2))
        #expect(session.helpLine.contains("^S Keep"))
        #expect(session.helpLine.contains("Esc Cancel"))
    }

    @Test("Ctrl-S keeps the text in the form's draft, not the store; the form's save writes it")
    func keep() throws {
        let session = Session()
        try session.play("down enter \"line one\" enter \"line two\"")
        #expect(session.lines[0].contains("● modified"))
        try session.play("ctrl-s")
        #expect(session.app.top === session.form)
        #expect(session.form.draft.value.notes == "line one\nline two")
        #expect(session.store.value.notes == "")
        #expect(session.lines[3].hasSuffix("line one"))
        #expect(session.lines[4].trimmingPrefixSpaces == "line two")
        try session.play("ctrl-s")
        #expect(session.store.value.notes == "line one\nline two")
    }

    @Test("A read-only form's text opens to be read whole: the caret moves, an edit shows the reason")
    func readOnlyTextOpensToBeRead() throws {
        let lines = (1...8).map { "line \($0)" }
        let session = Session(
            Profile(notes: lines.joined(separator: "\n")), readOnly: "profile.json is read-only.")
        try session.play("down enter")
        let editor = try #require(session.editor)
        #expect(editor.readOnlyReason == "profile.json is read-only.")
        #expect(session.helpLine.contains("Esc Back"))
        #expect(!session.helpLine.contains("Keep"))
        // The last lines, which the row cuts off, are there to be read.
        try session.play("up up up up up up up up")
        #expect(session.canvas.text.contains("line 1"))
        try session.play("end")
        try session.play("x backspace enter")
        #expect(editor.text == lines.joined(separator: "\n"))
        #expect(session.helpLine.contains("profile.json is read-only."))
        try session.play("esc")
        #expect(session.editor == nil)
        #expect(session.form.editor.draft.value.notes == lines.joined(separator: "\n"))
        #expect(!session.form.editor.isModified)
    }

    @Test("Ctrl-S with nothing changed goes back and leaves the form unchanged")
    func keepUnchanged() throws {
        let session = Session(Profile(notes: "a\r\nb"))
        try session.play("down enter ctrl-s")
        #expect(session.app.top === session.form)
        #expect(session.form.draft.value.notes == "a\r\nb")
        #expect(session.form.status == nil)
    }

    @Test("Esc without changes goes back at once")
    func cancelUnchanged() throws {
        let session = Session(Profile(notes: "x"))
        try session.play("down enter right left esc")
        #expect(session.app.top === session.form)
    }

    @Test("Esc after a change asks; n keeps editing, y drops the change")
    func cancelChanged() throws {
        let session = Session(Profile(notes: "x"))
        try session.play("down enter \"yz\" esc")
        #expect(session.app.top is ConfirmScreen)
        #expect(session.canvas.text.contains("Discard changes?"))
        #expect(session.canvas.text.contains("Your changes to Notes will be lost."))
        try session.play("n")
        #expect(session.editor?.text == "xyz")
        try session.play("esc y")
        #expect(session.app.top === session.form)
        #expect(session.form.draft.value.notes == "x")
    }

    @Test("A text the row does not take stays in the editor, with the reason")
    func validation() throws {
        let session = Session(validate: { $0.count > 3 ? "At most 3 characters." : nil })
        try session.play("down enter \"abcd\" ctrl-s")
        #expect(session.editor?.text == "abcd")
        #expect(session.helpLine.contains("At most 3 characters."))
        try session.play("backspace ctrl-s")
        #expect(session.app.top === session.form)
        #expect(session.form.draft.value.notes == "abc")
    }

    @Test("Browsing, the kept text is saved at once; a failed write keeps the editor and says why")
    func browse() throws {
        let session = Session(mode: .browse)
        session.failing = true
        try session.play("down enter \"hi\" ctrl-s")
        #expect(session.editor?.text == "hi")
        #expect(session.helpLine.contains("Not saved: disk full"))
        #expect(session.store.value.notes == "")
        session.failing = false
        try session.play("ctrl-s")
        #expect(session.app.top === session.form)
        #expect(session.store.value.notes == "hi")
    }

    @Test("A disabled row opens nothing")
    func disabled() throws {
        struct Model: Equatable { var notes = "x" }
        let form = Form<Model>(title: "T") {
            Section(disabled: { _ in true }) { MultilineTextRow("Notes", \.notes) }
        }
        let screen = FormScreen(form: form, store: StateStore(Model()), mode: .edit)
        let app = App(root: screen)
        app.handle(.enter)
        #expect(app.top === screen)
    }

    @Test("Long lines scroll sideways and many lines scroll down, keeping the caret on screen")
    func scrolling() throws {
        let size = Size(width: 20, height: 6)
        let text = (1...12).map { "line \($0) " + String(repeating: "-", count: 30) + "end\($0)" }
            .joined(separator: "\n")
        let session = Session(Profile(notes: text), size: size)
        try session.play("down enter")
        // The caret at the end of the last line: the view shows the last lines' ends.
        var canvas = session.canvas
        let cursor = try #require(canvas.cursor)
        #expect((1..<5).contains(cursor.y))
        #expect((1..<19).contains(cursor.x))
        #expect(canvas.line(cursor.y).hasSuffix("end12"))
        // To the top: the first line's start shows.
        session.app.handle(.modified(.home, .control))
        canvas = session.canvas
        #expect(canvas.cursor == Point(x: 1, y: 1))
        #expect(canvas.line(1) == " line 1 -----------")
        try session.play("pgdn")
        canvas = session.canvas
        #expect(canvas.line(try #require(canvas.cursor).y).hasPrefix(" line 5 "))
        try session.play("end")
        canvas = session.canvas
        #expect(canvas.line(try #require(canvas.cursor).y).hasSuffix("end5"))
    }

    @Test("Wide characters keep the caret after them, and one cut by the left edge shows as a blank")
    func wideCharacters() throws {
        let session = Session(Profile(notes: ""), size: Size(width: 20, height: 6))
        try session.play("down enter \"日本語テキスト日本語\"")
        // 20 columns wide: 18 for text; the caret after 20 columns of text is at the right end.
        var canvas = session.canvas
        let cursor = try #require(canvas.cursor)
        #expect(cursor.x == 18)
        #expect(canvas.line(1).hasSuffix("日本語"))
        try session.play("home")
        canvas = session.canvas
        #expect(canvas.cursor == Point(x: 1, y: 1))
        #expect(canvas.line(1) == " 日本語テキスト日本")
        try session.play("end left*2 \"x\"")
        #expect(session.editor?.text == "日本語テキスト日x本語")
        #expect(session.beforeCursor?.hasSuffix("x") == true)
        // A view starting inside a wide character.
        var small = Canvas(size: Size(width: 6, height: 1))
        TextEditorScreen.draw(Array("日本語"), from: 1, in: &small, at: Point(x: 0, y: 0), width: 6)
        #expect(small.line(0) == " 本語")
    }

    @Test("Control characters from the state are drawn as ?, in the list and in the editor")
    func controlCharacters() throws {
        let session = Session(Profile(notes: "a\u{7}b"))
        #expect(session.lines[3].hasSuffix("a?b"))
        try session.play("down enter")
        #expect(session.lines[1] == " a?b")
    }

    @Test("Paste in the editor keeps line breaks; in a one-line field they become spaces")
    func paste() throws {
        let session = Session(Profile(name: ""))
        session.app.handle(.paste("Ada\nLovelace"))
        #expect(session.form.draft.value.name == "Ada Lovelace")
        try session.play("down enter")
        session.app.handle(.paste("one\ntwo"))
        #expect(session.editor?.text == "one\ntwo")
    }

    @Test("At the smallest sizes the editor neither crashes nor draws outside its area")
    func tinyAreas() throws {
        for size in [Size(width: 0, height: 0), Size(width: 1, height: 1), Size(width: 2, height: 1)] {
            let editor = TextEditorScreen(title: "N", text: "日本\nabc") { _ in }
            var canvas = Canvas(size: Size(width: 4, height: 3))
            editor.render(into: &canvas, area: Rect(x: 1, y: 1, width: size.width, height: size.height))
            #expect(canvas.line(0).isEmpty)
            #expect(canvas.lines.allSatisfy { $0.count <= 1 + size.width })
        }
        let session = Session(Profile(notes: "a\nb"), size: App.minimumSize)
        try session.play("down enter \"x\" ctrl-s")
        #expect(session.form.draft.value.notes == "a\nbx")
    }
}

@Suite("MultilineTextCell at any size")
struct MultilineTextCellTests {
    @Test(
        "It never crashes or draws outside its frame",
        arguments: [
            Size(width: 0, height: 0), Size(width: 1, height: 1), Size(width: 2, height: 1),
            Size(width: 12, height: 1), Size(width: 80, height: 1),
        ])
    func sizes(size: Size) {
        let contents = [
            MultilineTextContent(title: "Notes", lines: [""], placeholder: "Nothing yet"),
            MultilineTextContent(title: "Notes", lines: ["日本語テキスト", "b\u{7}"], isCut: true),
        ]
        for content in contents {
            for line in 0..<3 {
                for highlighted in [false, true] {
                    let cell = MultilineTextCell()
                    cell.configure(content, context: CellContext(line: line))
                    var canvas = Canvas(size: Size(width: size.width + 2, height: 3))
                    cell.draw(
                        in: &canvas, frame: Rect(x: 1, y: 1, width: size.width, height: size.height),
                        highlighted: highlighted)
                    #expect(canvas.line(0).isEmpty)
                    #expect(canvas.line(2).isEmpty)
                    #expect(canvas[0, 1].character == " ")
                    if size.width + 1 < canvas.size.width {
                        #expect(canvas[size.width + 1, 1].character == " ")
                    }
                }
            }
        }
    }

    @Test("At 80 columns: the title on the first line, the text in the field column, … on the last")
    func drawn() {
        let cell = MultilineTextCell()
        let content = MultilineTextContent(title: "Notes", lines: ["one", "two"], isCut: true)
        var canvas = Canvas(size: Size(width: 80, height: 2))
        cell.configure(content, context: CellContext(line: 0))
        cell.draw(in: &canvas, frame: Rect(x: 0, y: 0, width: 80, height: 1), highlighted: true)
        cell.configure(content, context: CellContext(line: 1))
        cell.draw(in: &canvas, frame: Rect(x: 0, y: 1, width: 80, height: 1), highlighted: true)
        let field = RowChrome.fieldColumn(in: Rect(x: 0, y: 0, width: 80, height: 1))
        #expect(canvas.line(0) == "> Notes" + String(repeating: " ", count: field - 7) + "one")
        #expect(canvas.line(1) == String(repeating: " ", count: field) + "two…")
    }
}

extension String {
    fileprivate var trimmingPrefixSpaces: String { String(drop { $0 == " " }) }
}
