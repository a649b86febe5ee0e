#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads answers written as a JSON object keyed by id (what `formtui form` prints, and what
/// `--state` keeps), checked against a spec: a value of the wrong type is refused with its line
/// and column. An id the spec does not have (a file written for an older version of the spec) is
/// left out, and `ignored` is told, with the line and column and the id it may have meant; past
/// `namedUnknownLimit` such ids, it is told once, with their count and the first few.
///
/// ```swift
/// let answers = try SpecValuesFile.read(text: #"{"name": "Ada"}"#, file: "v.json", spec: spec)
/// ```
public enum SpecValuesFile {
    /// Unknown ids told one by one; more become one warning (a million of them were a million
    /// warnings, seconds of output that hid everything else).
    public static let namedUnknownLimit = 3

    public static func read(
        text: String, file: String, spec: FormSpec, what: String = "values",
        ignored: (SpecError) -> Void = { _ in }
    ) throws(SpecError) -> [String: Answer] {
        let tree = try SpecNode.read(text: text, format: .json, file: file)
        guard case .table(let members) = tree.value else {
            throw SpecError(
                file: file, position: tree.position,
                message:
                    "expected a JSON object of answers in the \(what) file, found \(tree.kindDescription)",
                hint: #"e.g. {"name": "Ada", "news": true}"#)
        }
        let rows = Dictionary(spec.answeringRows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var answers: [String: Answer] = [:]
        // Sorted once, and only for a form small enough that a suggestion costs nothing.
        lazy var ids = rows.count <= 5_000 ? rows.keys.sorted() : []
        var unknown: [(key: String, keyPosition: SpecPosition?)] = []
        var unknownCount = 0
        defer {
            if unknownCount > namedUnknownLimit {
                let named = unknown.map { "'\($0.key)'" }.joined(separator: ", ")
                ignored(
                    SpecError(
                        file: file, position: unknown[0].keyPosition,
                        message: "\(unknownCount) ids are no field of the form and are left out: \(named), …",
                        hint: "the fields are the ids of the spec's rows"))
            } else {
                for member in unknown {
                    let near = Nearest.match(member.key, in: ids)
                    ignored(
                        SpecError(
                            file: file, position: member.keyPosition,
                            message: "'\(member.key)' is no field of the form; it is left out",
                            hint: near.map { "did you mean '\($0)'?" }
                                ?? "the fields are the ids of the spec's rows"))
                }
            }
        }
        for member in members {
            guard let row = rows[member.key] else {
                unknownCount += 1
                if unknown.count < namedUnknownLimit { unknown.append((member.key, member.keyPosition)) }
                continue
            }
            if case .null = member.node.value {
                answers[row.id] = SpecValues.empty(for: row)
                continue
            }
            switch SpecValues.answer(member.node, for: row, in: spec.timeZone) {
            case .success(let answer): answers[row.id] = answer
            case .failure(let problem):
                throw SpecError(
                    file: file, position: member.node.position,
                    message: "'\(row.id)' must be \(problem.expected), not \(member.node.kindDescription)",
                    hint: problem.hint)
            }
        }
        return answers
    }
}
