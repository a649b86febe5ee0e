import FormCore
import FormUI
import Testing

/// The line mode's cost per answer does not grow with the form: an answer through a row's
/// binding changes the draft in place (no whole-state copy or comparison), and on a form whose
/// rows read apart only the sections that read the changed value are walked again.
struct AccessibleScalingTests {
    /// Counts what the session asks of the state: whole-state comparisons and section visibility.
    final class Counter {
        var comparisons = 0
        var visibilityAsks = 0
    }

    struct Grid: Equatable {
        var cells = [Int](repeating: 0, count: sections * rowsPerSection)
        let counter = Counter()

        static func == (lhs: Grid, rhs: Grid) -> Bool {
            lhs.counter.comparisons += 1
            return lhs.cells == rhs.cells
        }
    }

    static let sections = 40
    static let rowsPerSection = 5

    static func form(readApart: Bool) -> Form<Grid> {
        var form = Form<Grid>(title: "Grid") {}
        for section in 0..<sections {
            var made = Section<Grid>("Part \(section + 1)") {
                for row in 0..<rowsPerSection {
                    StepperRow(
                        "Cell \(section * rowsPerSection + row)", \.cells[section * rowsPerSection + row],
                        in: 0...9)
                }
            }
            made.isVisible = { state in
                state.counter.visibilityAsks += 1
                return true
            }
            if readApart { made.layoutReads = [] }
            form.sections.append(made)
        }
        form.rowsReadApart = readApart
        return form
    }

    /// Every cell answered 1..9 in turn, then saved.
    static func run(readApart: Bool) -> (state: Grid, counter: Counter) {
        let cells = sections * rowsPerSection
        let answers = (0..<cells).map { "\($0 % 9 + 1)\n" }.joined() + "y\n"
        let store = StateStore(Grid())
        let session = AccessibleSession(
            form: form(readApart: readApart), store: store, input: TextLineInput(answers),
            output: TextLineOutput())
        let counter = store.value.counter
        counter.comparisons = 0
        counter.visibilityAsks = 0
        #expect(session.run() == 0)
        return (store.value, counter)
    }

    @Test func answersThroughBindingsAreNotComparedWhole() {
        let (state, counter) = Self.run(readApart: true)
        #expect(state.cells == (0..<state.cells.count).map { $0 % 9 + 1 })
        // One answer made a whole-state comparison before (200 of them); a save may compare once.
        #expect(counter.comparisons < 10, "\(counter.comparisons) whole-state comparisons")
    }

    @Test func onAFormWhoseRowsReadApartAnAnswerWalksOnlyTheSectionsThatReadIt() {
        let cells = Self.sections * Self.rowsPerSection
        let apart = Self.run(readApart: true).counter.visibilityAsks
        let together = Self.run(readApart: false).counter.visibilityAsks
        // Walking every section after every answer asks sections × answers (8,000) times.
        #expect(together >= Self.sections * cells, "\(together)")
        // Apart: a few asks a row (asking it, the summary, the save), none per section per answer.
        #expect(apart < 8 * cells, "\(apart) visibility asks for \(cells) answers")
    }
}
