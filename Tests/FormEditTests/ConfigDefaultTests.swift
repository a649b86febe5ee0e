import FormCore
import FormDocument
import FormSchema
import FormSpec
import Foundation
import Testing

@testable import FormEdit

/// A setting the file does not have shows the schema's `default` in its row, of every kind, on
/// the first page and on a page opened later; left as it is, it writes nothing.
@Suite struct ConfigDefaultTests {
    static let schema: DocumentValue = [
        "type": "object",
        "properties": [
            "fix": ["type": "boolean", "default": true],
            "width": ["type": "integer", "default": 88],
            "ratio": ["type": "number", "default": .number(DocumentNumber(literal: "0.5")!)],
            "level": ["type": "integer", "minimum": 1, "maximum": 5, "default": 3],
            "name": ["type": "string", "default": "demo"],
            "mode": ["enum": ["fast", "safe", "slow"], "default": "safe"],
            "tags": ["type": "array", "items": ["type": "string"], "default": ["a", "b"]],
            "day": ["type": "string", "format": "date", "default": "2024-02-29"],
            "server": [
                "type": "object",
                "properties": [
                    "deep": ["type": "object", "properties": ["on": ["type": "boolean", "default": true]]]
                ],
            ],
        ],
    ]

    func builder(_ text: String) throws -> ConfigFormBuilder {
        let document = try Document(reading: Array(text.utf8), format: .json, engine: JSONFormat())
        return ConfigFormBuilder(document: document, schema: try JSONSchema(Self.schema), title: "test")
    }

    func shown(_ form: Form<SpecAnswers>, _ answers: SpecAnswers) -> [String: any FormRow<SpecAnswers>] {
        form.rowsByTitle(for: answers)
    }

    @Test func eachKindShowsTheDefaultWhereTheFileHasNoValue() throws {
        let builder = try builder("{}")
        let answers = builder.initialAnswers()
        let rows = shown(builder.form(), answers)
        func value(_ title: String) -> String? { rows[title]?.anyContent(in: answers).rowText.value }
        #expect(value("fix") == "On")
        #expect(value("width") == "88")
        #expect(value("ratio") == "0.5")
        #expect(value("name") == "demo")
        #expect(value("mode") == "safe")
        #expect(value("level")?.contains("3") == true, "\(value("level") ?? "")")
        #expect(value("tags") == "2 items")
        #expect(answers[date: "/day"].map { SpecDates.format($0, kind: .date) } == "2024-02-29")
        #expect(builder.check.fields.values.allSatisfy { $0.original != nil || $0.showsDefault })
        // Marked as the default in the row's help.
        let footers = builder.form().sections.compactMap { $0.footer(answers) }
        #expect(footers.contains { $0.contains("Default: true") }, "\(footers)")
        #expect(try builder.updated(answers).bytes == builder.document.bytes, "untouched: nothing written")
    }

    @Test func aDefaultChangedIsWrittenAndPutBackIsNot() throws {
        let builder = try builder("{}")
        var answers = builder.initialAnswers()
        let rows = shown(builder.form(), answers)
        let fix = try #require(rows["fix"])
        #expect(fix.perform(.toggle, on: &answers) == .changed)
        #expect(
            String(decoding: try builder.updated(answers).bytes, as: UTF8.self).contains("\"fix\": false"))
        #expect(fix.perform(.named("reset to default"), on: &answers) == .changed)
        #expect(try builder.updated(answers).bytes == builder.document.bytes)
    }

    @Test func aPageOpenedLaterShowsItsDefaults() throws {
        let builder = try builder("{}")
        let answers = builder.initialAnswers()
        let deep = try #require(shown(builder.form(), answers)["deep"])
        let page = try #require(deep.destination(in: answers))
        let on = try #require(shown(page, answers)["on"])
        #expect(on.anyContent(in: answers).rowText.value == "On")
        #expect(try builder.updated(answers).bytes == builder.document.bytes)
    }
}
