import FormDocument

/// Which groups of keywords a schema's meta-schema turns on (`$vocabulary`, 2019-09 and later);
/// older drafts have them all.
struct Vocabularies: OptionSet, Hashable, Sendable {
    let rawValue: Int
    static let applicator = Vocabularies(rawValue: 1)
    static let validation = Vocabularies(rawValue: 2)
    static let unevaluated = Vocabularies(rawValue: 4)
    static let formatAssertion = Vocabularies(rawValue: 8)
    static let all: Vocabularies = [.applicator, .validation, .unevaluated]
}

/// The rules a part of a schema is read with.
struct DialectContext: Hashable, Sendable {
    var dialect: SchemaDialect
    var vocabularies: Vocabularies
}

/// The JSON types of `type`.
struct TypeSet: OptionSet, Hashable, Sendable {
    let rawValue: Int
    static let null = TypeSet(rawValue: 1)
    static let boolean = TypeSet(rawValue: 2)
    static let object = TypeSet(rawValue: 4)
    static let array = TypeSet(rawValue: 8)
    static let number = TypeSet(rawValue: 16)
    static let string = TypeSet(rawValue: 32)
    static let integer = TypeSet(rawValue: 64)

    static let names: [(String, TypeSet)] = [
        ("null", .null), ("boolean", .boolean), ("object", .object), ("array", .array),
        ("number", .number), ("string", .string), ("integer", .integer),
    ]
}

/// One schema (an object or a boolean) compiled: each keyword its dialect gives it, subschemas
/// as indices into ``JSONSchema``'s nodes (so that `$ref` cycles are plain numbers, not retain
/// cycles).
struct SchemaNode: Sendable {
    /// Whether the node is compiled or only reserved (see ``SchemaCompiler``).
    var compiled = false
    /// Why a node compiled after the initializer could not be: said wherever a value reaches it.
    var failure: SchemaCompileError?
    /// A boolean schema's answer; nil for an object schema.
    var always: Bool?
    var resource: Int = 0
    /// The schema's absolute location: its resource's URI and a JSON pointer.
    var location: String = ""
    var dialect: SchemaDialect = .draft202012
    /// The raw object, for annotations and the form's questions.
    var raw: DocumentValue = .bool(true)

    var ref: Int?
    var dynamicRef: (target: Int, anchor: String?)?
    var recursiveRef: Int?

    var allOf: [Int] = []
    var anyOf: [Int] = []
    var oneOf: [Int] = []
    var not: Int?
    var ifSchema: Int?
    var thenSchema: Int?
    var elseSchema: Int?
    var properties: [(name: String, node: Int)] = []
    var propertyIndex: [String: Int] = [:]
    var patternProperties: [(pattern: ECMAPattern, node: Int)] = []
    var additionalProperties: Int?
    var propertyNames: Int?
    var dependentSchemas: [(name: String, node: Int)] = []
    var dependentRequired: [(name: String, required: [String])] = []
    var prefixItems: [Int] = []
    /// The schema of the items after ``prefixItems`` (`items`, or `additionalItems` after an
    /// array of `items`).
    var items: Int?
    /// Whether `items` was a single schema (every item evaluated) rather than after a prefix.
    var contains: Int?
    var minContains: Int?
    var maxContains: Int?
    var unevaluatedProperties: Int?
    var unevaluatedItems: Int?

    var types: TypeSet?
    var enumValues: [DocumentValue]?
    var enumSet: Set<JSONKey>?
    var constValue: DocumentValue?
    var multipleOf: DocumentNumber?
    var maximum: DocumentNumber?
    var exclusiveMaximum: DocumentNumber?
    var minimum: DocumentNumber?
    var exclusiveMinimum: DocumentNumber?
    var maxLength: Int?
    var minLength: Int?
    var pattern: ECMAPattern?
    var maxItems: Int?
    var minItems: Int?
    var uniqueItems = false
    var maxProperties: Int?
    var minProperties: Int?
    var required: [String] = []
    var format: String?
    var assertsFormat = false
    /// Draft 7's content assertions (later drafts only annotate): `base64` and `application/json`.
    var contentEncoding: String?
    var contentMediaType: String?

    /// Whether the node holds keywords that need the evaluated-annotations of its subschemas.
    var needsAnnotations: Bool { unevaluatedItems != nil || unevaluatedProperties != nil }
}

/// A schema resource (a document or a subschema with its own `$id`): what `$dynamicRef` and
/// `$recursiveRef` look up in the dynamic scope.
struct SchemaResource: Sendable {
    var uri: String
    var root: Int = -1
    var dynamicAnchors: [String: Int] = [:]
    var recursiveAnchor = false
}
