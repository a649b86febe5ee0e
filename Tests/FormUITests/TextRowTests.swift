import FormCore
import FormTestSupport
import Testing

@testable import FormUI

@Suite("Text rows edited in place")
struct TextRowTests {
    struct Keys: Equatable {
        var deployKey = String(repeating: "k", count: 29)
        var note = ""
    }

    @Test("A secret at rest shows a fixed count of bullets; typed in, one a character")
    func secretBulletsAreCapped() throws {
        let session = FormDriver(
            Keys(), size: Size(width: 60, height: 8),
            form: Form(title: "Keys") {
                Section {
                    TextRow("Note", \Keys.note)
                    TextRow("Deploy key", \Keys.deployKey, secure: true)
                }
            })
        let atRest = try #require(session.lines.first { $0.contains("Deploy key") })
        #expect(atRest.filter { $0 == "•" }.count == 8, "\(atRest)")
        try session.play("down \"x\"")
        let typed = try #require(session.lines.first { $0.contains("Deploy key") })
        #expect(typed.filter { $0 == "•" }.count >= 20, "\(typed)")
    }

    struct Account: Equatable {
        var name = ""
        var password = ""
        var newsletter = false
    }

    /// The form under test, driven by keys through the shared `FormDriver`.
    static func session(size: Size = Size(width: 40, height: 10)) -> FormDriver<Account> {
        let form = Form<Account>(title: "Account") {
            Section {
                TextRow("Name", \.name, placeholder: "Your name")
                TextRow("Password", \.password, secure: true)
                Toggle("Newsletter", \.newsletter)
            }
        }
        return FormDriver(Account(), size: size, form: form)
    }

    @Test("typed characters go into the text, Space and q and + included, and only into the draft")
    func typing() throws {
        let session = Self.session()
        try session.play("\"Ada q+- x\"")
        #expect(session.screen.draft.value.name == "Ada q+- x")
        #expect(session.screen.draft.value.newsletter == false)
        #expect(session.store.value == Account())
        #expect(session.app.stack.count == 1)
        try session.play("ctrl-s")
        #expect(session.store.value.name == "Ada q+- x")
    }

    @Test("the caret moves and edits where it is")
    func caretEditing() throws {
        let session = Self.session()
        try session.play("\"helo\" left \"l\"")
        #expect(session.screen.draft.value.name == "hello")
        try session.play("home \"X\" end backspace")
        #expect(session.screen.draft.value.name == "Xhell")
        try session.play("left left delete")
        #expect(session.screen.draft.value.name == "Xhel")
        try session.play("ctrl-a delete ctrl-e backspace")
        #expect(session.screen.draft.value.name == "he")
        try session.play("\"llo\" left left ctrl-k")
        #expect(session.screen.draft.value.name == "hel")
        try session.play("ctrl-u")
        #expect(session.screen.draft.value.name == "")
        try session.play("backspace delete left right")
        #expect(session.screen.draft.value.name == "")
    }

    @Test("a paste goes in whole at the caret")
    func paste() throws {
        let session = Self.session()
        try session.play("\"ab\" left paste \"x y\"")
        #expect(session.screen.draft.value.name == "ax yb")
    }

    @Test("the terminal cursor sits at the caret, after wide characters too")
    func cursorAtCaret() throws {
        let session = Self.session()
        // At 40 columns the field starts at column 16 (two fifths).
        #expect(session.canvas.cursor == Point(x: 16, y: 2))
        try session.play("\"日本\"")
        #expect(session.canvas.cursor == Point(x: 20, y: 2))
        try session.play("left")
        #expect(session.canvas.cursor == Point(x: 18, y: 2))
        #expect(session.focusedLine?.hasPrefix("> Name          日本") == true)
    }

    @Test("a long text scrolls to keep the caret in the field")
    func scrolling() throws {
        let session = Self.session()
        try session.play("\"0123456789\" " + String(repeating: "\"abcdefghij\" ", count: 8))
        let canvas = session.canvas
        let cursor = try #require(canvas.cursor)
        #expect(cursor.x > 16 && cursor.x < 40)
        #expect(canvas.line(cursor.y).hasSuffix("abcdefghij"))
        try session.play("home")
        #expect(session.canvas.cursor == Point(x: 16, y: 2))
        #expect(session.focusedLine?.contains("> Name          0123456789") == true)
    }

    @Test("secure text never shows: bullets on screen, the text in the draft")
    func secure() throws {
        let session = Self.session()
        try session.play("enter \"s3cret\"")
        #expect(session.screen.draft.value.password == "s3cret")
        #expect(!session.canvas.text.contains("s3cret"))
        #expect(session.focusedLine?.contains("••••••") == true)
    }

    @Test("Enter and the arrows move between rows; the placeholder shows while empty")
    func movingAndPlaceholder() throws {
        let session = Self.session()
        #expect(session.lines.contains { $0.contains("Name          Your name") })
        try session.play("\"Ada\" enter enter space")
        #expect(session.screen.draft.value.newsletter)
        try session.play("up up \"!\"")
        #expect(session.screen.draft.value.name == "Ada!")
        #expect(session.app.top.helpItems(isRoot: true).contains(HelpItem("Type", "to edit")))
    }
}

@Suite("TextEditing: keys applied to a line of text")
struct TextEditingTests {
    @Test("keys that do not edit text are left to the form")
    func notText() {
        for key: Key in [.up, .down, .tab, .backTab, .enter, .escape, .control("s"), .pageDown] {
            #expect(TextEditing.apply(key, to: "abc", caret: 1) == nil)
        }
    }

    @Test("a caret outside the text is brought inside")
    func clampedCaret() {
        #expect(TextEditing.apply(.character("x"), to: "ab", caret: 9) == .init(text: "abx", caret: 3))
        #expect(TextEditing.apply(.character("x"), to: "ab", caret: -3) == .init(text: "xab", caret: 1))
    }

    @Test("combining characters edit as one character")
    func graphemes() {
        #expect(TextEditing.apply(.backspace, to: "cafe\u{301}", caret: 4) == .init(text: "caf", caret: 3))
    }

    @Test("control characters are not inserted")
    func controlCharacters() {
        #expect(TextEditing.apply(.character("\u{7}"), to: "ab", caret: 1) == nil)
    }
}

@Suite("Text rows: review fixes")
struct TextRowEdgeTests {
    @Test("a mark or half a flag that merges with its neighbour leaves the caret right after it")
    func mergingInsert() {
        let accented = TextEditing.apply(.character("\u{301}"), to: "ab", caret: 1)
        #expect(accented == .init(text: "a\u{301}b", caret: 1))
        #expect(
            TextEditing.apply(.character("X"), to: "a\u{301}b", caret: 1)
                == .init(text: "a\u{301}Xb", caret: 2))
        let half = TextEditing.apply(.character("🇺"), to: "ab", caret: 1)
        #expect(half == .init(text: "a🇺b", caret: 2))
        #expect(TextEditing.apply(.character("🇸"), to: "a🇺b", caret: 2) == .init(text: "a🇺🇸b", caret: 2))
        #expect(
            TextEditing.apply(.paste("\u{301}x"), to: "ab", caret: 1) == .init(text: "a\u{301}xb", caret: 2))
    }

    struct Note: Equatable { var text = "" }

    func session(_ text: String, width: Int = 40) -> (App, Size) {
        let form = Form<Note>(title: "Note") { Section { TextRow("Note", \.text) } }
        let app = App(root: FormScreen(form: form, store: StateStore(Note(text: text)), mode: .edit))
        return (app, Size(width: width, height: 8))
    }

    @Test("a very long text is drawn in time proportional to the field, not to the text")
    func longText() {
        let (app, size) = session("")
        app.handle(.paste(String(repeating: "x", count: 60_000)))
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for _ in 0..<20 { _ = app.render(size: size) }
        }
        // Generous: it only has to catch work quadratic in the text (minutes), on a loaded machine.
        #expect(elapsed < .seconds(8), "20 frames took \(elapsed)")
        let canvas = app.render(size: size)
        #expect(canvas.cursor?.x == 38)
    }

    @Test("the wide character under the caret stays visible at the field's edge")
    func wideUnderCaret() throws {
        let (app, size) = session("")
        app.handle(.paste("日本語のネットワーク名前です長い長い"))
        for key in [Key.end] + Array(repeating: .left, count: 5) { app.handle(key) }
        let canvas = app.render(size: size)
        let cursor = try #require(canvas.cursor)
        #expect(canvas[cursor.x, cursor.y].character == "す")
        #expect(canvas[cursor.x, cursor.y].width == 2)
    }

    @Test("control characters from a file are drawn as ? and counted, so the caret stays right")
    func controlCharacters() throws {
        let (app, size) = session("a\t\tb")
        app.handle(.end)
        let canvas = app.render(size: size)
        let cursor = try #require(canvas.cursor)
        #expect(canvas.line(cursor.y).hasSuffix("a??b"))
        #expect(cursor.x == 16 + 4)
    }
}
