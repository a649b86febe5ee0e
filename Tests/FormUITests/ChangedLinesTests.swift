import FormCore
import FormTestSupport
import Testing

@testable import FormUI

private struct Garden: Equatable {
    var lights: [Bool] = Array(repeating: false, count: 30)
    var sprinkler = false
    var minutes = ""
    var note = ""

    /// Every light at once: a value over the others, which a row binds by another key path.
    var all: Bool {
        get { lights.allSatisfy { $0 } }
        set { lights = Array(repeating: newValue, count: lights.count) }
    }
}

/// After a change, the table draws every line on screen again (the terminal's comparison finds
/// the cells that changed): the row, a header or footer that counts it, rows bound to the same
/// value; every frame is the one drawn from blank, whatever the change reached.
@Suite("A change shows wherever it reaches")
struct ChangedLinesTests {
    private final class Fixture {
        let app: App
        let screen: FormScreen<Garden>
        var size: Size

        init(size: Size = Size(width: 60, height: 14), form: Form<Garden>? = nil) {
            self.size = size
            let form =
                form
                ?? Form<Garden>(title: "Garden") {
                    Section(
                        header: { "Lights (\($0.lights.filter { $0 }.count) on)" },
                        footer: { "\($0.lights.filter { $0 }.count) of \($0.lights.count) lit." }
                    ) {
                        ForEach(\.lights) { index, _ in Toggle("Light \(index + 1)", \.lights[index]) }
                    }
                    Section("Water") {
                        Toggle("Sprinkler", \.sprinkler)
                        TextRow("Minutes", \.minutes).visible(when: \.sprinkler)
                        Toggle("All lights", \.all)
                        TextRow("Note", \.note)
                        MultilineTextRow("Note as read", \.note, maxLines: 3)
                    }
                }
            screen = FormScreen(form: form, store: StateStore(Garden()), mode: .edit)
            app = App(root: screen)
        }

        /// Lines the table drew in the last frame.
        private(set) var linesDrawnLast = 0

        /// The frame after `keys`, checked against the same frame drawn from blank.
        @discardableResult
        func frame(after keys: Key..., note: String = "", sourceLocation: SourceLocation = #_sourceLocation)
            -> Canvas
        {
            frame(after: keys, note: note, sourceLocation: sourceLocation)
        }

        @discardableResult
        func frame(after keys: [Key], note: String = "", sourceLocation: SourceLocation = #_sourceLocation)
            -> Canvas
        {
            for key in keys { app.handle(key) }
            let linesDrawn = screen.tableView.linesDrawn
            let drawn = app.renderWithFrameFromBlank(size: size) {
                linesDrawnLast = screen.tableView.linesDrawn - linesDrawn
            }
            #expect(
                drawn.frame == drawn.fromBlank,
                "\(drawn.frame.shown(against: drawn.fromBlank, note: "\(note) after \(keys)"))",
                sourceLocation: sourceLocation)
            return drawn.frame
        }

        /// The lines on screen: what a frame draws.
        var visibleLines: Int {
            min(screen.editor.layout.count, screen.lastArea?.height ?? 0)
        }
    }

    @Test("a Space draws the lines on screen again: its row and the header that counts it change")
    func spaceShowsInItsRowAndHeader() {
        let fixture = Fixture()
        fixture.frame()
        let canvas = fixture.frame(after: .space)
        #expect(fixture.linesDrawnLast == fixture.visibleLines)
        #expect(canvas.line(2).contains("━━● On"))
        #expect(canvas.line(1).uppercased().contains("LIGHTS (1 ON)"))
        fixture.frame(after: .down)
        fixture.frame(after: .space)
        #expect(fixture.linesDrawnLast == fixture.visibleLines)
        #expect(fixture.screen.draft.value.lights.prefix(3) == [true, true, false])
    }

    @Test("a typed character shows in its row and the header that names it")
    func typingShowsInItsRow() {
        // Stored members each: a change through one leaves the rows of the others as they were.
        let form = Form<Garden>(title: "Garden") {
            Section(header: { "Note: \($0.note)" }) {
                Toggle("Sprinkler", \.sprinkler)
                TextRow("Minutes", \.minutes)
                TextRow("Note", \.note)
            }
        }
        let fixture = Fixture(form: form)
        fixture.frame(after: .end)
        let canvas = fixture.frame(after: .character("a"))
        #expect(fixture.linesDrawnLast == fixture.visibleLines)
        #expect(canvas.line(1).uppercased().contains("NOTE: A"))
        #expect(canvas.lines.contains { $0.contains("Note") && $0.hasSuffix(" a") })
    }

    @Test("a typed character reaches a tall row bound to the same text, and rows of other groups")
    func typingReachesOtherRows() {
        let fixture = Fixture(size: Size(width: 60, height: 60))
        fixture.frame(after: .end, .up)
        fixture.frame()
        let canvas = fixture.frame(after: .character("a"))
        #expect(canvas.lines.filter { $0.contains("Note") && $0.hasSuffix(" a") }.count == 2)
    }

    @Test("a row a switch shows comes and goes, and the lines below it move")
    func visibleRowFollows() {
        let fixture = Fixture(size: Size(width: 60, height: 60))
        fixture.frame(after: .end, .up, .up, .up)
        #expect(fixture.screen.editor.focusedRow?.row.title == "Sprinkler")
        let shown = fixture.frame(after: .space)
        #expect(shown.lines.contains { $0.contains("Minutes") })
        let hidden = fixture.frame(after: .space)
        #expect(!hidden.lines.contains { $0.contains("Minutes") })
    }

    @Test("a row bound to a value over others follows each of them, and they follow it")
    func overlappingBindings() {
        let fixture = Fixture(size: Size(width: 60, height: 60))
        let all = fixture.frame(after: .end, .up, .up, .space)
        #expect(all.lines.filter { $0.contains("━━● On") }.count == 31)
        #expect(all.lines.contains { $0.contains("30 of 30 lit.") })
        let one = fixture.frame(after: .home, .space)
        #expect(one.lines.filter { $0.contains("━━● On") }.count == 29)
        #expect(fixture.screen.draft.value.all == false)
    }

    @Test("a tall row whose first line is scrolled off shows the text typed into another row")
    func tallRowScrolledOff() {
        let fixture = Fixture(size: Size(width: 60, height: 10))
        // Three lines of note, then the list scrolled so that the tall row's first line is off.
        fixture.frame(after: .end, .up)
        fixture.frame(after: [.paste("one\ntwo\nthree")])
        let area = fixture.screen.lastArea!
        let first = fixture.screen.editor.layout.lines(of: RowPath(section: 1, group: 4, index: 0))!
        // Scrolled by a wheel, not by focus: focus would keep the tall row whole.
        fixture.screen.tableView.scroll(
            by: first.lowerBound + 1 - fixture.screen.tableView.scrollOffset, height: area.height,
            lineCount: fixture.screen.editor.layout.count)
        fixture.frame()
        fixture.frame(after: .backspace, .backspace, .backspace, .backspace, .backspace)
        fixture.frame(after: .character("X"))
    }

    @Test("generated keys over switches, shown rows, counts and text: each frame is the one from blank")
    func generatedKeys() {
        let seed: UInt64 = 20_261_127
        print("changed lines: seed \(seed)")
        var random = SeededRandom(seed: seed)
        let keys: [Key] = [
            .space, .space, .space, .down, .down, .up, .pageDown, .pageUp, .end, .home, .character("b"),
            .backspace, .paste("x\ny"), .modified(.character("u"), .alt), .modified(.character("e"), .alt),
        ]
        for round in 0..<4 {
            let fixture = Fixture(size: Size(width: 60, height: [10, 14, 24, 40][round]))
            fixture.frame()
            for step in 0..<150 {
                // Bursts too: several keys to a frame.
                let count = Int.random(in: 0..<4, using: &random) == 0 ? 3 : 1
                let chosen = (0..<count).map { _ in keys[Int.random(in: 0..<keys.count, using: &random)] }
                fixture.frame(after: chosen, note: "seed \(seed), round \(round), step \(step)")
            }
        }
    }
}
