import FormCore
import FormTestSupport
import Testing

@testable import FormUI

@Suite("Editable arrays on screen: add, delete and move, with focus following the element")
struct ArrayEditingScreenTests {
    struct Settings: Equatable {
        var servers: [String] = []
        var flags: [Bool] = []
    }

    /// Servers as text rows, and flags as switches, each an editable array.
    static func session(_ settings: Settings = Settings(), mode: FormScreen<Settings>.Mode = .edit)
        -> FormDriver<Settings>
    {
        FormDriver(
            settings, mode: mode, size: Size(width: 60, height: 16),
            form: Form(title: "Settings") {
                Section("Servers") {
                    ForEach(\Settings.servers, editable: "server", newElement: { _ in "" }) { index, _ in
                        TextRow("Server \(index + 1)", \.servers[index])
                    }
                }
                Section("Flags") {
                    ForEach(\Settings.flags, editable: "flag", newElement: { _ in true }) { index, _ in
                        Toggle("Flag \(index + 1)", \.flags[index])
                    }
                }
            })
    }

    static let alt = (up: Key.modified(.up, .alt), down: Key.modified(.down, .alt))

    @Test("An empty array shows its add row; Enter adds an element and focuses it for typing")
    func addToEmpty() throws {
        let session = Self.session()
        #expect(session.focusedLine == "> + Add server")
        #expect(session.help.contains("Enter Add"))
        #expect(!session.help.contains { $0.hasSuffix("Delete") })
        try session.play("enter \"db1\"")
        #expect(session.screen.draft.value.servers == ["db1"])
        #expect(session.focusedLine?.hasPrefix("> Server 1") == true)
        #expect(session.hasLine("  + Add server"))
        try session.play("down enter \"db2\"")
        #expect(session.screen.draft.value.servers == ["db1", "db2"])
    }

    @Test("Typing on the add row of text rows starts a new entry with every character typed")
    func typeOnAddRow() throws {
        let session = Self.session(Settings(servers: ["db1"]))
        try session.play("down")
        #expect(session.focusedLine == "> + Add server")
        try session.play("\"www.example.org\"")
        #expect(session.screen.draft.value.servers == ["db1", "www.example.org"])
        #expect(session.focusedLine?.hasPrefix("> Server 2") == true)
        session.press(.paste("db3"))
        #expect(session.screen.draft.value.servers == ["db1", "www.example.orgdb3"])
    }

    @Test("Enter on the last entry with text adds the next; on an empty last entry it moves on")
    func enterOnLastEntry() throws {
        let session = Self.session()
        try session.play("enter \"db1\" enter \"db2\"")
        #expect(session.screen.draft.value.servers == ["db1", "db2"])
        try session.play("enter enter")
        #expect(session.screen.draft.value.servers == ["db1", "db2", ""])
        #expect(session.focusedLine == "> + Add server")
    }

    @Test("On the add row of switches, letters other than `a` add nothing")
    func lettersOnSwitchAddRow() throws {
        let session = Self.session(Settings(flags: [false]))
        try session.play("end x")
        #expect(session.screen.draft.value.flags == [false])
    }

    @Test("`a` adds after the focused element and focuses the new one")
    func addAfter() throws {
        let session = Self.session(Settings(flags: [false, false]))
        try session.play("down a")
        #expect(session.screen.draft.value.flags == [false, true, false])
        #expect(session.focusedLine?.hasPrefix("> Flag 2") == true)
        try session.play("insert")
        #expect(session.screen.draft.value.flags == [false, true, true, false])
        #expect(session.focusedLine?.hasPrefix("> Flag 3") == true)
    }

    @Test("On the add row, `a` appends and focuses the new element")
    func addOnAddRow() throws {
        let session = Self.session(Settings(flags: [false]))
        try session.play("end a")
        #expect(session.screen.draft.value.flags == [false, true])
        #expect(session.focusedLine?.hasPrefix("> Flag 2") == true)
    }

    @Test("Alt-↑/↓ move the element and focus follows it; at an end nothing moves")
    func move() throws {
        let session = Self.session(Settings(flags: [true, false, false]))
        try session.play("down")
        #expect(session.focusedLine?.hasPrefix("> Flag 1") == true)
        session.press(Self.alt.down)
        #expect(session.screen.draft.value.flags == [false, true, false])
        #expect(session.focusedLine?.hasPrefix("> Flag 2") == true)
        #expect(session.focusedLine?.contains("━━● On") == true)
        session.press(Self.alt.down)
        #expect(session.screen.draft.value.flags == [false, false, true])
        session.press(Self.alt.down)
        #expect(session.screen.draft.value.flags == [false, false, true])
        #expect(session.focusedLine?.hasPrefix("> Flag 3") == true)
        session.press(Self.alt.up, Self.alt.up, Self.alt.up)
        #expect(session.screen.draft.value.flags == [true, false, false])
        #expect(session.focusedLine?.hasPrefix("> Flag 1") == true)
    }

    @Test(
        "The help offers Move only where it applies: both ways inside, one way at the ends, never for one element"
    )
    func moveHelp() throws {
        let session = Self.session(Settings(flags: [true, false, false]))
        try session.play("down")
        #expect(session.help.contains("Alt-↓ Move down"))
        #expect(!session.help.contains { $0.contains("Alt-↑") })
        try session.play("down")
        #expect(session.help.contains("Alt-↑↓ Move"))
        try session.play("down")
        #expect(session.help.contains("Alt-↑ Move up"))
        #expect(session.help.contains("d Delete"))
        let single = Self.session(Settings(flags: [true]))
        try single.play("down")
        #expect(single.focusedLine?.hasPrefix("> Flag 1") == true)
        #expect(!single.help.contains { $0.contains("Move") && $0.contains("Alt") })
        #expect(single.help.contains("a Add"))
    }

    @Test("`d` asks first; Delete removes the element and the next one takes focus")
    func delete() throws {
        let session = Self.session(Settings(flags: [true, false, true]))
        try session.play("down d")
        #expect(session.top is ConfirmScreen)
        #expect(session.text.contains("Delete this flag?"))
        try session.play("n")
        #expect(session.screen.draft.value.flags == [true, false, true])
        try session.play("d y")
        #expect(session.screen.draft.value.flags == [false, true])
        #expect(session.focusedLine?.hasPrefix("> Flag 1") == true)
        #expect(session.focusedLine?.contains("○── Off") == true)
    }

    @Test("Deleting the last element moves focus to the one before it; the only one, to the add row")
    func deleteLast() throws {
        let session = Self.session(Settings(flags: [true, false]))
        try session.play("down down d y")
        #expect(session.screen.draft.value.flags == [true])
        #expect(session.focusedLine?.hasPrefix("> Flag 1") == true)
        try session.play("ctrl-d y")
        #expect(session.screen.draft.value.flags == [])
        #expect(session.focusedLine == "> + Add flag")
        try session.play("d")
        #expect(session.app.stack.count == 1)
    }

    @Test(
        "When a change leaves focus on the same row and line, help and keys follow the new state, not the old one"
    )
    func commandsFollowAChangeUnderFocus() throws {
        let session = Self.session(Settings(flags: [true, false]))
        try session.play("down")
        #expect(session.help.contains("Alt-↓ Move down"))
        // Deleting the first flag keeps focus on Flag 1, now the only one: nothing to move.
        try session.play("d y")
        #expect(session.screen.draft.value.flags == [false])
        #expect(session.focusedLine?.hasPrefix("> Flag 1") == true)
        #expect(!session.help.contains { $0.hasPrefix("Alt-↑") || $0.hasPrefix("Alt-↓") })
        session.press(Self.alt.down)
        #expect(session.screen.draft.value.flags == [false])
        // Adding one back offers Move again, and Alt-↓ moves.
        try session.play("a")
        #expect(session.focusedLine?.hasPrefix("> Flag 2") == true)
        #expect(session.help.contains("Alt-↑ Move up"))
        session.press(Self.alt.up)
        #expect(session.screen.draft.value.flags == [true, false])
    }

    @Test("In a text row, `a` and `d` are typed; Insert and Ctrl-D still add and delete")
    func textRowKeys() throws {
        let session = Self.session(Settings(servers: ["x"]))
        #expect(session.focusedLine?.hasPrefix("> Server 1") == true)
        #expect(session.help.contains("Ins Add"))
        #expect(session.help.contains("^D Delete"))
        try session.play("\"ad\"")
        #expect(session.screen.draft.value.servers == ["xad"])
        #expect(session.app.stack.count == 1)
        try session.play("insert \"b\"")
        #expect(session.screen.draft.value.servers == ["xad", "b"])
        try session.play("ctrl-d")
        #expect(session.text.contains("Delete server “b”?"), "named by its text")
        try session.play("y")
        #expect(session.screen.draft.value.servers == ["xad"])
        #expect(session.focusedLine?.hasPrefix("> Server 1") == true)
    }

    @Test("Browsing, a deletion is saved at once and the question says it cannot be undone")
    func browseDelete() throws {
        let session = Self.session(Settings(flags: [true]), mode: .browse)
        try session.play("down d")
        #expect(session.text.contains("This cannot be undone."))
        try session.play("y")
        #expect(session.store.value.flags == [])
    }

    @Test(
        "An add cell stays inside its frame at any size, focused or not",
        arguments: [
            Size(width: 0, height: 0), Size(width: 1, height: 1), Size(width: 2, height: 1),
            Size(width: 12, height: 1),
        ],
        [false, true])
    func cellSizes(size: Size, highlighted: Bool) {
        let cell = ButtonCell()
        cell.configure(ButtonContent(title: "+ Add a server", opens: false), context: CellContext())
        let drawn = FramedDrawing(size) { cell.draw(in: &$0, frame: $1, highlighted: highlighted) }
        #expect(drawn.strayCells.isEmpty)
        if size.width == 12 {
            #expect(drawn.line == (highlighted ? "##> + Add a…  ##" : "##  + Add a…  ##"))
        }
    }
}
