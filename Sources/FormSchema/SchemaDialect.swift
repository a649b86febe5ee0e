/// The JSON Schema drafts this module validates, each with its own keywords and rules.
///
/// ```swift
/// SchemaDialect(schemaURI: "http://json-schema.org/draft-07/schema#")  // .draft7
/// ```
public enum SchemaDialect: String, Hashable, Sendable, CaseIterable {
    case draft4 = "draft4"
    case draft6 = "draft6"
    case draft7 = "draft7"
    case draft201909 = "draft2019-09"
    case draft202012 = "draft2020-12"

    /// The dialect a `$schema` URI names (with or without `#`, `http` or `https`), or nil for
    /// one this module does not know.
    public init?(schemaURI: String) {
        var uri = Substring(schemaURI)
        if uri.hasSuffix("#") { uri = uri.dropLast() }
        if uri.hasPrefix("https://") { uri = "http://" + uri.dropFirst("https://".count) }
        switch uri {
        case "http://json-schema.org/draft-04/schema": self = .draft4
        case "http://json-schema.org/draft-06/schema": self = .draft6
        case "http://json-schema.org/draft-07/schema": self = .draft7
        case "http://json-schema.org/draft/2019-09/schema": self = .draft201909
        case "http://json-schema.org/draft/2020-12/schema": self = .draft202012
        default: return nil
        }
    }

    /// The canonical `$schema` URI of the dialect's meta-schema.
    public var schemaURI: String {
        switch self {
        case .draft4: "http://json-schema.org/draft-04/schema#"
        case .draft6: "http://json-schema.org/draft-06/schema#"
        case .draft7: "http://json-schema.org/draft-07/schema#"
        case .draft201909: "https://json-schema.org/draft/2019-09/schema"
        case .draft202012: "https://json-schema.org/draft/2020-12/schema"
        }
    }
}
