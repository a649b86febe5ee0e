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
public struct SpecAnswers: Equatable, Sendable, Codable {
    public var values: [String: Answer]

    public init(_ values: [String: Answer] = [:]) {
        self.values = values
    }

    public subscript(text id: String) -> String {
        get { if case .text(let text)? = values[id] { text } else { "" } }
        set { values[id] = .text(newValue) }
    }

    public subscript(integer id: String) -> Int? {
        get { if case .integer(let number)? = values[id] { number } else { nil } }
        set { values[id] = .integer(newValue) }
    }

    /// A stepper's or a slider's number, which always has one.
    public subscript(count id: String) -> Int {
        get { if case .integer(let number?)? = values[id] { number } else { 0 } }
        set { values[id] = .integer(newValue) }
    }

    public subscript(decimal id: String) -> Double? {
        get { if case .decimal(let number)? = values[id] { number } else { nil } }
        set { values[id] = .decimal(newValue) }
    }

    public subscript(flag id: String) -> Bool {
        get { if case .flag(let flag)? = values[id] { flag } else { false } }
        set { values[id] = .flag(newValue) }
    }

    public subscript(date id: String) -> Date? {
        get { if case .date(let date)? = values[id] { date } else { nil } }
        set { values[id] = .date(newValue) }
    }

    public subscript(choices id: String) -> Set<String> {
        get { if case .choices(let choices)? = values[id] { choices } else { [] } }
        set { values[id] = .choices(newValue) }
    }

    /// A fractional slider's number, which always has one.
    public subscript(fraction id: String) -> Double {
        get { if case .decimal(let number?)? = values[id] { number } else { 0 } }
        set { values[id] = .decimal(newValue) }
    }

    /// The texts of a list row.
    public subscript(texts id: String) -> [String] {
        get { if case .texts(let texts)? = values[id] { texts } else { [] } }
        set { values[id] = .texts(newValue) }
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
            values[id] = .texts(texts)
        }
    }

    // Kept as one member per id, so that a draft journal records only the answers that changed.
    public init(from decoder: any Decoder) throws {
        values = try MemberCoding.decode(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try MemberCoding.encode(values, to: encoder)
    }
}
