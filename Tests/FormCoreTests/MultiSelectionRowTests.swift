import Testing

@testable import FormCore

private struct Pizza: Equatable {
    var toppings: Set<String> = []
    var size = 1
}

/// Counts the labels computed, to show what the list and its footer cost.
private final class LabelCount {
    var value = 0
}

@Suite("MultiSelectionRow and CheckRow: a set chosen from options")
struct MultiSelectionRowTests {
    private let options = ["Cheese", "Ham", "Olives", "Pineapple"]
    private var row: MultiSelectionRow<Pizza, String> {
        MultiSelectionRow("Toppings", \.toppings, options: options)
    }

    @Test("The row says None, the one chosen option's label, or how many are chosen")
    func summary() {
        #expect(row.content(in: Pizza()) == ValueContent(title: "Toppings", value: "None", opens: true))
        #expect(row.content(in: Pizza(toppings: ["Ham"])).value == "Ham")
        #expect(row.content(in: Pizza(toppings: ["Ham", "Cheese", "Olives"])).value == "3 selected")
        let labelled = MultiSelectionRow<Pizza, String>("T", \.toppings, options: options) { $0.uppercased() }
        #expect(labelled.content(in: Pizza(toppings: ["Ham"])).value == "HAM")
    }

    @Test(
        "Enter and Space open the list; other actions change nothing",
        arguments: [
            (RowAction.activate, RowOutcome.open), (.toggle, .open), (.increment, .ignored),
            (.setText("x"), .ignored),
        ])
    func opens(action: RowAction, outcome: RowOutcome) {
        var state = Pizza(toppings: ["Ham"])
        #expect(row.perform(action, on: &state) == outcome)
        #expect(state == Pizza(toppings: ["Ham"]))
    }

    @Test("The list has a check row per option, filterable, each bound to the same set")
    func destination() throws {
        let form = try #require(row.destination(in: Pizza()))
        #expect(form.title == "Toppings")
        #expect(form.isFilterable)
        let layout = form.layout(for: Pizza(toppings: ["Olives"]))
        let rows = (0..<layout.count).compactMap { layout.line($0).row?.row.content(in: layout.state) }
        #expect(
            rows.compactMap { $0 as? CheckContent } == [
                CheckContent(title: "Cheese", isChecked: false), CheckContent(title: "Ham", isChecked: false),
                CheckContent(title: "Olives", isChecked: true),
                CheckContent(title: "Pineapple", isChecked: false),
            ])
        var state = Pizza()
        let second = try #require(layout.line(2).row)
        #expect(second.row.perform(.toggle, on: &state) == .changed)
        #expect(state.toppings == ["Ham"])
    }

    @Test("The footer counts the chosen, and while filtered, the chosen the filter hides")
    func footer() throws {
        let form = try #require(row.destination(in: Pizza()))
        func footer(_ toppings: Set<String>, filter: String = "") -> String? {
            let layout = form.layout(for: Pizza(toppings: toppings), filter: filter)
            guard case .footer(let text) = layout.line(layout.count - 1) else { return nil }
            return text
        }
        #expect(footer([]) == nil)
        #expect(footer([], filter: "e") == nil)
        #expect(footer(["Ham", "Olives"]) == "2 chosen")
        #expect(footer(["Ham", "Olives"], filter: "OL") == "2 chosen, 1 not shown")
        #expect(footer(["Ham", "Olives"], filter: "zz") == "2 chosen, 2 not shown")
        #expect(footer(["Cheese", "Pineapple"], filter: "e") == "2 chosen")
    }

    @Test("The footer's count is computed once per change of choices or filter, not once per frame")
    func footerCached() throws {
        let count = LabelCount()
        let counted = MultiSelectionRow<Pizza, String>("T", \.toppings, options: options) { option in
            count.value += 1
            return option
        }
        let form = try #require(counted.destination(in: Pizza()))
        let chosen = Pizza(toppings: ["Ham", "Olives"])
        _ = form.layout(for: chosen, filter: "o")
        count.value = 0
        for _ in 0..<10 { _ = form.layout(for: chosen, filter: "o") }
        #expect(count.value == 0)
        _ = form.layout(for: Pizza(toppings: ["Ham"]), filter: "o")
        #expect(count.value == 1)
    }
}

@Suite("CheckRow: one option of a multiple choice")
struct CheckRowTests {
    private let cheese = CheckRow<Pizza, String>("Cheese", \.toppings, value: "Cheese")

    @Test(
        "Enter and Space check and uncheck, keeping the other choices",
        arguments: [RowAction.activate, .toggle])
    func toggles(action: RowAction) {
        var state = Pizza(toppings: ["Ham"])
        #expect(cheese.perform(action, on: &state) == .changed)
        #expect(state.toppings == ["Ham", "Cheese"])
        #expect(cheese.content(in: state) == CheckContent(title: "Cheese", isChecked: true))
        #expect(cheese.perform(action, on: &state) == .changed)
        #expect(state.toppings == ["Ham"])
        #expect(cheese.content(in: state).isChecked == false)
    }

    @Test(
        "Other actions are ignored and change nothing",
        arguments: [
            RowAction.increment, .decrement, .setText("Cheese"), .named("check"),
        ])
    func ignored(action: RowAction) {
        var state = Pizza(toppings: ["Cheese"])
        #expect(cheese.perform(action, on: &state) == .ignored)
        #expect(state == Pizza(toppings: ["Cheese"]))
    }

    @Test("The help says what Space will do")
    func hints() {
        #expect(cheese.hints(in: Pizza()).map(\.label) == ["Check"])
        #expect(cheese.hints(in: Pizza(toppings: ["Cheese"])).map(\.label) == ["Uncheck"])
        #expect(cheese.isFocusable)
    }
}
