import FormCore
import FormTestSupport
import Testing

@testable import FormUI

private struct Flags: Equatable {
    var on = false
    var other = false
}

/// The title bar is drawn once per look (titles, status, width) and kept while what it is
/// drawn from stays: a key that leaves them alone costs the bar nothing, and a switch flipped
/// back and forth takes its two looks from those kept.
@Suite struct TitleBarKeptTests {
    @Test func keptWhileItsInputsStayAndRedrawnWhenTheMarkFlips() {
        let form = Form<Flags>(title: "Flags") {
            Section("Switches") {
                Toggle("On", \.on)
                Toggle("Other", \.other)
            }
        }
        let app = App(root: FormScreen(form: form, store: StateStore(Flags()), mode: .edit))
        let size = Size(width: 60, height: 12)
        func frame(after keys: Key..., note: String) -> Canvas {
            for key in keys { app.handle(key) }
            let drawn = app.renderWithFrameFromBlank(size: size)
            #expect(
                drawn.frame == drawn.fromBlank, "\(drawn.frame.shown(against: drawn.fromBlank, note: note))")
            return drawn.frame
        }
        let first = frame(note: "first")
        #expect(app.titlesDrawn == 1)
        #expect(first.line(0) == " Flags")
        _ = frame(note: "again")
        let kept = app.titleLooksKept
        // A move: title and status stay, so the bar is left as the last frame left it.
        _ = frame(after: .down, note: "down")
        #expect(app.titlesDrawn == 1)
        #expect(app.titleLooksKept == kept + 1)
        // A change: the mark comes, a look of its own.
        let marked = frame(after: .space, note: "space")
        #expect(app.titlesDrawn == 2)
        #expect(marked.line(0).hasSuffix("● modified"))
        #expect(app.titleLooksKept == kept + 1)
        // Changed back: the mark goes; the first look, kept, is put back, not drawn.
        let unmarked = frame(after: .space, note: "space back")
        #expect(app.titlesDrawn == 2)
        #expect(unmarked.line(0) == " Flags")
        _ = frame(after: .space, note: "space again")
        #expect(app.titlesDrawn == 2)
        // Another width is another look.
        let wide = app.render(size: Size(width: 70, height: 12))
        #expect(app.titlesDrawn == 3)
        #expect(wide.line(0).hasSuffix("● modified") && wide.line(0).count == 69)
    }
}
