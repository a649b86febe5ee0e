import FormDocument

/// A place in a loaded document: the document's URI and a JSON pointer into it.
struct SchemaLocation: Hashable, Sendable {
    var document: String
    var pointer: String

    func appending(_ token: String) -> SchemaLocation {
        let escaped =
            token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") })
            ? token.replacing("~", with: "~0").replacing("/", with: "~1") : token
        return SchemaLocation(document: document, pointer: pointer + "/" + escaped)
    }

    var text: String { document + "#" + pointer }
}

/// Turns schema documents into ``SchemaNode``s. Documents are first scanned for their `$id`s and
/// anchors (so that a reference can name a part of a document compiled later), then every
/// subschema reached from the root is compiled from a work list: neither step recurses, so a
/// schema nested 10,000 deep or a long chain of `$ref`s compiles without a deep stack.
final class SchemaCompiler {
    /// Past this many compiled subschemas a schema is refused: a bound on the work a hostile
    /// schema can cause, far above SchemaStore's largest (under 20,000).
    static let nodeLimit = 2_000_000
    /// Past this many levels of nested subschemas a schema is refused (SchemaStore's deepest is
    /// under 40): each level's location names all the levels above it.
    static let depthLimit = 500

    let options: SchemaOptions
    let resolver: (any SchemaResolver)?
    var documents: [String: DocumentValue] = [:]
    var resourceLocations: [String: SchemaLocation] = [:]
    var anchors: [String: SchemaLocation] = [:]
    var dynamicAnchors: [String: [String: SchemaLocation]] = [:]
    var recursiveAnchors: Set<String> = []
    var scanned: [SchemaLocation: (base: String, context: DialectContext)] = [:]
    var nodes: [SchemaNode] = []
    var nodeIndex: [SchemaLocation: Int] = [:]
    var queue: [(index: Int, location: SchemaLocation, value: DocumentValue?)] = []
    var resources: [SchemaResource] = []
    var resourceIndex: [String: Int] = [:]

    init(options: SchemaOptions, resolver: (any SchemaResolver)?) {
        self.options = options
        self.resolver = resolver
    }

    // MARK: Documents

    func load(_ value: DocumentValue, as uri: String, inherited: DialectContext)
        throws(SchemaCompileError)
    {
        guard documents[uri] == nil else { return }
        documents[uri] = value
        let location = SchemaLocation(document: uri, pointer: "")
        resourceLocations[uri] = resourceLocations[uri] ?? location
        let context = try context(of: value, inherited: inherited, at: location)
        try scan(value, at: location, base: uri, context: context)
    }

    /// A document the schema names but has not loaded: a meta-schema of ours, or the resolver's.
    func loadExternal(_ uri: String, inherited: DialectContext) throws(SchemaCompileError) -> Bool {
        if documents[uri] != nil { return true }
        guard let value = MetaSchemas.document(for: uri) ?? resolver?.document(for: uri) else { return false }
        try load(value, as: uri, inherited: inherited)
        return true
    }

    static func context(for dialect: SchemaDialect) -> DialectContext {
        DialectContext(dialect: dialect, vocabularies: .all)
    }

    /// The dialect a schema object states with `$schema`, or the one it inherits.
    func context(of value: DocumentValue, inherited: DialectContext, at location: SchemaLocation)
        throws(SchemaCompileError) -> DialectContext
    {
        guard case .string(let uri) = value["$schema"] else { return inherited }
        if let dialect = SchemaDialect(schemaURI: uri) { return SchemaCompiler.context(for: dialect) }
        // A meta-schema of its own: its `$schema` gives the dialect, its `$vocabulary` the keywords.
        let metaURI = SchemaURI(uri).withoutFragment
        guard try loadExternal(metaURI, inherited: inherited), let meta = documents[metaURI] else {
            return inherited
        }
        var context = inherited
        if case .string(let metaSchema) = meta["$schema"], let dialect = SchemaDialect(schemaURI: metaSchema)
        {
            context.dialect = dialect
        }
        if case .object(let vocabularies) = meta["$vocabulary"], context.dialect >= .draft2019_09 {
            var set: Vocabularies = []
            for key in vocabularies.keys {
                if key.hasSuffix("/vocab/applicator") {
                    set.insert(.applicator)
                    if context.dialect == .draft2019_09 { set.insert(.unevaluated) }
                }
                if key.hasSuffix("/vocab/validation") { set.insert(.validation) }
                if key.hasSuffix("/vocab/unevaluated") { set.insert(.unevaluated) }
                if key.hasSuffix("/vocab/format-assertion") { set.insert(.formatAssertion) }
            }
            context.vocabularies = set
        } else {
            context.vocabularies = .all
        }
        return context
    }

    /// The keywords whose values are subschemas: one schema, an array of them, a map of them.
    static let singleKeywords = [
        "not", "if", "then", "else", "additionalProperties", "propertyNames", "contains",
        "unevaluatedProperties", "unevaluatedItems", "additionalItems", "contentSchema",
    ]
    static let arrayKeywords = ["allOf", "anyOf", "oneOf", "prefixItems"]
    static let mapKeywords = ["properties", "patternProperties", "definitions", "$defs", "dependentSchemas"]

    /// Registers the `$id`s and anchors of every subschema of a document, without recursion.
    func scan(_ value: DocumentValue, at location: SchemaLocation, base: String, context: DialectContext)
        throws(SchemaCompileError)
    {
        var work: [(DocumentValue, SchemaLocation, String, DialectContext, Int)] = [
            (value, location, base, context, 0)
        ]
        while let (value, location, inheritedBase, inheritedContext, depth) = work.popLast() {
            if depth > SchemaCompiler.depthLimit {
                throw SchemaCompileError(
                    "the schema is nested too deeply (over \(SchemaCompiler.depthLimit) levels)",
                    at: location.document)
            }
            guard case .object(let members) = value else {
                scanned[location] = scanned[location] ?? (inheritedBase, inheritedContext)
                continue
            }
            var base = inheritedBase
            var context = inheritedContext
            let idKeyword = context.dialect == .draft4 ? "id" : "$id"
            if location.pointer != "", members[idKeyword] != nil || members["$schema"] != nil {
                context = try self.context(of: value, inherited: context, at: location)
            }
            let idKey = context.dialect == .draft4 ? "id" : "$id"
            let refHidesSiblings = context.dialect <= .draft7 && members["$ref"] != nil
            if !refHidesSiblings, case .string(let id) = members[idKey] {
                let resolved = SchemaURI(SchemaURI.resolve(id, against: base))
                let resource = resolved.withoutFragment
                if let fragment = resolved.fragment, !fragment.isEmpty {
                    if context.dialect <= .draft7 {
                        if resource != SchemaURI(base).withoutFragment {
                            base = resource
                            resourceLocations[resource] = resourceLocations[resource] ?? location
                        }
                        anchors[resource + "#" + fragment] = location
                    }
                } else {
                    base = resource
                    if resourceLocations[resource] == nil { resourceLocations[resource] = location }
                }
            }
            if context.dialect >= .draft2019_09 {
                if case .string(let anchor) = members["$anchor"] { anchors[base + "#" + anchor] = location }
                if context.dialect >= .draft2020_12, case .string(let anchor) = members["$dynamicAnchor"] {
                    anchors[base + "#" + anchor] = location
                    dynamicAnchors[base, default: [:]][anchor] = location
                }
                if context.dialect == .draft2019_09, members["$recursiveAnchor"] == .bool(true),
                    resourceLocations[base] == location
                {
                    recursiveAnchors.insert(base)
                }
            }
            scanned[location] = (base, context)
            for keyword in SchemaCompiler.singleKeywords {
                if let child = members[keyword] {
                    work.append((child, location.appending(keyword), base, context, depth + 1))
                }
            }
            if let items = members["items"] {
                if case .array(let elements) = items {
                    for (index, element) in elements.enumerated() {
                        work.append(
                            (
                                element, location.appending("items").appending(String(index)), base, context,
                                depth + 1
                            ))
                    }
                } else {
                    work.append((items, location.appending("items"), base, context, depth + 1))
                }
            }
            for keyword in SchemaCompiler.arrayKeywords {
                guard case .array(let elements) = members[keyword] else { continue }
                for (index, element) in elements.enumerated() {
                    work.append(
                        (
                            element, location.appending(keyword).appending(String(index)), base, context,
                            depth + 1
                        ))
                }
            }
            for keyword in SchemaCompiler.mapKeywords + ["dependencies"] {
                guard case .object(let map) = members[keyword] else { continue }
                for (key, child) in map {
                    if keyword == "dependencies", case .array = child { continue }
                    work.append((child, location.appending(keyword).appending(key), base, context, depth + 1))
                }
            }
        }
    }

    func value(at location: SchemaLocation) -> DocumentValue? {
        guard var current = documents[location.document] else { return nil }
        if location.pointer.isEmpty { return current }
        for token in location.pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let key =
                token.contains("~")
                ? String(token.replacing("~1", with: "/").replacing("~0", with: "~")) : String(token)
            switch current {
            case .object(let members):
                guard let next = members[key] else { return nil }
                current = next
            case .array(let elements):
                guard let index = Int(key), elements.indices.contains(index) else { return nil }
                current = elements[index]
            default: return nil
            }
        }
        return current
    }

    /// The base URI and dialect at a location: its own when scanned, else its nearest scanned
    /// parent's (a pointer into an unknown keyword).
    func scanInfo(_ location: SchemaLocation) -> (base: String, context: DialectContext) {
        var pointer = Substring(location.pointer)
        while true {
            if let info = scanned[SchemaLocation(document: location.document, pointer: String(pointer))] {
                return info
            }
            guard let slash = pointer.lastIndex(of: "/") else { break }
            pointer = pointer[..<slash]
        }
        return (location.document, SchemaCompiler.context(for: options.defaultDialect))
    }

    // MARK: Nodes

    /// The node of a location, reserved now and compiled from the work list.
    func node(for location: SchemaLocation, value: DocumentValue? = nil) throws(SchemaCompileError) -> Int {
        if let index = nodeIndex[location] { return index }
        guard nodes.count < SchemaCompiler.nodeLimit else {
            throw SchemaCompileError(
                "the schema has more than \(SchemaCompiler.nodeLimit) subschemas", at: location.text)
        }
        let index = nodes.count
        nodes.append(SchemaNode())
        nodeIndex[location] = index
        queue.append((index, location, value))
        return index
    }

    func compileQueued() throws(SchemaCompileError) {
        while let (index, location, value) = queue.popLast() {
            nodes[index] = try compile(location, value: value)
        }
    }

    func resource(for uri: String) throws(SchemaCompileError) -> Int {
        if let index = resourceIndex[uri] { return index }
        let index = resources.count
        resources.append(SchemaResource(uri: uri))
        resourceIndex[uri] = index
        if let root = resourceLocations[uri] { resources[index].root = try node(for: root) }
        for (name, location) in dynamicAnchors[uri] ?? [:] {
            resources[index].dynamicAnchors[name] = try node(for: location)
        }
        resources[index].recursiveAnchor = recursiveAnchors.contains(uri)
        return index
    }

    /// The location a reference names, loading its document through the resolver if need be.
    func resolve(_ reference: String, base: String, context: DialectContext, from location: SchemaLocation)
        throws(SchemaCompileError) -> SchemaLocation
    {
        let uri = SchemaURI(SchemaURI.resolve(reference, against: base))
        let resource = uri.withoutFragment
        let fragment = SchemaURI.percentDecoded(uri.fragment ?? "")
        if resourceLocations[resource] == nil {
            _ = try loadExternal(resource, inherited: context)
        }
        guard let root = resourceLocations[resource] else {
            throw SchemaCompileError(
                "`\(reference)` cannot be resolved: no schema known here is `\(resource)`", at: location.text)
        }
        if fragment.isEmpty { return root }
        if fragment.hasPrefix("/") {
            let target = SchemaLocation(document: root.document, pointer: root.pointer + fragment)
            guard value(at: target) != nil else {
                throw SchemaCompileError(
                    "`\(reference)` points to nothing: `#\(fragment)` is not in the schema", at: location.text
                )
            }
            return target
        }
        guard let target = anchors[resource + "#" + fragment] else {
            throw SchemaCompileError(
                "`\(reference)` points to nothing: no anchor is named `\(fragment)`", at: location.text)
        }
        return target
    }
}

extension SchemaDialect: Comparable {
    private var order: Int {
        switch self {
        case .draft4: 4
        case .draft6: 6
        case .draft7: 7
        case .draft2019_09: 2019
        case .draft2020_12: 2020
        }
    }

    public static func < (left: SchemaDialect, right: SchemaDialect) -> Bool { left.order < right.order }
}
