public import FormDocument

/// Where a schema's references to other documents are looked up: locally only, never over the
/// network. Given an absolute URI without its fragment (`https://json.schemastore.org/foo.json`),
/// the document it names, or nil.
///
/// ```swift
/// let resolver = SchemaCatalog(["https://example.com/address.json": addressSchema])
/// let schema = try JSONSchema(personSchema, resolver: resolver)
/// ```
public protocol SchemaResolver: Sendable {
    func document(for uri: String) -> DocumentValue?
}

/// Documents by URI: a dictionary of the schemas a caller has at hand.
public struct SchemaCatalog: SchemaResolver {
    public var documents: [String: DocumentValue]

    public init(_ documents: [String: DocumentValue] = [:]) { self.documents = documents }

    public func document(for uri: String) -> DocumentValue? {
        if let document = documents[uri] { return document }
        // `http` and `https` name the same schema in catalogs and `$schema`s.
        if uri.hasPrefix("https://") { return documents["http://" + uri.dropFirst(8)] }
        if uri.hasPrefix("http://") { return documents["https://" + uri.dropFirst(7)] }
        return nil
    }
}

/// A resolver that asks a closure: a folder read by the caller, a catalog's files, a cache.
///
/// ```swift
/// let resolver = SchemaResolverClosure { uri in uri.hasPrefix("file:") ? read(uri) : nil }
/// ```
public struct SchemaResolverClosure: SchemaResolver {
    let resolve: @Sendable (String) -> DocumentValue?

    public init(_ resolve: @escaping @Sendable (String) -> DocumentValue?) { self.resolve = resolve }

    public func document(for uri: String) -> DocumentValue? { resolve(uri) }
}

/// Choices a caller makes when compiling a schema.
///
/// ```swift
/// let options = SchemaOptions(defaultDialect: .draft7, assertFormats: true)
/// ```
public struct SchemaOptions: Sendable {
    /// The dialect of a schema whose `$schema` names none (2020-12 unless said otherwise).
    public var defaultDialect: SchemaDialect
    /// Whether `format` is checked: nil lets the dialect decide (drafts 4 to 7 check it, 2019-09
    /// and 2020-12 only annotate unless the meta-schema's vocabulary asserts it).
    public var assertFormats: Bool?
    /// The URI a root schema without `$id` is known by, which its relative references resolve
    /// against (a file's URL, say).
    public var baseURI: String
    /// Whether draft 7's `contentEncoding: base64` and `contentMediaType: application/json` are
    /// checked. Off by default, as the validators people use leave them as annotations (and
    /// SchemaStore's examples rely on it); later drafts only annotate them.
    public var assertContent: Bool

    public init(
        defaultDialect: SchemaDialect = .draft202012, assertFormats: Bool? = nil,
        baseURI: String = "urn:formtui:schema", assertContent: Bool = false
    ) {
        self.assertContent = assertContent
        self.defaultDialect = defaultDialect
        self.assertFormats = assertFormats
        self.baseURI = baseURI
    }
}

/// Why a schema could not be compiled, and where in it.
public struct SchemaCompileError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    /// Where the problem stands: the URI of the schema and a JSON pointer into it.
    public var schemaLocation: String

    public init(_ message: String, at schemaLocation: String) {
        self.message = message
        self.schemaLocation = schemaLocation
    }

    public var description: String { "\(schemaLocation): \(message)" }
}
