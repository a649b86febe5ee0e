import FormCore
import FormUI
import Testing

@testable import FormSpec

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A large spec costs in proportion to its rows, and its form makes only the rows it shows:
/// counted, not timed, so that a busy machine cannot fail it.
struct LargeSpecTests {
    /// `rows` rows of nine kinds, as Benchmarks/specgen.py writes them.
    /// `spec(rows)` written as TOML: a `[[sections]]` and a `[[sections.rows]]` table a row.
    static func toml(_ rows: Int) throws -> String {
        let tree = try SpecNode.read(text: spec(rows), format: .yaml, file: "big.yaml")
        var text = "title = \"Big\"\n"
        guard case .list(let sections)? = tree["sections"]?.value else { return text }
        for section in sections {
            text += "\n[[sections]]\nheader = \"\(section["header"]?.text ?? "")\"\n"
            guard case .list(let rows)? = section["rows"]?.value, !rows.isEmpty else { continue }
            for row in rows {
                text += "\n[[sections.rows]]\n"
                guard case .table(let members) = row.value else { continue }
                for member in members { text += "\(member.key) = \(tomlValue(member.node))\n" }
            }
        }
        return text
    }

    static func tomlValue(_ node: SpecNode) -> String {
        switch node.value {
        case .string(let text, _): "\"\(text)\""
        case .list(let items): "[" + items.map(tomlValue).joined(separator: ", ") + "]"
        default: node.text ?? "\"\""
        }
    }

    static func spec(_ rows: Int) -> String {
        let kinds = [
            "text, required: true", "number, min: 0, max: 1000", "switch, default: true",
            "stepper, min: 1, max: 9, default: 3", "select, options: [Small, Medium, Large]", "date",
            "slider, min: 0, max: 100, step: 5", "email", "multiline",
        ]
        var text = "title: Big\nsections:\n"
        for index in 0..<rows {
            if index % 100 == 0 { text += "  - header: Part \(index / 100 + 1)\n    rows:\n" }
            text += "      - {id: f\(index), title: Field \(index), type: \(kinds[index % kinds.count])}\n"
        }
        return text
    }

    @Test func aFormOfTwentyThousandRowsMakesOnlyTheRowsItShows() throws {
        let spec = try SpecReader.read(text: Self.spec(20_000), format: .yaml, file: "big.yaml")
        #expect(spec.answeringRows.count == 20_000)
        var builder = SpecFormBuilder(spec: spec, now: { Date(timeIntervalSince1970: 1_700_000_000) })
        let made = SpecFormBuilder.MadeRows()
        builder.madeRows = made
        let store = StateStore(SpecFormBuilder.initialAnswers(of: spec))
        let app = App(root: FormScreen(form: builder.form(), store: store, mode: .edit))
        // Before a frame, at most the row that takes focus.
        #expect(made.count <= 1)
        let size = Size(width: 80, height: 24)
        _ = app.render(size: size)
        for _ in 0..<40 {
            app.handle(.down)
            _ = app.render(size: size)
        }
        // A screenful, and the rows passed on the way down: never the 20,000.
        #expect(made.count > 20)
        #expect(made.count < 200, "\(made.count) rows made")
        // Rows made late work as rows made at once: a switch flips, a required text is said.
        let lines = app.render(size: size).lines
        #expect(lines.contains { $0.contains("Field 40") })
        app.handle(.control("s"))
        #expect(app.render(size: size).lines.joined().contains("Field 0 is needed"))
        // Saving asks every row that can answer a rule, so each of those is made once; a row
        // that cannot (a switch, select or date not required) only where it was shown.
        let answering = spec.answeringRows.filter(SpecFormBuilder.mayAnswer).count
        #expect(answering > 10_000 && answering < 20_000)
        #expect(made.count >= answering && made.count < answering + 200, "\(made.count) rows made")
    }
}
