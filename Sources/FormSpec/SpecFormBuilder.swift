import FormCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Builds the `Form` a spec describes, over `SpecAnswers`.
///
/// Every row's key path is made once here, when the form is built: a subscript key path costs
/// thousands of instructions to make, too many to make again for each row on each frame.
///
/// ```swift
/// let form = SpecFormBuilder(spec: spec).form()
/// let screen = FormScreen(form: form, store: StateStore(SpecFormBuilder.initialAnswers(of: spec)), mode: .edit)
/// ```
public struct SpecFormBuilder {
    public let spec: FormSpec
    /// What "now" is when a date row is first set (a script's `now`, for runs that repeat).
    public var now: @Sendable () -> Date
    /// Said after the title of a time or datetime row ("Starts (UTC)"), when the zone is not the
    /// one the user would assume.
    public var zoneLabel: String?
    private var index: RowIndex
    /// Counts the rows made, for tests that a large form makes only those it shows.
    var madeRows: MadeRows?

    final class MadeRows {
        var count = 0
    }

    /// The rows by id, for `equals` and the answers a header names: made when first asked, as
    /// few specs need them.
    private final class RowIndex {
        let spec: FormSpec
        init(_ spec: FormSpec) { self.spec = spec }
        lazy var rows: [String: RowSpec] = {
            let rows = spec.answeringRows
            var byID: [String: RowSpec] = [:]
            byID.reserveCapacity(rows.count)
            for row in rows where byID[row.id] == nil { byID[row.id] = row }
            return byID
        }()
    }

    private var rowsByID: [String: RowSpec] { index.rows }

    public init(spec: FormSpec, now: @escaping @Sendable () -> Date = Date.init) {
        self.spec = spec
        self.now = now
        index = RowIndex(spec)
    }

    /// The answers every row starts with: its default, or its kind's empty answer.
    public static func initialAnswers(of spec: FormSpec) -> SpecAnswers {
        let rows = spec.answeringRows
        var values: [String: Answer] = [:]
        values.reserveCapacity(rows.count)
        for row in rows { values[row.id] = row.initial }
        return SpecAnswers(values)
    }

    public func form() -> Form<SpecAnswers> {
        var form = Form<SpecAnswers>(title: spec.title, reviewsChanges: spec.review) {}
        form.sections = spec.sections.map(section)
        // Every row binds its own id (the reader refuses an id given twice), through a key path
        // of its own: a typed character reads again only the row it changed.
        form.rowsReadApart = true
        return form
    }

    /// Whether every condition of a section holds for the answers.
    public static func holds(_ conditions: [Condition], in answers: SpecAnswers) -> Bool {
        conditions.allSatisfy { condition in
            switch condition.test {
            case .equals: break
            case .not(let inner): return !holds(inner, in: answers)
            case .any(let groups): return groups.contains { holds($0, in: answers) }
            case .all(let groups): return groups.allSatisfy { holds($0, in: answers) }
            default: return SpecConditionTest.holds(condition, answer: answers[answer: condition.field])
            }
            guard let answer = answers[answer: condition.field] else { return false }
            return condition.values.contains { wanted in
                if case .choices(let chosen) = answer, case .text(let option) = wanted {
                    return chosen.contains(option)
                }
                if case .texts(let texts) = answer, case .text(let text) = wanted {
                    return texts.contains(text)
                }
                return wanted == answer
            }
        }
    }

    /// Whether a row's `disabled` holds for the answers.
    public static func isDisabled(_ row: RowSpec, in answers: SpecAnswers) -> Bool {
        switch row.disabled {
        case .never: false
        case .always: true
        case .when(let conditions): holds(conditions, in: answers)
        }
    }

    /// A header or footer with the answers it names put in.
    func text(_ template: String?) -> (SpecAnswers) -> String? {
        guard let template else { return { _ in nil } }
        guard case .success(let parsed) = SpecTemplate.parse(template) else { return { _ in template } }
        // Naming no answer, it is its literal text, made once: `{{` and `}}` as one brace each.
        guard !parsed.ids.isEmpty else {
            let literal = parsed.render { _ in "" }
            return { _ in literal }
        }
        let rows = rowsByID
        let zone = spec.zone
        return { answers in
            parsed.render { id in
                guard let row = rows[id] else { return "" }
                return SpecAnswersOutput.display(
                    answers[answer: id] ?? row.initial, for: row, in: zone.timeZone)
            }
        }
    }

    private func section(_ spec: SectionSpec) -> Section<SpecAnswers> {
        let conditions = spec.conditions
        var section = Section<SpecAnswers>(
            header: text(spec.header), footer: text(spec.footer),
            visible: conditions.isEmpty ? { _ in true } : { Self.holds(conditions, in: $0) }
        ) {}
        // A header that shows answers shows them as typed ("Server web-01"), so not in capitals.
        if let header = spec.header, case .success(let parsed) = SpecTemplate.parse(header),
            !parsed.ids.isEmpty
        {
            section.capitalizesHeader = false
        }
        var groups: [RowGroup<SpecAnswers>] = []
        groups.reserveCapacity(spec.rows.count)
        let maker = Maker(self)
        for row in spec.rows { groups += self.groups(row, maker: maker) }
        section.groups = groups
        section.layoutReads = layoutReads(of: spec)
        return section
    }

    /// The key paths of the answers a section's lines read (its condition, header, footer, and
    /// its rows' `when`, `disabled`, multiline heights and `equals`), as the rows that answer them bind
    /// them; nil when one is changed through other key paths too (a list's texts, through its
    /// items) or bound by no row it knows (a sub-form's row).
    private func layoutReads(of section: SectionSpec) -> Set<AnyKeyPath>? {
        var ids = section.conditions.flatMap(\.fields)
        for template in [section.header, section.footer] {
            if let template, case .success(let parsed) = SpecTemplate.parse(template) { ids += parsed.ids }
        }
        for row in section.rows {
            // A list's count reads its texts, which typing into an item changes.
            if row.kind == .list { return nil }
            ids += row.conditions.flatMap(\.fields)
            if case .when(let conditions) = row.disabled { ids += conditions.flatMap(\.fields) }
            if row.kind == .multiline { ids.append(row.id) }
            // A rule that the row's text equal another's reads that one too (its message line).
            if let other = row.equals { ids.append(other) }
        }
        // Most sections name no answer: the index of rows by id is not made for them.
        guard !ids.isEmpty else { return [] }
        var reads = Set<AnyKeyPath>()
        for id in Set(ids) {
            // An id no row answers is changed by no row's binding.
            guard let answering = rowsByID[id] else { continue }
            // The key path its row binds, from the row itself (made here, for these few ids).
            guard answering.kind != .list, let keyPath = self.row(answering).binding?.keyPath else {
                return nil
            }
            reads.insert(keyPath)
        }
        return reads
    }

    /// The builder, shared by the rows it makes later (a reference each, not a copy).
    private final class Maker {
        let builder: SpecFormBuilder
        init(_ builder: SpecFormBuilder) { self.builder = builder }
    }

    /// A spec row's form row, made the first time the form asks for it: a form of 100,000 rows
    /// shows a screenful, and making a row instantiates its key path, the largest cost of a
    /// build. Made, it is kept, as a row made at once was.
    private final class LazyRow {
        private var made: (any FormRow<SpecAnswers>)?
        private let make: () -> any FormRow<SpecAnswers>
        init(_ make: @escaping () -> any FormRow<SpecAnswers>) { self.make = make }

        var row: any FormRow<SpecAnswers> {
            if let made { return made }
            let row = make()
            made = row
            return row
        }
    }

    /// The row's groups: one, or for a list its title line and its rows. Its `when` and
    /// `disabled` wrap them.
    private func groups(_ row: RowSpec, maker: Maker) -> [RowGroup<SpecAnswers>] {
        var groups: [RowGroup<SpecAnswers>]
        if row.kind == .list {
            groups = list(row)
        } else {
            let lazy = LazyRow {
                maker.builder.madeRows?.count += 1
                return maker.builder.row(row)
            }
            var group = RowGroup<SpecAnswers>(count: { _ in 1 }, row: { _, _ in lazy.row })
            // One row, made once, whatever the answers: a layout does not count it (a `when`
            // below wraps the count and leaves it unknown).
            group.fixedCount = 1
            // Only a multiline row is more than one line high: as high as its text, up to its
            // lines (`MultilineTextRow.height`), known without making the row.
            if row.kind == .multiline {
                let id = row.id
                let most = max(1, row.lines)
                group.height = { min(most, ControlCharacters.lines(of: $0[text: id], limit: most).count) }
            }
            if !row.conditions.isEmpty {
                let conditions = row.conditions
                group = group.visible(when: { Self.holds(conditions, in: $0) })
            }
            // Named here, as a rule (`equals`) wraps the row in one that does not tell; only a
            // sub-form's row holds more, so the others need not be made to be asked.
            group.secrets = row.kind == .secure ? [SecretMember(\SpecAnswers.[text: row.id])] : []
            group.secretsAreKnown = row.kind != .form
            // The rules' walk of the saved state (while the form waits for a key) and a save make
            // only the rows that can answer: making a row instantiates its key path, 12,000
            // instructions, for 4 of the 9 kinds of a 100,000-row spec that answer nothing.
            group.validates = Self.mayAnswer(row)
            groups = [group]
        }
        if !row.conditions.isEmpty, row.kind == .list {
            let conditions = row.conditions
            groups = groups.map { group in
                RowGroup(
                    count: { Self.holds(conditions, in: $0) ? group.count($0) : 0 }, row: group.row
                ).copying(group)
            }
        }
        switch row.disabled {
        case .never: break
        case .always: groups = groups.map { $0.disabled(when: { _ in true }) }
        case .when(let conditions):
            groups = groups.map { $0.disabled(when: { Self.holds(conditions, in: $0) }) }
        }
        return groups
    }

    /// A list: a line with its title and how many texts it holds (where a rule on their number
    /// is shown), then a text row for each, then a row that adds one.
    private func list(_ row: RowSpec) -> [RowGroup<SpecAnswers>] {
        let id = row.id
        let title = row.title
        let rule = SpecRules(row: row)
        // Names one text in "Delete this entry?"; the add row names the list.
        let noun = "entry"
        let heading = LabelRow<SpecAnswers>(title) { state in
            let count = state[texts: id].count
            return count == 1 ? "1 entry" : "\(count) entries"
        }.validate { state in rule.check(texts: state[texts: id]) }.required(row.required)
        let items = ForEach(
            \SpecAnswers.[texts: id], editable: noun, addTitle: "Add to \(Self.inSentence(title))",
            newElement: { _ in "" },
            row: { index, _ in
                TextRow(
                    "\(index + 1).", \SpecAnswers.[item: id, index], placeholder: row.placeholder,
                    validate: { rule.check(item: $0) })
            })
        var group = items.rowGroup
        group.editing?.title = title
        return [heading.rowGroup, group]
    }

    /// A title as the middle of a sentence says it: each word lower-cased ("Allowed Hosts" →
    /// "allowed hosts") but an abbreviation, a word with a capital past its first letter
    /// ("SSH keys" stays).
    static func inSentence(_ title: String) -> String {
        title.split(separator: " ", omittingEmptySubsequences: false).map { word in
            word.dropFirst().contains(where: \.isUppercase) ? String(word) : word.lowercased()
        }.joined(separator: " ")
    }

    /// Whether the form row of `row` (`row(_:)`) can answer a message from `validate(in:)`: a
    /// switch, a date or time and a select answer only that they are required, a picker and a
    /// label nothing. `row(_:)` makes the rows that cannot of kinds that never do
    /// (`FormRow.validates` false), which a test holds the two to.
    static func mayAnswer(_ row: RowSpec) -> Bool {
        switch row.kind {
        case .switch, .date, .time, .datetime, .select: row.required
        case .picker, .label: false
        case .text, .email, .secure, .multiline, .number, .decimal, .stepper, .slider, .multiselect, .list,
            .form:
            true
        }
    }

    func row(_ row: RowSpec) -> any FormRow<SpecAnswers> {
        let id = row.id
        let title =
            (row.kind == .time || row.kind == .datetime) && zoneLabel != nil
            ? "\(row.title) (\(zoneLabel ?? ""))" : row.title
        let rule = SpecRules(row: row)
        switch row.kind {
        case .text, .email, .secure:
            // Read and written by name directly: through the key path, each read of a typed
            // character's text was a generic walk of its subscript.
            let field = TextRow(
                title, \SpecAnswers.[text: id], get: { $0[text: id] }, set: { $0[text: id] = $1 },
                placeholder: row.placeholder, secure: row.kind == .secure, required: row.required,
                validate: { rule.check(text: $0) })
            guard let other = row.equals, let otherRow = rowsByID[other] else { return field }
            let otherTitle = otherRow.title
            return field.validate { state in
                state[text: id] == state[text: other] ? nil : "Does not match \(otherTitle)."
            }
        case .multiline:
            return MultilineTextRow(
                title, \SpecAnswers.[text: id], placeholder: row.placeholder, maxLines: max(1, row.lines),
                validate: { rule.check(text: $0) }
            ).required(row.required)
        case .number:
            return NumberRow(
                title, \SpecAnswers.[integer: id], min: row.min.map { Int($0) }, max: row.max.map { Int($0) },
                required: row.required, placeholder: row.placeholder)
        case .decimal:
            return NumberRow(
                title, \SpecAnswers.[decimal: id], min: row.min, max: row.max, required: row.required,
                placeholder: row.placeholder)
        case .switch:
            let toggle = Toggle(title, \SpecAnswers.[flag: id])
            guard row.required else { return toggle }
            return toggle.validate { state in state[flag: id] ? nil : "\(title) must be on." }.required()
        case .stepper:
            return StepperRow(title, \SpecAnswers.[count: id], in: rule.integerRange, step: rule.integerStep)
        case .slider where row.isFractional:
            let low = row.min ?? 0
            let high = Swift.max(low, row.max ?? Swift.max(low, 100))
            return SliderRow(title, \SpecAnswers.[fraction: id], in: low...high, step: row.step ?? 1)
        case .slider:
            return SliderRow(title, \SpecAnswers.[count: id], in: rule.integerRange, step: rule.integerStep)
        case .date, .time, .datetime:
            let mode: DateRow<SpecAnswers>.Mode =
                row.kind == .date ? .date : row.kind == .time ? .time : .dateAndTime
            let range: ClosedRange<Date>? =
                switch (row.earliest, row.latest) {
                case (let earliest?, let latest?): earliest...latest
                case (let earliest?, nil): earliest...Date.distantFuture
                case (nil, let latest?): Date.distantPast...latest
                case (nil, nil): nil
                }
            let date = DateRow(
                title, \SpecAnswers.[date: id], mode: mode, in: range, timeZone: spec.timeZone, now: now)
            guard row.required else { return date }
            return date.validate { state in state[date: id] == nil ? "\(title) is needed." : nil }.required()
        case .picker:
            return InlinePickerRow(title, \SpecAnswers.[text: id], options: row.options)
        case .select:
            // By position in the options, each made a string only when shown: a million of them
            // are a million small numbers, not a million strings.
            let options = row.options
            let selection = SelectionRow(
                title, \SpecAnswers.[option: id, in: options], options: Array(options.indices),
                label: { options.indices.contains($0) ? options[$0] : "" })
            guard row.required else { return selection }
            return selection.validate { state in
                state[text: id].isEmpty ? "Choose a \(title.lowercased())." : nil
            }.required()
        case .multiselect:
            return MultiSelectionRow(title, \SpecAnswers.[choices: id], options: Array(row.options)).validate
            {
                state in
                rule.check(choices: state[choices: id])
            }.required(row.required)
        case .label, .list:
            let value = row.value
            return LabelRow(title) { _ in value }
        case .form:
            var nested = FormSpec(title: title, sections: row.sections)
            nested.zone = spec.zone
            let ids = nested.answeringRows.map(\.id)
            var builder = SpecFormBuilder(spec: nested, now: now)
            builder.zoneLabel = zoneLabel
            builder.index = index
            let made = builder
            return NavigationRow(
                title,
                value: { state in
                    let answered = ids.filter { !SpecAnswersOutput.isEmpty(state[answer: $0]) }.count
                    return "\(answered) of \(ids.count) set"
                }, form: { made.form() }
            )
        }
    }
}

extension RowGroup {
    /// This group with the height, secrets and editing of `other` (a group it wraps).
    fileprivate func copying(_ other: RowGroup<State>) -> RowGroup<State> {
        var group = self
        group.height = other.height
        group.isDisabled = other.isDisabled
        group.editing = other.editing
        group.matches = other.matches
        group.secrets = other.secrets
        return group
    }
}
