import FormCore
import Testing

/// What a save costs: it asks only the rows that can answer a validation message.
@Suite struct SaveCostTests {
    private struct Switches: Equatable {
        var flags = [Bool](repeating: false, count: 1_000_000)
        var names = ["", "b"]
    }

    /// Counts the rows a form makes.
    private final class Made {
        var count = 0
    }

    @Test func aMillionSwitchesAreNotMadeToValidate() {
        let made = Made()
        let form = Form<Switches>(title: "Many") {
            Section {
                ForEach(0..<1_000_000) { index, _ in
                    made.count += 1
                    return Toggle<Switches>("Item \(index)", \Switches.flags[index])
                }
            }
        }
        #expect(form.validationMessages(for: Switches()).isEmpty)
        #expect(made.count == 0, "a switch cannot fail validation: none of a million is made")
    }

    @Test func rowsThatCanFailAreStillAsked() {
        let made = Made()
        let form = Form<Switches>(title: "Names") {
            Section {
                ForEach(\Switches.names) { index, _ in
                    made.count += 1
                    return TextRow<Switches>("Name \(index + 1)", \Switches.names[index]).validate {
                        $0.names[index].isEmpty ? "A name is needed." : nil
                    }
                }
            }
        }
        let messages = form.validationMessages(for: Switches())
        #expect(messages == [RowPath(section: 0, group: 0, index: 0): "A name is needed."])
        #expect(made.count == 2)
    }

    @Test func builtInKindsSayWhetherTheyValidate() {
        #expect(!Toggle<Switches>.validates)
        #expect(!ChoiceRow<Switches, Int>.validates)
        #expect(TextRow<Switches>.validates)
        #expect(NumberRow<Switches, Int>.validates)
        #expect(ValidatedRow<Toggle<Switches>>.validates, "a rule added to any kind is asked")
    }
}
