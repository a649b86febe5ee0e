import FormCore
import FormTestSupport
import Testing

@testable import FormUI

private struct Room: Equatable {
    struct Light: Equatable {
        var name: String
        var on = false
    }
    var lamp = false
    var fan = false
    var speed = ""
    var heater = false
    var age = 0
    var note = ""
    /// A value over the note: on, the note is three lines long.
    var long: Bool {
        get { note.contains("\n") }
        set { note = newValue ? "one\ntwo\nthree" : "" }
    }
    var lights = [Light(name: "Desk"), Light(name: "Hall")]
}

/// What the screen shows after a change: a change that moves no line (a switch flipped, a
/// character typed into a one-line field) leaves every other line where it was; one that moves
/// lines (a row shown or hidden, a message, a taller row) moves exactly those below it. Headers,
/// footers and rows that follow the state show the new state. Every frame is the one drawn from
/// blank.
@Suite("The screen after a change shows the new state, lines moved only where they must")
struct LayoutAfterChangeTests {
    private static func form() -> Form<Room> {
        Form(title: "Room") {
            Section("Plain") {
                Toggle("Lamp", \.lamp)
                Toggle("Fan", \.fan)
                TextRow("Speed", \.speed).visible(when: \.fan)
                TextRow("Note", \.note)
            }
            Section(
                header: { "Heater " + ($0.heater ? "on" : "off") }, footer: { $0.heater ? "Warm." : "Cold." }
            ) {
                Toggle("Heater", \.heater)
            }
            Section("Numbers") {
                NumberRow("Age", \.age)
                // Flipping it writes a note of three lines, which the row below shows whole.
                Toggle("Long note", \.long)
                MultilineTextRow("Note as read", \.note, maxLines: 3)
            }
            Section("Lights") {
                // Rows made from the elements: their titles follow the state.
                ForEach(\.lights) { index, light in
                    Toggle(light.name + (light.on ? " (lit)" : ""), \.lights[index].on)
                }
            }
        }
    }

    /// A screen on the form, drawn 50 columns by 40 lines (the whole form fits).
    private final class Shown {
        let screen = FormScreen(form: LayoutAfterChangeTests.form(), store: StateStore(Room()), mode: .edit)
        lazy var app = App(root: screen)
        let size = Size(width: 50, height: 40)

        /// The lines shown now, checked against a frame drawn from blank.
        func lines() -> [String] {
            let drawn = app.renderWithFrameFromBlank(size: size)
            #expect(
                drawn.frame == drawn.fromBlank, "\(drawn.frame.shown(against: drawn.fromBlank, note: ""))")
            return drawn.frame.lines
        }

        func focus(on title: String, by key: Key = .down) throws {
            _ = lines()
            for _ in 0..<30 where screen.editor.focusedRow?.row.title != title { app.handle(key) }
            try #require(screen.editor.focusedRow?.row.title == title)
        }

        func press(_ keys: Key...) {
            for key in keys { app.handle(key) }
        }
    }

    /// The index of the first line that contains `text`.
    private static func line(_ text: String, in lines: [String]) throws -> Int {
        try #require(lines.firstIndex { $0.contains(text) }, "no line with \(text) in \(lines)")
    }

    /// The lines of the list (no title bar, no help line), each with what its row or note says.
    private static func body(_ lines: [String]) -> [String] {
        Array(lines.dropFirst().dropLast(2))
    }

    @Test("a Space on a plain switch changes its line and no other")
    func plainSwitchChangesItsLine() throws {
        let shown = Shown()
        try shown.focus(on: "Lamp")
        let before = Self.body(shown.lines())
        shown.press(.space)
        #expect(shown.screen.editor.draft.value.lamp)
        let after = Self.body(shown.lines())
        let lamp = try Self.line("Lamp", in: after)
        #expect(before.count == after.count)
        for index in before.indices where index != lamp {
            #expect(before[index] == after[index], "line \(index) changed")
        }
        #expect(before[lamp] != after[lamp])
        // And back: as it was.
        shown.press(.space)
        #expect(Self.body(shown.lines()) == before)
    }

    @Test("a switch that shows a row puts it under the switch, and hiding it takes it away")
    func switchThatShowsARow() throws {
        let shown = Shown()
        try shown.focus(on: "Fan")
        let before = shown.lines()
        #expect(!before.contains { $0.contains("Speed") })
        let heater = try Self.line("Heater", in: before)
        shown.press(.space)
        let after = shown.lines()
        #expect(try Self.line("Speed", in: after) == Self.line("Fan", in: after) + 1)
        #expect(try Self.line("Heater", in: after) == heater + 1)
        shown.press(.space)
        let again = shown.lines()
        #expect(!again.contains { $0.contains("Speed") })
        #expect(try Self.line("Heater", in: again) == heater)
    }

    @Test("a header and a footer that follow the state show it, in the same lines")
    func headerFollowsTheState() throws {
        let shown = Shown()
        try shown.focus(on: "Heater")
        let before = shown.lines()
        let header = try Self.line("HEATER OFF", in: before)
        let footer = try Self.line("Cold.", in: before)
        shown.press(.space)
        let after = shown.lines()
        #expect(try Self.line("HEATER ON", in: after) == header)
        #expect(try Self.line("Warm.", in: after) == footer)
        #expect(!after.contains { $0.contains("HEATER OFF") || $0.contains("Cold.") })
    }

    @Test("lines moved by one change, then a header changed by another: both shown")
    func movedLinesAndANewHeader() throws {
        let shown = Shown()
        let first = shown.lines()
        let desk = try Self.line("Desk", in: first)
        // Lines move below the heater's section: the note shown whole takes two more.
        try shown.focus(on: "Long note")
        shown.press(.space)
        let second = shown.lines()
        #expect(try Self.line("Desk", in: second) == desk + 2)
        try shown.focus(on: "Heater", by: .up)
        shown.press(.space)
        let third = shown.lines()
        #expect(try Self.line("HEATER ON", in: third) == Self.line("HEATER OFF", in: first))
        #expect(try Self.line("Desk", in: third) == desk + 2)
        #expect(third.contains { $0.contains("three") })
    }

    @Test("a character that makes a message appear adds its line; one that clears it takes it away")
    func messageAddsItsLine() throws {
        let shown = Shown()
        try shown.focus(on: "Age")
        let before = shown.lines()
        let desk = try Self.line("Desk", in: before)
        shown.press(.backspace, .character("-"))
        #expect(shown.screen.editor.messages.count == 1)
        let after = shown.lines()
        #expect(try Self.line("Not a number yet.", in: after) == Self.line("Age", in: after) + 1)
        #expect(try Self.line("Desk", in: after) == desk + 1)
        shown.press(.character("5"))
        #expect(shown.screen.editor.draft.value.age == -5)
        let cleared = shown.lines()
        #expect(!cleared.contains { $0.contains("Not a number yet.") })
        #expect(try Self.line("Desk", in: cleared) == desk)
    }

    @Test("a character typed into a one-line field shows in it and in the row that reads it")
    func typingShowsInBothRows() throws {
        let shown = Shown()
        try shown.focus(on: "Note")
        let before = shown.lines()
        shown.press(.character("h"), .character("i"))
        #expect(shown.screen.editor.draft.value.note == "hi")
        let after = shown.lines()
        // The note is also read by a row of another section, which stays one line.
        #expect(after.count == before.count)
        #expect(try after[Self.line("Note", in: after)].contains("hi"))
        #expect(try after[Self.line("Note as read", in: after)].contains("hi"))
        #expect(try Self.line("Desk", in: after) == Self.line("Desk", in: before))
    }

    @Test("a row that grows with the change moves the lines below it")
    func tallerRowMovesTheLinesBelow() throws {
        let shown = Shown()
        try shown.focus(on: "Long note")
        let before = shown.lines()
        let desk = try Self.line("Desk", in: before)
        shown.press(.space)
        let after = shown.lines()
        #expect(try Self.line("Desk", in: after) == desk + 2)
        let shownWhole = try Self.line("Note as read", in: after)
        #expect(after[shownWhole].hasSuffix("one"))
        #expect(
            after[shownWhole + 1].hasSuffix("two") && after[shownWhole + 2].hasSuffix("three"), "\(after)")
    }

    @Test("rows made from the state's elements show the changed element")
    func rowsMadeFromTheStateFollowIt() throws {
        let shown = Shown()
        try shown.focus(on: "Desk")
        let before = shown.lines()
        let desk = try Self.line("Desk", in: before)
        shown.press(.space)
        #expect(shown.screen.editor.focusedRow?.row.title == "Desk (lit)")
        let after = shown.lines()
        #expect(after[desk].contains("Desk (lit)"))
        #expect(try Self.line("Hall", in: after) == Self.line("Hall", in: before))
    }

    @Test("every frame after a change is the one drawn from blank")
    func framesMatchFromBlank() throws {
        let screen = FormScreen(form: Self.form(), store: StateStore(Room()), mode: .edit)
        let app = App(root: screen)
        let size = Size(width: 50, height: 24)
        var keys: [Key] = []
        func check(_ more: Key..., note: String) {
            keys += more
            for key in more { app.handle(key) }
            let drawn = app.renderWithFrameFromBlank(size: size)
            let same = drawn.frame == drawn.fromBlank
            #expect(same, "\(drawn.frame.shown(against: drawn.fromBlank, note: "\(note) after \(keys)"))")
        }
        check(note: "first")
        check(.space, note: "lamp on")
        check(.down, .space, note: "fan on: speed shown")
        check(.down, .character("3"), note: "speed typed")
        check(.down, .character("x"), note: "note typed")
        check(.down, .space, note: "heater on: header and footer")
        check(.down, .backspace, note: "age emptied: a message")
        check(.character("-"), note: "age: another message")
        check(.character("7"), note: "age: no message")
        check(.down, .space, note: "long note")
        check(.down, .down, .space, note: "desk lit")
        #expect(screen.draft.value.heater)
        #expect(screen.draft.value.lights[0].on)
        #expect(screen.draft.value.age == -7)
    }
}
