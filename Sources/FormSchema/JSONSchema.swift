public import FormDocument

/// A JSON Schema compiled once, for validating values many times: drafts 4, 6, 7, 2019-09 and
/// 2020-12, chosen by `$schema` (2020-12 or ``SchemaOptions/defaultDialect`` when none is named).
/// References to other documents are resolved through a ``SchemaResolver`` (never the network);
/// the five drafts' meta-schemas are built in.
///
/// ```swift
/// let schema = try JSONSchema(["type": "object", "properties": ["port": ["maximum": 65535]]])
/// schema.validate(["port": 70000])  // [/port: must be at most 65535]
/// ```
public struct JSONSchema: Sendable {
    let graph: SchemaGraph
    let root: Int

    /// The dialect the root schema is read with.
    public var dialect: SchemaDialect { graph.node(root).dialect }

    /// Compiles `value`; throws a ``SchemaCompileError`` for a schema that is not one (a keyword of
    /// the wrong kind, a pattern that is not ECMA-262, a `$ref` that points to nothing).
    ///
    /// The root document's own subschemas are compiled here; the targets of `$ref`s, with the
    /// subschemas they hold, when a validation first reaches them (a mistake there is an error of
    /// that validation, at the value that reached it).
    public init(
        _ value: DocumentValue, options: SchemaOptions = SchemaOptions(),
        resolver: (any SchemaResolver)? = nil
    ) throws(SchemaCompileError) {
        let compiler = SchemaCompiler(options: options, resolver: resolver)
        try compiler.load(
            value, as: options.baseURI, inherited: SchemaCompiler.context(for: options.defaultDialect))
        let rootLocation = SchemaLocation(document: options.baseURI, pointer: "")
        // The scope around the root: the document's own, before the root's `$id` is applied.
        let around = SchemaScope(
            base: options.baseURI,
            context: compiler.documentContexts[options.baseURI]
                ?? SchemaCompiler.context(for: options.defaultDialect))
        root = try compiler.node(for: rootLocation, scope: around)
        try compiler.compileQueued()
        graph = SchemaGraph(compiler)
    }

    /// Every error of `value`, each with its location in the value and in the schema; empty
    /// when the value is valid.
    public func validate(_ value: DocumentValue) -> [SchemaError] {
        let evaluation = Evaluation(graph: graph, collect: true)
        var evaluated = Evaluated()
        _ = evaluation.validate(root, value, &evaluated, track: false)
        return evaluation.errors
    }

    /// Whether `value` is valid, stopping at its first error.
    public func isValid(_ value: DocumentValue) -> Bool {
        let evaluation = Evaluation(graph: graph, collect: false)
        var evaluated = Evaluated()
        return evaluation.validate(root, value, &evaluated, track: false)
    }
}
