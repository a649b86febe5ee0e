public import OrderedCollections

/// What a document means, without its text: the value a reader gives back and an edit is checked
/// against. The format's own kinds survive: a TOML integer is not a float, a TOML local date is
/// not a string, a number keeps its exact decimal digits (JSON's `1e400` and `0.1` are kept as
/// written, not as the nearest Double).
///
/// ```swift
/// let value: DocumentValue = .object(["name": .string("formtui"), "port": .number(8080)])
/// value["port"]  // .number(8080)
/// ```
public enum DocumentValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(DocumentNumber)
    case string(String)
    /// TOML's offset and local date-times, local dates and local times.
    case dateTime(DocumentDateTime)
    case array([DocumentValue])
    /// Members in the document's order; objects compare equal only with the same order.
    case object(OrderedDictionary<String, DocumentValue>)

    /// The member `key` of an object, or nil.
    public subscript(key: String) -> DocumentValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The element at `index` of an array, or nil.
    public subscript(index: Int) -> DocumentValue? {
        if case .array(let elements) = self, elements.indices.contains(index) {
            return elements[index]
        }
        return nil
    }

    /// The value at `path`, or nil where the path leaves the tree.
    public func value(at path: DocumentPath) -> DocumentValue? {
        var current = self
        for component in path.components {
            switch component {
            case .key(let key):
                guard let next = current[key] else { return nil }
                current = next
            case .index(let index):
                guard let next = current[index] else { return nil }
                current = next
            }
        }
        return current
    }
}

extension DocumentValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByNilLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(DocumentNumber(value)) }
    public init(nilLiteral: ()) { self = .null }
    public init(arrayLiteral elements: DocumentValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, DocumentValue)...) {
        self = .object(OrderedDictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
