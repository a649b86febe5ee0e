import FormCore
import FormTestSupport
import FormUI
import Testing

@testable import FormSpec

/// A key on a large spec form lays out again only the sections its change can reach (those whose
/// header, footer or conditions name the changed answer), not every section: counted as the row
/// groups the layouts ask, not timed. Each frame is also checked against the same frame drawn
/// from blank, and each layout against one made afresh for the same answers.
struct SpecLargeKeyTests {
    static let parts = 60
    static let rowsPerPart = 50

    /// A name and a switch; many parts of switches naming no answer; a section whose header
    /// names the name and whose row shows while the switch is on; one shown while the name is Ada.
    static var spec: String {
        var text = "title: Large\nsections:\n  - header: First\n    rows:\n"
        text += "      - {id: name, type: text, title: Name}\n      - {id: on, type: switch, title: On}\n"
        for part in 0..<parts {
            text += "  - header: Part \(part)\n    rows:\n"
            for row in 0..<rowsPerPart {
                text += "      - {id: p\(part)r\(row), type: switch, title: F\(row)}\n"
            }
        }
        text += "  - header: Hello {name}\n    rows:\n"
        text += "      - {id: shown, type: text, title: Shown, when: {on: true}}\n"
        text += "      - {type: label, title: Note, value: always}\n"
        text +=
            "  - header: Welcome\n    when: {name: Ada}\n    rows:\n      - {type: label, title: Hi, value: Ada}\n"
        return text
    }

    private final class Fixture {
        let app: App
        let screen: FormScreen<SpecAnswers>
        let form: Form<SpecAnswers>
        let size = Size(width: 60, height: 16)

        init() throws {
            let spec = try SpecReader.read(text: SpecLargeKeyTests.spec, format: .yaml, file: "large.yaml")
            form = SpecFormBuilder(spec: spec).form()
            screen = FormScreen(
                form: form, store: StateStore(SpecFormBuilder.initialAnswers(of: spec)), mode: .edit)
            app = App(root: screen)
        }

        /// The row groups the layouts asked while `key` was handled and its frame drawn, with the
        /// frame checked against one drawn from blank and the layout against one made afresh.
        func groupsWalked(by key: Key) -> Int {
            let before = screen.editor.groupsWalked
            app.handle(key)
            var walked = 0
            let drawn = app.renderWithFrameFromBlank(size: size) {
                walked = screen.editor.groupsWalked - before
            }
            #expect(
                drawn.frame == drawn.fromBlank,
                "\(drawn.frame.shown(against: drawn.fromBlank, note: "after \(key)"))")
            let layout = screen.editor.layout
            #expect(
                shape(of: layout) == shape(of: form.layout(for: layout.state, spacious: layout.isSpacious)))
            return walked
        }

        /// Each line of a layout: a row's path, or what the line shows.
        func shape(of layout: FormLayout<SpecAnswers>) -> [String] {
            (0..<layout.count).map { index in
                if let path = layout.rowPath(at: index) { return "\(path)" }
                switch layout.line(index) {
                case .header(let header): return "header \(header ?? "-")"
                case .footer(let footer): return "footer \(footer)"
                default: return "\(index)"
                }
            }
        }
    }

    @Test("a typed character lays out only the sections that name the typed answer")
    func typingWalksOnlyReachedSections() throws {
        let fixture = try Fixture()
        _ = fixture.app.render(size: fixture.size)
        let groups = Self.parts * Self.rowsPerPart
        for character in "Ada" {
            let walked = fixture.groupsWalked(by: .character(character))
            // The header that names the name, and the section shown for it: a group each.
            #expect(walked <= 4, "\(walked) of more than \(groups) groups asked for '\(character)'")
        }
        let lines = fixture.shape(of: fixture.screen.editor.layout)
        #expect(lines.contains("header Hello Ada"))
        #expect(lines.contains("header Welcome"))
        let walked = fixture.groupsWalked(by: .backspace)
        #expect(walked <= 4)
        #expect(!fixture.shape(of: fixture.screen.editor.layout).contains("header Welcome"))
    }

    @Test("a switch flipped lays out only the section whose row it shows")
    func switchWalksOnlyReachedSections() throws {
        let fixture = try Fixture()
        _ = fixture.app.render(size: fixture.size)
        #expect(fixture.groupsWalked(by: .down) == 0)
        for _ in 0..<2 {
            #expect(fixture.groupsWalked(by: .space) <= 4)
        }
        #expect(fixture.groupsWalked(by: .space) <= 4)
        #expect(
            fixture.shape(of: fixture.screen.editor.layout).contains {
                $0.hasPrefix("RowPath(section: \(Self.parts + 1)")
            })
    }
}
