import FormDocument

extension SchemaCompiler {
    /// One subschema's keywords, read by its dialect's rules.
    func compile(_ reservation: Reservation) throws(SchemaCompileError) -> SchemaNode {
        let location = reservation.location
        guard let value = reservation.value ?? value(at: location) else {
            throw SchemaCompileError("nothing is at this location", at: location.text)
        }
        let scope: SchemaScope
        var depth = reservation.depth
        if let around = reservation.scope {
            let entered = try enter(value, at: location, scope: around)
            // A resource known as soon as one of its subschemas is: references against it need
            // no scan.
            register(entered, at: location)
            scope = entered.scope
        } else {
            (scope, depth) = try self.scope(at: location)
        }
        let base = scope.base
        let context = scope.context
        var node = SchemaNode()
        node.location = location.text
        node.dialect = context.dialect
        node.raw = value
        node.resource = try resource(for: base)
        switch value {
        case .bool(let flag):
            node.always = flag
            return node
        case .object:
            break
        default:
            throw SchemaCompileError("a schema must be an object or true or false", at: location.text)
        }
        var reader = KeywordReader(
            compiler: self, location: location, value: value, scope: scope, depth: depth)
        try reader.read(into: &node)
        return node
    }
}

/// A schema object's members by name.
struct Members {
    let value: DocumentValue

    subscript(key: String) -> DocumentValue? { value[key] }
}

/// Reads the keywords of one schema object into a node.
struct KeywordReader {
    let compiler: SchemaCompiler
    let location: SchemaLocation
    /// The object's members, looked up in the object itself (no dictionary is built for each).
    let members: Members
    let value: DocumentValue
    let scope: SchemaScope
    /// How many levels of subschemas the object is down.
    let depth: Int

    init(
        compiler: SchemaCompiler, location: SchemaLocation, value: DocumentValue, scope: SchemaScope,
        depth: Int
    ) {
        self.compiler = compiler
        self.location = location
        self.value = value
        self.members = Members(value: value)
        self.scope = scope
        self.depth = depth
    }

    var base: String { scope.base }
    var context: DialectContext { scope.context }

    /// A subschema under this one, compiled with it (before the initializer returns) or when
    /// first asked for.
    func child(_ location: SchemaLocation, _ value: DocumentValue) throws(SchemaCompileError) -> Int {
        try compiler.node(for: location, value: value, scope: scope, depth: depth + 1)
    }

    var dialect: SchemaDialect { context.dialect }

    func fail(_ keyword: String, _ message: String) -> SchemaCompileError {
        SchemaCompileError(message, at: location.appending(keyword).text)
    }

    mutating func schema(_ keyword: String) throws(SchemaCompileError) -> Int? {
        guard let member = members[keyword] else { return nil }
        return try child(location.appending(keyword), member)
    }

    mutating func schemas(_ keyword: String) throws(SchemaCompileError) -> [Int] {
        guard let member = members[keyword] else { return [] }
        guard case .array(let elements) = member else {
            throw fail(keyword, "`\(keyword)` must be an array of schemas")
        }
        var result: [Int] = []
        let base = location.appending(keyword)
        for (index, element) in elements.enumerated() {
            result.append(try child(base.appending(String(index)), element))
        }
        return result
    }

    mutating func schemaMap(_ keyword: String) throws(SchemaCompileError) -> [(name: String, node: Int)] {
        guard let member = members[keyword] else { return [] }
        guard case .object(let map) = member else {
            throw fail(keyword, "`\(keyword)` must be an object of schemas")
        }
        var result: [(name: String, node: Int)] = []
        let base = location.appending(keyword)
        for (key, member) in map {
            result.append((key, try child(base.appending(key), member)))
        }
        return result
    }

    func count(_ keyword: String) throws(SchemaCompileError) -> Int? {
        guard let member = members[keyword] else { return nil }
        guard case .number(let number) = member, number.isWhole, !number.negative else {
            throw fail(keyword, "`\(keyword)` must be a whole number, 0 or more")
        }
        return number.int ?? Int.max
    }

    func number(_ keyword: String) throws(SchemaCompileError) -> DocumentNumber? {
        guard let member = members[keyword] else { return nil }
        guard case .number(let number) = member else { throw fail(keyword, "`\(keyword)` must be a number") }
        return number
    }

    func strings(_ keyword: String) throws(SchemaCompileError) -> [String] {
        guard let member = members[keyword] else { return [] }
        guard case .array(let elements) = member else {
            throw fail(keyword, "`\(keyword)` must be an array of strings")
        }
        var result: [String] = []
        for element in elements {
            guard case .string(let text) = element else {
                throw fail(keyword, "`\(keyword)` must be an array of strings")
            }
            result.append(text)
        }
        return result
    }

    mutating func reference(_ keyword: String) throws(SchemaCompileError) -> (
        index: Int, location: SchemaLocation
    )? {
        guard let member = members[keyword] else { return nil }
        guard case .string(let text) = member else { throw fail(keyword, "`\(keyword)` must be a string") }
        let target = try compiler.resolve(
            text, base: base, context: context, from: location.appending(keyword))
        return (try compiler.node(for: target), target)
    }

    mutating func read(into node: inout SchemaNode) throws(SchemaCompileError) {
        if dialect <= .draft7, members["$ref"] != nil {
            // Before 2019-09 a `$ref` stands alone: its siblings are not keywords.
            node.ref = try reference("$ref")?.index
            return
        }
        node.ref = try reference("$ref")?.index
        if (dialect == .draft202012 && members["$dynamicRef"] != nil)
            || (dialect == .draft201909 && members["$recursiveRef"] != nil)
        {
            // The dynamic scope is looked up in every resource's anchors: register them all.
            compiler.hasDynamicReferences = true
            try compiler.scanLoaded()
        }
        if dialect == .draft202012, let member = members["$dynamicRef"] {
            guard case .string(let text) = member else {
                throw fail("$dynamicRef", "`$dynamicRef` must be a string")
            }
            let target = try reference("$dynamicRef")!
            let fragment = SchemaURI(text).fragment ?? ""
            var anchor: String?
            if !fragment.isEmpty, !fragment.hasPrefix("/"),
                case .string(let name) = compiler.value(at: target.location)?["$dynamicAnchor"],
                name == fragment
            {
                anchor = fragment
            }
            node.dynamicRef = (target.index, anchor)
        }
        if dialect == .draft201909 { node.recursiveRef = try reference("$recursiveRef")?.index }

        let vocabularies = context.vocabularies
        if vocabularies.contains(.applicator) { try readApplicators(into: &node) }
        if vocabularies.contains(.unevaluated), dialect >= .draft201909 {
            node.unevaluatedProperties = try schema("unevaluatedProperties")
            node.unevaluatedItems = try schema("unevaluatedItems")
        }
        if vocabularies.contains(.validation) { try readValidation(into: &node) }
        if dialect == .draft7, compiler.options.assertContent {
            if case .string(let encoding) = members["contentEncoding"] { node.contentEncoding = encoding }
            if case .string(let mediaType) = members["contentMediaType"] { node.contentMediaType = mediaType }
        }
        if case .string(let format) = members["format"] {
            node.format = format
            node.assertsFormat =
                compiler.options.assertFormats
                ?? (dialect <= .draft7 || vocabularies.contains(.formatAssertion))
        }
    }

    mutating func readApplicators(into node: inout SchemaNode) throws(SchemaCompileError) {
        node.allOf = try schemas("allOf")
        node.anyOf = try schemas("anyOf")
        node.oneOf = try schemas("oneOf")
        node.not = try schema("not")
        // `if`, `propertyNames`, `contains` and `const` came after draft 4 (and `if` after 6), but
        // schemas that name an older draft use them and mean them, and SchemaStore's validator
        // (ajv) reads them in every draft: so does this one. No case of the suite says otherwise.
        do {
            node.ifSchema = try schema("if")
            if node.ifSchema != nil {
                node.thenSchema = try schema("then")
                node.elseSchema = try schema("else")
            }
        }
        node.properties = try schemaMap("properties")
        for (offset, property) in node.properties.enumerated() { node.propertyIndex[property.name] = offset }
        for (source, index) in try schemaMap("patternProperties") {
            do {
                node.patternProperties.append((try ECMAPattern(source), index))
            } catch {
                throw fail(
                    "patternProperties", "the pattern `\(source)` is not a valid ECMA-262 pattern: \(error)")
            }
        }
        node.additionalProperties = try schema("additionalProperties")
        node.propertyNames = try schema("propertyNames")
        // `dependencies` is read in every draft: 2019-09 split it, and schemas still use it.
        if case .object(let dependencies) = members["dependencies"] {
            for (name, dependency) in dependencies {
                if case .array = dependency {
                    var names: [String] = []
                    if case .array(let elements) = dependency {
                        for element in elements { if case .string(let text) = element { names.append(text) } }
                    }
                    node.dependentRequired.append((name, names))
                } else {
                    node.dependentSchemas.append(
                        (name, try child(location.appending("dependencies").appending(name), dependency)))
                }
            }
        }
        if dialect >= .draft201909 { node.dependentSchemas += try schemaMap("dependentSchemas") }
        if dialect == .draft202012 {
            node.prefixItems = try schemas("prefixItems")
            node.items = try schema("items")
        } else if case .array = members["items"] {
            node.prefixItems = try schemas("items")
            node.items = try schema("additionalItems")
        } else {
            node.items = try schema("items")
        }
        node.contains = try schema("contains")
    }

    mutating func readValidation(into node: inout SchemaNode) throws(SchemaCompileError) {
        if let type = members["type"] {
            var set: TypeSet = []
            let names: [DocumentValue]
            if case .array(let elements) = type { names = elements } else { names = [type] }
            for name in names {
                guard case .string(let text) = name,
                    let kind = TypeSet.names.first(where: { $0.0 == text })?.1
                else {
                    throw fail(
                        "type",
                        "`type` must name JSON types (null, boolean, object, array, number, string, integer)")
                }
                set.insert(kind)
            }
            node.types = set
        }
        if let member = members["enum"] {
            guard case .array(let values) = member else { throw fail("enum", "`enum` must be an array") }
            node.enumValues = values
            // A set only where it pays: a few values are compared one by one.
            if values.count > 16 { node.enumSet = Set(values.map(JSONKey.init)) }
        }
        if let member = members["const"] { node.constValue = member }
        if let multiple = try number("multipleOf") {
            guard !multiple.negative, !multiple.digits.isEmpty else {
                throw fail("multipleOf", "`multipleOf` must be more than 0")
            }
            node.multipleOf = multiple
        }
        node.maximum = try number("maximum")
        node.minimum = try number("minimum")
        if dialect == .draft4 {
            if members["exclusiveMaximum"] == .bool(true) {
                node.exclusiveMaximum = node.maximum
                node.maximum = nil
            }
            if members["exclusiveMinimum"] == .bool(true) {
                node.exclusiveMinimum = node.minimum
                node.minimum = nil
            }
        } else {
            node.exclusiveMaximum = try number("exclusiveMaximum")
            node.exclusiveMinimum = try number("exclusiveMinimum")
        }
        node.maxLength = try count("maxLength")
        node.minLength = try count("minLength")
        if let member = members["pattern"] {
            guard case .string(let source) = member else {
                throw fail("pattern", "`pattern` must be a string")
            }
            do {
                node.pattern = try ECMAPattern(source)
            } catch {
                throw fail("pattern", "`\(source)` is not a valid ECMA-262 pattern: \(error)")
            }
        }
        node.maxItems = try count("maxItems")
        node.minItems = try count("minItems")
        node.uniqueItems = members["uniqueItems"] == .bool(true)
        node.maxProperties = try count("maxProperties")
        node.minProperties = try count("minProperties")
        if case .array = members["required"] { node.required = try strings("required") }
        if dialect >= .draft201909 {
            if case .object(let map) = members["dependentRequired"] {
                for (name, list) in map {
                    var names: [String] = []
                    if case .array(let elements) = list {
                        for element in elements { if case .string(let text) = element { names.append(text) } }
                    }
                    node.dependentRequired.append((name, names))
                }
            }
            if node.contains != nil {
                node.minContains = try count("minContains")
                node.maxContains = try count("maxContains")
            }
        }
    }
}
