import FormCore
import FormUI
import Testing

/// The checks of `GeneratedSession` fail when their invariant breaks: a form that saves while
/// browsing writes without Ctrl-S, which both the save check and the leaving check must see.
@Suite("Generated sessions: the checks can fail")
struct CheckerTests {
    struct Flags: Codable, Equatable, Sendable {
        var on = false
    }

    static let committingAtOnce = DemoUnderTest(
        name: "browse",
        starts: [Flags()],
        makeRoot: { store in
            FormScreen(
                form: Form(title: "Flags") { Section { Toggle("On", \Flags.on) } }, store: store,
                mode: .browse)
        })

    static func script(_ steps: [ScriptStep], size: Size = Size(width: 40, height: 12)) -> GeneratedScript {
        GeneratedScript(seed: "test", size: size, start: 0, usesStateFile: false, steps: steps)
    }

    @Test("a save nobody asked for is found at the key that made it")
    func unaskedSave() throws {
        let finding = try #require(
            GeneratedSession(demo: Self.committingAtOnce, script: Self.script([.key(.space)])).run())
        #expect(finding.step == 1)
        #expect(finding.after == "space")
        #expect(finding.problem.contains("no edit screen"))
    }

    @Test("keys that change nothing break nothing, in any window")
    func quietKeys() {
        for size in [Size(width: 1, height: 1), Size(width: 20, height: 6), Size(width: 80, height: 24)] {
            let steps: [ScriptStep] = [
                .key(.down), .key(.up), .resize(Size(width: 2, height: 1)), .key(.home),
            ]
            #expect(
                GeneratedSession(demo: Self.committingAtOnce, script: Self.script(steps, size: size)).run()
                    == nil)
        }
    }
}

/// A row whose cell forgets the focus marker: the focus check must see that focus is not shown.
struct UnmarkedRow<State>: FormRow {
    var title: String
    func content(in state: State) -> UnmarkedContent { UnmarkedContent(title: title) }
    func perform(_ action: RowAction, on state: inout State) -> RowOutcome { .ignored }
}

struct UnmarkedContent: Hashable, Sendable {
    var title: String
}

final class UnmarkedCell: RowCell {
    private var title = ""
    init() {}
    func configure(_ content: UnmarkedContent, context: CellContext) { title = content.title }
    func prepareForReuse() { title = "" }
    func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        canvas.write(title, at: Point(x: frame.minX + 2, y: frame.minY))
    }
}

extension UnmarkedContent: CellContent { typealias Cell = UnmarkedCell }

extension CheckerTests {
    @Test("focus on a row drawn without its marker is found, at the first frame")
    func unmarkedFocus() throws {
        let demo = DemoUnderTest(
            name: "unmarked", starts: [Flags()],
            makeRoot: { store in
                FormScreen(
                    form: Form(title: "Unmarked") { Section { UnmarkedRow<Flags>(title: "Plain") } },
                    store: store,
                    mode: .edit)
            })
        let finding = try #require(GeneratedSession(demo: demo, script: Self.script([])).run())
        #expect(finding.after == "the first frame")
        #expect(finding.problem.contains("does not show it with >"))
        // Too small to show a form, focus is not checked; leaving enlarges the window first.
        let small = try #require(
            GeneratedSession(demo: demo, script: Self.script([.key(.down)], size: Size(width: 1, height: 1)))
                .run())
        #expect(small.after == "leaving with Esc and y")
    }
}
