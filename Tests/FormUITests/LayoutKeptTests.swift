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

/// A change that moves no line (a switch flipped, a character typed into a one-line field)
/// keeps the layout and all that was found in it; a change that may move one (a row shown or
/// hidden, a message, a taller row) lays the form out again. Both sides, and the frame drawn
/// after each is the one drawn from blank.
@Suite("A change that moves no line keeps the layout")
struct LayoutKeptTests {
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

    private static func editor() -> FormEditor<Room> {
        FormEditor(form: form(), store: StateStore(Room()), mode: .edit)
    }

    private static func focus(_ editor: FormEditor<Room>, on title: String, by key: Key = .down) throws {
        for _ in 0..<30 where editor.focusedRow?.row.title != title {
            _ = editor.handle(key, isRoot: true)
        }
        try #require(editor.focusedRow?.row.title == title)
    }

    private static func press(_ editor: FormEditor<Room>, _ keys: Key...) {
        for key in keys { _ = editor.handle(key, isRoot: true) }
    }

    @Test("a Space on a plain switch keeps the layout, its version and the keys worked out")
    func plainSwitchKeepsTheLayout() throws {
        let editor = Self.editor()
        try Self.focus(editor, on: "Lamp")
        let layout = editor.layout
        let version = editor.layoutVersion
        _ = editor.helpItems(isRoot: true)
        Self.press(editor, .space)
        #expect(editor.draft.value.lamp)
        #expect(editor.layout === layout)
        #expect(editor.layout.state.lamp)
        #expect(editor.layoutVersion == version)
        _ = editor.helpItems(isRoot: true)
        #expect(editor.layoutVersion == version)
        // And back: still the same layout.
        Self.press(editor, .space)
        #expect(editor.layout === layout)
        #expect(!editor.layout.state.lamp)
    }

    @Test("a switch that shows a row lays the form out again, and hiding it again too")
    func switchThatShowsARow() throws {
        let editor = Self.editor()
        try Self.focus(editor, on: "Fan")
        let layout = editor.layout
        let version = editor.layoutVersion
        let speed = RowPath(section: 0, group: 2, index: 0)
        #expect(layout.index(of: speed) == nil)
        Self.press(editor, .space)
        #expect(editor.layout !== layout)
        #expect(editor.layoutVersion == version + 1)
        #expect(editor.layout.count == layout.count + 1)
        #expect(editor.layout.index(of: speed) != nil)
        Self.press(editor, .space)
        #expect(editor.layout.count == layout.count)
        #expect(editor.layout.index(of: speed) == nil)
    }

    @Test("a header and a footer that follow the state are made again, in the kept layout")
    func headerFollowsTheState() throws {
        let editor = Self.editor()
        try Self.focus(editor, on: "Heater")
        let layout = editor.layout
        let header = try #require(layout.index(of: RowPath(section: 1, group: 0, index: 0))) - 1
        guard case .header("Heater off") = layout.line(header) else {
            Issue.record("\(layout.line(header))")
            return
        }
        Self.press(editor, .space)
        #expect(editor.layout === layout)
        guard case .header("Heater on") = editor.layout.line(header),
            case .footer("Warm.") = editor.layout.line(header + 2)
        else {
            Issue.record("\(editor.layout.line(header)), \(editor.layout.line(header + 2))")
            return
        }
    }

    @Test("a layout held from before keeps its header when a later one takes a new state")
    func heldLayoutKeepsItsLines() throws {
        let editor = Self.editor()
        let first = editor.layout
        let header = try #require(first.index(of: RowPath(section: 1, group: 0, index: 0))) - 1
        // Lines move below the heater's section: the new layout takes its span over as it was.
        try Self.focus(editor, on: "Long note")
        Self.press(editor, .space)
        let second = editor.layout
        #expect(second !== first)
        try Self.focus(editor, on: "Heater", by: .up)
        Self.press(editor, .space)
        #expect(editor.layout === second)
        guard case .header("Heater on") = second.line(header), case .header("Heater off") = first.line(header)
        else {
            Issue.record("\(second.line(header)), \(first.line(header))")
            return
        }
    }

    @Test("a character that makes a message appear adds its line; one that clears it takes it away")
    func messageAddsItsLine() throws {
        let editor = Self.editor()
        try Self.focus(editor, on: "Age")
        let layout = editor.layout
        let count = layout.count
        Self.press(editor, .backspace)
        Self.press(editor, .character("-"))
        #expect(editor.messages.count == 1)
        #expect(editor.layout.count == count + 1)
        let age = try #require(editor.layout.index(of: editor.focusedPath!))
        guard case .message(_, "Not a number yet.", line: 0) = editor.layout.line(age + 1) else {
            Issue.record("\(editor.layout.line(age + 1))")
            return
        }
        Self.press(editor, .character("5"))
        #expect(editor.messages.isEmpty)
        #expect(editor.draft.value.age == -5)
        #expect(editor.layout.count == count)
    }

    @Test("a character typed into a one-line field keeps the layout")
    func typingKeepsTheLayout() throws {
        let editor = Self.editor()
        try Self.focus(editor, on: "Note")
        let layout = editor.layout
        Self.press(editor, .character("h"), .character("i"))
        #expect(editor.draft.value.note == "hi")
        // The note is also read by a row of another section, which may grow with it: that
        // section was asked, and its row is one line still.
        #expect(editor.layout === layout)
        #expect(editor.typedText?.text == "hi")
        #expect(editor.layout.state.note == "hi")
    }

    @Test("a row that grows with the change lays the form out again")
    func tallerRowRemakes() throws {
        let editor = Self.editor()
        try Self.focus(editor, on: "Long note")
        let layout = editor.layout
        Self.press(editor, .space)
        #expect(editor.layout !== layout)
        #expect(editor.layout.count == layout.count + 2)
    }

    @Test("rows made from the state's elements are made again in the kept layout")
    func rowsMadeFromTheStateFollowIt() throws {
        let editor = Self.editor()
        try Self.focus(editor, on: "Desk")
        let layout = editor.layout
        Self.press(editor, .space)
        #expect(editor.layout === layout)
        #expect(editor.focusedRow?.row.title == "Desk (lit)")
        let line = try #require(editor.layout.index(of: editor.focusedPath!))
        #expect(editor.layout.row(onLine: line)?.row.title == "Desk (lit)")
    }

    @Test("every frame after a kept or a new layout is the one drawn from blank")
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
