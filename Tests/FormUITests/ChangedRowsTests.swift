import FormCore
import FormTestSupport
import Testing

@testable import FormUI

/// Counts how often rows read their content from the state.
private final class Reads {
    var count = 0
    /// Off while the fixture draws its frame from blank, which reads every row on purpose.
    var isCounting = true
}

/// A switch that counts its reads; like `Toggle`, it shows its title and its `Bool` only.
private struct CountedSwitch<State>: FormRow {
    var title: String
    var isOn: WritableKeyPath<State, Bool>
    let reads: Reads

    func content(in state: State) -> ToggleContent {
        if reads.isCounting { reads.count += 1 }
        return ToggleContent(title: title, isOn: state[keyPath: isOn])
    }

    var binding: StateBinding<State>? { StateBinding(isOn) }
    var contentKeyPath: AnyKeyPath? { isOn }

    func perform(_ action: RowAction, on state: inout State) -> RowOutcome {
        guard action == .toggle || action == .activate else { return .ignored }
        state[keyPath: isOn].toggle()
        return .changed
    }
}

private struct Lights: Equatable {
    var on: [Bool] = Array(repeating: false, count: 40)
    var porch = false
    var garden = false

    /// Every light at once: a computed value over the others.
    var all: Bool {
        get { on.allSatisfy { $0 } }
        set { on = Array(repeating: newValue, count: on.count) }
    }
}

/// A change shows in every row it reaches (each frame draws the rows on screen again, and the
/// terminal's comparison finds the cells that changed), and every frame is the one drawn from
/// blank.
@Suite("Frames after a change show what changed")
struct ChangedRowsTests {
    private let size = Size(width: 60, height: 14)

    private final class Fixture {
        let listReads = Reads()
        let porchReads = Reads()
        let gardenReads = Reads()
        let app: App
        let screen: FormScreen<Lights>

        init() {
            let listReads = self.listReads
            let porchReads = self.porchReads
            let gardenReads = self.gardenReads
            let form = Form<Lights>(title: "Lights") {
                Section(header: { "Lights (\($0.on.filter { $0 }.count) on)" }) {
                    ForEach(\.on) { index, _ in
                        CountedSwitch(title: "Light \(index + 1)", isOn: \.on[index], reads: listReads)
                    }
                }
                Section("Outside") {
                    CountedSwitch(title: "Porch", isOn: \.porch, reads: porchReads)
                    CountedSwitch(title: "Garden", isOn: \.garden, reads: gardenReads)
                    Toggle("All inside", \.all)
                }
            }
            screen = FormScreen(form: form, store: StateStore(Lights()), mode: .edit)
            app = App(root: screen)
        }

        /// Cells the table asked for so far.
        var cellsAsked: Int {
            screen.tableView.cellsCreated.values.reduce(0, +)
                + screen.tableView.cellsReused.values.reduce(0, +)
        }

        /// Cells the table asked for to draw the last frame over the one before it.
        private(set) var cellsAskedLast = 0

        /// The frame after `keys`, checked against the same frame drawn from blank.
        func frame(after keys: Key..., size: Size) -> Canvas {
            for key in keys { app.handle(key) }
            let asked = cellsAsked
            let drawn = app.renderWithFrameFromBlank(size: size) {
                cellsAskedLast = cellsAsked - asked
                // The frame from blank reads every row again: not counted.
                for reads in [listReads, porchReads, gardenReads] { reads.isCounting = false }
            }
            for reads in [listReads, porchReads, gardenReads] { reads.isCounting = true }
            #expect(
                drawn.frame == drawn.fromBlank,
                "\(drawn.frame.shown(against: drawn.fromBlank, note: "after \(keys)"))")
            return drawn.frame
        }
    }

    /// The list's lines on screen: the body, less the title bar and the help line.
    private var visibleLines: Int { size.height - 2 }

    @Test("a Space on a switch of a list reads the rows on screen, not the forty")
    func spaceReadsTheRowsOnScreen() {
        let fixture = Fixture()
        _ = fixture.frame(size: size)
        let reads = fixture.listReads.count
        let canvas = fixture.frame(after: .space, size: size)
        // The header's line is no switch's.
        #expect(fixture.listReads.count - reads == visibleLines - 1)
        #expect(fixture.cellsAskedLast == visibleLines)
        #expect(canvas.line(2).contains("━━● On"))
        #expect(canvas.line(1).uppercased().contains("LIGHTS (1 ON)"))
    }

    @Test("switches of a list flipped in a row each show their own value")
    func manySwitches() {
        let fixture = Fixture()
        _ = fixture.frame(size: size)
        // Light 1 on, 2 on, 1 off again, 3 on: a frame after each key.
        for key: Key in [.space, .down, .space, .up, .space, .down, .down, .space, .down, .down] {
            _ = fixture.frame(after: key, size: size)
        }
        let canvas = fixture.frame(size: size)
        let shown = (2...6).map { canvas.line($0).contains("━━● On") }
        #expect(shown == [false, true, true, false, false])
        #expect(fixture.screen.draft.value.on.prefix(5) == [false, true, true, false, false])
    }

    @Test("a row that reads a value others change is read again: a computed value, another group")
    func computedValueFollows() {
        let fixture = Fixture()
        // Tall enough for every row: no scrolling in between.
        let size = Size(width: 60, height: 60)
        var state = Lights()
        state.on = Array(repeating: true, count: 40)
        state.on[39] = false
        fixture.screen.restore(draft: state, focus: RowPath(section: 0, group: 0, index: 39))
        let before = fixture.frame(size: size)
        #expect(line(of: "All inside", in: before).contains("○── Off"))
        // The last light on, through its own switch: "All inside" turns on, though no key
        // went through it.
        let after = fixture.frame(after: .space, size: size)
        #expect(line(of: "All inside", in: after).contains("━━● On"))
        #expect(fixture.screen.draft.value.all)
        let off = fixture.frame(after: .space, size: size)
        #expect(line(of: "All inside", in: off).contains("○── Off"))
    }

    @Test("a change through one stored member shows in its row, not in another member's")
    func storedMembers() {
        let fixture = Fixture()
        _ = fixture.frame(after: .end, .up, .up, size: size)
        let canvas = fixture.frame(after: .space, size: size)
        #expect(line(of: "Porch", in: canvas).contains("━━● On"))
        #expect(line(of: "Garden", in: canvas).contains("○── Off"))
    }

    @Test("a change that is no row's own (undo) reads every row on screen again")
    func otherChangesReadAll() {
        let fixture = Fixture()
        _ = fixture.frame(after: .space, size: size)
        let reads = fixture.listReads.count
        let canvas = fixture.frame(after: .modified(.character("u"), .alt), size: size)
        #expect(fixture.listReads.count - reads > 5)
        #expect(canvas.line(2).contains("○── Off"))
    }

    @Test("a Down that scrolls the list draws the rows on screen, the new one among them")
    func scrollingDrawsTheScreen() {
        let fixture = Fixture()
        _ = fixture.frame(size: size)
        // Down to the last row on screen: from there each Down scrolls.
        for _ in 0..<10 { _ = fixture.frame(after: .down, size: size) }
        for step in 0..<8 {
            let offset = fixture.screen.tableView.scrollOffset
            let canvas = fixture.frame(after: .down, size: size)
            #expect(fixture.screen.tableView.scrollOffset == offset + 1, "step \(step)")
            #expect(fixture.cellsAskedLast == visibleLines, "step \(step)")
            #expect(canvas.cursor.map { canvas.line($0.y).hasPrefix("> Light") } == true)
        }
        for _ in 0..<12 { _ = fixture.frame(after: .up, size: size) }
    }

    private func line(of title: String, in canvas: Canvas) -> String {
        canvas.lines.first { $0.contains(title) } ?? ""
    }
}

@Suite("Typing printable ASCII, by its bytes")
struct AsciiTypingTests {
    @Test("a character typed into ASCII text goes in at the caret, as into any text")
    func insertion() {
        #expect(TextEditing.apply(.character("X"), to: "abcd", caret: 2) == .init(text: "abXcd", caret: 3))
        #expect(TextEditing.apply(.character("X"), to: "abcd", caret: 9) == .init(text: "abcdX", caret: 5))
        #expect(TextEditing.apply(.character(" "), to: "", caret: 0) == .init(text: " ", caret: 1))
        // Not ASCII on either side: by characters.
        #expect(TextEditing.apply(.character("X"), to: "日本", caret: 1) == .init(text: "日X本", caret: 2))
        #expect(TextEditing.apply(.character("é"), to: "ab", caret: 1) == .init(text: "aéb", caret: 2))
    }

    @Test("a long field scrolls alike for ASCII text and for text with other one-column characters")
    func fieldScrollsAlike() throws {
        struct Note: Equatable { var text = "" }
        func focusedLine(typing text: String, then keys: String) throws -> (String, Point?) {
            let form = Form<Note>(title: "Note") { Section { TextRow("Text", \.text) } }
            let driver = FormDriver(Note(), size: Size(width: 40, height: 10), form: form)
            try driver.play("\"\(text)\" \(keys)")
            let canvas = driver.canvas
            return (canvas.cursor.map { canvas.line($0.y) } ?? "", canvas.cursor)
        }
        let ascii = "0123456789" + String(repeating: "abcdefghij", count: 5)
        let accented = "é123456789" + String(repeating: "abcdefghij", count: 5)
        for keys in [
            "", "home", "home right right", "left left left left left left left left left left left left",
        ] {
            let (plain, plainCursor) = try focusedLine(typing: ascii, then: keys)
            let (other, otherCursor) = try focusedLine(typing: accented, then: keys)
            #expect(plain == String(other.map { $0 == "é" ? "0" : $0 }), "after \(keys)")
            #expect(plainCursor == otherCursor, "after \(keys)")
        }
    }
}
