import FormCore
import FormTestSupport
import Testing

@testable import FormUI

/// Counts the labels a list computed.
final class LabelCounter: @unchecked Sendable {
    var value = 0
}

@Suite("Type to filter: lists of options filtered as they are typed")
struct FilterTests {
    struct Choice: Equatable {
        var city = "Oslo"
        var number = 0
    }

    static let cities = ["Berlin", "Bern", "Lisbon", "Oslo", "Paris", "Porto", "Prague"]

    static func session(_ choice: Choice = Choice(), size: Size = Size(width: 40, height: 12))
        -> FormDriver<Choice>
    {
        FormDriver(
            choice, size: size,
            form: Form(title: "Trip") {
                Section { SelectionRow("City", \.city, options: cities) }
            })
    }

    /// A list of `count` numbers whose labels are counted, opened.
    static func numbers(_ count: Int, chosen: Int = 0, counter: LabelCounter) throws -> FormDriver<Choice> {
        let options = Array(0..<count)
        let session = FormDriver(
            Choice(number: chosen),
            form: Form(title: "Numbers") {
                Section {
                    SelectionRow("Number", \.number, options: options) { option in
                        counter.value += 1
                        return "Item \(option)"
                    }
                }
            })
        try session.play("enter")
        return session
    }

    @Test("The list opens on the current choice, as iOS opens it near the ✓")
    func opensOnChoice() throws {
        let session = Self.session(Choice(city: "Porto"))
        try session.play("enter")
        #expect(session.focusedLine?.hasPrefix("> Porto") == true)
        #expect(session.focusedLine?.hasSuffix("✓") == true)
    }

    @Test("A list of 10,000 options opens on a choice far down, and shows it")
    func opensFarDown() throws {
        let counter = LabelCounter()
        let session = try Self.numbers(10_000, chosen: 7_345, counter: counter)
        #expect(session.focusedLine?.hasPrefix("> Item 7345") == true)
        try session.play("down enter")
        #expect(session.screen.draft.value.number == 7_346)
    }

    @Test("Typing filters the list; focus lands on the first match; the title shows the filter")
    func typing() throws {
        let session = Self.session()
        try session.play("enter \"r\"")
        #expect(session.lines[0].contains("Trip › City / r"))
        #expect(session.focusedLine?.hasPrefix("> Berlin") == true)
        #expect(!session.text.contains("Oslo"))
        try session.play("\"AG\"")
        #expect(session.lines[0].contains("City / rAG"))
        #expect(session.focusedLine?.hasPrefix("> Prague") == true)
        #expect(session.lines.filter { $0.hasPrefix("  ") || $0.hasPrefix("> ") }.count == 1)
    }

    @Test("The filter ignores accents as the jump search does: “cote” finds Côte d'Ivoire")
    func accentsFolded() throws {
        let session = FormDriver(
            Choice(city: "Oslo"), size: Size(width: 40, height: 12),
            form: Form(title: "Trip") {
                Section { SelectionRow("City", \.city, options: ["Côte d'Ivoire", "Oslo", "Zürich"]) }
            })
        try session.play("enter \"cote\"")
        #expect(session.focusedLine?.hasPrefix("> Côte d'Ivoire") == true, "\(session.text)")
        try session.play("esc \"ZUR\"")
        #expect(session.text.contains("Zürich") && !session.text.contains("Oslo"), "\(session.text)")
    }

    @Test("Typing on a selection row says that Enter opens its list")
    func typingOnTheRowSaysWhereTypingGoes() throws {
        let session = Self.session()
        try session.play("\"p\"")
        #expect(session.helpLine.contains("Enter opens it to type."), "\(session.helpLine)")
        #expect(session.app.stack.count == 1)
    }

    @Test("Backspace edits the filter; Esc clears it first, and only then leaves")
    func editingAndClearing() throws {
        let session = Self.session()
        try session.play("enter \"prz\"")
        #expect(session.text.contains("No match for “prz”"))
        #expect(session.help.contains("Esc Show all"))
        try session.play("backspace")
        #expect(session.lines[0].contains("City / pr"))
        #expect(session.focusedLine?.hasPrefix("> Prague") == true)
        try session.play("esc")
        #expect(session.app.stack.count == 2)
        #expect(session.screen.title == "Trip")
        #expect(!session.lines[0].contains("/"))
        // Emptied, the filter leaves focus on what was found with it.
        #expect(session.focusedLine?.hasPrefix("> Prague") == true)
        try session.play("esc")
        #expect(session.app.stack.count == 1)
        #expect(session.screen.draft.value.city == "Oslo")
    }

    @Test("Choosing a filtered option takes that option, not the one at its place in the whole list")
    func chooseFiltered() throws {
        let session = Self.session()
        try session.play("enter \"o\" down down enter")
        // Matches: Lisbon, Oslo, Porto.
        #expect(session.app.stack.count == 1)
        #expect(session.screen.draft.value.city == "Porto")
    }

    @Test("Letters filter the list instead of acting as keys; the help names the keys that still work")
    func lettersFilter() throws {
        let session = FormDriver(
            Choice(), mode: .browse,
            form: Form(title: "Cities") {
                Section {
                    ForEach(Self.cities, filterBy: { $0 }) { _, city in ChoiceRow(city, \.city, value: city) }
                }
            })
        #expect(session.help.contains("Esc Quit"))
        #expect(session.help.contains("Type to filter"))
        try session.play("\"q\"")
        #expect(session.app.stack.count == 1)
        #expect(session.screen.filter == "q")
    }

    @Test(
        "A script's keys wait for a long list's matches: End goes to the last one, not to the last found so far"
    )
    func scriptSettles() throws {
        // 400,000 labels: more than a key reads before the rest is left for idle moments, which
        // a headless script never has.
        let session = try Self.numbers(400_000, counter: LabelCounter())
        try session.play("\"39999\" end")
        #expect(session.focusedLine?.hasPrefix("> Item 399999") == true, "\(session.focusedLine ?? "")")
    }

    @Test("Adding a character filters the last matches only; Backspace computes no label")
    func incremental() throws {
        let counter = LabelCounter()
        let session = try Self.numbers(10_000, counter: counter)
        let onScreen = 30
        counter.value = 0
        try session.play("\"7\"")
        _ = session.canvas
        #expect(counter.value <= 10_000 + onScreen)
        // A key finds the first screenful of matches; the app finds the rest while it waits for
        // the next key (a script's keys come without a wait).
        while session.app.top.workWhileIdle() {}
        // 3,439 of 0..<10,000 hold a 7: the next key looks at those, not at 10,000.
        counter.value = 0
        try session.play("\"7\"")
        _ = session.canvas
        #expect(counter.value <= 3_439 + onScreen)
        counter.value = 0
        try session.play("\"7\"")
        _ = session.canvas
        #expect(counter.value <= 280 + onScreen)
        #expect(session.focusedLine?.hasPrefix("> Item 777") == true)
        counter.value = 0
        try session.play("backspace backspace")
        _ = session.canvas
        #expect(counter.value <= onScreen)
        #expect(session.lines[0].contains("/ 7"))
        // Frames with the same filter cost only the rows drawn.
        counter.value = 0
        for _ in 0..<5 { _ = session.canvas }
        #expect(counter.value <= 5 * onScreen)
    }

    @Test("A filter of 3,000 characters pasted, then shortened by Backspace, computes no label again")
    func backspaceAfterALongPaste() throws {
        let counter = LabelCounter()
        let session = try Self.numbers(10_000, counter: counter)
        try session.play("paste \"item 12\(String(repeating: "x", count: 3_000))\"")
        _ = session.canvas
        #expect(session.lines.contains { $0.contains("No match") })
        counter.value = 0
        for _ in 0..<3_000 { try session.play("backspace") }
        _ = session.canvas
        #expect(counter.value <= 30)
        #expect(session.focusedLine?.hasPrefix("> Item 12") == true)
        #expect(session.lines.contains { $0.contains("Item 120") })
    }

    @Test("Typing into a list of 10,000 stays instant (a generous bound, to catch a hang)")
    func fast() throws {
        let counter = LabelCounter()
        let session = try Self.numbers(10_000, counter: counter)
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            try session.play("\"9\" \"9\" \"9\" backspace \"8\" esc \"1\"")
            _ = session.canvas
        }
        #expect(elapsed < .seconds(5))
        #expect(session.focusedLine?.hasPrefix("> Item 1") == true)
    }

    @Test("The filter stays readable in a 40-column title bar beside the modified mark")
    func readableAt40() throws {
        let session = FormDriver(
            MultiSelectionTests.Pizza(),
            form: Form(title: "Pizza") {
                Section {
                    MultiSelectionRow(
                        "Preferred Toppings Today", \.toppings, options: ["Mozzarella-di-bufala", "Ham"])
                }
            })
        try session.play("enter space \"mozzarella-di-bu\"")
        var bar = session.lines[0]
        #expect(bar.contains("● modified"))
        // Its last 12 columns, and as much of the title as fits beside them.
        #expect(bar.contains("Preferre… / …rella-di-bu"))
        #expect(session.hasLine("> [✓] Mozzarella-di-bufala"))
        try session.play("backspace backspace backspace backspace backspace backspace")
        bar = session.lines[0]
        #expect(bar.contains("Preferred … / mozzarella"))
    }

    @Test("Space is not typed into the filter: it checks the focused option")
    func spaceToggles() throws {
        let session = FormDriver(
            MultiSelectionTests.Pizza(),
            form: Form(title: "Pizza") {
                Section {
                    MultiSelectionRow("Toppings", \.toppings, options: ["Red onion", "Onion rings", "Ham"])
                }
            })
        try session.play("enter \"on\" down space")
        #expect(session.screen.filter.isEmpty)
        let list = try #require(session.top as? FormScreen<MultiSelectionTests.Pizza>)
        #expect(list.filter == "on")
        #expect(list.draft.value.toppings == ["Onion rings"])
        #expect(session.hasLine("> [✓] Onion rings"))
    }

    @Test("The head of a long text gives way to its end")
    func truncateHead() {
        #expect(TextWidth.truncateHead("mozzarella", to: 12) == "mozzarella")
        #expect(TextWidth.truncateHead("mozzarella di bufala", to: 8) == "… bufala")
        #expect(TextWidth.truncateHead("日本語テキスト", to: 6) == "…スト")
        #expect(TextWidth.truncateHead("abc", to: 1) == "…")
        #expect(TextWidth.truncateHead("abc", to: 0) == "")
    }
}
