import FormCore
import FormTestSupport
import FormUI
import Testing

private struct Switches: Equatable {
    var on: [Bool] = Array(repeating: false, count: 40)
    var note = ""
}

/// A lone form draws over its last frame, every line on screen again (the terminal's comparison
/// finds what changed), and the frame is the one drawn from blank: nothing of the last frame is
/// left where a line changed.
@Suite("Frames drawn over the last one")
struct RetainedFrameTests {
    private let size = Size(width: 60, height: 14)

    private func makeApp() -> (App, FormScreen<Switches>) {
        let form = Form<Switches>(title: "Switches") {
            Section(header: { "Items (\($0.on.filter { $0 }.count) on)" }) {
                ForEach(\.on) { index, _ in Toggle("Item \(index + 1)", \.on[index]) }
            }
            Section("More") { TextRow("Note", \.note) }
        }
        let screen = FormScreen(form: form, store: StateStore(Switches()), mode: .edit)
        return (App(root: screen), screen)
    }

    /// The frame after `key` on a fresh form, how many cells the table asked for to draw it,
    /// and the same frame drawn from blank.
    private func frame(after key: Key) -> (canvas: Canvas, cellsAsked: Int, fromBlank: Canvas) {
        let (app, screen) = makeApp()
        func asked() -> Int {
            screen.tableView.cellsCreated.values.reduce(0, +)
                + screen.tableView.cellsReused.values.reduce(0, +)
        }
        _ = app.render(size: size)
        let before = asked()
        app.handle(key)
        var count = 0
        let drawn = app.renderWithFrameFromBlank(size: size) { count = asked() - before }
        return (drawn.frame, count, drawn.fromBlank)
    }

    /// The list's lines on screen: the body, less the title bar and the help line.
    private var visibleLines: Int { size.height - 2 }

    @Test("moving focus draws every line on screen again, the highlight moved")
    func movingFocusRedrawsTheScreen() {
        let frame = frame(after: .down)
        #expect(frame.cellsAsked == visibleLines)
        #expect(frame.canvas == frame.fromBlank)
        #expect(frame.canvas.line(3).hasPrefix("> Item 2"))
        #expect(frame.canvas.line(2).hasPrefix("  Item 1"))
    }

    @Test("a change of the state draws every line on screen again: the row and the header counting it")
    func changeRedrawsTheScreen() {
        let frame = frame(after: .space)
        #expect(frame.cellsAsked == visibleLines)
        #expect(frame.canvas == frame.fromBlank)
        #expect(frame.canvas.line(1).uppercased().contains("ITEMS (1 ON)"))
        #expect(frame.canvas.line(2).contains("━━● On"))
    }

    @Test("typing in a text row, a message, a dialog over the form and back: every frame as from blank")
    func framesMatchBlankOnes() {
        let (app, _) = makeApp()
        let keys: [Key] = [
            .end, .character("h"), .character("i"), .backspace, .home, .space, .down, .space, .escape,
            .character("n"), .pageDown, .up, .control("s"),
        ]
        var frames = 0
        for key in keys {
            app.handle(key)
            let drawn = app.renderWithFrameFromBlank(size: size)
            #expect(
                drawn.frame == drawn.fromBlank,
                "\(drawn.frame.shown(against: drawn.fromBlank, note: "after \(key)"))")
            frames += 1
            if app.exitStatus != nil { break }
        }
        #expect(frames > 5)
    }
}
