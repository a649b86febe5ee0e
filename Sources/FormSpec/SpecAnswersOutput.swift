import FormCore

/// The answers of a saved spec form, as the program prints them: one JSON object, or shell
/// assignments for `eval`.
///
/// Only rows of sections shown for the answers count: a section hidden by its `when` was not
/// asked.
///
/// ```swift
/// let output = SpecAnswersOutput(spec: spec, answers: screen.store.value)
/// print(output.json())          // {"name": "Ada", "age": 36, "news": true}
/// print(output.shellAssignments()) // name='Ada' …
/// ```
public struct SpecAnswersOutput {
    public let spec: FormSpec
    public let answers: SpecAnswers

    public init(spec: FormSpec, answers: SpecAnswers) {
        self.spec = spec
        self.answers = answers
    }

    /// The rows asked, in the order of the spec, with their answers as JSON values.
    public var members: [(row: RowSpec, value: JSONAnswer)] {
        var members: [(row: RowSpec, value: JSONAnswer)] = []
        collect(spec.sections, into: &members)
        return members
    }

    private func collect(_ sections: [SectionSpec], into members: inout [(row: RowSpec, value: JSONAnswer)]) {
        for section in sections where SpecFormBuilder.holds(section.conditions, in: answers) {
            for row in section.rows {
                if row.kind == .form {
                    collect(row.sections, into: &members)
                } else if row.kind.answers {
                    members.append((row, Self.json(answers.values[row.id] ?? row.initial, for: row)))
                }
            }
        }
    }

    /// One JSON object keyed by id, on one line.
    public func json() -> String {
        "{" + members.map { JSONString.literal($0.row.id) + ": " + $0.value.jsonText }.joined(separator: ", ")
            + "}"
    }

    /// `NAME='value'` lines that `eval` in bash or zsh takes as they are: every value in single
    /// quotes, so nothing in it (`$(…)`, backticks, quotes, newlines) is run or split; a multiple
    /// selection as an array `NAME=('a' 'b')`. Characters of an id that a shell name cannot hold
    /// become `_`.
    public func shellAssignments() -> String {
        members.map { member in
            let name = Self.shellName(member.row.id)
            switch member.value {
            case .null: return "\(name)=''"
            case .bool(let flag): return "\(name)=\(flag)"
            case .integer(let integer): return "\(name)=\(integer)"
            case .decimal(let decimal): return "\(name)=\(decimal)"
            case .string(let text): return "\(name)=\(Self.shellQuoted(text))"
            case .strings(let texts): return "\(name)=(\(texts.map(Self.shellQuoted).joined(separator: " ")))"
            }
        }.map { $0 + "\n" }.joined()
    }

    /// The answers to keep in `--state`: every answer, but a secure row's only when its spec
    /// says `keepInState: true`.
    public func stored() -> StoredAnswers {
        var members: [String: JSONAnswer] = [:]
        for row in spec.answeringRows where row.kind != .secure || row.keepInState {
            members[row.id] = Self.json(answers.values[row.id] ?? row.initial, for: row)
        }
        return StoredAnswers(members: members)
    }

    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    static func shellName(_ id: String) -> String {
        let name = String(id.map { $0.isASCII && ($0.isLetter || $0.isNumber) || $0 == "_" ? $0 : "_" })
        return name.first?.isNumber == true ? "_" + name : name
    }

    static func json(_ answer: Answer, for row: RowSpec) -> JSONAnswer {
        switch answer {
        case .text(let text): return .string(text)
        case .integer(let integer): return integer.map(JSONAnswer.integer) ?? .null
        case .decimal(let decimal): return decimal.map(JSONAnswer.decimal) ?? .null
        case .flag(let flag): return .bool(flag)
        case .date(let date):
            guard let date, let kind = row.kind.dateKind else { return .null }
            return .string(SpecDates.format(date, kind: kind))
        case .choices(let chosen): return .strings(row.options.filter(chosen.contains))
        }
    }

    static func isEmpty(_ answer: Answer?) -> Bool {
        switch answer {
        case nil, .integer(nil)?, .decimal(nil)?, .date(nil)?: return true
        case .text(let text)?: return text.isEmpty
        case .choices(let chosen)?: return chosen.isEmpty
        default: return false
        }
    }
}
