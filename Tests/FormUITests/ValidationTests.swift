import FormCore
import FormTestSupport
import Testing

@testable import FormUI

@Suite("Validation: a save is refused until every row is right")
struct ValidationTests {
    struct Contact: Equatable {
        var name = ""
        var email = ""
        var subscribed = false
    }

    /// The contact form, drawn at 50x12.
    static func session() -> FormDriver<Contact> {
        FormDriver(
            Contact(), size: Size(width: 50, height: 12),
            form: Form<Contact>(title: "Contact") {
                Section {
                    TextRow("Name", \.name, validate: { $0.isEmpty ? "A name is needed." : nil })
                    TextRow("Email", \.email, validate: { $0.contains("@") ? nil : "An email has an @." })
                    Toggle("Subscribed", \.subscribed)
                }
            })
    }

    @Test("a refused save marks each wrong row, focuses the first, and keeps the draft")
    func refused() throws {
        let session = Self.session()
        try session.play("down down space ctrl-s")
        #expect(session.store.value == Contact())
        #expect(session.app.stack.count == 1)
        let lines = session.canvas.lines
        let nameLine = try #require(lines.firstIndex { $0.contains("Name") })
        #expect(lines[nameLine + 1].contains("! A name is needed."))
        #expect(lines[nameLine + 2].contains("Email"))
        #expect(lines[nameLine + 3].contains("! An email has an @."))
        #expect(lines.last?.contains("Not saved: 2 rows need attention.") == true)
        #expect(session.canvas.cursor?.y == nameLine)
        #expect(session.screen.draft.value.subscribed)
    }

    @Test("a message goes as soon as its row is right; then the save goes through")
    func fixed() throws {
        let session = Self.session()
        try session.play("down down space up up ctrl-s \"Ada\"")
        #expect(!session.canvas.text.contains("A name is needed."))
        #expect(session.canvas.text.contains("An email has an @."))
        try session.play("down \"ada@example.org\"")
        #expect(session.screen.messages.isEmpty)
        try session.play("ctrl-s")
        #expect(session.store.value == Contact(name: "Ada", email: "ada@example.org", subscribed: true))
    }
}
