import FormDocument
import FormSchema

/// One `--set POINTER=VALUE`: where (a JSON pointer, `/tool/ruff/line-length`) and the value as
/// typed, read as the schema asks there: `8080` is a number where a number is asked and text
/// where text is, `true` a boolean or text, `[1, 2]` a list; anything that is not JSON is text.
///
/// ```swift
/// let setting = try ConfigSetting(parsing: "/tool/ruff/line-length=100")
/// try setting.apply(to: &config.document, schema: schema)
/// ```
public struct ConfigSetting: Hashable, Sendable {
    public var path: DocumentPath
    public var text: String

    public init(parsing argument: String) throws(ConfigError) {
        guard let equals = argument.firstIndex(of: "=") else {
            throw ConfigError(
                "--set takes POINTER=VALUE (a JSON pointer such as /a/b/0/c), not '\(argument)'")
        }
        let pointer = String(argument[..<equals])
        guard let path = DocumentPath(pointer: pointer), !path.components.isEmpty else {
            throw ConfigError(
                "--set: '\(pointer)' is not a JSON pointer to a member (it starts with /, as /a/b)")
        }
        self.path = path
        self.text = String(argument[argument.index(after: equals)...])
    }

    /// The values the text may mean: as JSON where it reads as JSON, and as itself.
    var candidates: [DocumentValue] {
        var values: [DocumentValue] = []
        if let node = try? JSONFormat().read(Array(text.utf8)) { values.append(node.value) }
        values.append(.string(text))
        return values
    }

    /// Sets the value in `document`: of the candidates, the one the schema finds fewest errors in
    /// at this place (JSON's reading first when they tie). A member that is missing is inserted
    /// after its siblings, with the objects above it that are missing too.
    public func apply(to document: inout Document, schema: JSONSchema?) throws(ConfigError) {
        var best: (document: Document, errors: Int)?
        var firstError: DocumentError?
        for value in candidates {
            var trial = document
            do {
                try trial.set(value, at: path)
            } catch {
                if firstError == nil { firstError = error }
                continue
            }
            let errors =
                schema?.validate(trial.value).filter {
                    $0.instanceLocation.components.starts(with: path.components)
                }
                .count ?? 0
            if best == nil || errors < best!.errors { best = (trial, errors) }
        }
        guard let best else {
            throw ConfigError("--set \(path.pointer): \(firstError?.message ?? "cannot be set")")
        }
        document = best.document
    }
}

extension Document {
    /// Sets the value at `path`, inserting the member (and missing objects above it) where it is
    /// not there yet, or appending where the index is the array's end.
    ///
    /// ```swift
    /// try document.set(100, at: DocumentPath(pointer: "/tool/ruff/line-length")!)
    /// ```
    public mutating func set(_ value: DocumentValue, at path: DocumentPath) throws(DocumentError) {
        if root.node(at: path) != nil {
            try apply(.set(path, value))
            return
        }
        // The deepest ancestor that is there, and what must be made below it.
        var existing = path
        var missing: [DocumentPath.Component] = []
        while root.node(at: existing) == nil, let last = existing.last, let parent = existing.parent {
            missing.insert(last, at: 0)
            existing = parent
        }
        var made = value
        for component in missing.dropFirst().reversed() {
            switch component {
            case .key(let key): made = .object([key: made])
            case .index: made = .array([made])
            }
        }
        switch (missing.first, root.node(at: existing)?.value) {
        case (.key(let key)?, .object?):
            try apply(.insert(parent: existing, key: key, value: made, before: nil))
        case (.index(let index)?, .array(let elements)?) where index == elements.count:
            try apply(.append(array: existing, value: made))
        case (.index(let index)?, .object?):
            try apply(.insert(parent: existing, key: String(index), value: made, before: nil))
        default:
            throw DocumentError(
                "\(path.pointer) cannot be set: \(existing.description) holds no such member", at: 0,
                in: bytes)
        }
    }
}
