import FormDocument
import FormSpec

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One value of a configuration file as a row of its form: where it is (a JSON pointer), what
/// the row shows, and how the row's answer reads back as the file's value.
///
/// A field's answer lives in `SpecAnswers` under its pointer (`/tool/ruff/line-length`), as the
/// answers of a spec's rows do under their ids: the form's state is dynamic, its drafts are
/// journaled as a spec's are.
///
/// ```swift
/// let field = ConfigField(path: DocumentPath([.key("port")]), title: "Port", kind: .integer(min: 1, max: 65535),
///                         original: 8080)
/// field.initialAnswer             // .integer(8080)
/// field.value(of: .integer(9090)) // .number(9090)
/// ```
public struct ConfigField: Sendable {
    /// How a value is asked.
    public enum Kind: Equatable, Sendable {
        /// A boolean: a switch.
        case toggle
        /// `enum` or `const`: one of these values (a segmented row for a few short ones, a list
        /// for many).
        case choice([DocumentValue])
        case integer(min: Int?, max: Int?)
        case number(min: Double?, max: Double?)
        /// A string, on several lines where it is long or holds line breaks.
        case text(multiline: Bool)
        /// A string never shown as typed (`writeOnly`, or the `password` format).
        case secret
        /// A TOML date or time, typed as its text.
        case dateTime(DocumentDateTime.Kind)
        /// A string of the `date`, `time` or `date-time` format, picked on wheels and written
        /// back as the format requires (a date-time in the offset it had, a time with the
        /// seconds and offset it had).
        case formattedDate(DateFormat)
        /// An array of strings or numbers: an editable list of texts.
        case list(numbers: Bool)
        /// An array of objects: a list of items, each a page of its own. The answer is the
        /// items' slots in order (an item's offset in the file, or past the file's items for one
        /// added), so an item keeps its rows' edits as it moves; its rows write under its slot.
        case objects
        /// Anything else: the value as JSON text, read back as JSON when changed.
        case raw
    }

    public let path: DocumentPath
    public var title: String
    /// The schema's description and the file's own comment on the key, for the row's help.
    public var help: String?
    public var required: Bool
    public var kind: Kind
    /// The JSON Schema formats a date row picks.
    public enum DateFormat: String, Sendable {
        case date
        case time
        case dateTime = "date-time"
    }

    /// The value the file holds (nil where it has none).
    public var original: DocumentValue?
    /// The schema's `default`, shown where the file has no value.
    public var defaultValue: DocumentValue?
    /// For the row of one branch of a `oneOf`/`anyOf`: which, and what choosing it writes.
    public var variant: Variant? {
        didSet { id = Self.id(path, variant) }
    }
    /// The branches of `oneOf`/`anyOf` choices the field lies in (its page is a chosen
    /// object's): its answer says the value only while each is chosen.
    public var gates: [Gate] = []

    /// A branch a field's page was opened under: its chooser's answer id, the branch's label,
    /// and the label the chooser starts at.
    public struct Gate: Sendable {
        public var chooser: String
        public var label: String
        public var original: String

        public func isOpen(in answers: SpecAnswers) -> Bool {
            (answers[answer: chooser].map(\.asText) ?? original) == label
        }
    }

    /// The id of the field's answer: its JSON pointer (with the branch, for a branch's row).
    /// Kept, not worked out at each use: a pointer is escaped anew each time it is made, and the
    /// rows of a large file ask for their ids thousands of times a frame.
    public private(set) var id: String

    /// One branch of a choice of schemas, as the row that asks a value of it sees it.
    public struct Variant: Sendable {
        /// The answer id of the row that chooses the branch.
        public var chooser: String
        /// The branch's offset among the choice's, and its label on the chooser.
        public var index: Int
        public var label: String
        /// The label the chooser starts at (the branch the file's value matches).
        public var original: String
        /// What choosing the branch writes while its row is untouched: the least value it takes.
        public var minimal: DocumentValue
    }

    public init(
        path: DocumentPath, title: String, help: String? = nil, required: Bool = false, kind: Kind,
        original: DocumentValue?, defaultValue: DocumentValue? = nil
    ) {
        self.path = path
        self.title = title
        self.help = help
        self.required = required
        self.kind = kind
        self.original = original
        self.defaultValue = defaultValue
        id = path.pointer
    }

    static func id(_ path: DocumentPath, _ variant: Variant?) -> String {
        guard let variant else { return path.pointer }
        return path.pointer + Self.branchMark + String(variant.index)
    }

    /// What follows the pointer in the id of a branch's row or of its chooser: a character no
    /// pointer holds unescaped in a configuration file's keys.
    static let branchMark = "\u{1}"

    /// The choices' labels: a string as itself, anything else as JSON.
    public var labels: [String] {
        guard case .choice(let values) = kind else { return [] }
        return values.map(Self.label)
    }

    static func label(_ value: DocumentValue) -> String {
        if case .string(let text) = value { return text }
        return json(value) ?? "?"
    }

    /// One-line JSON text of a value; nil for what JSON cannot hold (a TOML date inside).
    static func json(_ value: DocumentValue) -> String? {
        try? JSONWriter.write(
            value, layout: JSONLayout(indent: "", newline: "\n", colon: ": ", comma: ", ", multiline: false))
    }

    /// The answer the row starts with: the file's value, else the schema's `default` (which
    /// applies while the file has none: the row left as it is writes nothing), else nothing
    /// (an empty row).
    public var initialAnswer: Answer {
        if original == nil, let shown = defaultAnswer { return shown }
        return answer(for: original)
    }

    /// Whether the row starts at the schema's `default` because the file has no value.
    public var showsDefault: Bool { original == nil && defaultAnswer != nil }

    /// The answer that means the schema's `default`: where the file has no value, the row as it
    /// started (the default applies by itself); else the default written out. nil when there is
    /// no default, or a row of this kind cannot show it as it is.
    public var defaultAnswer: Answer? {
        guard let defaultValue else { return nil }
        let answer = answer(for: defaultValue)
        guard case .success(let read) = value(of: answer), read == defaultValue else { return nil }
        return answer
    }

    /// The answer a row of this kind shows for `value` (nil: the empty row).
    func answer(for value: DocumentValue?) -> Answer {
        switch kind {
        case .toggle:
            if case .bool(let flag)? = value { return .flag(flag) }
            return .flag(false)
        case .choice: return .text(value.map(Self.label) ?? "")
        case .integer:
            if case .number(let number)? = value { return .integer(number.int) }
            return .integer(nil)
        case .number:
            if case .number(let number)? = value { return .decimal(number.double) }
            return .decimal(nil)
        case .text, .secret:
            if case .string(let text)? = value { return .text(text) }
            return .text("")
        case .formattedDate(let format):
            guard case .string(let text)? = value else { return .date(nil) }
            return .date(Self.date(text, format: format))
        case .dateTime:
            if case .dateTime(let date)? = value { return .text(date.text) }
            return .text("")
        case .list:
            guard case .array(let items)? = value else { return .texts([]) }
            return .texts(items.map(Self.label))
        case .objects:
            guard case .array(let items)? = value else { return .texts([]) }
            return .texts(items.indices.map(String.init))
        case .raw: return .text(value.flatMap(Self.json) ?? "")
        }
    }

    /// The value `answer` means: nil for an emptied row (the member is then removed), or a
    /// problem for raw text that is not JSON.
    public func value(of answer: Answer) -> Result<DocumentValue?, ConfigError> {
        switch (kind, answer) {
        case (.toggle, .flag(let flag)): return .success(.bool(flag))
        case (.choice(let values), .text(let label)):
            return .success(labels.firstIndex(of: label).map { values[$0] })
        case (.integer, .integer(let number)): return .success(number.map { .number(DocumentNumber($0)) })
        case (.number, .decimal(let number)): return .success(number.map { .number(Self.number($0)) })
        case (.text, .text(let text)), (.secret, .text(let text)): return .success(.string(text))
        case (.formattedDate(let format), .date(let date)):
            return .success(date.map { .string(text(of: $0, format: format)) })
        case (.dateTime(let kind), .text(let text)):
            return .success(text.isEmpty ? nil : .dateTime(DocumentDateTime(kind: kind, text: text)))
        case (.list(let numbers), .texts(let texts)):
            return .success(
                .array(
                    texts.map { text in
                        if numbers, let number = DocumentNumber(literal: text) { return .number(number) }
                        return .string(text)
                    }))
        case (.raw, .text(let text)):
            if text.allSatisfy(\.isWhitespace) { return .success(nil) }
            do {
                return .success(try JSONFormat().read(Array(text.utf8)).value)
            } catch {
                return .failure(ConfigError("not JSON: \(error.line):\(error.column): \(error.message)"))
            }
        default: return .success(original)
        }
    }

    /// A number as the fewest digits that read back as it (a whole one without a fraction).
    static func number(_ value: Double) -> DocumentNumber {
        if value.rounded() == value, abs(value) < 9e15 { return DocumentNumber(Int(value)) }
        return DocumentNumber(literal: "\(value)") ?? DocumentNumber(0)
    }

    // MARK: Dates

    /// The date `text` names in `format` (nil when it is not written as the format requires, or
    /// in a way the wheels cannot keep: a fraction of a second).
    static func date(_ text: String, format: DateFormat) -> Date? {
        switch format {
        case .date: return SpecDates.parse(text, kind: .date)
        case .time:
            guard text.count >= 5 else { return nil }
            return SpecDates.parse(String(text.prefix(5)), kind: .time)
        case .dateTime:
            guard offset(of: text) != nil else { return nil }
            return SpecDates.parse(text, kind: .dateAndTime)
        }
    }

    /// The seconds east of UTC a date-time is written in (`Z`, `+09:00`); nil without one.
    static func offset(of text: String) -> Int? {
        guard let clock = text.firstIndex(where: { $0 == "T" || $0 == "t" || $0 == " " }) else { return nil }
        let time = text[text.index(after: clock)...]
        if time.hasSuffix("Z") || time.hasSuffix("z") { return 0 }
        guard let sign = time.lastIndex(where: { $0 == "+" || $0 == "-" }) else { return nil }
        let digits = time[time.index(after: sign)...].filter { $0 != ":" }
        guard digits.count == 4, let hours = Int(digits.prefix(2)), let minutes = Int(digits.suffix(2)) else {
            return nil
        }
        return (time[sign] == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    /// The zone a date row reads its wheels in: the offset the file's value is written in.
    var zone: TimeZone {
        guard case .string(let text)? = original, let offset = Self.offset(of: text) else { return .gmt }
        return TimeZone(secondsFromGMT: offset) ?? .gmt
    }

    /// `date` as the text `format` requires, keeping what the file's value had beyond what the
    /// wheels pick (a time's seconds and offset, a date-time's offset).
    func text(of date: Date, format: DateFormat) -> String {
        switch format {
        case .date: return SpecDates.format(date, kind: .date)
        case .time:
            var rest = ":00Z"
            if case .string(let text)? = original, Self.date(text, format: .time) != nil {
                rest = String(text.dropFirst(5))
            }
            return SpecDates.format(date, kind: .time) + rest
        case .dateTime: return SpecDates.format(date, kind: .dateAndTime, in: zone)
        }
    }
}
