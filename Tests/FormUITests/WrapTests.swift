import FormCore
import Testing

@testable import FormUI

@Suite("Text that fits: wrapping, dialogs, messages, the too-small notice")
struct WrapTests {
    @Test("Words wrap at spaces within the width; runs of spaces at a break go")
    func words() {
        #expect(TextWidth.wrap("Your changes will be lost.", to: 12) == ["Your changes", "will be", "lost."])
        #expect(TextWidth.wrap("a  b", to: 10) == ["a b"])
        #expect(TextWidth.wrap("fits", to: 4) == ["fits"])
        #expect(TextWidth.wrap("", to: 5) == [""])
        #expect(TextWidth.wrap("anything", to: 0) == [])
    }

    @Test("A screen's notes: a short one as it is, line breaks kept, long ones wrapped beside the marks")
    func notes() {
        // 40 columns: a footer has 37 (indent 2, margin 1), a message 33 (and "! ").
        let wrapping = NoteCell.wrapping(width: 40)
        #expect(wrapping.footer("Short.") == ["Short."])
        #expect(wrapping.footer("one\ntwo") == ["one", "two"])
        #expect(wrapping.footer("…") == ["…"])
        let long = String(repeating: "word ", count: 20)
        #expect(wrapping.footer(long).allSatisfy { TextWidth.of($0) <= 37 })
        #expect(wrapping.message(long).allSatisfy { TextWidth.of($0) <= 33 })
        #expect(wrapping.message(long).count > wrapping.footer(long).count - 1)
        #expect(wrapping.footer(long) == wrapping.footer(long))
    }

    @Test("A word longer than a line is cut into full lines")
    func longWords() {
        #expect(
            TextWidth.wrap("/var/lib/formtui/state.json is read-only", to: 10) == [
                "/var/lib/f", "ormtui/sta", "te.json is", "read-only",
            ])
        #expect(TextWidth.wrap("abcdef", to: 1) == ["a", "b", "c", "d", "e", "f"])
    }

    @Test("Widths are display columns: CJK and emoji take two, combining marks none")
    func displayWidth() {
        #expect(TextWidth.wrap("日本語テキスト", to: 6) == ["日本語", "テキス", "ト"])
        #expect(TextWidth.wrap("日本語テキスト", to: 5) == ["日本", "語テ", "キス", "ト"])
        #expect(TextWidth.wrap("👍👍 ok", to: 4) == ["👍👍", "ok"])
        #expect(TextWidth.wrap("cafe\u{301} au lait", to: 7) == ["cafe\u{301} au", "lait"])
        // A wide character in a one-column line still goes somewhere, never into a loop.
        #expect(TextWidth.wrap("日本", to: 1) == ["日", "本"])
        for line in TextWidth.wrap("日本語 テキスト emoji 👍 and words", to: 7) {
            #expect(TextWidth.of(line) <= 7)
        }
    }

    @Test("Line breaks in the text start new lines")
    func lineBreaks() {
        #expect(TextWidth.wrap("one\ntwo three", to: 7) == ["one", "two", "three"])
        #expect(TextWidth.wrap("a\r\n\nb", to: 5) == ["a", "", "b"])
    }

    @Test("With a line limit the last line takes the rest and ends in …")
    func limited() {
        #expect(TextWidth.wrap("one two three four", to: 9, maxLines: 2) == ["one two", "three fo…"])
        #expect(TextWidth.wrap("one two", to: 9, maxLines: 2) == ["one two"])
        #expect(TextWidth.wrap("one two", to: 9, maxLines: 0) == [])
    }

    // MARK: Screens

    struct Prefs: Equatable {
        var sounds = false
    }

    private func editing(_ size: Size, failing: Bool = false) -> (App, Size) {
        let store = StateStore(Prefs()) { _ in
            if failing {
                throw CocoaLikeError(
                    "Could not write /home/somebody/.config/formtui/preferences.json: read-only file system")
            }
        }
        let form = Form<Prefs>(title: "Edit Preferences") { Section { Toggle("Sounds", \.sounds) } }
        let app = App(root: FormScreen(form: form, store: store, mode: .edit))
        app.handle(.space)
        return (app, size)
    }

    struct CocoaLikeError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    @Test("The discard dialog at 40x12 shows its whole message, wrapped inside the box")
    func dialogAt40x12() throws {
        let (app, size) = editing(Size(width: 40, height: 12))
        app.handle(.escape)
        let lines = app.render(size: size).lines
        let inside = lines.filter { $0.contains("│") }.map {
            $0.replacingOccurrences("│", "").trimmingCharacters()
        }
        #expect(inside.contains("Discard changes?"))
        #expect(inside.joined(separator: " ").contains("Your changes to Edit Preferences will be lost."))
        #expect(inside.contains("y Discard   n Keep editing"))
        #expect(!lines.joined().contains("…"))
        #expect(lines.contains { $0.contains("┌") })
        #expect(lines.contains { $0.contains("└") })
    }

    @Test("At 20x6 the question and both choices stay, the frame giving way first")
    func dialogAt20x6() throws {
        let (app, size) = editing(Size(width: 20, height: 6))
        app.handle(.escape)
        let text = app.render(size: size).lines.dropLast().joined(separator: "\n")
        #expect(text.contains("Discard changes?"))
        #expect(text.contains("y Discard"))
        #expect(text.contains("n Keep editing"))
        for line in app.render(size: size).lines { #expect(TextWidth.of(line) <= 20) }
    }

    @Test("The dialog's lines: the blank goes first, then the message from its end")
    func dialogLines() {
        let choices = ["y Yes", "n No"]
        func lines(_ message: String, width: Int, height: Int) -> [String] {
            ConfirmScreen.lines(title: "Q?", message: message, choices: choices, width: width, height: height)
        }
        #expect(
            lines("one two three", width: 12, height: 10) == ["Q?", "one two", "three", "", "y Yes   n No"])
        #expect(lines("one two three", width: 12, height: 4) == ["Q?", "one two", "three", "y Yes   n No"])
        #expect(lines("one two three", width: 12, height: 3) == ["Q?", "one two thr…", "y Yes   n No"])
        #expect(lines("one two three", width: 12, height: 2) == ["Q?", "y Yes   n No"])
        // Too narrow for both choices on a line: one each, when there is room.
        #expect(lines("m", width: 9, height: 5) == ["Q?", "m", "", "y Yes", "n No"])
        #expect(lines("m", width: 9, height: 3) == ["Q?", "y Yes", "n No"])
        #expect(lines("m", width: 9, height: 2) == ["Q?", "y Yes   …"])
        // One line: the choices outrank the question.
        #expect(lines("m", width: 12, height: 1) == ["y Yes   n No"])
    }

    @Test("A failed save's long message wraps above the help line at 60 columns instead of being cut")
    func helpMessageAt60() throws {
        let (app, size) = editing(Size(width: 60, height: 12), failing: true)
        app.handle(.control("s"))
        let lines = app.render(size: size).lines
        let bottom = lines.suffix(3).map { $0.trimmingCharacters() }.joined(separator: " ")
        #expect(
            bottom
                == "Not saved: Could not write "
                + "/home/somebody/.config/formtui/preferences.json: read-only file system")
        // The form above keeps its rows: the body shrank, the title stayed.
        #expect(lines[0].contains("Edit Preferences"))
        #expect(lines.contains { $0.contains("Sounds") })
        // The next key clears it: the help line is back, on one line.
        app.handle(.down)
        let after = app.render(size: size).lines
        #expect(after[11].contains("Save"))
        #expect(after[10].isEmpty)
    }

    @Test("A message too long for a few lines ends in …")
    func helpMessageCapped() {
        let lines = App.messageLines(String(repeating: "word ", count: 100), in: Size(width: 40, height: 24))
        #expect(lines.count == App.maximumMessageLines)
        #expect(lines.last?.hasSuffix("…") == true)
        #expect(App.messageLines("short", in: Size(width: 40, height: 24)) == ["short"])
        #expect(App.messageLines(String(repeating: "w ", count: 40), in: App.minimumSize).count == 2)
    }

    @Test(
        "Too small: the notice names the dimension that is short",
        arguments: [
            (Size(width: 40, height: 5), ["Needs 6 rows, has 5."]),
            (Size(width: 12, height: 24), ["Needs 20", "columns, has", "12."]),
            // Too few lines for the long notice: the size needed in short, and the way out.
            (Size(width: 19, height: 3), ["Needs 20x6.", "Ctrl-C quits."]),
            (Size(width: 13, height: 4), ["small", "Needs 20x6.", "Ctrl-C quits."]),
            (Size(width: 13, height: 3), ["Terminal too", "small", "Ctrl-C quits."]),
            (Size(width: 12, height: 4), ["small", "Ctrl-C", "quits."]),
        ])
    func tooSmall(size: Size, expected: [String]) {
        let (app, _) = editing(size)
        let lines = app.render(size: size).lines
        #expect(lines[0] == TextWidth.wrap("Terminal too small", to: size.width)[0])
        let text = lines.joined(separator: "\n")
        #expect(text.contains(expected.joined(separator: "\n")))
        if size.height >= App.minimumSize.height { #expect(!text.contains("rows")) }
        if size.width >= App.minimumSize.width { #expect(!text.contains("columns")) }
        let shown = lines.map { $0.trimmingCharacters() }.filter { !$0.isEmpty }
        #expect(shown.last == "quits." || shown.last == "Ctrl-C quits.", "the way out shows: \(text)")
    }
}

extension String {
    fileprivate func trimmingCharacters() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    fileprivate func replacingOccurrences(_ target: Character, _ replacement: String) -> String {
        String(flatMap { $0 == target ? Array(replacement) : [$0] })
    }
}
