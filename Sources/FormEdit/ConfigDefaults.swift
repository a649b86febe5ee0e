public import FormDocument
public import FormSchema

/// What a new configuration file holds before anyone edits it: every property's `default`, and
/// objects of the properties below them that have one (an object with none is left out).
///
/// ```swift
/// let value = ConfigDefaults.value(of: schema)  // ["tool": ["line-length": 88]]
/// ```
public enum ConfigDefaults {
    /// Objects are followed this deep: a schema may describe an endless tree (a `$ref` to itself).
    static let depthLimit = 16

    /// The root object of the schema's defaults (empty when it names none).
    public static func value(of schema: JSONSchema) -> DocumentValue {
        var root: DocumentValue = [:]
        fill(&root, at: DocumentPath(), schema: schema, depth: 0)
        return root
    }

    private static func fill(
        _ root: inout DocumentValue, at path: DocumentPath, schema: JSONSchema, depth: Int
    ) {
        guard depth < depthLimit else { return }
        for property in schema.properties(at: path, in: root) {
            let child = DocumentPath(path.components + [.key(property.name)])
            if let value = property.schemas.lazy.compactMap(\.defaultValue).first {
                root.set(value, at: child)
                continue
            }
            guard property.schemas.contains(where: { $0.types == ["object"] }) else { continue }
            root.set([:], at: child)
            fill(&root, at: child, schema: schema, depth: depth + 1)
            if root.value(at: child) == [:] { root.set(nil, at: child) }
        }
    }
}
