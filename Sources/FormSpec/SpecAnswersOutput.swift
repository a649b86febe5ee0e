import FormCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The answers of a saved spec form, as the program prints them: one JSON object, or shell
/// assignments for `eval`.
///
/// Every row that answers is always there, in the order of the spec, so that a script run with
/// `set -u` finds every name and no variable of the caller survives `eval` with an old value. A
/// row that was not asked (hidden by its own `when` or its section's, or inside a hidden sub-form)
/// answers `null` in JSON, whatever its kind, and so does a row left without an answer: an empty
/// number or decimal, a date never set, a `select` with nothing chosen. In the shell, `null` is
/// the empty text. A text typed empty is `""`; a multiple selection or list with nothing in it is
/// `[]`.
///
/// ```swift
/// let output = SpecAnswersOutput(spec: spec, answers: screen.store.value)
/// print(output.json())          // {"name": "Ada", "age": 36, "news": true}
/// print(output.shellAssignments()) // name='Ada' …
/// ```
public struct SpecAnswersOutput {
    public let spec: FormSpec
    public let answers: SpecAnswers

    /// How the shell lines hold several values (a multiple selection, a list).
    public enum ShellStyle: Sendable {
        /// For any POSIX shell (`sh`, dash, bash, zsh): `NAME` holds the values one per line,
        /// `NAME_COUNT` how many, `NAME_1` … `NAME_N` each one.
        case posix
        /// For bash and zsh: `NAME=('a' 'b')`, an array.
        case bash
    }

    public init(spec: FormSpec, answers: SpecAnswers) {
        self.spec = spec
        self.answers = answers
    }

    /// Every row that answers, in the order of the spec, with its answer as a JSON value
    /// (`null` for a row not asked).
    public var members: [(row: RowSpec, value: JSONAnswer)] {
        var members: [(row: RowSpec, value: JSONAnswer)] = []
        collect(spec.sections, shown: true, into: &members)
        return members
    }

    private func collect(
        _ sections: [SectionSpec], shown: Bool, into members: inout [(row: RowSpec, value: JSONAnswer)]
    ) {
        for section in sections {
            let sectionShown = shown && SpecFormBuilder.holds(section.conditions, in: answers)
            for row in section.rows {
                let rowShown = sectionShown && SpecFormBuilder.holds(row.conditions, in: answers)
                if row.kind == .form {
                    collect(row.sections, shown: rowShown, into: &members)
                } else if row.kind.answers {
                    let value =
                        rowShown
                        ? Self.json(answers[answer: row.id] ?? row.initial, for: row, in: spec.timeZone)
                        : .null
                    members.append((row, value))
                }
            }
        }
    }

    /// One JSON object keyed by id, on one line.
    public func json() -> String {
        "{" + members.map { JSONString.literal($0.row.id) + ": " + $0.value.jsonText }.joined(separator: ", ")
            + "}"
    }

    /// Lines that `eval` takes as they are: every text in single quotes, so nothing in it
    /// (`$(…)`, backticks, quotes, newlines, a trailing backslash) is run or split. Each id is
    /// the variable's name as it is written: `shellNameProblem(file:style:)` refuses ids that
    /// cannot be one. A NUL character, which no shell variable can hold, is left out.
    ///
    /// ```
    /// name='Ada'
    /// age=36
    /// groups='users
    /// audio'
    /// groups_COUNT=2
    /// groups_1='users'
    /// groups_2='audio'
    /// ```
    ///
    /// `prefix` goes before every name (`APP_` gives `APP_name`).
    public func shellAssignments(style: ShellStyle = .posix, prefix: String = "") -> String {
        var lines: [String] = []
        for member in members {
            let name = prefix + member.row.id
            switch member.value {
            case .null:
                if member.row.kind.answersMany {
                    lines.append(style == .bash ? "\(name)=()" : "\(name)=''\n\(name)_COUNT=0")
                } else {
                    lines.append("\(name)=''")
                }
            case .bool(let flag): lines.append("\(name)=\(flag)")
            case .integer(let integer): lines.append("\(name)=\(integer)")
            case .decimal(let decimal): lines.append("\(name)=\(SpecReader.show(decimal))")
            case .string(let text): lines.append("\(name)=\(Self.shellQuoted(text))")
            case .strings(let texts):
                switch style {
                case .bash:
                    lines.append("\(name)=(\(texts.map(Self.shellQuoted).joined(separator: " ")))")
                case .posix:
                    lines.append("\(name)=\(Self.shellQuoted(texts.joined(separator: "\n")))")
                    lines.append("\(name)_COUNT=\(texts.count)")
                    for (index, text) in texts.enumerated() {
                        lines.append("\(name)_\(index + 1)=\(Self.shellQuoted(text))")
                    }
                }
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// The answers to keep in `--state`: every answer, asked or not, but a secure row's only
    /// when its spec says `keepInState: true`.
    public func stored() -> StoredAnswers {
        var members: [String: JSONAnswer] = [:]
        for row in spec.answeringRows where row.kind != .secure || row.keepInState {
            members[row.id] = Self.json(answers[answer: row.id] ?? row.initial, for: row, in: spec.timeZone)
        }
        return StoredAnswers(members: members)
    }

    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacing("\0", with: "").replacing("'", with: #"'\''"#)
            + "'"
    }

    static func json(_ answer: Answer, for row: RowSpec, in zone: TimeZone) -> JSONAnswer {
        switch answer {
        case .text(let text): return row.kind == .select && text.isEmpty ? .null : .string(text)
        case .integer(let integer): return integer.map(JSONAnswer.integer) ?? .null
        case .decimal(let decimal): return decimal.map(JSONAnswer.decimal) ?? .null
        case .flag(let flag): return .bool(flag)
        case .date(let date):
            guard let date, let kind = row.kind.dateKind else { return .null }
            return .string(SpecDates.format(date, kind: kind, in: zone))
        case .choices(let chosen): return .strings(row.options.filter(chosen.contains))
        case .texts(let texts): return .strings(texts.filter { !$0.isEmpty })
        }
    }

    /// An answer as a header or footer shows it.
    static func display(_ answer: Answer, for row: RowSpec, in zone: TimeZone) -> String {
        switch answer {
        case .text(let text): return row.kind == .secure ? String(repeating: "•", count: text.count) : text
        case .integer(let integer): return integer.map(String.init) ?? ""
        case .decimal(let decimal): return decimal.map(SpecReader.show) ?? ""
        case .flag(let flag): return flag ? "on" : "off"
        case .date(let date):
            guard let date, let kind = row.kind.dateKind else { return "" }
            return SpecDates.format(date, kind: kind, in: zone)
        case .choices(let chosen): return row.options.filter(chosen.contains).joined(separator: ", ")
        case .texts(let texts): return texts.filter { !$0.isEmpty }.joined(separator: ", ")
        }
    }

    static func isEmpty(_ answer: Answer?) -> Bool {
        switch answer {
        case nil, .integer(nil)?, .decimal(nil)?, .date(nil)?: return true
        case .text(let text)?: return text.isEmpty
        case .choices(let chosen)?: return chosen.isEmpty
        case .texts(let texts)?: return texts.allSatisfy(\.isEmpty)
        default: return false
        }
    }
}
