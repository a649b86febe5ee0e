import FormCore
import Testing

private struct Switches: Equatable {
    var on = false
    var other = false
}

@Suite("Toggle: actions on a switch bound to a Bool")
struct ToggleRowTests {
    private let row = Toggle<Switches>("Sounds", \.on)

    @Test("Activate and toggle flip the switch both ways", arguments: [RowAction.activate, .toggle])
    func flips(action: RowAction) {
        var state = Switches()
        #expect(row.perform(action, on: &state) == .changed)
        #expect(state == Switches(on: true))
        #expect(row.perform(action, on: &state) == .changed)
        #expect(state == Switches(on: false))
    }

    @Test("Increment turns the switch on, and is ignored when it already is")
    func increment() {
        var state = Switches()
        #expect(row.perform(.increment, on: &state) == .changed)
        #expect(state.on)
        #expect(row.perform(.increment, on: &state) == .ignored)
        #expect(state.on)
    }

    @Test("Decrement turns the switch off, and is ignored when it already is")
    func decrement() {
        var state = Switches(on: true)
        #expect(row.perform(.decrement, on: &state) == .changed)
        #expect(!state.on)
        #expect(row.perform(.decrement, on: &state) == .ignored)
        #expect(!state.on)
    }

    @Test("Text actions are ignored and change nothing", arguments: [RowAction.setText("x")])
    func textIgnored(action: RowAction) {
        for start in [Switches(on: false), Switches(on: true)] {
            var state = start
            #expect(row.perform(action, on: &state) == .ignored)
            #expect(state == start)
        }
    }

    @Test("Only the bound key path changes")
    func onlyBoundField() {
        var state = Switches(on: false, other: true)
        _ = Toggle<Switches>("Other", \.other).perform(.toggle, on: &state)
        #expect(state == Switches(on: false, other: false))
    }

    @Test("Content shows the title and the switch state; toggles are focusable, ")
    func content() {
        #expect(row.content(in: Switches(on: true)) == ToggleContent(title: "Sounds", isOn: true))
        #expect(row.content(in: Switches(on: false)) == ToggleContent(title: "Sounds", isOn: false))
        #expect(row.isFocusable)
    }
}

@Suite("ButtonRow and LabelRow")
struct ButtonAndLabelRowTests {
    @Test(
        "A button returns its command for activate and toggle, and changes no state",
        arguments: [
            RowAction.activate, .toggle,
        ])
    func buttonCommand(action: RowAction) {
        let row = ButtonRow<Switches>("Edit", command: "edit")
        var state = Switches()
        #expect(row.perform(action, on: &state) == .command(FormCommand("edit")))
        #expect(state == Switches())
    }

    @Test(
        "A button ignores the other actions",
        arguments: [
            RowAction.increment, .decrement, .setText("a"),
        ])
    func buttonIgnores(action: RowAction) {
        let row = ButtonRow<Switches>("Edit", command: "edit")
        var state = Switches()
        #expect(row.perform(action, on: &state) == .ignored)
        #expect(state == Switches())
    }

    @Test("A button is focusable and shows as a button")
    func buttonContent() {
        let row = ButtonRow<Switches>("Edit", command: "edit")
        #expect(row.isFocusable)
        #expect(row.content(in: Switches()) == ButtonContent(title: "Edit"))
    }

    @Test(
        "A label is not focusable and ignores every action",
        arguments: [
            RowAction.activate, .toggle, .increment, .decrement, .setText("a"),
        ])
    func labelIgnores(action: RowAction) {
        let row = LabelRow<Switches>("Sounds") { $0.on ? "Yes" : "No" }
        var state = Switches(on: true)
        #expect(!row.isFocusable)
        #expect(row.perform(action, on: &state) == .ignored)
        #expect(state == Switches(on: true))
    }

    @Test("A label's value follows the state")
    func labelValue() {
        let row = LabelRow<Switches>("Sounds") { $0.on ? "Yes" : "No" }
        #expect(row.content(in: Switches(on: true)) == ValueContent(title: "Sounds", value: "Yes"))
        #expect(row.content(in: Switches(on: false)) == ValueContent(title: "Sounds", value: "No"))
    }
}

@Suite("JSONString: one rule for JSON written by hand")
struct JSONStringTests {
    @Test(
        "quotes and backslashes escaped, line breaks and tabs named, other controls as \\u00XX, the rest as it is"
    )
    func literal() {
        #expect(JSONString.literal("say \"hi\"\\") == #""say \"hi\"\\""#)
        #expect(JSONString.literal("a\nb\rc\td") == #""a\nb\rc\td""#)
        #expect(JSONString.literal("\u{1B}[0m\u{7F}\u{0}") == #""\u001b[0m\u007f\u0000""#)
        #expect(JSONString.literal("café 日本 😀") == "\"café 日本 😀\"")
        #expect(JSONString.literal("") == "\"\"")
    }
}
