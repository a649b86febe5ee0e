public import FormDocument

/// What a form asks of a schema about one document, apart from validation: which schemas apply
/// at a place of it, the properties an object there may have, and the choices offered there.
///
/// The schemas that apply are found as a validator would reach them: through `$ref` (a dynamic
/// reference by its static target), every `allOf`, the branches of `oneOf`/`anyOf` the value
/// matches, `then` or `else` as the value meets `if`, and the `dependentSchemas` of the members
/// present; then down the path through `properties`, `patternProperties`, `additionalProperties`
/// and the item keywords.
///
/// An outline remembers the schemas of each place it was asked about, so a question about a
/// member costs the one step from its object, not the walk from the root again. Each step
/// matches the value there against the `oneOf`/`anyOf` branches: a form built over cloudify's
/// largest example walked from the root for every row, 0.7 s of its 1 s to open.
///
/// ```swift
/// let outline = SchemaOutline(schema, over: ["server": ["port": 8080]])
/// for property in outline.properties(at: DocumentPath(pointer: "/server")!) {
///     print(property.name, property.required, property.schemas.first?.title ?? "")
/// }
/// ```
public final class SchemaOutline {
    public let schema: JSONSchema
    /// The value the places are read in.
    public let document: DocumentValue
    /// The places asked about so far: the schemas that apply there (node indices, outermost
    /// first) and the value there (nil where the document has none).
    private var places: [DocumentPath: Place] = [:]

    private struct Place {
        var schemas: [Int]
        var value: DocumentValue?
    }

    public init(_ schema: JSONSchema, over document: DocumentValue) {
        self.schema = schema
        self.document = document
    }

    /// The schemas that apply at `path`, outermost first.
    public func schemas(at path: DocumentPath) -> [SchemaView] {
        place(at: path).schemas.map { SchemaView(schema.graph.node($0)) }
    }

    /// The properties the object at `path` may have: in the order the schemas name them, each
    /// with whether it is required and the schemas of its value.
    public func properties(at path: DocumentPath) -> [SchemaProperty] {
        let graph = schema.graph
        let here = place(at: path).schemas
        var names: [String] = []
        var seen: Set<String> = []
        var required: Set<String> = []
        for index in here {
            for property in graph.node(index).properties where seen.insert(property.name).inserted {
                names.append(property.name)
            }
            required.formUnion(graph.node(index).required)
        }
        for name in required.sorted() where seen.insert(name).inserted { names.append(name) }
        return names.map { name in
            SchemaProperty(
                name: name, required: required.contains(name),
                schemas: place(at: DocumentPath(path.components + [.key(name)])).schemas.map {
                    SchemaView(graph.node($0))
                })
        }
    }

    /// The properties only a condition brings to the object at `path`, met by its value now or
    /// not: those of the branches of an `if` and of `dependentSchemas`, that no schema applying
    /// whatever the value names. A form makes their rows ahead and shows each while the value
    /// meets its condition (while ``properties(at:)`` lists it).
    ///
    /// ```swift
    /// // {"if": {"properties": {"tls": {"const": true}}}, "then": {"properties": {"cert": {}}}}
    /// SchemaOutline(schema, over: ["tls": false]).conditionalProperties(at: DocumentPath()).map(\.name)  // ["cert"]
    /// ```
    public func conditionalProperties(at path: DocumentPath) -> [SchemaProperty] {
        let graph = schema.graph
        let value = place(at: path).value
        // Every branch at the place itself; above it, the schemas that apply.
        let parents: [Int]
        let unconditional: [Int]
        if let last = path.components.last {
            let above = place(at: DocumentPath(Array(path.components.dropLast()))).schemas
            let children = schema.children(of: above, at: last)
            parents = schema.closure(of: children, value: value, everyBranch: true)
            unconditional = schema.closure(of: children, value: value, noBranch: true)
        } else {
            parents = schema.closure(of: [schema.root], value: document, everyBranch: true)
            unconditional = schema.closure(of: [schema.root], value: document, noBranch: true)
        }
        var result: [SchemaProperty] = []
        var seen = Set(unconditional.flatMap { graph.node($0).properties.map(\.name) })
        for index in parents {
            for property in graph.node(index).properties where seen.insert(property.name).inserted {
                let child = schema.children(of: parents, at: .key(property.name))
                result.append(
                    SchemaProperty(
                        name: property.name, required: false,
                        schemas: schema.closure(of: child, value: value?[property.name]).map {
                            SchemaView(graph.node($0))
                        }))
            }
        }
        return result
    }

    /// Whether the object at `path` is a map: a schema that applies there gives members it does
    /// not name a schema of their own (`additionalProperties` other than `false`, or
    /// `patternProperties`), so a form offers to add, rename and delete its keys.
    ///
    /// ```swift
    /// // {"properties": {"env": {"additionalProperties": {"type": "string"}}}}
    /// SchemaOutline(schema, over: [:]).isMap(at: DocumentPath(pointer: "/env")!)  // true
    /// ```
    public func isMap(at path: DocumentPath) -> Bool {
        let graph = schema.graph
        return place(at: path).schemas.contains { index in
            let node = graph.node(index)
            if !node.patternProperties.isEmpty { return true }
            guard let target = node.additionalProperties else { return false }
            return graph.node(target).raw != .bool(false)
        }
    }

    /// The `oneOf` and `anyOf` choices that apply at `path`, with the variants its value matches.
    public func choices(at path: DocumentPath) -> [SchemaChoice] {
        let graph = schema.graph
        let here = place(at: path)
        var result: [SchemaChoice] = []
        for index in here.schemas {
            let node = graph.node(index)
            for (keyword, variants) in [("oneOf", node.oneOf), ("anyOf", node.anyOf)] where !variants.isEmpty
            {
                let views = variants.map { variant in
                    let target = graph.node(variant)
                    if let ref = target.ref, target.raw.objectCount == 1 {
                        return SchemaView(graph.node(ref))
                    }
                    return SchemaView(target)
                }
                let matching =
                    here.value.map { value in variants.indices.filter { schema.matches(variants[$0], value) }
                    }
                    ?? []
                result.append(
                    SchemaChoice(
                        keyword: keyword, location: node.location, variants: views, matching: matching))
            }
        }
        return result
    }

    /// The schemas and the value at `path`: from the deepest place above it already walked, one
    /// step a component (a step for every place on the way, kept).
    private func place(at path: DocumentPath) -> Place {
        if let known = places[path] { return known }
        var depth = path.components.count
        var current: Place?
        while depth > 0 {
            depth -= 1
            if let known = places[DocumentPath(Array(path.components.prefix(depth)))] {
                current = known
                break
            }
        }
        var here =
            current
            ?? Place(schemas: schema.closure(of: [schema.root], value: document), value: document)
        if current == nil {
            depth = 0
            places[DocumentPath()] = here
        }
        for offset in depth..<path.components.count {
            let component = path.components[offset]
            let next: DocumentValue?
            switch component {
            case .key(let key): next = here.value?[key]
            case .index(let index): next = here.value?[index] ?? here.value?[String(index)]
            }
            here = Place(
                schemas: schema.closure(of: schema.children(of: here.schemas, at: component), value: next),
                value: next)
            places[DocumentPath(Array(path.components.prefix(offset + 1)))] = here
        }
        return here
    }
}

/// One question of a schema about a document, for those that ask one (a form asks many about
/// the same document: a ``SchemaOutline`` keeps the walk).
extension JSONSchema {
    /// The schemas that apply at `path` of `document`, outermost first.
    ///
    /// ```swift
    /// schema.schemas(at: DocumentPath(pointer: "/port")!, in: ["port": 80]).first?.title
    /// ```
    public func schemas(at path: DocumentPath, in document: DocumentValue) -> [SchemaView] {
        SchemaOutline(self, over: document).schemas(at: path)
    }

    /// The properties the object at `path` of `document` may have (``SchemaOutline/properties(at:)``).
    ///
    /// ```swift
    /// let document: DocumentValue = ["server": ["port": 8080]]
    /// for property in schema.properties(at: DocumentPath(pointer: "/server")!, in: document) {
    ///     print(property.name, property.required, property.schemas.first?.title ?? "")
    /// }
    /// ```
    public func properties(at path: DocumentPath, in document: DocumentValue) -> [SchemaProperty] {
        SchemaOutline(self, over: document).properties(at: path)
    }

    /// The properties only a condition brings to the object at `path` of `document`
    /// (``SchemaOutline/conditionalProperties(at:)``).
    ///
    /// ```swift
    /// // {"if": {"properties": {"tls": {"const": true}}}, "then": {"properties": {"cert": {}}}}
    /// schema.conditionalProperties(at: DocumentPath(), in: ["tls": false]).map(\.name)  // ["cert"]
    /// ```
    public func conditionalProperties(at path: DocumentPath, in document: DocumentValue) -> [SchemaProperty] {
        SchemaOutline(self, over: document).conditionalProperties(at: path)
    }

    /// Whether the object at `path` of `document` is a map (``SchemaOutline/isMap(at:)``).
    ///
    /// ```swift
    /// // {"properties": {"env": {"additionalProperties": {"type": "string"}}}}
    /// schema.isMap(at: DocumentPath(pointer: "/env")!, in: [:])  // true
    /// ```
    public func isMap(at path: DocumentPath, in document: DocumentValue) -> Bool {
        SchemaOutline(self, over: document).isMap(at: path)
    }

    /// The `oneOf` and `anyOf` choices that apply at `path` of `document`
    /// (``SchemaOutline/choices(at:)``).
    ///
    /// ```swift
    /// schema.choices(at: DocumentPath(pointer: "/storage")!, in: document).first?.matching  // [0]
    /// ```
    public func choices(at path: DocumentPath, in document: DocumentValue) -> [SchemaChoice] {
        SchemaOutline(self, over: document).choices(at: path)
    }

    // MARK: Walking

    func matches(_ index: Int, _ value: DocumentValue) -> Bool {
        let evaluation = Evaluation(graph: graph, collect: false)
        var evaluated = Evaluated()
        return evaluation.validate(index, value, &evaluated, track: false)
    }

    /// The subschemas of `nodes` that apply to a member or an item.
    func children(of parents: [Int], at component: DocumentPath.Component) -> [Int] {
        var result: [Int] = []
        for index in parents {
            let node = graph.node(index)
            switch component {
            case .key(let key):
                var matched = false
                if let offset = node.propertyIndex[key] {
                    result.append(node.properties[offset].node)
                    matched = true
                }
                for (pattern, target) in node.patternProperties where (try? pattern.matches(key)) == true {
                    result.append(target)
                    matched = true
                }
                if !matched, let target = node.additionalProperties ?? node.unevaluatedProperties {
                    result.append(target)
                }
            case .index(let offset):
                if offset < node.prefixItems.count {
                    result.append(node.prefixItems[offset])
                } else if let target = node.items ?? node.unevaluatedItems {
                    result.append(target)
                }
            }
        }
        return result
    }

    /// `starts` and every schema they bring in at the same place for `value`.
    /// With `everyBranch`, both branches of an `if` and every `dependentSchemas` entry, whatever
    /// the value; with `noBranch`, none of them.
    func closure(of starts: [Int], value: DocumentValue?, everyBranch: Bool = false, noBranch: Bool = false)
        -> [Int]
    {
        var result: [Int] = []
        var seen: Set<Int> = []
        var work = Array(starts.reversed())
        while let index = work.popLast() {
            guard seen.insert(index).inserted else { continue }
            result.append(index)
            let node = graph.node(index)
            var next: [Int] = []
            if let ref = node.ref { next.append(ref) }
            if let (target, _) = node.dynamicRef { next.append(target) }
            if let target = node.recursiveRef { next.append(target) }
            next += node.allOf
            if everyBranch {
                if node.ifSchema != nil {
                    next += [node.thenSchema, node.elseSchema].compactMap { $0 }
                }
                next += node.dependentSchemas.map { $0.node }
            }
            if let value {
                next += node.anyOf.filter { matches($0, value) }
                next += node.oneOf.filter { matches($0, value) }
                if !everyBranch, !noBranch, let condition = node.ifSchema {
                    if let branch = matches(condition, value) ? node.thenSchema : node.elseSchema {
                        next.append(branch)
                    }
                }
                for (name, target) in node.dependentSchemas
                where !everyBranch && !noBranch && value[name] != nil {
                    next.append(target)
                }
            }
            work += next.reversed()
        }
        return result
    }
}
