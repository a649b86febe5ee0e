import FormDocument
import FormSchema
import FormTestSupport
import Testing

/// A large object's members reused by offset between validations (DocumentValidator keeps what
/// each member was found to be): after any edit the errors are a whole validation's.
@Suite struct DocumentValidatorMemberReuseTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func editsOfAMapOfManyObjectsFindWhatAWholeValidationFinds(seed: UInt64) throws {
        let schema = try JSONSchema([
            "type": "object",
            "properties": ["servers": ["$ref": "#/$defs/servers"]],
            "$defs": [
                "servers": [
                    "type": "object",
                    "properties": ["main": ["type": "object", "required": ["host"]]],
                    "patternProperties": ["^x-": ["type": "string"]],
                    "additionalProperties": [
                        "type": "object", "required": ["host"],
                        "properties": ["port": ["type": "integer", "maximum": 100]],
                    ],
                ]
            ],
        ])
        var document: DocumentValue = ["servers": [:]]
        var names: [String] = []
        for index in 0..<60 {
            names.append("s\(index)")
            let server: DocumentValue = ["host": "h", "port": .number(DocumentNumber(index))]
            document = try #require(
                DocumentChange.insert(
                    parent: DocumentPath([.key("servers")]), key: "s\(index)", value: server, before: nil
                )
                .applied(to: document))
        }
        let validator = DocumentValidator(schema)
        var random = SeededRandom(seed: seed)
        for step in 0..<300 {
            let name = names.randomElement(using: &random)!
            let path = DocumentPath([.key("servers"), .key(name)])
            let change: DocumentChange
            switch Int.random(in: 0..<6, using: &random) {
            case 0:
                change = .set(
                    DocumentPath(path.components + [.key("port")]),
                    .number(DocumentNumber(Int.random(in: 0..<200, using: &random))))
            case 1: change = .delete(DocumentPath(path.components + [.key("host")]))
            case 2: change = .set(path, ["host": "again"])
            case 3: change = .delete(path)
            case 4:
                let fresh = ["x-\(step)", "main", "n\(step)"].randomElement(using: &random)!
                change = .insert(
                    parent: DocumentPath([.key("servers")]), key: fresh, value: "text", before: name)
            default: change = .set(path, 7)
            }
            guard let next = change.applied(to: document) else { continue }
            document = next
            let found = validator.validate(document)
            let whole = schema.validate(document)
            #expect(found == whole, "seed \(seed), step \(step): \(change)")
            if found != whole { return }
        }
    }
}
