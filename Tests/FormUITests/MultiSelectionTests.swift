import FormCore
import FormTestSupport
import Testing

@testable import FormUI

@Suite("Multiple selection: a list of check rows pushed from a row that counts them")
struct MultiSelectionTests {
    struct Pizza: Equatable {
        var toppings: Set<String> = []
        var extra = false
    }

    static let toppings = ["Cheese", "Ham", "Olives", "Pineapple", "Basil"]

    static func session(_ pizza: Pizza = Pizza()) -> FormDriver<Pizza> {
        FormDriver(
            pizza,
            form: Form(title: "Pizza") {
                Section {
                    MultiSelectionRow("Toppings", \.toppings, options: toppings)
                    Toggle("Extra", \.extra)
                }
            })
    }

    @Test("The row says None, the one chosen, or how many; Enter pushes the list of options")
    func rowAndList() throws {
        let session = Self.session()
        #expect(session.hasLine("> Toppings", "None ›"))
        try session.play("enter")
        #expect(session.app.stack.count == 2)
        #expect(session.lines[0].contains("Pizza › Toppings"))
        #expect(session.hasLine("> [ ] Cheese"))
        #expect(session.hasLine("  [ ] Basil"))
        #expect(session.help.contains("Space Check"))
    }

    @Test("Space and Enter check and uncheck an option and stay in the list")
    func toggling() throws {
        let session = Self.session()
        try session.play("enter space down enter down down space")
        #expect(session.app.stack.count == 2)
        #expect(session.hasLine("  [✓] Cheese"))
        #expect(session.hasLine("  [✓] Ham"))
        #expect(session.hasLine("> [✓] Pineapple"))
        #expect(session.help.contains("Space Uncheck"))
        #expect(session.lines.contains("  3 chosen"))
        try session.play("space")
        #expect(session.hasLine("> [ ] Pineapple"))
        #expect(session.app.stack.count == 2)
    }

    @Test("Ctrl-S keeps the choices in the form's draft; the row then counts them")
    func keep() throws {
        let session = Self.session()
        try session.play("enter space down space ctrl-s")
        #expect(session.app.stack.count == 1)
        #expect(session.screen.draft.value.toppings == ["Cheese", "Ham"])
        #expect(session.store.value == Pizza())
        #expect(session.hasLine("> Toppings", "2 selected ›"))
        try session.play("enter down space ctrl-s")
        #expect(session.hasLine("> Toppings", "Cheese ›"))
    }

    @Test("Esc asks before dropping the choices; keeping editing keeps them")
    func escAsks() throws {
        let session = Self.session(Pizza(toppings: ["Olives"]))
        try session.play("enter space esc")
        #expect(session.top is ConfirmScreen)
        try session.play("n")
        #expect(session.app.stack.count == 2)
        #expect(session.hasLine("> [✓] Cheese"))
        try session.play("esc y")
        #expect(session.app.stack.count == 1)
        #expect(session.screen.draft.value.toppings == ["Olives"])
        #expect(session.hasLine("> Toppings", "Olives ›"))
    }

    @Test("Esc with nothing changed leaves at once")
    func escUnchanged() throws {
        let session = Self.session()
        try session.play("enter space space esc")
        #expect(session.app.stack.count == 1)
    }

    @Test("With a filter, Space still checks; hidden choices stay chosen and the footer counts them")
    func filtered() throws {
        let session = Self.session(Pizza(toppings: ["Cheese", "Ham"]))
        try session.play("enter \"ol\"")
        #expect(session.lines[0].contains("Toppings / ol"))
        #expect(session.hasLine("> [ ] Olives"))
        #expect(!session.text.contains("Cheese"))
        #expect(session.lines.contains("  2 chosen, 2 not shown"))
        try session.play("space")
        #expect(session.hasLine("> [✓] Olives"))
        #expect(session.lines.contains("  3 chosen, 2 not shown"))
        try session.play("esc")
        #expect(session.app.stack.count == 2)
        #expect(session.lines.contains("  3 chosen"))
        try session.play("ctrl-s")
        #expect(session.screen.draft.value.toppings == ["Cheese", "Ham", "Olives"])
    }

    @Test(
        "A check cell stays inside its frame at any size, focused or not",
        arguments: [
            Size(width: 0, height: 0), Size(width: 1, height: 1), Size(width: 2, height: 1),
            Size(width: 12, height: 1),
        ],
        [false, true])
    func cellSizes(size: Size, highlighted: Bool) {
        let cell = CheckCell()
        cell.configure(CheckContent(title: "Mozzarella di bufala", isChecked: true), context: CellContext())
        let drawn = FramedDrawing(size) { cell.draw(in: &$0, frame: $1, highlighted: highlighted) }
        #expect(drawn.strayCells.isEmpty)
        if size.width == 12 {
            #expect(drawn.line == (highlighted ? "##> [✓] Mozz… ##" : "##  [✓] Mozz… ##"))
        }
    }
}
