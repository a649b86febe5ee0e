import FormDocument
import FormSpec

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
        /// A TOML date or time, typed as its text.
        case dateTime(DocumentDateTime.Kind)
        /// An array of strings or numbers: an editable list of texts.
        case list(numbers: Bool)
        /// Anything else: the value as JSON text, read back as JSON when changed.
        case raw
    }

    public var path: DocumentPath
    public var title: String
    /// The schema's description and the file's own comment on the key, for the row's help.
    public var help: String?
    public var required: Bool
    public var kind: Kind
    /// The value the file holds (nil where it has none).
    public var original: DocumentValue?
    /// The schema's `default`, shown where the file has no value.
    public var defaultValue: DocumentValue?

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
    }

    /// The id of the field's answer: its JSON pointer.
    public var id: String { path.pointer }

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

    /// The answer the row starts with: the file's value, else nothing (an empty row).
    public var initialAnswer: Answer {
        let value = original
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
        case .text:
            if case .string(let text)? = value { return .text(text) }
            return .text("")
        case .dateTime:
            if case .dateTime(let date)? = value { return .text(date.text) }
            return .text("")
        case .list:
            guard case .array(let items)? = value else { return .texts([]) }
            return .texts(items.map(Self.label))
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
        case (.text, .text(let text)): return .success(.string(text))
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
}
