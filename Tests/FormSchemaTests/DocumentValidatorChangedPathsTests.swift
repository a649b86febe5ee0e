import FormDocument
import FormSchema
import FormTestSupport
import Testing

/// Validations told where the value changed (`validate(_:changedAt:)`) check only the members
/// on the way; after any sequence of changes their errors are a whole validation's.
@Suite struct DocumentValidatorChangedPathsTests {
    static let schema: DocumentValue = [
        "type": "object",
        "properties": [
            "servers": ["$ref": "#/$defs/servers"],
            "title": ["type": "string", "maxLength": 5],
        ],
        "$defs": [
            "servers": [
                "type": "object", "minProperties": 40, "maxProperties": 64,
                "required": ["s0", "main"],
                "dependentRequired": ["s1": ["s2"]],
                "propertyNames": ["maxLength": 4],
                "properties": ["main": ["type": "object", "required": ["host"]]],
                "patternProperties": ["^x-": ["type": "string"]],
                "additionalProperties": ["$ref": "#/$defs/server"],
            ],
            "server": [
                "type": "object", "required": ["host"],
                "properties": [
                    "port": ["type": "integer", "maximum": 100],
                    "tags": ["type": "object", "additionalProperties": ["type": "string"]],
                ],
                "allOf": [["if": ["required": ["port"]], "then": ["required": ["tags"]]]],
            ],
        ],
    ]

    /// One random change to `document`: the path it changed (the caller's word) and the value.
    static func change(_ document: DocumentValue, names: [String], step: Int, _ random: inout SeededRandom)
        -> (path: DocumentPath, value: DocumentValue)?
    {
        let name = names.randomElement(using: &random)!
        let server = DocumentPath([.key("servers"), .key(name)])
        func at(_ components: DocumentPath.Component...) -> DocumentPath {
            DocumentPath(server.components + components)
        }
        let change: DocumentChange
        switch Int.random(in: 0..<10, using: &random) {
        case 0, 1:
            change = .set(at(.key("port")), .number(DocumentNumber(Int.random(in: 0..<200, using: &random))))
        case 2: change = .delete(at(.key("host")))
        case 3: change = .set(server, ["host": "again", "port": 3, "tags": [:]])
        case 4: change = .delete(server)
        case 5:
            let fresh = ["x-\(step % 7)", "main", "n\(step % 50)", "longname"].randomElement(using: &random)!
            change = .insert(parent: DocumentPath([.key("servers")]), key: fresh, value: "text", before: name)
        case 6: change = .set(at(.key("tags"), .key("t\(step % 3)")), step % 2 == 0 ? "a" : 1)
        case 7: change = .set(DocumentPath([.key("title")]), .string(String(repeating: "t", count: step % 8)))
        case 8: change = .set(server, 7)
        default: change = .set(at(.key("host")), step % 3 == 0 ? 5 : "h")
        }
        let path: DocumentPath
        switch change {
        case .set(let target, _), .delete(let target): path = target
        case .insert(let parent, let key, _, _): path = DocumentPath(parent.components + [.key(key)])
        default: return nil
        }
        guard let next = change.applied(to: document) else { return nil }
        return (path, next)
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func changesToldByPathFindWhatAWholeValidationFinds(seed: UInt64) throws {
        let schema = try JSONSchema(Self.schema)
        var members: [(String, DocumentValue)] = [("main", ["host": "m"])]
        for index in 0..<50 {
            members.append(("s\(index)", ["host": "h", "port": .number(DocumentNumber(index * 3))]))
        }
        var document: DocumentValue = [
            "title": "t", "servers": .object(.init(uniqueKeysWithValues: members)),
        ]
        let names = members.map(\.0) + ["x-1", "n3", "absent"]
        let validator = DocumentValidator(schema)
        var random = SeededRandom(seed: seed)
        var found = validator.validate(document)
        #expect(found == schema.validate(document), "seed \(seed): the first validation")
        for step in 0..<400 {
            guard let (path, next) = Self.change(document, names: names, step: step, &random) else {
                continue
            }
            document = next
            // Now and then told nothing, or told two places of which one did not change.
            switch Int.random(in: 0..<12, using: &random) {
            case 0: found = validator.validate(document)
            case 1: found = validator.validate(document, changedAt: [path, DocumentPath([.key("title")])])
            default: found = validator.validate(document, changedAt: [path])
            }
            let whole = schema.validate(document)
            guard found != whole else { continue }
            let first = zip(found, whole).prefix { $0 == $1 }.count
            Issue.record(
                """
                seed \(seed), step \(step): changed at \(path.pointer); error \(first) of \(found.count) \
                found, \(whole.count) whole: \(found.dropFirst(first).first.map(String.init(describing:)) ?? "none") \
                against \(whole.dropFirst(first).first.map(String.init(describing:)) ?? "none")
                """)
            return
        }
    }

    /// A change in a map ten times larger checks as many members.
    @Test func aChangeInALargerMapChecksAsManyMembers() throws {
        let schema = try JSONSchema(Self.schema)
        func checked(servers count: Int) -> Int {
            var members: [(String, DocumentValue)] = [("main", ["host": "m"])]
            for index in 0..<count { members.append(("s\(index)", ["host": "h", "port": 1, "tags": [:]])) }
            var document: DocumentValue = ["servers": .object(.init(uniqueKeysWithValues: members))]
            let validator = DocumentValidator(schema)
            _ = validator.validate(document)
            let port = DocumentPath(pointer: "/servers/s7/port")!
            document = DocumentChange.set(port, 7).applied(to: document)!
            _ = validator.validate(document, changedAt: [port])
            let before = validator.membersChecked
            document = DocumentChange.set(port, 8).applied(to: document)!
            let errors = validator.validate(document, changedAt: [port])
            #expect(errors == schema.validate(document))
            return validator.membersChecked - before
        }
        #expect(checked(servers: 400) == checked(servers: 4_000))
    }
}
