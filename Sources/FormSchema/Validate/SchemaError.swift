public import FormDocument

/// One way a value breaks its schema, placed where a form can show it: the value's location (a
/// JSON pointer into the document), the keyword's location in the schema (the path taken through
/// it, `$ref`s included), the keyword, and a short sentence for a person.
///
/// ```swift
/// for error in schema.validate(document.value) {
///     print("\(error.instanceLocation): \(error.message)")  // /port: must be at most 65535
/// }
/// ```
public struct SchemaError: Error, Hashable, Sendable, CustomStringConvertible {
    public var instanceLocation: DocumentPath
    /// A JSON pointer through the schema as evaluated (`/properties/port/$ref/maximum`).
    public var schemaLocation: String
    public var keyword: String
    public var message: String

    public init(instanceLocation: DocumentPath, schemaLocation: String, keyword: String, message: String) {
        self.instanceLocation = instanceLocation
        self.schemaLocation = schemaLocation
        self.keyword = keyword
        self.message = message
    }

    public var description: String { "\(instanceLocation): \(message)" }
}
