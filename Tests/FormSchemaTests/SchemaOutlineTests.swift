import FormDocument
import Testing

@testable import FormSchema

@Suite struct SchemaOutlineTests {
    let schema: JSONSchema

    init() throws {
        schema = try JSONSchema([
            "type": "object",
            "properties": [
                "server": ["$ref": "#/$defs/server"],
                "storage": [
                    "oneOf": [
                        [
                            "title": "Disk",
                            "properties": ["kind": ["const": "disk"], "path": ["type": "string"]],
                            "required": ["kind"],
                        ],
                        [
                            "title": "Memory",
                            "properties": ["kind": ["const": "memory"], "size": ["type": "integer"]],
                            "required": ["kind"],
                        ],
                    ]
                ],
            ],
            "$defs": [
                "server": [
                    "title": "Server",
                    "properties": [
                        "host": ["title": "Host", "default": "localhost"],
                        "port": ["title": "Port", "type": "integer", "maximum": 65535],
                        "tls": ["type": "boolean"],
                    ],
                    "required": ["port"],
                    "if": ["properties": ["tls": ["const": true]], "required": ["tls"]],
                    "then": [
                        "properties": ["certificate": ["type": "string", "title": "Certificate"]],
                        "required": ["certificate"],
                    ],
                ]
            ],
        ])
    }

    @Test func propertiesInTheSchemasOrderWithRequired() {
        let document: DocumentValue = ["server": ["port": 80]]
        let properties = schema.properties(at: DocumentPath(pointer: "/server")!, in: document)
        #expect(properties.map(\.name) == ["host", "port", "tls"])
        #expect(properties.map(\.required) == [false, true, false])
        #expect(properties.first?.schemas.first?.defaultValue == "localhost")
        #expect(properties[1].schemas.first?.maximum == DocumentNumber(65535))
    }

    @Test func conditionsBringTheirPropertiesWhenTheyHold() {
        let document: DocumentValue = ["server": ["port": 80, "tls": true]]
        let properties = schema.properties(at: DocumentPath(pointer: "/server")!, in: document)
        #expect(properties.map(\.name) == ["host", "port", "tls", "certificate"])
        #expect(properties.last?.required == true)
        let titles = schema.schemas(at: DocumentPath(pointer: "/server/certificate")!, in: document)
            .compactMap(\.title)
        #expect(titles == ["Certificate"])
    }

    @Test func choicesSayWhichVariantMatches() {
        let document: DocumentValue = ["storage": ["kind": "memory", "size": 4]]
        let choices = schema.choices(at: DocumentPath(pointer: "/storage")!, in: document)
        #expect(choices.count == 1)
        #expect(choices.first?.keyword == "oneOf")
        #expect(choices.first?.variants.compactMap(\.title) == ["Disk", "Memory"])
        #expect(choices.first?.matching == [1])
        let properties = schema.properties(at: DocumentPath(pointer: "/storage")!, in: document)
        #expect(properties.map(\.name) == ["kind", "size"])
    }

    @Test func referencesAreFollowed() {
        let views = schema.schemas(at: DocumentPath(pointer: "/server")!, in: ["server": [:]])
        #expect(views.compactMap(\.title) == ["Server"])
        #expect(views.last?.location.hasSuffix("#/$defs/server") == true)
    }
}
