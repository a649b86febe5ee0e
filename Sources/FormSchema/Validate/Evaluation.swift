import FormDocument

/// What the subschemas that passed have evaluated at one location, for `unevaluatedProperties`
/// and `unevaluatedItems`. Kept only where such a keyword is in reach (``Evaluation``'s `track`).
struct Evaluated {
    var allProperties = false
    var properties: Set<String> = []
    var allItems = false
    var itemPrefix = 0
    var items: Set<Int> = []

    mutating func merge(_ other: Evaluated) {
        allProperties = allProperties || other.allProperties
        if !allProperties { properties.formUnion(other.properties) }
        allItems = allItems || other.allItems
        itemPrefix = max(itemPrefix, other.itemPrefix)
        if !allItems { items.formUnion(other.items) }
    }
}

/// One validation of one value. With `collect` off it stops at the first failure (a branch of
/// `anyOf`, the condition of `if`), with it on it gathers every error with its locations.
final class Evaluation {
    /// Schema levels one validation may go down: a document nested deeper, or a schema that
    /// recurses as deep, gets an error saying so instead of exhausting the stack.
    static let depthLimit = 250

    let graph: SchemaGraph
    var collect: Bool
    var errors: [SchemaError] = []
    var instancePath: [DocumentPath.Component] = []
    var schemaPath: [String] = []
    /// The schema resources entered, outermost first: the dynamic scope.
    var scope: [Int] = []
    /// `$ref`s being followed with the depth of the value they were followed at: the same one
    /// again at the same value is a loop that would never end.
    var references: [(node: Int, depth: Int)] = []
    var depth = 0
    var stopped = false
    /// What an earlier validation of the same document found, when a ``DocumentValidator`` runs.
    var cache: ValidationCache?
    /// What the caller said of the value here since the last validation (see ``ChangeState``).
    var change: ChangeState = .unknown

    init(graph: SchemaGraph, collect: Bool) {
        self.graph = graph
        self.collect = collect
    }

    // MARK: Reporting

    func report(
        _ keyword: String, _ message: @autoclosure () -> String, at component: DocumentPath.Component? = nil
    ) {
        guard collect else { return }
        var path = instancePath
        if let component { path.append(component) }
        var pointer = ""
        for token in schemaPath + [keyword] {
            pointer += "/" + SchemaLocation.escaped(token)
        }
        errors.append(
            SchemaError(
                instanceLocation: DocumentPath(path), schemaLocation: pointer, keyword: keyword,
                message: message()))
    }

    /// An error that ends the whole validation (a loop, too deep, a pattern too costly): it is
    /// said even when errors are not being collected, once.
    func stop(_ keyword: String, _ message: String) {
        guard !stopped else { return }
        stopped = true
        let saved = collect
        collect = true
        report(keyword, message)
        collect = saved
        stoppedError = errors.last
    }

    var stoppedError: SchemaError?

    /// Runs `body` with errors collected or not, and gives back the errors it made.
    func quietly<T>(_ body: () -> T) -> T {
        let saved = collect
        collect = false
        defer { collect = saved }
        return body()
    }

    func collecting<T>(_ body: () -> T) -> (T, [SchemaError]) {
        let saved = collect
        let start = errors.count
        collect = true
        let result = body()
        collect = saved
        let made = Array(errors[start...])
        errors.removeSubrange(start...)
        return (result, made)
    }

    // MARK: Walking

    func child<T>(_ component: DocumentPath.Component, _ body: () -> T) -> T {
        instancePath.append(component)
        let outer = change
        change = outer.child(component)
        defer {
            instancePath.removeLast()
            change = outer
        }
        return body()
    }

    /// (A name and an optional token rather than a variadic list: the array a variadic call
    /// builds, twice for each value checked, was a tenth of validating against a meta-schema.)
    func keyword<T>(_ name: String, _ token: String? = nil, body: () -> T) -> T {
        schemaPath.append(name)
        if let token { schemaPath.append(token) }
        defer {
            schemaPath.removeLast()
            if token != nil { schemaPath.removeLast() }
        }
        return body()
    }

    /// Whether `value` is valid against node `index`; what it evaluated is merged into
    /// `evaluated` when it is valid and `track` asks for it.
    func validate(_ index: Int, _ value: DocumentValue, _ evaluated: inout Evaluated, track: Bool) -> Bool {
        if stopped { return false }
        let shared = graph.shared(index)
        // Borrowed from the shared reference rather than copied into a local: copying its many
        // fields was a sixth of validating a schema against the draft-07 meta-schema.
        return validate(shared.node, value, &evaluated, track: track)
    }

    private func validate(
        _ node: borrowing SchemaNode, _ value: DocumentValue, _ evaluated: inout Evaluated, track: Bool
    ) -> Bool {
        if let always = node.always {
            if !always { report("false", "is not allowed here") }
            return always
        }
        if let failure = node.failure {
            report("$ref", "the schema cannot be used here: \(failure)")
            return false
        }
        depth += 1
        defer { depth -= 1 }
        if depth > Evaluation.depthLimit {
            stop(
                "$ref",
                "the value or the schema is nested too deeply to check (over \(Evaluation.depthLimit) levels)"
            )
            return false
        }
        let entersResource = scope.last != node.resource
        if entersResource { scope.append(node.resource) }
        defer { if entersResource { scope.removeLast() } }

        let track = track || node.needsAnnotations
        var local = Evaluated()
        var valid = true

        // Each check below: on failure, stop here unless every error is wanted.
        if let target = node.ref {
            if !follow(target, "$ref", value, &local, track: track) {
                valid = false
                if !collect { return false }
            }
        }
        if let (target, anchor) = node.dynamicRef {
            var resolved = target
            if let anchor {
                for resource in scope {
                    if let found = graph.resource(resource).dynamicAnchors[anchor] {
                        resolved = found
                        break
                    }
                }
            }
            if !follow(resolved, "$dynamicRef", value, &local, track: track) {
                valid = false
                if !collect { return false }
            }
        }
        if let target = node.recursiveRef {
            var resolved = target
            let resource = graph.resource(graph.node(target).resource)
            if resource.recursiveAnchor, resource.root == target {
                for index in scope {
                    let outer = graph.resource(index)
                    if outer.recursiveAnchor {
                        resolved = outer.root
                        break
                    }
                }
            }
            if !follow(resolved, "$recursiveRef", value, &local, track: track) {
                valid = false
                if !collect { return false }
            }
        }
        if !checkAssertions(node, value) {
            valid = false
            if !collect { return false }
        }
        if !checkApplicators(node, value, &local, track: track) {
            valid = false
            if !collect { return false }
        }
        switch value {
        case .object:
            if !checkObject(node, value, &local, track: track) {
                valid = false
                if !collect { return false }
            }
        case .array(let elements):
            if !checkArray(node, elements, &local, track: track) {
                valid = false
                if !collect { return false }
            }
        default: break
        }
        if valid && track { evaluated.merge(local) }
        return valid
    }

    func follow(
        _ target: Int, _ name: String, _ value: DocumentValue, _ evaluated: inout Evaluated, track: Bool
    ) -> Bool {
        let level = instancePath.count
        if references.contains(where: { $0.node == target && $0.depth == level }) {
            stop(
                name,
                "the schema's `\(name)`s loop back to \(graph.node(target).location) without reaching a value"
            )
            return false
        }
        references.append((target, level))
        defer { references.removeLast() }
        return keyword(name) { validate(target, value, &evaluated, track: track) }
    }
}
