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
    public var timeZone: TimeZone {
        get { zone.timeZone }
        set { zone = .zone(newValue) }
    }
    /// `timeZone`, made only when read (see `SpecZone`).
    public var zone = SpecZone.utc
    /// Whether saving first shows what changed (`review: true`).
    public var review = false
    /// The theme the spec asks for (`theme: light`), by name; `formtui form` uses it unless
    /// `--theme` or `FORMTUI_THEME` names another.
    public var theme: String?
    /// What the spec may mean otherwise though it is usable, in the order of the file: a row
    /// without a `title` is shown by its id. `formtui form --check` prints each as a warning.
    public var advice: [SpecError] = []

    /// Every row that answers, sub-forms' rows included, in the order of the file.
    public var answeringRows: [RowSpec] {
        var rows: [RowSpec] = []
        for section in sections { RowSpec.appendAnswering(section.rows, to: &rows) }
        return rows
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
/// one of `values` is chosen); or, by its `test`, a comparison (`{age: {">=": 18}}`), whether
/// it is set or empty (`{name: {is: set}}`), or several conditions combined (`{not: {…}}`,
/// `{any: [{…}, {…}]}`, `{all: […]}`).
public struct Condition: Sendable {
    public var field: String
    public var values: [Answer]
    public var test: Test = .equals

    public init(field: String, values: [Answer], test: Test = .equals) {
        self.field = field
        self.values = values
        self.test = test
    }

    /// What a condition asks of its field's answer, or of the conditions it holds.
    public indirect enum Test: Sendable {
        /// One of `values`.
        case equals
        /// A number below, at most, above or at least the bound.
        case less(Double)
        case atMost(Double)
        case greater(Double)
        case atLeast(Double)
        /// The answer is given (a text not empty, a number or date chosen, an option chosen) or not.
        case isSet, isEmpty
        /// None of the conditions holds together (`not`), one of the groups holds (`any`), every
        /// group holds (`all`).
        case not([Condition])
        case any([[Condition]])
        case all([[Condition]])
    }

    /// The fields the condition reads, its own or its parts'.
    public var fields: [String] {
        switch test {
        case .not(let inner): inner.flatMap(\.fields)
        case .any(let groups), .all(let groups): groups.flatMap { $0.flatMap(\.fields) }
        default: [field]
        }
    }
}

/// The row types a spec may name, and what they answer.
public enum RowKind: String, CaseIterable, Sendable {
    case text, email, number, decimal, secure, multiline
    case `switch`, stepper, slider
    case date, time, datetime
    case picker, select, multiselect
    case list
    case label, form

    /// The kind named `name`, as `init(rawValue:)`, compared only with the names of its length.
    static func named(_ name: String) -> RowKind? {
        let length = name.utf8.count
        for kind in kinds where kind.rawValue.utf8.count == length && kind.rawValue == name {
            return kind
        }
        return nil
    }

    /// `allCases`, made once (`allCases` makes its array at each use).
    private static let kinds = allCases

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
///
/// Its fields are shared between copies until one copy changes them: a spec of 100,000 rows is
/// handed to the answers, the rules and the closures of its form, and each copy is then one
/// reference, not some thirty fields to retain one by one.
public struct RowSpec: Sendable {
    /// The fields, as a plain struct (its memberwise initializer is the row's).
    struct Fields: Sendable {
        var id: String
        var kind: RowKind
        var title: String
        var initial: Answer
        var required: Bool
        var placeholder: String
        var minLength: Int?
        var maxLength: Int?
        var pattern: String?
        var compiledPattern: SpecPattern?
        var patternMessage: String?
        var min: Double?
        var max: Double?
        var step: Double?
        var options: SpecOptions
        var value: String
        var sections: [SectionSpec]
        var lines: Int
        var keepInState: Bool
        var conditions: [Condition] = []
        var disabled: DisabledRule = DisabledRule.never
        var equals: String?
        var earliest: Date?
        var latest: Date?
        var position: SpecPosition?
        var idPosition: SpecPosition?
        /// Whether the spec gives the row a `when`, `disabled` or `equals`, which the reader
        /// reads once every row is known.
        var hasRules = false
    }

    /// Written only while no other copy refers to it (`fields`' setter copies it first).
    private final class Storage: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var storage: Storage

    var fields: Fields {
        get { storage.fields }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
            yield &storage.fields
        }
    }

    init(
        id: String, kind: RowKind, title: String, initial: Answer, required: Bool, placeholder: String,
        minLength: Int?, maxLength: Int?, pattern: String?, patternMessage: String?, min: Double?,
        max: Double?, step: Double?, options: SpecOptions, value: String, sections: [SectionSpec], lines: Int,
        keepInState: Bool, position: SpecPosition?, idPosition: SpecPosition?
    ) {
        storage = Storage(
            Fields(
                id: id, kind: kind, title: title, initial: initial, required: required,
                placeholder: placeholder, minLength: minLength, maxLength: maxLength, pattern: pattern,
                patternMessage: patternMessage, min: min, max: max, step: step, options: options,
                value: value, sections: sections, lines: lines, keepInState: keepInState, position: position,
                idPosition: idPosition))
    }

    public var id: String {
        get { storage.fields.id }
        set { fields.id = newValue }
    }
    public var kind: RowKind {
        get { storage.fields.kind }
        set { fields.kind = newValue }
    }
    public var title: String {
        get { storage.fields.title }
        set { fields.title = newValue }
    }
    /// The answer the row starts with (the kind's empty answer when the spec gives none).
    public var initial: Answer {
        get { storage.fields.initial }
        set { fields.initial = newValue }
    }
    public var required: Bool {
        get { storage.fields.required }
        set { fields.required = newValue }
    }
    public var placeholder: String {
        get { storage.fields.placeholder }
        set { fields.placeholder = newValue }
    }
    public var minLength: Int? {
        get { storage.fields.minLength }
        set { fields.minLength = newValue }
    }
    public var maxLength: Int? {
        get { storage.fields.maxLength }
        set { fields.maxLength = newValue }
    }
    public var pattern: String? {
        get { storage.fields.pattern }
        set { fields.pattern = newValue }
    }
    /// `pattern`, compiled once when the spec is read.
    public var compiledPattern: SpecPattern? {
        get { storage.fields.compiledPattern }
        set { fields.compiledPattern = newValue }
    }
    /// Said when the text does not match `pattern`.
    public var patternMessage: String? {
        get { storage.fields.patternMessage }
        set { fields.patternMessage = newValue }
    }
    public var min: Double? {
        get { storage.fields.min }
        set { fields.min = newValue }
    }
    public var max: Double? {
        get { storage.fields.max }
        set { fields.max = newValue }
    }
    public var step: Double? {
        get { storage.fields.step }
        set { fields.step = newValue }
    }
    public var options: SpecOptions {
        get { storage.fields.options }
        set { fields.options = newValue }
    }
    /// A label's text.
    public var value: String {
        get { storage.fields.value }
        set { fields.value = newValue }
    }
    /// A sub-form's sections.
    public var sections: [SectionSpec] {
        get { storage.fields.sections }
        set { fields.sections = newValue }
    }
    /// Lines a multiline row shows.
    public var lines: Int {
        get { storage.fields.lines }
        set { fields.lines = newValue }
    }
    /// A secure row's answer is written to `--state` only when this is set.
    public var keepInState: Bool {
        get { storage.fields.keepInState }
        set { fields.keepInState = newValue }
    }
    /// The row is shown only while every condition holds (`when`); hidden, it answers null.
    public var conditions: [Condition] {
        get { storage.fields.conditions }
        set { fields.conditions = newValue }
    }
    public var disabled: DisabledRule {
        get { storage.fields.disabled }
        set { fields.disabled = newValue }
    }
    /// The id of the row whose text this one must repeat (`equals`, a confirmation).
    public var equals: String? {
        get { storage.fields.equals }
        set { fields.equals = newValue }
    }
    /// The earliest and latest a date, time or datetime row takes (`min`, `max`).
    public var earliest: Date? {
        get { storage.fields.earliest }
        set { fields.earliest = newValue }
    }
    public var latest: Date? {
        get { storage.fields.latest }
        set { fields.latest = newValue }
    }
    public var position: SpecPosition? {
        get { storage.fields.position }
        set { fields.position = newValue }
    }
    /// Where the id is written.
    public var idPosition: SpecPosition? {
        get { storage.fields.idPosition }
        set { fields.idPosition = newValue }
    }

    var hasRules: Bool {
        get { fields.hasRules }
        set { fields.hasRules = newValue }
    }

    /// A slider whose range or step has a fraction (`step: 0.5`): it answers a decimal.
    public var isFractional: Bool {
        kind == .slider && [min, max, step].contains { $0.map { $0.rounded() != $0 } ?? false }
    }

    /// Appends the rows of `rows` that answer, a sub-form's in its place, to `all`: into one
    /// array, not an array for each row flattened (100,000 arrays of one row for a large spec).
    static func appendAnswering(_ rows: [RowSpec], to all: inout [RowSpec]) {
        for row in rows {
            if row.kind == .form {
                for section in row.sections { appendAnswering(section.rows, to: &all) }
            } else if row.kind.answers {
                all.append(row)
            }
        }
    }
}
