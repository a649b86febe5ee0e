import FormDocument
import Testing

@testable import FormSchema

@Suite struct BadSchemaTests {
    let clock = ContinuousClock()
    /// A release build does each of these in milliseconds; the bound is issue 36's, in a debug
    /// build: it fails a hang or quadratic time.
    let budget: Duration = .seconds(1)

    @Test func aCycleOfReferencesIsAnErrorNotAHang() throws {
        let schema = try JSONSchema([
            "$defs": ["a": ["$ref": "#/$defs/b"], "b": ["$ref": "#/$defs/a"]], "$ref": "#/$defs/a",
        ])
        let errors = schema.validate(1)
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("loop back") == true)
        #expect(!schema.isValid(1))
    }

    @Test func aReferenceToNothingSaysWhich() {
        do {
            _ = try JSONSchema(["properties": ["a": ["$ref": "#/$defs/missing"]]])
            Issue.record("a dangling reference compiled")
        } catch {
            #expect(
                error.message == "`#/$defs/missing` points to nothing: `#/$defs/missing` is not in the schema"
            )
            #expect(error.schemaLocation.hasSuffix("#/properties/a/$ref"))
        }
    }

    @Test func aReferenceToNothingInADefinitionIsAnErrorWhereAValueReachesIt() throws {
        // Definitions are compiled when a value first reaches them: the schema compiles, and the
        // dangling reference is an error of the value that reaches it (never a crash).
        let schema = try JSONSchema([
            "properties": ["a": ["$ref": "#/$defs/a"], "b": ["type": "integer"]],
            "$defs": ["a": ["items": ["$ref": "#/$defs/missing"]]],
        ])
        #expect(schema.validate(["b": 1]).isEmpty)
        let errors = schema.validate(["a": [1]])
        #expect(errors.map(\.instanceLocation) == [DocumentPath(pointer: "/a/0")!])
        #expect(
            errors.first?.message
                == "the schema cannot be used here: urn:formtui:schema#/$defs/a/items/$ref: "
                + "`#/$defs/missing` points to nothing: `#/$defs/missing` is not in the schema")
        #expect(!schema.isValid(["a": [1]]))
        #expect(schema.isValid(["a": []]))
    }

    @Test func validationsAtOnceShareTheLazilyCompiledNodes() async throws {
        var definitions: [(String, DocumentValue)] = []
        for index in 0..<100 {
            definitions.append(
                (
                    "d\(index)",
                    ["type": "object", "properties": ["next": ["$ref": .string("#/$defs/d\(index + 1)")]]]
                ))
        }
        definitions.append(("d100", ["type": "integer", "maximum": 5]))
        let schema = try JSONSchema([
            "$defs": .object(.init(uniqueKeysWithValues: definitions)), "$ref": "#/$defs/d0",
        ])
        var value: DocumentValue = 9
        for _ in 0..<100 { value = ["next": value] }
        let deep = value
        let counts = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { schema.validate(deep).count } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts == Array(repeating: 1, count: 8))
    }

    func read(_ text: String) throws -> DocumentValue {
        try JSONFormat().read(Array(text.utf8)).value
    }

    @Test func tenThousandPropertiesAreQuick() throws {
        let names = (0..<10_000).map { "\"p\($0)\"" }
        let properties = try read(
            "{" + names.map { "\($0): {\"type\": \"integer\"}" }.joined(separator: ",") + "}")
        let value = try read("{" + names.enumerated().map { "\($1): \($0)" }.joined(separator: ",") + "}")
        let wrong = try read(
            "{" + names.enumerated().map { "\($1): \($0 == 5 ? "\"five\"" : "\($0)")" }.joined(separator: ",")
                + "}")
        let start = clock.now
        let schema = try JSONSchema(["properties": properties, "additionalProperties": false])
        #expect(schema.isValid(value))
        #expect(schema.validate(wrong).map(\.instanceLocation) == [DocumentPath(pointer: "/p5")!])
        #expect(clock.now - start < budget)
    }

    @Test func aHundredThousandEnumValuesAreOneLookup() throws {
        let values = (0..<100_000).map { DocumentValue.string("v\($0)") }
        let start = clock.now
        let schema = try JSONSchema(["enum": .array(values)])
        for _ in 0..<1000 { #expect(schema.isValid("v99999")) }
        #expect(!schema.isValid("w"))
        #expect(clock.now - start < budget)
    }

    @Test func deepNestingHasAStatedLimit() throws {
        var schema: DocumentValue = ["type": "integer"]
        var value: DocumentValue = 1
        for _ in 0..<10_000 {
            schema = ["items": schema]
            value = [value]
        }
        let start = clock.now
        do {
            _ = try JSONSchema(schema)
            Issue.record("a schema nested 10,000 deep compiled")
        } catch {
            #expect(error.message == "the schema is nested too deeply (over 500 levels)")
        }
        let recursive = try JSONSchema(["items": ["$ref": "#"]])
        #expect(recursive.isValid([[[1]]]))
        #expect(
            recursive.validate(value).map(\.message) == [
                "the value or the schema is nested too deeply to check (over 250 levels)"
            ])
        #expect(!recursive.isValid(value))
        #expect(clock.now - start < budget)
    }

    @Test func schemasOfTheWrongShapeAreRefused() {
        #expect(throws: SchemaCompileError.self) { try JSONSchema(["properties": ["a": 3]]) }
        #expect(throws: SchemaCompileError.self) { try JSONSchema(["minLength": -1]) }
        #expect(throws: SchemaCompileError.self) { try JSONSchema(["pattern": "(("]) }
        #expect(throws: SchemaCompileError.self) { try JSONSchema(["type": "text"]) }
    }

    @Test func aCostlyPatternEndsTheCheckWithAnError() throws {
        let schema = try JSONSchema(["pattern": #"^(a+)+\1$"#])
        let start = clock.now
        let errors = schema.validate(.string(String(repeating: "a", count: 40) + "!"))
        #expect(errors.first?.message.contains("too costly") == true)
        #expect(clock.now - start < budget)
    }
}
