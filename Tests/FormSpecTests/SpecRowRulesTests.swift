import FormCore
import Testing

@testable import FormSpec

/// A spec's rows are made lazily, so their groups say beforehand whether a row can answer a
/// rule's message (`SpecFormBuilder.mayAnswer`): the rules' walk and a save make no row that
/// cannot. What they say must be what the made row is, or a message would be missed.
@Suite struct SpecRowRulesTests {
    /// One row of each kind but a list (whose groups are a `ForEach`'s), as written in a spec,
    /// with `required` set as given (a label takes none).
    static func rows(required: Bool) -> [String] {
        let flag = "required: \(required)"
        var rows = [
            "text", "email", "secure", "multiline", "number", "decimal", "switch", "stepper", "slider",
            "date", "time", "datetime",
        ]
        .enumerated().map { "{id: r\($0.offset), type: \($0.element), title: R\($0.offset), \(flag)}" }
        rows += ["picker", "select", "multiselect"].enumerated().map {
            "{id: o\($0.offset), type: \($0.element), title: O\($0.offset), options: [A, B], \(flag)}"
        }
        rows.append("{type: label, title: L, value: v}")
        rows.append(
            "{id: f, type: form, title: F, \(flag), sections: [{rows: [{id: g, type: text, title: G}]}]}")
        return rows
    }

    static func spec(required: Bool) throws -> FormSpec {
        let text =
            "title: T\nsections:\n  - rows:\n" + rows(required: required).map { "      - \($0)\n" }.joined()
        return try SpecReader.read(text: text, format: .yaml, file: "rules.yaml")
    }

    @Test("a row's group says it can answer exactly when the made row's kind can", arguments: [false, true])
    func groupsSayWhatTheirRowsAre(required: Bool) throws {
        let spec = try Self.spec(required: required)
        let builder = SpecFormBuilder(spec: spec)
        let form = builder.form()
        let rows = spec.sections[0].rows
        #expect(form.sections[0].groups.count == rows.count)
        for (row, group) in zip(rows, form.sections[0].groups) {
            let made = builder.row(row)
            #expect(
                SpecFormBuilder.mayAnswer(row) == type(of: made).validates,
                "\(row.kind.rawValue), required \(required)")
            #expect(group.validates == SpecFormBuilder.mayAnswer(row), "\(row.kind.rawValue)")
        }
    }

    @Test("the rules' walk finds what asking every row finds, required or not", arguments: [false, true])
    func walkFindsWhatEveryRowSays(required: Bool) throws {
        let spec = try Self.spec(required: required)
        let form = SpecFormBuilder(spec: spec).form()
        let state = SpecFormBuilder.initialAnswers(of: spec)
        var findings = RuleFindings()
        form.findProblems(&findings, in: state, rows: .max)
        var everyRow: [RowPath: String] = [:]
        for (index, group) in form.sections[0].groups.enumerated() {
            if let message = group.row(state, 0).validate(in: state) {
                everyRow[RowPath(section: 0, group: index, index: 0)] = message
            }
        }
        #expect(findings.messages == everyRow)
        // Required rows left empty answer: the walk is not vacuous.
        if required { #expect(everyRow.count >= 10, "\(everyRow)") }
    }
}
