import FormDocument
import Testing

@testable import FormSchema

@Suite struct ValidationTests {
    let server: DocumentValue = [
        "type": "object",
        "properties": [
            "name": ["type": "string", "minLength": 1],
            "port": ["$ref": "#/$defs/port"],
            "mode": ["enum": ["a", "b", "c"]],
        ],
        "required": ["name"],
        "additionalProperties": false,
        "$defs": ["port": ["type": "integer", "maximum": 65535]],
    ]

    @Test func errorsArePlacedWithTheirPaths() throws {
        let schema = try JSONSchema(server)
        let errors = schema.validate(["name": "x", "port": 70000])
        #expect(errors.count == 1)
        #expect(errors.first?.instanceLocation == DocumentPath(pointer: "/port"))
        #expect(errors.first?.schemaLocation == "/properties/port/$ref/maximum")
        #expect(errors.first?.keyword == "maximum")
        #expect(errors.first?.message == "must be at most 65535")
    }

    @Test func unknownKeysSuggestTheNearestName() throws {
        let errors = try JSONSchema(server).validate(["name": "x", "nme": "y"])
        #expect(errors.map(\.message) == ["`nme` is not allowed here; did you mean `name`?"])
        #expect(errors.first?.instanceLocation == DocumentPath(pointer: "/nme"))
        let far = try JSONSchema(server).validate(["name": "x", "colour": "y"])
        #expect(far.map(\.message) == ["`colour` is not allowed here"])
    }

    @Test func requiredEnumAndTypeSayWhatIsExpected() throws {
        let errors = try JSONSchema(server).validate(["mode": "d", "port": "80"])
        #expect(
            Set(errors.map(\.message)) == [
                "`name` is required", "must be one of: a, b, c", "must be a whole number",
            ])
        #expect(
            try JSONSchema(["type": ["string", "null"]]).validate(1).map(\.message) == [
                "must be a string or null"
            ])
    }

    @Test func variantsAreSummed() throws {
        let schema = try JSONSchema(["oneOf": [["type": "string"], ["type": "integer", "minimum": 10]]])
        #expect(
            schema.validate(3).map(\.message) == [
                "one of the variants must match: must be a string; or must be at least 10"
            ])
        let both = try JSONSchema(["oneOf": [["type": "integer"], ["minimum": 0]]])
        #expect(
            both.validate(3).map(\.message) == [
                "must match only one of the variants, but matches variants 1 and 2"
            ])
        let labels = try JSONSchema(["anyOf": [["const": "fast"], ["const": "safe"]]])
        #expect(labels.validate("slow").map(\.message) == ["must be one of: fast, safe"])
    }

    @Test func numbersAreExact() throws {
        let ratio = DocumentValue.number(DocumentNumber(literal: "0.0075")!)
        let step = try JSONSchema(["multipleOf": .number(DocumentNumber(literal: "0.0001")!)])
        #expect(step.isValid(ratio))
        let big = DocumentValue.number(DocumentNumber(literal: "123456789012345678901234567890")!)
        #expect(try JSONSchema(["multipleOf": 10]).isValid(big))
        #expect(try JSONSchema(["multipleOf": 7]).isValid(big))  // 17636684144620811557319199270 × 7
        #expect(try !JSONSchema(["multipleOf": 11]).isValid(big))  // remainder 7
        #expect(
            try JSONSchema(["type": "integer", "maximum": .number(DocumentNumber(literal: "1e30")!)]).isValid(
                big))
        #expect(try JSONSchema(["const": 1]).isValid(.number(DocumentNumber(literal: "1.0")!)))
        #expect(
            try JSONSchema(["uniqueItems": true]).validate([1, .number(DocumentNumber(literal: "1.0")!)]).map(
                \.message)
                == ["items 1 and 2 are the same; each must be different"])
    }

    @Test func unevaluatedPropertiesSeeThroughApplicators() throws {
        let schema = try JSONSchema([
            "allOf": [["properties": ["a": true]]],
            "if": ["required": ["b"]], "then": ["properties": ["b": true]],
            "unevaluatedProperties": false,
        ])
        #expect(schema.isValid(["a": 1, "b": 2]))
        #expect(schema.validate(["a": 1, "c": 3]).map(\.instanceLocation) == [DocumentPath(pointer: "/c")!])
    }

    @Test func dialectsReadTheirOwnKeywords() throws {
        let draft4 = try JSONSchema([
            "$schema": "http://json-schema.org/draft-04/schema#", "maximum": 5, "exclusiveMaximum": true,
        ])
        #expect(draft4.dialect == .draft4)
        #expect(!draft4.isValid(5))
        let later = try JSONSchema(["exclusiveMaximum": 5])
        #expect(later.dialect == .draft202012)
        #expect(!later.isValid(5) && later.isValid(4))
        let tuple = try JSONSchema([
            "$schema": "http://json-schema.org/draft-07/schema#", "items": [["type": "string"]],
            "additionalItems": false,
        ])
        #expect(tuple.isValid(["a"]) && !tuple.isValid(["a", "b"]))
    }

    @Test func formatsAssertWhereTheDialectSays() throws {
        let annotated = try JSONSchema(["format": "date"])
        #expect(annotated.isValid("2021-02-29"))
        let asserted = try JSONSchema(["format": "date"], options: SchemaOptions(assertFormats: true))
        #expect(asserted.validate("2021-02-29").map(\.message) == ["must be a valid date (YYYY-MM-DD)"])
        #expect(
            try JSONSchema(["$schema": "http://json-schema.org/draft-07/schema#", "format": "ipv4"]).validate(
                "1.2.3"
            ).count == 1)
    }

    @Test func referencesResolveThroughTheResolverOnly() throws {
        let resolver = SchemaCatalog(["https://example.com/port.json": ["type": "integer", "maximum": 10]])
        let schema = try JSONSchema(
            ["properties": ["port": ["$ref": "https://example.com/port.json"]]], resolver: resolver)
        #expect(schema.validate(["port": 11]).first?.schemaLocation == "/properties/port/$ref/maximum")
        #expect(throws: SchemaCompileError.self) {
            try JSONSchema(["$ref": "https://example.com/absent.json"])
        }
    }

    @Test func aDocumentValidatorFindsWhatAWholeValidationFinds() throws {
        let schema = try JSONSchema([
            "properties": ["servers": ["items": ["$ref": "#/$defs/server"]]],
            "$defs": ["server": ["properties": ["port": ["maximum": 65535]], "required": ["name"]]],
        ])
        let validator = DocumentValidator(schema)
        var document: DocumentValue = ["servers": [["name": "a", "port": 1], ["port": 70000]]]
        #expect(validator.validate(document) == schema.validate(document))
        #expect(validator.validate(document).count == 2)
        for (path, value) in [("/servers/0/port", 80000), ("/servers/1/port", 1), ("/servers/0/port", 2)]
            as [(String, DocumentValue)]
        {
            document = DocumentChange.set(DocumentPath(pointer: path)!, value).applied(to: document)!
            #expect(validator.validate(document) == schema.validate(document))
        }
        document = DocumentChange.insert(
            parent: DocumentPath(pointer: "/servers/1")!, key: "name", value: "b", before: nil
        )
        .applied(to: document)!
        #expect(validator.validate(document).isEmpty)
        // The array grows and shrinks: what is remembered of its items follows.
        let servers = DocumentPath(pointer: "/servers")!
        for change in [
            DocumentChange.append(array: servers, value: ["port": 90000]),
            .append(array: servers, value: ["name": "c"]),
            .delete(DocumentPath(pointer: "/servers/0")!),
            .delete(DocumentPath(pointer: "/servers/2")!),
        ] {
            document = change.applied(to: document)!
            #expect(validator.validate(document) == schema.validate(document))
        }
        #expect(validator.validate(document).count == 2)
    }
}
