public import FormDocument

/// What a form asks of a schema, apart from validation: which schemas apply at a place of a
/// document, the properties an object there may have, and the choices offered there.
///
/// The schemas that apply are found as a validator would reach them: through `$ref` (a dynamic
/// reference by its static target), every `allOf`, the branches of `oneOf`/`anyOf` the value
/// matches, `then` or `else` as the value meets `if`, and the `dependentSchemas` of the members
/// present; then down the path through `properties`, `patternProperties`, `additionalProperties`
/// and the item keywords.
///
/// ```swift
/// let document: DocumentValue = ["server": ["port": 8080]]
/// for property in schema.properties(at: DocumentPath(pointer: "/server")!, in: document) {
///     print(property.name, property.required, property.schemas.first?.title ?? "")
/// }
/// ```
extension JSONSchema {
    /// The schemas that apply at `path` of `document`, outermost first.
    public func schemas(at path: DocumentPath, in document: DocumentValue) -> [SchemaView] {
        applicable(at: path, in: document).map { SchemaView(graph.node($0)) }
    }

    /// The properties the object at `path` may have: in the order the schemas name them, each
    /// with whether it is required and the schemas of its value.
    public func properties(at path: DocumentPath, in document: DocumentValue) -> [SchemaProperty] {
        let here = applicable(at: path, in: document)
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
        let value = document.value(at: path)
        return names.map { name in
            let child = children(of: here, at: .key(name))
            let childValue = value?[name]
            return SchemaProperty(
                name: name, required: required.contains(name),
                schemas: closure(of: child, value: childValue).map { SchemaView(graph.node($0)) })
        }
    }

    /// The properties only a condition brings to the object at `path`, met by its value now or
    /// not: those of the branches of an `if` and of `dependentSchemas`, that no schema applying
    /// whatever the value names. A form makes their rows ahead and shows each while the value
    /// meets its condition (while ``properties(at:in:)`` lists it).
    ///
    /// ```swift
    /// // {"if": {"properties": {"tls": {"const": true}}}, "then": {"properties": {"cert": {}}}}
    /// schema.conditionalProperties(at: DocumentPath(), in: ["tls": false]).map(\.name)  // ["cert"]
    /// ```
    public func conditionalProperties(at path: DocumentPath, in document: DocumentValue) -> [SchemaProperty] {
        let value = document.value(at: path)
        var parents = closure(of: [root], value: document, everyBranch: path.components.isEmpty)
        var current: DocumentValue? = document
        for (offset, component) in path.components.enumerated() {
            switch component {
            case .key(let key): current = current?[key]
            case .index(let index): current = current?[index] ?? current?[String(index)]
            }
            let last = offset == path.components.count - 1
            parents = closure(of: children(of: parents, at: component), value: current, everyBranch: last)
        }
        var unconditional = applicable(at: path, in: document)
        if !path.components.isEmpty {
            let above = applicable(at: DocumentPath(Array(path.components.dropLast())), in: document)
            unconditional = closure(
                of: children(of: above, at: path.components[path.components.count - 1]), value: value,
                noBranch: true)
        } else {
            unconditional = closure(of: [root], value: document, noBranch: true)
        }
        var result: [SchemaProperty] = []
        var seen = Set(unconditional.flatMap { graph.node($0).properties.map(\.name) })
        for index in parents {
            for property in graph.node(index).properties where seen.insert(property.name).inserted {
                let child = children(of: parents, at: .key(property.name))
                result.append(
                    SchemaProperty(
                        name: property.name, required: false,
                        schemas: closure(of: child, value: value?[property.name]).map {
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
    /// schema.isMap(at: DocumentPath(pointer: "/env")!, in: [:])  // true
    /// ```
    public func isMap(at path: DocumentPath, in document: DocumentValue) -> Bool {
        applicable(at: path, in: document).contains { index in
            let node = graph.node(index)
            if !node.patternProperties.isEmpty { return true }
            guard let target = node.additionalProperties else { return false }
            return graph.node(target).raw != .bool(false)
        }
    }

    /// The `oneOf` and `anyOf` choices that apply at `path`, with the variants its value matches.
    public func choices(at path: DocumentPath, in document: DocumentValue) -> [SchemaChoice] {
        let value = document.value(at: path)
        var result: [SchemaChoice] = []
        for index in applicable(at: path, in: document) {
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
                    value.map { value in variants.indices.filter { matches(variants[$0], value) } } ?? []
                result.append(
                    SchemaChoice(
                        keyword: keyword, location: node.location, variants: views, matching: matching))
            }
        }
        return result
    }

    // MARK: Walking

    func matches(_ index: Int, _ value: DocumentValue) -> Bool {
        let evaluation = Evaluation(graph: graph, collect: false)
        var evaluated = Evaluated()
        return evaluation.validate(index, value, &evaluated, track: false)
    }

    func applicable(at path: DocumentPath, in document: DocumentValue) -> [Int] {
        var current = closure(of: [root], value: document)
        var value: DocumentValue? = document
        for component in path.components {
            let next: DocumentValue?
            switch component {
            case .key(let key): next = value?[key]
            case .index(let index): next = value?[index] ?? value?[String(index)]
            }
            current = closure(of: children(of: current, at: component), value: next)
            value = next
        }
        return current
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
