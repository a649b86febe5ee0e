import FormDocument

/// A place in a loaded document: the document's URI and a JSON pointer into it.
struct SchemaLocation: Hashable, Sendable {
    var document: String
    var pointer: String

    func appending(_ token: String) -> SchemaLocation {
        SchemaLocation(document: document, pointer: pointer + "/" + SchemaLocation.escaped(token))
    }

    /// A token as a JSON pointer writes it (`~` as `~0`, `/` as `~1`).
    static func escaped(_ token: String) -> String {
        token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") })
            ? token.replacing("~", with: "~0").replacing("/", with: "~1") : token
    }

    var text: String { document + "#" + pointer }

    /// The unescaped tokens of a JSON pointer (`/a~1b/0` is `a/b`, `0`).
    static func tokens(of pointer: String) -> [String] {
        guard !pointer.isEmpty else { return [] }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { token in
            token.contains("~")
                ? String(token.replacing("~1", with: "/").replacing("~0", with: "~")) : String(token)
        }
    }
}

/// The base URI and the rules a subschema is read with: its own `$id` and `$schema` applied to
/// those of the schema around it.
struct SchemaScope: Sendable {
    var base: String
    var context: DialectContext
}

/// A node reserved but not compiled yet: where it is, its value when the reserver had it, and
/// the scope of the schema around it when it was reached from there (a `$ref`'s target has none:
/// its scope is found by walking down from its document's root).
struct Reservation {
    var location: SchemaLocation
    var value: DocumentValue?
    var scope: SchemaScope?
    var depth: Int
}

/// Turns schema documents into ``SchemaNode``s, lazily: a node is compiled when it is first
/// asked for (``JSONSchema`` compiles its root document's own subschemas up front, so that most
/// mistakes are found at once; a `$ref`'s target, with what it brings in, waits until a value
/// reaches it). A SchemaStore schema of 2.7 MB used to take half a second to compile whole
/// before its first example could be checked; an example reaches a few hundred of its tens of
/// thousands of subschemas.
///
/// Documents are not scanned for their `$id`s and anchors until a reference names one that is
/// not known yet, or a `$dynamicRef`/`$recursiveRef` needs the dynamic anchors. No step
/// recurses, so a schema nested 10,000 deep or a long chain of `$ref`s compiles without a deep
/// stack.
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
    /// The scope each document's root is read with.
    var documentContexts: [String: DialectContext] = [:]
    /// Documents whose subschemas' `$id`s and anchors are not registered yet.
    var unscanned: [String] = []
    var resourceLocations: [String: SchemaLocation] = [:]
    var anchors: [String: SchemaLocation] = [:]
    var dynamicAnchors: [String: [String: SchemaLocation]] = [:]
    var recursiveAnchors: Set<String> = []
    var nodes: [SchemaNode] = []
    /// Each compiled node once more, behind a reference: a validation takes a node for every
    /// value and subschema it meets, and copying the node's forty fields out was a fifth of the
    /// instructions of validating SchemaStore's examples.
    var shared: [SharedNode?] = []
    var reservations: [Reservation] = []
    var nodeIndex: [SchemaLocation: Int] = [:]
    /// Nodes to compile before ``JSONSchema``'s initializer returns; nil once it has.
    var queue: [Int]? = []
    var resources: [SchemaResource] = []
    var resourceIndex: [String: Int] = [:]
    /// Whether a compiled node holds a `$dynamicRef` or `$recursiveRef` (whose results depend on
    /// the path taken to them, so that ``DocumentValidator`` cannot reuse them).
    var hasDynamicReferences = false

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
        documentContexts[uri] = context
        // The root's own `$id` now, so that the references of a document to itself need no scan.
        let entered = try enter(value, at: location, scope: SchemaScope(base: uri, context: context))
        register(entered, at: location)
        unscanned.append(uri)
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
        if case .object(let vocabularies) = meta["$vocabulary"], context.dialect >= .draft201909 {
            var set: Vocabularies = []
            for key in vocabularies.keys {
                if key.hasSuffix("/vocab/applicator") {
                    set.insert(.applicator)
                    if context.dialect == .draft201909 { set.insert(.unevaluated) }
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
    static let singleKeywords: Set<String> = [
        "not", "if", "then", "else", "additionalProperties", "propertyNames", "contains",
        "unevaluatedProperties", "unevaluatedItems", "additionalItems", "contentSchema",
    ]
    static let arrayKeywords: Set<String> = ["allOf", "anyOf", "oneOf", "prefixItems"]
    static let mapKeywords: Set<String> = [
        "properties", "patternProperties", "definitions", "$defs", "dependentSchemas", "dependencies",
    ]

    /// What one schema object's `$id` and `$schema` make of the scope around it: its own scope,
    /// the resource it starts (if any) and the anchor its `$id` names (drafts 6 and 7's `#name`).
    struct Entered {
        var scope: SchemaScope
        var resource: String?
        var anchor: String?
    }

    func enter(_ value: DocumentValue, at location: SchemaLocation, scope inherited: SchemaScope)
        throws(SchemaCompileError) -> Entered
    {
        guard case .object(let members) = value else { return Entered(scope: inherited) }
        var base = inherited.base
        var context = inherited.context
        let idKeyword = context.dialect == .draft4 ? "id" : "$id"
        if location.pointer != "", members[idKeyword] != nil || members["$schema"] != nil {
            context = try self.context(of: value, inherited: context, at: location)
        }
        var entered = Entered(scope: SchemaScope(base: base, context: context))
        let idKey = context.dialect == .draft4 ? "id" : "$id"
        let refHidesSiblings = context.dialect <= .draft7 && members["$ref"] != nil
        if !refHidesSiblings, case .string(let id) = members[idKey] {
            let resolved = SchemaURI(SchemaURI.resolve(id, against: base))
            let resource = resolved.withoutFragment
            if let fragment = resolved.fragment, !fragment.isEmpty {
                if context.dialect <= .draft7 {
                    if resource != SchemaURI(base).withoutFragment {
                        base = resource
                        entered.resource = resource
                    }
                    entered.anchor = resource + "#" + fragment
                }
            } else {
                base = resource
                entered.resource = resource
            }
        }
        entered.scope.base = base
        return entered
    }

    func register(_ entered: Entered, at location: SchemaLocation) {
        if let resource = entered.resource, resourceLocations[resource] == nil {
            resourceLocations[resource] = location
        }
        if let anchor = entered.anchor { anchors[anchor] = location }
    }

    /// Registers the `$id`s and anchors of every subschema of the documents loaded since the last
    /// scan, without recursion; then gives the resources already made their dynamic anchors.
    func scanLoaded() throws(SchemaCompileError) {
        guard !unscanned.isEmpty else { return }
        while let uri = unscanned.popLast() {
            guard let value = documents[uri], let context = documentContexts[uri] else { continue }
            try scan(
                value, at: SchemaLocation(document: uri, pointer: ""),
                scope: SchemaScope(base: uri, context: context))
        }
        for index in resources.indices { try fill(index) }
    }

    func scan(_ value: DocumentValue, at location: SchemaLocation, scope: SchemaScope)
        throws(SchemaCompileError)
    {
        var work: [(DocumentValue, SchemaLocation, SchemaScope, Int)] = [(value, location, scope, 0)]
        while let (value, location, inherited, depth) = work.popLast() {
            if depth > SchemaCompiler.depthLimit { throw SchemaCompiler.tooDeep(at: location) }
            guard case .object(let members) = value else { continue }
            let entered = try enter(value, at: location, scope: inherited)
            register(entered, at: location)
            let base = entered.scope.base
            let dialect = entered.scope.context.dialect
            if dialect >= .draft201909 {
                if case .string(let anchor) = members["$anchor"] { anchors[base + "#" + anchor] = location }
                if dialect >= .draft202012, case .string(let anchor) = members["$dynamicAnchor"] {
                    anchors[base + "#" + anchor] = location
                    dynamicAnchors[base, default: [:]][anchor] = location
                }
                if dialect == .draft201909, members["$recursiveAnchor"] == .bool(true),
                    resourceLocations[base] == location
                {
                    recursiveAnchors.insert(base)
                }
            }
            SchemaCompiler.forEachSubschema(of: value) { child, tokens in
                var childLocation = location
                for token in tokens { childLocation = childLocation.appending(token) }
                work.append((child, childLocation, entered.scope, depth + 1))
            }
        }
    }

    static func tooDeep(at location: SchemaLocation) -> SchemaCompileError {
        SchemaCompileError(
            "the schema is nested too deeply (over \(SchemaCompiler.depthLimit) levels)",
            at: location.document)
    }

    /// Every subschema directly under a schema object, with the pointer tokens that lead to it.
    static func forEachSubschema(of value: DocumentValue, _ body: (DocumentValue, [String]) -> Void) {
        guard case .object(let members) = value else { return }
        for (keyword, member) in members {
            if singleKeywords.contains(keyword) {
                body(member, [keyword])
            } else if keyword == "items" {
                if case .array(let elements) = member {
                    for (index, element) in elements.enumerated() { body(element, [keyword, String(index)]) }
                } else {
                    body(member, [keyword])
                }
            } else if arrayKeywords.contains(keyword) {
                guard case .array(let elements) = member else { continue }
                for (index, element) in elements.enumerated() { body(element, [keyword, String(index)]) }
            } else if mapKeywords.contains(keyword) {
                guard case .object(let map) = member else { continue }
                for (key, child) in map {
                    if keyword == "dependencies", case .array = child { continue }
                    body(child, [keyword, key])
                }
            }
        }
    }

    /// The scope at a location, found by walking down from its document's root through the
    /// subschemas on the way (a pointer into an unknown keyword has the scope of the last
    /// subschema above it), and how many levels of subschemas it is down.
    func scope(at location: SchemaLocation) throws(SchemaCompileError) -> (SchemaScope, Int) {
        guard var current = documents[location.document], let context = documentContexts[location.document]
        else {
            return (
                SchemaScope(
                    base: location.document, context: SchemaCompiler.context(for: options.defaultDialect)), 0
            )
        }
        var here = SchemaLocation(document: location.document, pointer: "")
        var scope = try enter(
            current, at: here, scope: SchemaScope(base: location.document, context: context)
        ).scope
        let tokens = SchemaLocation.tokens(of: location.pointer)
        var offset = 0
        var depth = 0
        while offset < tokens.count {
            guard case .object(let members) = current, let member = members[tokens[offset]] else { break }
            let keyword = tokens[offset]
            let child: DocumentValue?
            var step = 2
            if SchemaCompiler.singleKeywords.contains(keyword) {
                child = member
                step = 1
            } else if keyword == "items" || SchemaCompiler.arrayKeywords.contains(keyword) {
                if case .array(let elements) = member {
                    guard offset + 1 < tokens.count, let index = Int(tokens[offset + 1]),
                        elements.indices.contains(index)
                    else { break }
                    child = elements[index]
                } else if keyword == "items" {
                    child = member
                    step = 1
                } else {
                    break
                }
            } else if SchemaCompiler.mapKeywords.contains(keyword) {
                guard offset + 1 < tokens.count, case .object(let map) = member,
                    let value = map[tokens[offset + 1]]
                else { break }
                if keyword == "dependencies", case .array = value { break }
                child = value
            } else {
                break
            }
            guard let child else { break }
            for token in tokens[offset..<(offset + step)] { here = here.appending(token) }
            offset += step
            depth += 1
            let entered = try enter(child, at: here, scope: scope)
            register(entered, at: here)
            scope = entered.scope
            current = child
        }
        return (scope, depth)
    }

    func value(at location: SchemaLocation) -> DocumentValue? {
        guard var current = documents[location.document] else { return nil }
        if location.pointer.isEmpty { return current }
        for key in SchemaLocation.tokens(of: location.pointer) {
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

    // MARK: Nodes

    /// The node of a location, reserved now and compiled when first asked for (or before the
    /// initializer returns, while ``queue`` is there: a subschema reached by its parent's keyword).
    func node(
        for location: SchemaLocation, value: DocumentValue? = nil, scope: SchemaScope? = nil, depth: Int = 0
    )
        throws(SchemaCompileError) -> Int
    {
        if let index = nodeIndex[location] { return index }
        guard nodes.count < SchemaCompiler.nodeLimit else {
            throw SchemaCompileError(
                "the schema has more than \(SchemaCompiler.nodeLimit) subschemas", at: location.text)
        }
        if depth > SchemaCompiler.depthLimit { throw SchemaCompiler.tooDeep(at: location) }
        let index = nodes.count
        nodes.append(SchemaNode())
        shared.append(nil)
        reservations.append(Reservation(location: location, value: value, scope: scope, depth: depth))
        nodeIndex[location] = index
        if scope != nil { queue?.append(index) }
        return index
    }

    /// Compiles what the initializer must: the nodes reached from the root by keywords.
    func compileQueued() throws(SchemaCompileError) {
        while let index = queue?.popLast() {
            guard !nodes[index].compiled else { continue }
            nodes[index] = try compile(reservations[index])
            nodes[index].compiled = true
            shared[index] = SharedNode(nodes[index])
        }
        queue = nil
    }

    /// Compiles node `index` if it was not; a node that cannot be compiled becomes one that says
    /// why wherever a value reaches it.
    func ensureCompiled(_ index: Int) {
        guard !nodes[index].compiled else { return }
        do {
            nodes[index] = try compile(reservations[index])
        } catch {
            var node = SchemaNode()
            node.location = reservations[index].location.text
            node.failure = error
            nodes[index] = node
        }
        nodes[index].compiled = true
        shared[index] = SharedNode(nodes[index])
        reservations[index].value = nil
    }

    func resource(for uri: String) throws(SchemaCompileError) -> Int {
        if let index = resourceIndex[uri] { return index }
        if hasDynamicReferences { try scanLoaded() }
        let index = resources.count
        resources.append(SchemaResource(uri: uri))
        resourceIndex[uri] = index
        try fill(index)
        return index
    }

    /// A resource's root and dynamic anchors as far as they are known (all of them once its
    /// document is scanned).
    func fill(_ index: Int) throws(SchemaCompileError) {
        let uri = resources[index].uri
        if resources[index].root < 0, let root = resourceLocations[uri] {
            resources[index].root = try node(for: root)
        }
        for (name, location) in dynamicAnchors[uri] ?? [:] where resources[index].dynamicAnchors[name] == nil
        {
            resources[index].dynamicAnchors[name] = try node(for: location)
        }
        resources[index].recursiveAnchor = recursiveAnchors.contains(uri)
    }

    /// The location a reference names, loading its document through the resolver if need be.
    func resolve(_ reference: String, base: String, context: DialectContext, from location: SchemaLocation)
        throws(SchemaCompileError) -> SchemaLocation
    {
        let resource: String
        let fragment: String
        if reference.utf8.first == UInt8(ascii: "#"), !base.utf8.contains(UInt8(ascii: "#")) {
            // `#/definitions/…` against a base without a fragment, as most references are: no URI
            // to parse (parsing was a sixth of SchemaStore's compile time).
            resource = base
            fragment = SchemaURI.percentDecoded(String(reference.dropFirst()))
        } else {
            let uri = SchemaURI(SchemaURI.resolve(reference, against: base))
            resource = uri.withoutFragment
            fragment = SchemaURI.percentDecoded(uri.fragment ?? "")
        }
        if resourceLocations[resource] == nil, try !loadExternal(resource, inherited: context) {
            // Not a document of its own: perhaps a subschema's `$id` (the resolver is asked
            // first, as scanning the documents loaded so far took most of pyproject's compile).
            try scanLoaded()
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
        if anchors[resource + "#" + fragment] == nil { try scanLoaded() }
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
        case .draft201909: 2019
        case .draft202012: 2020
        }
    }

    public static func < (left: SchemaDialect, right: SchemaDialect) -> Bool { left.order < right.order }
}
