import FormDocument

enum MetaSchemas {
    static func document(for uri: String) -> DocumentValue? { nil }
}
