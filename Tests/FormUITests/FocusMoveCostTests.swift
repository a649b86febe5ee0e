import FormCore
import FormUI
import Testing

/// What moving focus costs: down a list whose rows all offer the same keys, a key makes no row
/// it passes (making one instantiates its key paths, most of such a key's work); only a frame
/// makes the rows it draws.
@Suite struct FocusMoveCostTests {
    private struct Flags: Equatable {
        var flags = [Bool](repeating: false, count: 1_000_000)
        var name = ""
    }

    /// Counts the rows a form makes.
    private final class Made {
        var count = 0
    }

    private let size = Size(width: 80, height: 24)

    private func makeApp(made: Made) -> (App, FormScreen<Flags>) {
        let form = Form<Flags>(title: "Flags") {
            Section("Items") {
                ForEach(0..<1_000_000) { index, _ in
                    made.count += 1
                    return Toggle<Flags>("Item \(index + 1)", \Flags.flags[index])
                }
            }
            Section("Name") { TextRow("Name", \.name) }
        }
        let screen = FormScreen(form: form, store: StateStore(Flags()), mode: .edit)
        return (App(root: screen), screen)
    }

    @Test("a held Down through ten thousand switches makes none of them; its frame makes the rows drawn")
    func heldDownMakesNoRowItPasses() {
        let made = Made()
        let (app, _) = makeApp(made: made)
        _ = app.render(size: size)
        made.count = 0
        for _ in 0..<10_000 { app.handle(.down) }
        #expect(made.count == 0, "\(made.count) rows made by 10,000 Downs without a frame")

        let frame = app.render(size: size)
        #expect(made.count <= size.height, "\(made.count) rows made for one frame")
        #expect(frame.text.contains("Item 10001"))
        #expect(frame.text.contains("Toggle"), "the help line names the switch's key")
    }

    @Test("a row reached without a frame takes its keys: Space flips it")
    func rowReachedWithoutAFrameTakesItsKeys() {
        let made = Made()
        let (app, screen) = makeApp(made: made)
        _ = app.render(size: size)
        for _ in 0..<500 { app.handle(.down) }
        app.handle(.space)
        #expect(screen.draft.value.flags[500])
        #expect(screen.draft.value.flags.filter { $0 }.count == 1)
    }

    @Test("leaving such a list for a text row, typed keys go to the text")
    func leavingTheListForATextRow() {
        let made = Made()
        let (app, screen) = makeApp(made: made)
        _ = app.render(size: size)
        app.handle(.end)
        for character in "ok" { app.handle(.character(character)) }
        #expect(screen.draft.value.name == "ok")
        #expect(!screen.draft.value.flags.contains(true))
    }
}

/// Lists whose rows' help differs (text rows, checks) keep asking each row: the shortcut is only
/// for kinds that say their help is fixed.
@Suite struct ListsOfVaryingHelpTests {
    private struct Names: Equatable {
        var names = ["", ""]
        var chosen: Set<Int> = [0]
    }

    private let size = Size(width: 40, height: 10)

    @Test("typing on the second text row of a list goes into that row")
    func typingInAListOfTextRows() {
        let form = Form<Names>(title: "Names") {
            Section { ForEach(\Names.names) { index, _ in TextRow("Name \(index + 1)", \.names[index]) } }
        }
        let screen = FormScreen(form: form, store: StateStore(Names()), mode: .edit)
        let app = App(root: screen)
        _ = app.render(size: size)
        app.handle(.down)
        app.handle(.character("x"))
        #expect(screen.draft.value.names == ["", "x"])
    }

    @Test("the help of a list of checks follows the focused option")
    func checkHelpFollowsTheRow() {
        let form = Form<Names>(title: "Names") {
            Section {
                ForEach([0, 1]) { _, value in CheckRow<Names, Int>("Option \(value)", \.chosen, value: value)
                }
            }
        }
        let screen = FormScreen(form: form, store: StateStore(Names()), mode: .edit)
        let app = App(root: screen)
        _ = app.render(size: size)
        #expect(screen.helpItems(isRoot: true).contains { $0.action == "Uncheck" })
        app.handle(.down)
        #expect(screen.helpItems(isRoot: true).contains { $0.action == "Check" })
        #expect(!screen.helpItems(isRoot: true).contains { $0.action == "Uncheck" })
    }
}
