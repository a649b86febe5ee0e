import FormCore
import FormUI
import Testing

/// What the line mode's answers cost, counted: each answer compares the one value it changed
/// with the saved state, however many rows the form has (5,000 piped answers compared every
/// answered row again at each answer: quadratic, 22.6G instructions).
@Suite("Line mode: piped answers cost linear work")
struct LineModeCostTests {
    struct Texts: Equatable {
        var texts: [String]
    }

    static func form(rows: Int) -> Form<Texts> {
        var form = Form<Texts>(title: "Texts") {
            Section("All") { ForEach(\.texts) { index, _ in TextRow("Text \(index)", \.texts[index]) } }
        }
        // Each row binds its own element: a change through one leaves the others as they were.
        form.rowsReadApart = true
        return form
    }

    @Test(arguments: [500, 2_000])
    func eachAnswerComparesOnlyTheValueItChanged(rows: Int) {
        let store = StateStore(Texts(texts: Array(repeating: "", count: rows)))
        let session = AccessibleSession(
            form: Self.form(rows: rows), store: store, mode: .edit,
            input: TextLineInput((0..<rows).map { "a\($0)\n" }.joined()), output: TextLineOutput())
        _ = session.run()
        #expect(session.draft.value.texts.last == "a\(rows - 1)", "every answer was taken")
        #expect(session.draft.valuesCompared == rows, "one comparison an answer, not one a row answered")
    }
}
