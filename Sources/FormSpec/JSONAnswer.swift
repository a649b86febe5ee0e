import FormCore

/// An answer as it is written out: a JSON value of the row's type.
public enum JSONAnswer: Hashable, Sendable, Codable {
    case null
    case bool(Bool)
    case integer(Int)
    case decimal(Double)
    case string(String)
    case strings([String])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let integer = try? container.decode(Int.self) {
            self = .integer(integer)
        } else if let decimal = try? container.decode(Double.self) {
            self = .decimal(decimal)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else {
            self = .strings(try container.decode([String].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .integer(let integer): try container.encode(integer)
        case .decimal(let decimal): try container.encode(decimal)
        case .string(let text): try container.encode(text)
        case .strings(let texts): try container.encode(texts)
        }
    }

    /// The value as JSON text: strings escaped as RFC 8259 asks, other text left as it is.
    public var jsonText: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .integer(let integer): return String(integer)
        // As the row shows it: a slider at 2 answers 2, not 2.0.
        case .decimal(let decimal): return SpecReader.show(decimal)
        case .string(let text): return JSONString.literal(text)
        case .strings(let texts): return "[" + texts.map(JSONString.literal).joined(separator: ", ") + "]"
        }
    }
}

/// A stored set of answers: the `--state` file, one member per id.
public struct StoredAnswers: Codable, Sendable, Equatable {
    public var members: [String: JSONAnswer]

    public init(members: [String: JSONAnswer]) {
        self.members = members
    }

    /// A member whose value is no answer (another tool's `"extra": {"a": 1}`, a list of numbers)
    /// is left out: it is not this form's, and a save keeps it in the file as it is written
    /// (`JSONStateFile` keeps the members a state does not write). Failing on it
    /// made the file look damaged and blocked every save.
    public init(from decoder: any Decoder) throws {
        members = try MemberCoding.decode(from: decoder, skippingOthers: true)
    }

    public func encode(to encoder: any Encoder) throws {
        try MemberCoding.encode(members, to: encoder)
    }
}
