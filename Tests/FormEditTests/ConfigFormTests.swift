import FormDocument
import FormSchema
import FormSpec
import Foundation
import Testing

@testable import FormEdit

/// The form over a configuration file: each schema kind asked by its row kind, errors placed on
/// their rows, and a save that changes only the changed value's bytes.
@Suite struct ConfigFormTests {
    static let schema: DocumentValue = [
        "type": "object",
        "required": ["name"],
        "properties": [
            "name": ["type": "string", "title": "Project name", "description": "What it is called."],
            "debug": ["type": "boolean"],
            "mode": ["enum": ["fast", "safe"]],
            "level": ["enum": ["a", "b", "c", "d", "e", "f"]],
            "port": ["type": "integer", "minimum": 1, "maximum": 65535],
            "ratio": ["type": "number"],
            "tags": ["type": "array", "items": ["type": "string"]],
            "steps": ["type": "array", "items": ["type": "object"]],
            "matrix": ["type": "array", "items": ["type": "array"]],
            "either": ["oneOf": [["type": "string"], ["type": "object"]]],
            "server": ["type": "object", "properties": ["host": ["type": "string"]]],
        ],
    ]

    func builder(_ text: String, format: DocumentFormat = .json, schema: DocumentValue? = Self.schema) throws
        -> ConfigFormBuilder
    {
        let document = try Document(reading: Array(text.utf8), format: format, engine: format.engine)
        let compiled = try schema.map { try JSONSchema($0) }
        return ConfigFormBuilder(document: document, schema: compiled, title: "test")
    }

    @Test func eachSchemaKindIsAskedByItsRowKind() throws {
        let builder = try builder(#"{"name": "x", "steps": [{"run": "make"}], "either": "s"}"#)
        _ = builder.initialAnswers()
        let kinds = builder.check.fields.mapValues(\.kind)
        #expect(kinds["/name"] == .text(multiline: false))
        #expect(kinds["/debug"] == .toggle)
        #expect(kinds["/mode"] == .choice(["fast", "safe"]))
        #expect(kinds["/port"] == .integer(min: 1, max: 65535))
        #expect(kinds["/ratio"] == .number(min: nil, max: nil))
        #expect(kinds["/tags"] == .list(numbers: false))
        #expect(kinds["/steps"] == .objects, "a list of pages")
        // A oneOf is a chooser, each branch a row of its kind; the one the value matches is
        // chosen; with no value, none is.
        let branch = "/either" + ConfigField.branchMark
        #expect(kinds[branch + "0"] == .text(multiline: false))
        #expect(kinds[branch + "1"] == .raw)
        #expect(builder.initialAnswers()[text: branch + "variant"] == "string")
        let empty = try self.builder(#"{"name": "x"}"#)
        #expect(empty.initialAnswers()[text: branch + "variant"] == "")
        #expect(kinds["/server/host"] == .text(multiline: false))
        #expect(builder.check.fields["/name"]?.title == "Project name")
        #expect(builder.check.fields["/name"]?.required == true)
        #expect(builder.check.fields["/name"]?.help == "What it is called.")
    }

    @Test func aValueTheKindCannotHoldIsShownAsJSONText() throws {
        let builder = try builder(#"{"name": "x", "port": "eighty"}"#)
        _ = builder.initialAnswers()
        #expect(builder.check.fields["/port"]?.kind == .raw)
        #expect(builder.initialAnswers()[text: "/port"] == #""eighty""#)
    }

    @Test func withoutASchemaTheValuesGiveTheKinds() throws {
        let builder = try builder(#"{"on": true, "n": 3, "list": ["a"], "deep": {"x": 1.5}}"#, schema: nil)
        _ = builder.initialAnswers()
        let kinds = builder.check.fields.mapValues(\.kind)
        #expect(kinds["/on"] == .toggle)
        #expect(kinds["/n"] == .integer(min: nil, max: nil))
        #expect(kinds["/list"] == .list(numbers: false))
        #expect(kinds["/deep/x"] == .number(min: nil, max: nil))
    }

    @Test func anErrorTheEditAddsIsOnItsRowAndTheFilesOwnAreAtTheTop() throws {
        let builder = try builder(#"{"port": 80, "matrix": [[1]]}"#)
        var answers = builder.initialAnswers()
        // The file lacks its required name: an error of the root, listed at the top.
        #expect(builder.check.errorsAtTop(in: answers).map(\.instanceLocation.pointer) == [""])
        #expect(builder.check.message(for: "/port", in: answers) == nil)
        answers[integer: "/port"] = 70000
        #expect(builder.check.message(for: "/port", in: answers) != nil)
        // A list of lists is typed as JSON text.
        answers[text: "/matrix"] = "[{"
        #expect(builder.check.message(for: "/matrix", in: answers)?.hasPrefix("not JSON") == true)
        #expect(throws: ConfigError.self) { try builder.updated(answers) }
    }

    @Test func aSaveChangesOnlyTheChangedValuesBytes() throws {
        let text = """
            # the project
            [project]
            name = "demo"   # its name
            version='0.1'

            [tool.ruff]
            line-length = 88  # wide
            """
        let builder = try builder(text, format: .toml, schema: nil)
        var answers = builder.initialAnswers()
        #expect(try builder.updated(answers).bytes == Array(text.utf8))
        answers[integer: "/tool/ruff/line-length"] = 100
        let saved = String(decoding: try builder.updated(answers).bytes, as: UTF8.self)
        #expect(saved == text.replacingOccurrences(of: "= 88", with: "= 100"))
    }

    @Test func aChoiceOfManyIsAListAndTheFilesValueStaysAChoice() throws {
        let builder = try builder(#"{"name": "x", "mode": "other"}"#)
        _ = builder.initialAnswers()
        #expect(builder.check.fields["/mode"]?.kind == .choice(["fast", "safe", "other"]))
        #expect(builder.check.fields["/level"]?.labels.count == 6)
    }

    @Test func keysTheSchemaDoesNotNameAreASectionOfTheirOwn() throws {
        let builder = try builder(#"{"name": "x", "extra": 1}"#)
        let answers = builder.initialAnswers()
        let headers = builder.form().sections.compactMap { $0.header(answers) }
        #expect(headers.contains("Not in the schema"), "\(headers)")
        #expect(builder.check.fields["/extra"]?.kind == .integer(min: nil, max: nil))
        let plain = try self.builder(#"{"name": "x"}"#)
        let plainAnswers = plain.initialAnswers()
        #expect(!plain.form().sections.compactMap { $0.header(plainAnswers) }.contains("Not in the schema"))
    }

    @Test func aRootThatIsAListIsOneRow() throws {
        let builder = try builder("[1, 2]", schema: nil)
        var answers = builder.initialAnswers()
        #expect(builder.check.fields[""]?.kind == .raw)
        answers[text: ""] = "[1, 2, 3]"
        #expect(String(decoding: try builder.updated(answers).bytes, as: UTF8.self).contains("3"))
    }
}
