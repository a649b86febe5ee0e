import FormCore
import Testing

/// The row kinds that say every row of theirs offers the same hints (`FormRow.hasFixedHints`)
/// keep that promise: focus moving down a list of them asks one row for the hints of all.
@Suite struct FixedHintsTests {
    private struct Settings {
        var on = false
        var text = ""
        var count = 3
        var level = 50
        var choice = 1
        var chosen: Set<Int> = []
    }

    /// Two states as unlike as the rows can tell: every value at another end.
    private let states = [
        Settings(),
        Settings(
            on: true, text: "a long note\nof two lines", count: 10, level: 100, choice: 2, chosen: [1, 2, 3]),
    ]

    /// Every row's hints in every state are the first row's in the first state, and no row takes
    /// typed text or opens a picker in place.
    private func expectFixed<Row: FormRow>(_ rows: [Row], sourceLocation: SourceLocation = #_sourceLocation)
    where Row.State == Settings {
        #expect(Row.hasFixedHints, sourceLocation: sourceLocation)
        let first = rows[0].hints(in: states[0])
        #expect(!first.isEmpty, sourceLocation: sourceLocation)
        for row in rows {
            #expect(row.isFocusable, sourceLocation: sourceLocation)
            for state in states {
                #expect(row.hints(in: state) == first, "\(row.title)", sourceLocation: sourceLocation)
                #expect(row.textInput(in: state) == nil, "\(row.title)", sourceLocation: sourceLocation)
                #expect(row.inlinePicker(in: state) == nil, "\(row.title)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func switchesButtonsAndOpeners() {
        expectFixed([Toggle<Settings>("On", \.on), Toggle("Off", \.on)])
        expectFixed([ButtonRow<Settings>("Edit", command: "edit"), ButtonRow("Reset", command: "reset")])
        expectFixed([
            NavigationRow<Settings>("Wi-Fi", value: { $0.text }, form: { Form(title: "Wi-Fi") {} }),
            NavigationRow("Other", value: { _ in "" }, form: { Form(title: "Other") {} }),
        ])
        expectFixed([PasswordRow<Settings>("Password", \.text), PasswordRow("PIN", \.text)])
        expectFixed([MultilineTextRow<Settings>("Notes", \.text), MultilineTextRow("More", \.text)])
    }

    @Test func choices() {
        expectFixed([
            SelectionRow<Settings, Int>("Choice", \.choice, options: [1, 2, 3]),
            SelectionRow("Other", \.choice, options: [2]),
        ])
        expectFixed([
            ChoiceRow<Settings, Int>("One", \.choice, value: 1), ChoiceRow("Two", \.choice, value: 2),
        ])
        expectFixed([
            MultiSelectionRow<Settings, Int>("Many", \.chosen, options: [1, 2, 3]),
            MultiSelectionRow("Few", \.chosen, options: [1]),
        ])
        expectFixed([
            SegmentedRow<Settings, Int>("Size", \.choice, options: [1, 2, 3]),
            SegmentedRow("Side", \.choice, options: [1, 2]),
        ])
    }

    @Test func numbersMovedByKeys() {
        expectFixed([
            StepperRow<Settings, Int>("Count", \.count, in: 3...10), StepperRow("Other", \.count, in: 0...99),
        ])
        expectFixed([
            SliderRow<Settings, Int>("Level", \.level, in: 50...100), SliderRow("Low", \.level, in: 0...50),
        ])
    }

    @Test func aRuleOfItsOwnKeepsTheKindsHelp() {
        let rule: (Settings) -> String? = { $0.on ? nil : "Must be on." }
        expectFixed([Toggle<Settings>("On", \.on).validate(rule), Toggle("Off", \.on).validate(rule)])
        #expect(!ValidatedRow<TextRow<Settings>>.hasFixedHints)
    }

    /// Rows whose hints or text follow the row or the state do not say so.
    @Test func kindsThatDependOnTheRowOrTheStateDoNotSaySo() {
        #expect(!TextRow<Settings>.hasFixedHints)
        #expect(!NumberRow<Settings, Int>.hasFixedHints)
        #expect(!CheckRow<Settings, Int>.hasFixedHints, "its hint says Check or Uncheck")
        #expect(!DateRow<Settings>.hasFixedHints)
        #expect(!InlinePickerRow<Settings>.hasFixedHints)
        #expect(!LabelRow<Settings>.hasFixedHints)
    }

    /// A custom kind that says nothing keeps the default, false.
    @Test func aCustomKindDoesNotClaimItByDefault() {
        struct Plain: FormRow {
            var title = "Plain"
            func content(in state: Settings) -> RowText { RowText(title, value: "") }
            func perform(_ action: RowAction, on state: inout Settings) -> RowOutcome { .ignored }
        }
        #expect(!Plain.hasFixedHints)
    }
}

/// Which lines a layout answers shared hints for: only rows of a `ForEach` of a kind that says
/// so, enabled and taking focus, and never the add row of an editable array.
@Suite struct LayoutFixedHintsTests {
    private struct Settings {
        var flags = [false, false, false]
        var choice = 0
        var locked = false
    }

    private let toggle = [RowHint(.toggle, "Toggle")]

    @Test func aListOfSwitchesSharesItsHintsAndAnswersEachPath() {
        let form = Form<Settings>(title: "S") {
            Section("Flags") {
                ForEach(\Settings.flags) { index, _ in Toggle("Flag \(index)", \.flags[index]) }
            }
        }
        let layout = form.layout(for: Settings())
        // Line 0 is the header.
        #expect(layout.fixedHints(onLine: 0) == nil)
        #expect(layout.fixedHints(onLine: 1)?.hints == toggle)
        #expect(layout.fixedHints(onLine: 3)?.path == RowPath(section: 0, group: 0, index: 2))
    }

    @Test func notForASingleRowALabelListADisabledListOrAnAddRow() {
        let form = Form<Settings>(title: "S") {
            Section("One") { Toggle("Alone", \.locked) }
            Section("Labels") {
                ForEach(0..<2) { index, _ in LabelRow<Settings>("Label \(index)", value: { _ in "" }) }
            }
            Section("Locked") {
                ForEach(\Settings.flags) { index, _ in Toggle("Flag \(index)", \.flags[index]) }
                    .disabled(when: { _ in true })
            }
            Section("Editable") {
                ForEach(\Settings.flags, editable: "flag", newElement: { _ in false }) { index, _ in
                    Toggle("Flag \(index)", \.flags[index])
                }
            }
        }
        let layout = form.layout(for: Settings())
        let answered = (0..<layout.count).filter { layout.fixedHints(onLine: $0) != nil }
        #expect(answered.isEmpty, "lines \(answered) answered shared hints")
    }

    @Test func aFilteredListAnswersThePathsOfWhatItShows() {
        let names = ["Apple", "Banana", "Cherry", "Apricot"]
        let form = Form<Settings>(title: "S") {
            Section {
                ForEach(names, filterBy: { $0 }) { index, name in
                    ChoiceRow(name, \Settings.choice, value: index)
                }
            }
        }
        let layout = form.layout(for: Settings(), filter: "ap")
        #expect(layout.fixedHints(onLine: 1)?.path == RowPath(section: 0, group: 0, index: 0))
        #expect(layout.fixedHints(onLine: 2)?.path == RowPath(section: 0, group: 0, index: 1))
        #expect(layout.fixedHints(onLine: 1)?.hints == [RowHint(.activate, "Choose")])
    }
}
