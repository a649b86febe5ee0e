import FormDocument
import FormSchema

/// One place where a configuration file breaks its schema, as a person reads it: the line and
/// column of the value (or of the key that should not be there), the JSON pointer, the sentence.
///
/// ```swift
/// for problem in ConfigProblem.check(config.document, against: schema) {
///     print("\(config.path):\(problem.line):\(problem.column): \(problem.message)")
/// }
/// ```
public struct ConfigProblem: Hashable, Sendable {
    public var path: DocumentPath
    public var line: Int
    public var column: Int
    public var message: String
    public var keyword: String

    /// Every error of `document` against `schema`, in the order of the text.
    public static func check(_ document: Document, against schema: JSONSchema) -> [ConfigProblem] {
        let lines = LineTable(document.bytes)
        var problems: [(offset: Int, problem: ConfigProblem)] = []
        var seen: Set<String> = []
        for error in schema.validate(document.value) {
            let offset = place(error, in: document.root)
            let (line, column) = lines.position(of: offset)
            let key = "\(error.instanceLocation.pointer)\u{0}\(error.message)"
            guard seen.insert(key).inserted else { continue }
            problems.append(
                (
                    offset,
                    ConfigProblem(
                        path: error.instanceLocation, line: line, column: column,
                        message: message(for: error),
                        keyword: error.keyword)
                ))
        }
        return problems.sorted { $0.offset < $1.offset }.map(\.problem)
    }

    /// Where an error stands in the text: the member's key when the error is about the member
    /// itself, else its value; the nearest ancestor that is written when the value is not.
    static func place(_ error: SchemaError, in root: DocumentNode) -> Int {
        var path = error.instanceLocation
        while true {
            if let member = root.member(at: path) { return member.keySpan.lowerBound }
            if let node = root.node(at: path) { return node.span.lowerBound }
            guard let parent = path.parent else { return root.span.lowerBound }
            path = parent
        }
    }

    /// The schema's sentence, with the location named when the value is the whole document's
    /// member (a reader of `file:line:column` sees the line, not the pointer).
    static func message(for error: SchemaError) -> String {
        error.instanceLocation.components.isEmpty
            ? error.message : "\(error.instanceLocation.pointer): \(error.message)"
    }
}
