import FormSchema
import Testing

@Suite struct SchemaDialectTests {
    @Test func dialectsAreKnownByTheirURIs() {
        #expect(SchemaDialect(schemaURI: "http://json-schema.org/draft-04/schema#") == .draft4)
        #expect(SchemaDialect(schemaURI: "https://json-schema.org/draft-07/schema") == .draft7)
        #expect(SchemaDialect(schemaURI: "https://json-schema.org/draft/2020-12/schema") == .draft202012)
        #expect(SchemaDialect(schemaURI: "https://example.com/my-schema") == nil)
        for dialect in SchemaDialect.allCases {
            #expect(SchemaDialect(schemaURI: dialect.schemaURI) == dialect)
        }
    }
}
