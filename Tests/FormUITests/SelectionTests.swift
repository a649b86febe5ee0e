import FormCore
import FormTestSupport
import Testing

@testable import FormUI

@Suite("Selection lists: a row that opens its options; choosing one goes back")
struct SelectionTests {
    struct Radio: Equatable {
        var band = "2.4 GHz"
        var power = 2
    }

    /// The radio form, drawn at 40x10.
    static func session() -> FormDriver<Radio> {
        FormDriver(
            Radio(), size: Size(width: 40, height: 10),
            form: Form<Radio>(title: "Radio") {
                Section {
                    SelectionRow("Band", \.band, options: ["2.4 GHz", "5 GHz", "6 GHz"])
                    SelectionRow("Power", \.power, options: [1, 2, 3]) { ["Low", "Medium", "High"][$0 - 1] }
                }
            })
    }

    @Test("the list shows the options with the current one checked, focused on the first")
    func list() throws {
        let session = Self.session()
        #expect(session.hasLine("> Band", "2.4 GHz ›"))
        try session.play("enter")
        #expect(session.app.stack.count == 2)
        let text = session.text
        #expect(text.contains("Radio › Band"))
        #expect(session.hasLine("> 2.4 GHz", "✓"))
        #expect(session.hasLine("  5 GHz", "5 GHz"))
        #expect(session.hasLine("  6 GHz", "6 GHz"))
    }

    @Test("choosing an option takes it into the form's draft and goes back")
    func choose() throws {
        let session = Self.session()
        try session.play("enter down enter")
        #expect(session.app.stack.count == 1)
        #expect(session.screen.draft.value.band == "5 GHz")
        #expect(session.store.value == Radio())
        #expect(session.text.contains("● modified"))
        try session.play("down space down down space ctrl-s")
        #expect(session.store.value == Radio(band: "5 GHz", power: 3))
    }

    @Test("Esc leaves the list without a change; choosing the current one changes nothing")
    func unchanged() throws {
        let session = Self.session()
        try session.play("enter down esc")
        #expect(session.app.stack.count == 1)
        try session.play("enter enter")
        #expect(session.app.stack.count == 1)
        #expect(!session.text.contains("● modified"))
        #expect(!session.text.contains("No changes"))
    }
}
