import FormCore
import FormDocument
import FormSchema
import FormSpec
import Foundation
import Testing

@testable import FormEdit

/// An array of objects is a list of items, each a page built from the items' schema; items are
/// added, deleted and moved, and saved as the document's array edits.
@Suite struct ConfigItemsTests {
    static let schema: DocumentValue = [
        "type": "object",
        "properties": [
            "servers": [
                "type": "array",
                "items": [
                    "type": "object",
                    "properties": ["name": ["type": "string"], "port": ["type": "integer", "default": 80]],
                ],
            ]
        ],
    ]

    static let text = """
        {"servers": [
          {"name": "a"},
          {"name": "b", "port": 8080},
          {"name": "c"}
        ]}
        """

    func builder() throws -> ConfigFormBuilder {
        let document = try Document(reading: Array(Self.text.utf8), format: .json, engine: JSONFormat())
        return ConfigFormBuilder(document: document, schema: try JSONSchema(Self.schema), title: "test")
    }

    func rows(_ form: Form<SpecAnswers>, _ answers: SpecAnswers) -> [String: any FormRow<SpecAnswers>] {
        form.rowsByTitle(for: answers)
    }

    func saved(_ builder: ConfigFormBuilder, _ answers: SpecAnswers) throws -> String {
        String(decoding: try builder.updated(answers).bytes, as: UTF8.self)
    }

    @Test func eachItemIsAPageOfItsSchema() throws {
        let builder = try builder()
        var answers = builder.initialAnswers()
        #expect(builder.check.fields["/servers"]?.kind == .objects)
        let form = builder.form()
        let titles = Set(rows(form, answers).keys)
        #expect(
            titles.isSuperset(of: ["servers 1", "servers 2", "servers 3", "Add to servers"]), "\(titles)")
        let second = try #require(rows(form, answers)["servers 2"])
        #expect(second.anyContent(in: answers).rowText.value == "b")
        let page = try #require(second.destination(in: answers))
        let inner = rows(page, answers)
        #expect(inner["name"]?.anyContent(in: answers).rowText.value == "b")
        #expect(inner["port"]?.anyContent(in: answers).rowText.value == "8080")
        #expect(try saved(builder, answers) == Self.text)
        answers[text: "/servers/1/name"] = "B"
        #expect(try saved(builder, answers) == Self.text.replacingOccurrences(of: "\"b\"", with: "\"B\""))
    }

    @Test func itemsAreDeletedMovedAndAddedAsArrayEdits() throws {
        let builder = try builder()
        var answers = builder.initialAnswers()
        // The second's page opened (a page's rows are made when it opens), its name edited.
        let second = try #require(rows(builder.form(), answers)["servers 2"])
        _ = second.destination(in: answers)
        answers[text: "/servers/1/name"] = "B"
        // The first deleted: the others keep their bytes (and the edit of the second).
        answers[texts: "/servers"] = ["1", "2"]
        var text = try saved(builder, answers)
        #expect(!text.contains("\"a\"") && text.contains(#"{"name": "B", "port": 8080}"#), "\(text)")
        #expect(text.contains(#"{"name": "c"}"#))
        // Moved: the items swap, each with its own bytes.
        answers[texts: "/servers"] = ["2", "1"]
        text = try saved(builder, answers)
        let c = try #require(text.range(of: #"{"name": "c"}"#))
        let b = try #require(text.range(of: #"{"name": "B", "port": 8080}"#))
        #expect(c.lowerBound < b.lowerBound, "\(text)")
        // Added: its page's rows write into it; its default is shown, not written.
        answers[texts: "/servers"] = ["2", "1", "3"]
        let added = try #require(rows(builder.form(), answers)["servers 3"])
        let page = try #require(added.destination(in: answers))
        #expect(rows(page, answers)["port"]?.anyContent(in: answers).rowText.value == "80")
        answers[text: "/servers/3/name"] = "d"
        let value = try builder.updated(answers).value
        #expect(value == ["servers": [["name": "c"], ["name": "B", "port": 8080], ["name": "d"]]])
    }

    /// An error inside an item follows the item as it moves: it is placed on the row of the
    /// item's own field, wherever the item stands now, and an error the file had stays the file's.
    @Test func anErrorInsideAMovedItemFollowsTheItem() throws {
        var schema = Self.schema
        schema.set(1000, at: DocumentPath(pointer: "/properties/servers/items/properties/port/maximum")!)
        let text =
            #"{"servers": [{"name": "a", "port": 1}, {"name": "b", "port": 2}, {"name": "c", "port": 5000}]}"#
        let document = try Document(reading: Array(text.utf8), format: .json, engine: JSONFormat())
        let builder = ConfigFormBuilder(document: document, schema: try JSONSchema(schema), title: "test")
        let form = builder.form()
        var answers = builder.initialAnswers()
        for title in ["servers 1", "servers 2", "servers 3"] {
            _ = try #require(rows(form, answers)[title]).destination(in: answers)
        }
        #expect(builder.check.errorsAtTop(in: answers).map(\.instanceLocation.pointer) == ["/servers/2/port"])
        // The second item moved first, then its port set out of bounds.
        answers[texts: "/servers"] = ["1", "0", "2"]
        answers[answer: "/servers/1/port"] = .integer(9000)
        #expect(builder.check.message(for: "/servers/1/port", in: answers) != nil, "on the item's own row")
        #expect(builder.check.message(for: "/servers/0/port", in: answers) == nil, "not on the row now first")
        // The file's own error moved with its item (last to first) is still the file's.
        answers[texts: "/servers"] = ["2", "1", "0"]
        let top = builder.check.errorsAtTop(in: answers)
        #expect(top.map(\.instanceLocation.pointer) == ["/servers/0/port"], "at the top, where it now stands")
        #expect(builder.check.message(for: "/servers/2/port", in: answers) == nil)
        #expect(builder.check.message(for: "/servers/0/port", in: answers) == nil)
        #expect(builder.check.message(for: "/servers/1/port", in: answers) != nil)
        let error = try #require(top.first)
        #expect(builder.check.page(containing: error.instanceLocation)?.pointer == "/servers/2")
    }

    /// An error under a map key renamed is placed on the rows of the key, which write under its
    /// name in the file.
    @Test func anErrorUnderARenamedMapKeyIsOnItsRow() throws {
        let schema: DocumentValue = [
            "type": "object",
            "properties": [
                "limits": ["type": "object", "additionalProperties": ["type": "integer", "maximum": 10]]
            ],
        ]
        let text = #"{"limits": {"cpu": 1, "mem": 2}}"#
        let document = try Document(reading: Array(text.utf8), format: .json, engine: JSONFormat())
        let builder = ConfigFormBuilder(document: document, schema: try JSONSchema(schema), title: "test")
        _ = builder.form()
        var answers = builder.initialAnswers()
        let keys = try #require(builder.check.maps["/limits"])
        answers[keyOf: keys, 0] = "cores"
        answers[answer: "/limits/cpu"] = .integer(64)
        #expect(builder.check.message(for: "/limits/cpu", in: answers) != nil)
        #expect(builder.check.errorsAtTop(in: answers).isEmpty)
    }
}
