/// A TOML date or time, kept as its kind and its text in RFC 3339 form (`T` between date and time,
/// as toml-test writes it): TOML's four kinds are values of their own, not strings.
///
/// ```swift
/// let day = DocumentDateTime(kind: .localDate, text: "1979-05-27")
/// ```
public struct DocumentDateTime: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case offsetDateTime = "datetime"
        case localDateTime = "datetime-local"
        case localDate = "date-local"
        case localTime = "time-local"
    }

    public var kind: Kind
    /// The normalized text: what two spellings of one instant share (a space or `T` between date
    /// and time is written `T`; `z` is written `Z`).
    public var text: String

    public init(kind: Kind, text: String) {
        self.kind = kind
        self.text = text
    }
}
