import FormCore
import Testing

private struct Look: Equatable {
    enum Theme: String, CustomStringConvertible {
        case light, dark, auto, sepia
        var description: String { rawValue.capitalized }
    }

    var theme = Theme.dark
    var other = 0
}

@Suite("SegmentedRow: a few options side by side, ←/→ choose")
struct SegmentedRowTests {
    private let row = SegmentedRow<Look, Look.Theme>("Theme", \.theme, options: [.light, .dark, .auto])

    @Test("the content lists the options and which one is chosen")
    func content() {
        #expect(
            row.content(in: Look())
                == SegmentedContent(title: "Theme", segments: ["Light", "Dark", "Auto"], selected: 1))
        #expect(row.content(in: Look(theme: .sepia)).selected == nil)
        #expect(row.hints(in: Look()) == [RowHint([.decrement, .increment], "Choose")])
    }

    @Test("→ and ← move the choice and stop at the ends")
    func choose() {
        var state = Look()
        #expect(row.perform(.increment, on: &state) == .changed)
        #expect(state.theme == .auto)
        #expect(row.perform(.increment, on: &state) == .ignored)
        #expect(state.theme == .auto)
        #expect(row.perform(.decrement, on: &state) == .changed)
        #expect(row.perform(.decrement, on: &state) == .changed)
        #expect(state == Look(theme: .light))
        #expect(row.perform(.decrement, on: &state) == .ignored)
        #expect(state == Look(theme: .light))
    }

    @Test("a value that is none of the options moves onto the end the arrow points to")
    func unknownValue() {
        var state = Look(theme: .sepia)
        #expect(row.perform(.increment, on: &state) == .changed)
        #expect(state.theme == .light)
        state.theme = .sepia
        #expect(row.perform(.decrement, on: &state) == .changed)
        #expect(state.theme == .auto)
        let none = SegmentedRow<Look, Look.Theme>("Theme", \.theme, options: [])
        #expect(none.perform(.increment, on: &state) == .ignored)
    }

    @Test(
        "other actions change nothing",
        arguments: [RowAction.activate, .toggle, .setText("x"), .largeIncrement])
    func ignored(action: RowAction) {
        var state = Look()
        #expect(row.perform(action, on: &state) == .ignored)
        #expect(state == Look())
        #expect(row.inlinePicker(in: state) == nil)
    }
}
