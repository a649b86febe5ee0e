import FormPersistence

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One answer of a spec form, typed by the kind of its row.
public enum Answer: Hashable, Sendable {
    /// text, email, secure, multiline, picker, select.
    case text(String)
    /// number, stepper, slider; nil while a number row is empty.
    case integer(Int?)
    /// decimal; nil while empty.
    case decimal(Double?)
    /// switch.
    case flag(Bool)
    /// date, time, datetime; nil until one is chosen.
    case date(Date?)
    /// multiselect.
    case choices(Set<String>)
    /// list: the texts of its rows, in order.
    case texts([String])
}

extension Answer: Codable {}

/// The state of a form read from a spec: every answer by its row's `id`.
///
/// Rows bind to it through subscript key paths, made once when the form is built (each costs
/// far more to make than to use):
///
/// ```swift
/// var answers = SpecAnswers()
/// answers[text: "name"] = "Ada"
/// let path = \SpecAnswers.[text: "name"]
/// answers[keyPath: path] // "Ada"
/// ```
///
/// Held as the answers it started from, shared by every copy, and the answers changed since:
/// a form of 100,000 rows copies its state whenever a copy is kept while a key changes it (a
/// draft beside the saved state, a journal's snapshot), and copying the whole dictionary cost
/// 2.4–4 ms a key; a copy now costs the changes. Two copies of one start compare, and tell
/// a journal what differs (`MemberwiseDraft`), by their changes alone.
public struct SpecAnswers: Equatable, Sendable, Codable {
    /// The answers this value (and the ones copied from it) started from: never changed once made.
    private var start: Start
    /// The answers set since `start`, each by id; an id here has its answer here.
    private var changes: [String: Answer] = [:]

    private final class Start: Sendable {
        let values: [String: Answer]
        init(_ values: [String: Answer]) { self.values = values }
    }

    public init(_ values: [String: Answer] = [:]) {
        start = Start(values)
    }

    /// Every answer by id. Reading or setting it costs the whole form: a row reads and sets
    /// its own answer through `subscript(answer:)` and the typed subscripts.
    public var values: [String: Answer] {
        get {
            guard !changes.isEmpty else { return start.values }
            return start.values.merging(changes) { $1 }
        }
        set {
            start = Start(newValue)
            changes = [:]
        }
    }

    /// The answer of one id, nil when the form has none.
    public subscript(answer id: String) -> Answer? {
        get { changes.isEmpty ? start.values[id] : changes[id] ?? start.values[id] }
        set {
            if let newValue {
                changes[id] = newValue
            } else if start.values[id] == nil {
                changes[id] = nil
            } else {
                // An answer of the start taken away: rare (no row does it), so it starts anew.
                var all = values
                all[id] = nil
                values = all
            }
        }
    }

    /// The ids set since this value started from the answers `first` started from (a copy of
    /// `first`, changed), in order; nil when the two started apart. A form that knows its first
    /// answers then reads only what the keys changed, not every answer.
    ///
    /// ```swift
    /// var answers = first
    /// answers[text: "name"] = "Ada"
    /// answers.changedIDs(since: first)  // ["name"]
    /// ```
    public func changedIDs(since first: SpecAnswers) -> [String]? {
        guard start === first.start else { return nil }
        return changes.keys.sorted()
    }

    public static func == (lhs: SpecAnswers, rhs: SpecAnswers) -> Bool {
        guard lhs.start === rhs.start else { return lhs.values == rhs.values }
        // One start: only the ids either changed can differ.
        for (id, answer) in lhs.changes where rhs[answer: id] != answer { return false }
        for (id, answer) in rhs.changes where lhs.changes[id] == nil && lhs.start.values[id] != answer {
            return false
        }
        return true
    }

    public subscript(text id: String) -> String {
        get { if case .text(let text)? = self[answer: id] { text } else { "" } }
        set { self[answer: id] = .text(newValue) }
    }

    /// A `select` row's answer as its position in `options` (-1 while none is chosen): what its
    /// list picks by, without a string per option.
    public subscript(option id: String, in options: SpecOptions) -> Int {
        get {
            let text = self[text: id]
            return text.isEmpty ? -1 : options.firstIndex(of: text) ?? -1
        }
        set { self[answer: id] = .text(options.indices.contains(newValue) ? options[newValue] : "") }
    }

    public subscript(integer id: String) -> Int? {
        get { if case .integer(let number)? = self[answer: id] { number } else { nil } }
        set { self[answer: id] = .integer(newValue) }
    }

    /// A stepper's or a slider's number, which always has one.
    public subscript(count id: String) -> Int {
        get { if case .integer(let number?)? = self[answer: id] { number } else { 0 } }
        set { self[answer: id] = .integer(newValue) }
    }

    public subscript(decimal id: String) -> Double? {
        get { if case .decimal(let number)? = self[answer: id] { number } else { nil } }
        set { self[answer: id] = .decimal(newValue) }
    }

    public subscript(flag id: String) -> Bool {
        get { if case .flag(let flag)? = self[answer: id] { flag } else { false } }
        set { self[answer: id] = .flag(newValue) }
    }

    public subscript(date id: String) -> Date? {
        get { if case .date(let date)? = self[answer: id] { date } else { nil } }
        set { self[answer: id] = .date(newValue) }
    }

    public subscript(choices id: String) -> Set<String> {
        get { if case .choices(let choices)? = self[answer: id] { choices } else { [] } }
        set { self[answer: id] = .choices(newValue) }
    }

    /// A fractional slider's number, which always has one.
    public subscript(fraction id: String) -> Double {
        get { if case .decimal(let number?)? = self[answer: id] { number } else { 0 } }
        set { self[answer: id] = .decimal(newValue) }
    }

    /// The texts of a list row.
    public subscript(texts id: String) -> [String] {
        get { if case .texts(let texts)? = self[answer: id] { texts } else { [] } }
        set { self[answer: id] = .texts(newValue) }
    }

    /// One text of a list row ("" past its end).
    public subscript(item id: String, index: Int) -> String {
        get {
            let texts = self[texts: id]
            return texts.indices.contains(index) ? texts[index] : ""
        }
        set {
            var texts = self[texts: id]
            guard texts.indices.contains(index) else { return }
            texts[index] = newValue
            self[answer: id] = .texts(texts)
        }
    }

    // Kept as one member per id, so that a draft journal records only the answers that changed.
    public init(from decoder: any Decoder) throws {
        start = Start(try MemberCoding.decode(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try MemberCoding.encode(values, to: encoder)
    }
}

extension SpecAnswers: MemberwiseDraft {
    /// The answers that differ from `saved`'s, found among the ids either changed when both
    /// have one start (a draft and the state it was opened from); nil otherwise.
    public func differingMembers(from saved: SpecAnswers) -> MemberDifference? {
        guard start === saved.start else { return nil }
        var difference = MemberDifference()
        for (id, answer) in changes where saved[answer: id] != answer {
            difference.changed.append((key: id, value: answer))
        }
        for (id, answer) in saved.changes where changes[id] == nil {
            if let own = start.values[id] {
                if own != answer { difference.changed.append((key: id, value: own)) }
            } else {
                difference.removed.append(id)
            }
        }
        return difference
    }

    /// These answers with the journal's changed answers set over them: the draft shares this
    /// start, so that comparing it with the saved state (at each key after a resume) and writing
    /// its journal cost its changes.
    public func overlaying(_ changes: SpecAnswers, removing removed: [String]) -> SpecAnswers? {
        var draft = self
        for (id, answer) in changes.values { draft[answer: id] = answer }
        for id in removed { draft[answer: id] = nil }
        return draft
    }
}
