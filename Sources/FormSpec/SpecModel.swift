#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A form described in a file, checked: what `formtui form` shows.
///
/// ```swift
/// let spec = try SpecReader.read(text: yaml, format: .yaml, file: "signup.yaml")
/// let form = SpecFormBuilder(spec: spec).form()
/// ```
public struct FormSpec: Sendable {
    public var title: String
    public var sections: [SectionSpec]
    /// The zone dates and times are read, shown and answered in: the local one for
    /// `formtui form`, UTC with `--utc` (and by default, for a spec read by the library).
    public var timeZone: TimeZone = .gmt
    /// Whether saving first shows what changed (`review: true`).
    public var review = false
    /// The theme the spec asks for (`theme: light`), by name; `formtui form` uses it unless
    /// `--theme` or `FORMTUI_THEME` names another.
    public var theme: String?

    /// Every row that answers, sub-forms' rows included, in the order of the file.
    public var answeringRows: [RowSpec] {
        sections.flatMap { $0.rows.flatMap(\.answeringRows) }
    }
}

public struct SectionSpec: Sendable {
    /// May name answers in braces, `{replicas} replicas` (see `SpecTemplate`).
    public var header: String?
    public var footer: String?
    /// Shown only while every condition holds.
    public var conditions: [Condition]
    public var rows: [RowSpec]
}

/// `when: {news: true}`: the answer of `field` is one of `values` (for a multiple selection,
/// one of `values` is chosen).
public struct Condition: Sendable {
    public var field: String
    public var values: [Answer]
}

/// The row types a spec may name, and what they answer.
public enum RowKind: String, CaseIterable, Sendable {
    case text, email, number, decimal, secure, multiline
    case `switch`, stepper, slider
    case date, time, datetime
    case picker, select, multiselect
    case list
    case label, form

    /// Whether the row has an answer (a label and a sub-form have none of their own).
    public var answers: Bool { self != .label && self != .form }

    var dateKind: SpecDates.Kind? {
        switch self {
        case .date: .date
        case .time: .time
        case .datetime: .dateAndTime
        default: nil
        }
    }

    var hasOptions: Bool { self == .picker || self == .select || self == .multiselect }
    /// Whether the answer is a list of texts (several values in the shell's lines).
    public var answersMany: Bool { self == .multiselect || self == .list }
}

/// When a row is drawn dim and passed over (its answer is kept): `disabled: true`, or
/// `disabled: {field: value}`.
public enum DisabledRule: Sendable {
    case never, always
    case when([Condition])
}

/// One row of a spec, with its rules.
public struct RowSpec: Sendable {
    public var id: String
    public var kind: RowKind
    public var title: String
    /// The answer the row starts with (the kind's empty answer when the spec gives none).
    public var initial: Answer
    public var required: Bool
    public var placeholder: String
    public var minLength: Int?
    public var maxLength: Int?
    public var pattern: String?
    /// `pattern`, compiled once when the spec is read.
    public var compiledPattern: SpecPattern?
    /// Said when the text does not match `pattern`.
    public var patternMessage: String?
    public var min: Double?
    public var max: Double?
    public var step: Double?
    public var options: [String]
    /// A label's text.
    public var value: String
    /// A sub-form's sections.
    public var sections: [SectionSpec]
    /// Lines a multiline row shows.
    public var lines: Int
    /// A secure row's answer is written to `--state` only when this is set.
    public var keepInState: Bool
    /// The row is shown only while every condition holds (`when`); hidden, it answers null.
    public var conditions: [Condition] = []
    public var disabled = DisabledRule.never
    /// The id of the row whose text this one must repeat (`equals`, a confirmation).
    public var equals: String?
    /// The earliest and latest a date, time or datetime row takes (`min`, `max`).
    public var earliest: Date?
    public var latest: Date?
    public var position: SpecPosition?
    /// Where the id is written.
    public var idPosition: SpecPosition?

    /// A slider whose range or step has a fraction (`step: 0.5`): it answers a decimal.
    public var isFractional: Bool {
        kind == .slider && [min, max, step].contains { $0.map { $0.rounded() != $0 } ?? false }
    }

    var answeringRows: [RowSpec] {
        kind == .form ? sections.flatMap { $0.rows.flatMap(\.answeringRows) } : kind.answers ? [self] : []
    }
}
