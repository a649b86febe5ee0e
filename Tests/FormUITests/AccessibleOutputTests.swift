import FormCore
import FormUI
import Foundation
import Testing

/// What the line mode writes, for a screen reader: never an escape sequence (even one hidden in
/// a form's own text), a prompt for every line read, the way out said at a terminal, and the
/// instructions once.
@Suite("AccessibleSession: what it writes")
struct AccessibleOutputTests {
    struct Note: Equatable {
        var text = "red \u{1B}[31m text"
        var pick = "a"
        var body = ""
        var opened = false
    }

    static func form() -> Form<Note> {
        Form(title: "Title \u{1B}[2J") {
            Section("Head \u{1B}[1m", footer: "Foot \u{7}") {
                TextRow("Name \u{1B}]0;x\u{7}", \.text)
                SelectionRow("Pick", \.pick, options: ["a", "b \u{1B}[5m"])
                MultilineTextRow("Body", \.body)
            }
        }
    }

    /// Answers typed at a terminal.
    final class TypedLines: LineReading {
        let lines: TextLineInput
        init(_ text: String) { lines = TextLineInput(text) }
        func readLine(secret: Bool) -> String? { lines.readLine(secret: secret) }
        var isInteractive: Bool { true }
    }

    @Test func aFormsOwnControlCharactersAreShownAsQuestionMarks() {
        let output = TextLineOutput()
        let session = AccessibleSession(
            form: Self.form(), store: StateStore(Note()), input: TextLineInput("\n\n\ny\n"), output: output)
        _ = session.run()
        #expect(!output.text.unicodeScalars.contains { $0 != "\n" && ControlCharacters.isControl($0) })
        #expect(output.text.hasPrefix("Title ?[2J\n"))
        #expect(output.text.contains("Section: Head ?[1m\nName ?]0;x?: red ?[31m text.\n"), "\(output.text)")
        #expect(output.text.contains("  2. b ?[5m\n") && output.text.contains("Note: Foot ?\n"))
    }

    @Test func aSectionsLineModeFooterIsSaidInsteadOfItsFooter() {
        let form = Form<Note>(title: "Keys") {
            Section("Quiet", footer: "Insert adds, Ctrl-D deletes.") { TextRow("Name", \.text) }
                .footer(inLineMode: { _ in nil })
            Section("Reworded", footer: "Enter runs it.") { TextRow("Other", \.body) }
                .footer(inLineMode: { "Answering “\($0.text)” runs it." })
            Section("Plain", footer: "Said as it is.") { TextRow("Third", \.pick) }
        }
        let output = TextLineOutput()
        _ = AccessibleSession(
            form: form, store: StateStore(Note()), input: TextLineInput("ada\n\n\nn\n"), output: output
        )
        .run()
        #expect(
            !output.text.contains("Insert adds") && !output.text.contains("Enter runs it"), "\(output.text)")
        #expect(output.text.contains("Note: Answering “ada” runs it.\n"), "\(output.text)")
        #expect(output.text.contains("Note: Said as it is.\n"), "\(output.text)")
        // The screen's footer is unchanged.
        #expect(form.sections[0].footer(Note()) == "Insert adds, Ctrl-D deletes.")
        #expect(form.sections[2].spokenFooter(for: Note()) == "Said as it is.")
    }

    @Test func eachLineOfALongTextHasItsPrompt() {
        let output = TextLineOutput()
        let store = StateStore(Note())
        let session = AccessibleSession(
            form: Self.form(), store: store, input: TextLineInput("\n\none\ntwo\n.\ny\n"), output: output)
        #expect(session.run() == 0)
        #expect(store.value.body == "one\ntwo")
        #expect(
            output.text.contains(
                "a line with a single . to end it (Enter keeps it): one\nNext line, or . to end: two\nNext line, or . to end: .\n"
            ), "\(output.text)")
    }

    @Test func atATerminalTheWayOutIsSaid() {
        let typed = TextLineOutput()
        _ = AccessibleSession(
            form: Self.form(), store: StateStore(Note()), input: TypedLines(""), output: typed
        )
        .run()
        #expect(
            typed.text.contains(
                "Answer each question and press Enter. Enter alone keeps the value shown; >> skips to the summary. Ctrl-D stops.\n"
            ))
        let piped = TextLineOutput()
        _ = AccessibleSession(
            form: Self.form(), store: StateStore(Note()), input: TextLineInput(""), output: piped
        )
        .run()
        #expect(!piped.text.contains("Ctrl-D"))
    }

    @Test func aFormAButtonOpensDoesNotRepeatTheInstructions() {
        let inner = Form<Note>(title: "Inner") { Section { Toggle("Opened", \.opened) } }
        let outer = Form<Note>(title: "Outer") {
            Section {
                ButtonRow("Open", command: "open")
                LabelRow("Was opened") { $0.opened ? "yes" : "no" }
            }
        }
        let store = StateStore(Note())
        let output = TextLineOutput()
        let session = AccessibleSession(
            form: outer, store: store, mode: .browse, input: TextLineInput("y\ny\ny\n"), output: output
        ) { _, navigator in
            navigator.push(FormScreen(form: inner, store: store, mode: .edit))
        }
        #expect(session.run() == 0, "\(output.text)")
        #expect(store.value.opened)
        #expect(output.text.components(separatedBy: "Answer each question").count == 2, "\(output.text)")
        #expect(
            output.text.contains("Press it? (y or n, Enter: n): y\nInner\nOpened: Off."), "\(output.text)")
        // The row after the button reads what the opened form saved.
        #expect(output.text.hasSuffix("Saved.\nWas opened: yes\nEnd of Outer.\n"), "\(output.text)")
    }

    @Test func theEndOfTheInputInsideAFormAButtonOpenedIsSaidOnce() {
        let inner = Form<Note>(title: "Inner") { Section { Toggle("Opened", \.opened) } }
        let outer = Form<Note>(title: "Outer") { Section { ButtonRow("Open", command: "open") } }
        let output = TextLineOutput()
        let store = StateStore(Note())
        let session = AccessibleSession(
            form: outer, store: store, mode: .browse, input: TextLineInput("y\ny\n"), output: output
        ) { _, navigator in
            navigator.push(FormScreen(form: inner, store: store, mode: .edit))
        }
        #expect(session.run() == 1, "\(output.text)")
        #expect(output.text.hasSuffix("Not saved: the input ended.\n"), "\(output.text)")
        #expect(!output.text.contains("The input ended."), "said twice: \(output.text)")
        // Browsing, an input that ends outside any opened form is said.
        let plain = TextLineOutput()
        _ = AccessibleSession(
            form: outer, store: StateStore(Note()), mode: .browse, input: TextLineInput(""), output: plain
        )
        .run()
        #expect(plain.text.hasSuffix("The input ended.\n"), "\(plain.text)")
    }
}
