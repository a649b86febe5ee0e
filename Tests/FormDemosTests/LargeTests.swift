import FormCore
import FormDemos
import FormPersistence
import FormTestSupport
import FormUI
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

@Suite("formtui large")
struct LargeTests {
    private let size = Size(width: 80, height: 24)

    @Test(
        "scrolling from the first row to the last makes no more cells than fit, plus one per kind",
        arguments: [1, 2, 21, 22, 100, 1_000, 10_000, 1_000_000])
    func scrollingRecycles(rows: Int) {
        let screen = LargeDemo.screen(store: StateStore(Large()), rows: rows)
        let app = App(root: screen)
        var canvas = app.render(size: size)
        // Row by row where that is quick, a page at a time beyond, and End at a million.
        let key: Key = rows <= 1_000 ? .down : rows <= 10_000 ? .pageDown : .end
        for _ in 0..<(rows <= 1_000 ? rows + 3 : rows <= 10_000 ? rows / 20 + 3 : 1) {
            app.handle(key)
            canvas = app.render(size: size)
        }
        if rows > 10_000 {
            for _ in 0..<30 {
                app.handle(.pageUp)
                _ = app.render(size: size)
            }
            app.handle(.end)
            canvas = app.render(size: size)
        }
        #expect(canvas.text.contains("Note"), "the last row is on screen")
        let created = screen.tableView.cellsCreated
        let total = created.values.reduce(0, +)
        #expect(total <= size.height + created.count, "\(created)")
    }

    @Test("the header and footer count the switches on, and Ctrl-S saves them")
    func countsAndSaves() throws {
        var saved: Large?
        let store = StateStore(Large()) { saved = $0 }
        let screen = LargeDemo.screen(store: store, rows: 1_000_000)
        let app = App(root: screen)
        _ = app.render(size: size)
        app.handle(.space)
        app.handle(.down)
        app.handle(.space)
        let canvas = app.render(size: size)
        #expect(canvas.text.contains("ITEMS (2 OF 1,000,000 ON)"), "thousands apart")
        app.handle(.end)
        #expect(app.render(size: size).text.contains("2 items on."))
        app.handle(.control("s"))
        #expect(saved?.switchedOn.sorted == [0, 1])
    }

    @Test("the state file keeps the positions switched on, not a flag per row")
    func stateFileIsShort() throws {
        var state = Large()
        state.switchedOn[3] = true
        state.switchedOn[9_999_999] = true
        state.choice = 7
        let data = try JSONEncoder().encode(state)
        #expect(data.count < 100)
        let back = try JSONDecoder().decode(Large.self, from: data)
        #expect(back == state)
        #expect(back.limited(to: 10).switchedOn.sorted == [3])
        #expect(back.limited(to: 5).choice == nil)
        let negative = try JSONDecoder().decode(Large.self, from: Data(#"{"switchedOn":[-1,2]}"#.utf8))
        #expect(negative.switchedOn.sorted == [2])
    }

    @Test("the option list filters a million options as typed, and Enter chooses")
    func optionsFilter() {
        let store = StateStore(Large())
        let screen = LargeDemo.screen(store: store, rows: 1_000_000)
        let app = App(root: screen)
        _ = app.render(size: size)
        app.handle(.end)
        app.handle(.up)
        app.handle(.enter)
        for character in "999999" { app.handle(.character(character)) }
        // A key finds the first screenful of matches; the rest are found while the app waits
        // for the next key, as here.
        while app.top.workWhileIdle() {}
        var canvas = app.render(size: size)
        #expect(canvas.text.contains("Option 999999"))
        #expect(!canvas.text.contains("Option 1 "))
        app.handle(.enter)
        canvas = app.render(size: size)
        #expect(canvas.text.contains("Option 999999"))
        #expect(screen.draft.value.choice == 999_998)
    }

    @Test("a Space shows in its switch and the count above it; every frame is the one from blank")
    func spaceLooksAtItsRow() {
        let screen = LargeDemo.screen(store: StateStore(Large()), rows: 100)
        let app = App(root: screen)
        // Each frame, then the same frame from blank.
        func frame(after keys: [Key], _ note: String) -> (Canvas, drawn: Int) {
            for key in keys { app.handle(key) }
            let drawnBefore = screen.tableView.linesDrawn
            var linesDrawn = 0
            let drawn = app.renderWithFrameFromBlank(size: size) {
                linesDrawn = screen.tableView.linesDrawn - drawnBefore
            }
            #expect(
                drawn.frame == drawn.fromBlank, "\(drawn.frame.shown(against: drawn.fromBlank, note: note))")
            return (drawn.frame, linesDrawn)
        }
        _ = frame(after: [], "first")
        let (canvas, linesDrawn) = frame(after: [.space], "space")
        #expect(linesDrawn == screen.lastArea?.height, "every line on screen, not the hundred")
        #expect(canvas.text.uppercased().contains("ITEMS (1 OF 100 ON)"))
        #expect(canvas.text.contains("● modified"))
        // Seeded keys over the switches, the option and the note, to the end of the list and back.
        let seed: UInt64 = 20_261_127
        print("large: seed \(seed)")
        var random = SeededRandom(seed: seed)
        let keys: [Key] = [
            .space, .space, .down, .down, .up, .pageDown, .end, .home, .character("n"), .backspace,
            .modified(.character("u"), .alt),
        ]
        for step in 0..<200 {
            let key = keys[Int.random(in: 0..<keys.count, using: &random)]
            _ = frame(after: [key], "seed \(seed), step \(step), \(key)")
        }
    }
}
