public import FormDocument

/// One schema as a form shows it: its annotations and the plain constraints a row is built from.
/// Read from the schema's own keywords (a `$ref`'s target is a view of its own, listed beside it
/// by ``JSONSchema/schemas(at:in:)``).
///
/// ```swift
/// let view = schema.schemas(at: DocumentPath(pointer: "/port")!, in: document).first!
/// view.title      // "Port"
/// view.defaultValue  // .number(8080)
/// ```
public struct SchemaView: Sendable {
    /// Where the schema stands: its resource's URI and a JSON pointer (`…/config.json#/properties/port`).
    public var location: String
    public var title: String?
    public var description: String?
    public var defaultValue: DocumentValue?
    public var examples: [DocumentValue]
    public var readOnly: Bool
    public var writeOnly: Bool
    public var deprecated: Bool
    /// The JSON types of `type` (`["string", "null"]`), or nil when it says none.
    public var types: [String]?
    /// The allowed values of `enum`, or the one of `const`.
    public var allowedValues: [DocumentValue]?
    public var format: String?
    /// Bounds a row can show: `minimum`/`maximum` (exclusive ones too) and lengths.
    public var minimum: DocumentNumber?
    public var maximum: DocumentNumber?
    public var minLength: Int?
    public var maxLength: Int?
    public var pattern: String?
    /// Whether the schema is `false`: no value is allowed here (a member
    /// `additionalProperties: false` forbids).
    public var rejectsEverything: Bool
    /// Whether the schema offers a choice of schemas (`oneOf` or `anyOf`; see
    /// ``JSONSchema/choices(at:in:)``).
    public var hasChoice: Bool

    init(_ node: SchemaNode) {
        location = node.location
        let raw = node.raw
        func string(_ key: String) -> String? {
            if case .string(let text) = raw[key] { return text }
            return nil
        }
        title = string("title")
        description = string("description")
        defaultValue = raw["default"]
        if case .array(let values) = raw["examples"] { examples = values } else { examples = [] }
        readOnly = raw["readOnly"] == .bool(true)
        writeOnly = raw["writeOnly"] == .bool(true)
        deprecated = raw["deprecated"] == .bool(true)
        types = node.types.map { types in TypeSet.names.filter { types.contains($0.1) }.map(\.0) }
        if let values = node.enumValues {
            allowedValues = values
        } else if let value = node.constValue {
            allowedValues = [value]
        }
        format = node.format
        minimum = node.minimum ?? node.exclusiveMinimum
        maximum = node.maximum ?? node.exclusiveMaximum
        minLength = node.minLength
        maxLength = node.maxLength
        pattern = node.pattern?.source
        rejectsEverything = raw == .bool(false)
        hasChoice = !node.oneOf.isEmpty || !node.anyOf.isEmpty
    }
}

/// A property a form may show for an object: its name, whether a schema requires it, and the
/// schemas that apply to its value.
public struct SchemaProperty: Sendable {
    public var name: String
    public var required: Bool
    public var schemas: [SchemaView]
}

/// A choice the schema offers at a place (`oneOf` or `anyOf`): its variants and which of them the
/// value matches now.
public struct SchemaChoice: Sendable {
    /// `oneOf` or `anyOf`.
    public var keyword: String
    /// The location of the schema holding the choice.
    public var location: String
    /// Each variant as a view of the variant itself, or of its `$ref`'s target when it is only that.
    public var variants: [SchemaView]
    /// The offsets of the variants the value is valid against (empty when there is no value).
    public var matching: [Int]
}
