import FormCore
import FormTestSupport
import FormUI
import Testing

@testable import FormSpec

/// A character typed into a spec form shows in its row and in the header that names it; every
/// line on screen is drawn again (the terminal's comparison finds what changed), and every frame
/// is checked against the same frame drawn from blank.
struct SpecTypingTests {
    static let spec = """
        title: Sign up
        sections:
          - header: Hello {name}
            rows:
              - {id: name, type: text, title: Full name, required: true}
              - {id: email, type: email, title: Email}
              - {id: age, type: number, title: Age, min: 0, max: 150}
              - {id: country, type: select, title: Country, options: [Sweden, France, Japan]}
              - {id: news, type: switch, title: Newsletter, default: true}
              - {id: nick, type: text, title: Nickname}
        """

    private final class Fixture {
        let app: App
        let screen: FormScreen<SpecAnswers>
        let size = Size(width: 60, height: 16)

        init() throws {
            let spec = try SpecReader.read(text: SpecTypingTests.spec, format: .yaml, file: "signup.yaml")
            let store = StateStore(SpecFormBuilder.initialAnswers(of: spec))
            screen = FormScreen(form: SpecFormBuilder(spec: spec).form(), store: store, mode: .edit)
            app = App(root: screen)
        }

        /// Lines the table drew in the last frame.
        private(set) var linesDrawnLast = 0

        /// The frame after `keys`, checked against the same frame drawn from blank.
        func frame(after keys: Key...) -> Canvas {
            for key in keys { app.handle(key) }
            let lines = screen.tableView.linesDrawn
            let drawn = app.renderWithFrameFromBlank(size: size) {
                linesDrawnLast = screen.tableView.linesDrawn - lines
            }
            #expect(
                drawn.frame == drawn.fromBlank,
                "\(drawn.frame.shown(against: drawn.fromBlank, note: "after \(keys)"))")
            return drawn.frame
        }
    }

    @Test("a typed character shows in its row and the header, every line on screen drawn")
    func typingShowsInItsRow() throws {
        let fixture = try Fixture()
        _ = fixture.frame()
        for (step, character) in "Ada".enumerated() {
            let canvas = fixture.frame(after: .character(character))
            let visible = min(fixture.screen.editor.layout.count, fixture.screen.lastArea?.height ?? 0)
            #expect(fixture.linesDrawnLast == visible, "character \(step + 1)")
            // The header names the answer: a line of the layout, drawn again all the same.
            #expect(
                canvas.lines.contains { $0.uppercased().contains("HELLO " + String("ADA".prefix(step + 1))) })
        }
        #expect(fixture.screen.draft.value[text: "name"] == "Ada")
    }

    @Test("rows typed into one after another each show their own text")
    func typingIntoSeveralRows() throws {
        let fixture = try Fixture()
        _ = fixture.frame()
        _ = fixture.frame(after: .character("A"), .down, .character("b"), .character("@"))
        // Down to the nickname, past the number, the choice and the switch.
        var canvas = fixture.frame(after: .down, .down, .down, .down, .character("z"))
        let name = canvas.lines.first { $0.contains("Full name") } ?? ""
        let email = canvas.lines.first { $0.contains("Email") } ?? ""
        let nick = canvas.lines.first { $0.contains("Nickname") } ?? ""
        #expect(name.hasSuffix(" A"))
        #expect(email.contains("b@"))
        #expect(nick.contains("z"))
        // Undo: every row shows what it holds again.
        canvas = fixture.frame(after: .modified(.character("u"), .alt))
        #expect(!(canvas.lines.first { $0.contains("Nickname") } ?? "").contains("z"))
    }
}
