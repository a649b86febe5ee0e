#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Any JSON value, decoded and encoded with `JSONDecoder` and `JSONEncoder`: what a state file
/// holds that the program's `State` does not know about, kept so a save can write it back.
///
/// Numbers keep their value: a number is a `Double` when the `Double`'s shortest text means the
/// same decimal number as the file's text (`1`, `-3`, `2.5`, `0.1`, `1e3`, `1e+300`, `-0`), and a
/// `Decimal` otherwise, which is exact for up to 38 significant digits (`9007199254740993`,
/// 64-bit integers). Only the spelling may change (`1e3` is written back as `1000`, `"\u00e9"`
/// as `"é"`). A number beyond `Double`'s range (`1e400`) cannot be decoded at all.
enum JSONValue: Codable, Equatable, Sendable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    /// A number that a `Double` holds exactly as written.
    case number(Double)
    /// A number that a `Double` would round, such as an integer above 2^53.
    case decimal(Decimal)
    case bool(Bool)
    case null

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let double = try? container.decode(Double.self) {
            if let decimal = try? container.decode(Decimal.self), decimal != Self.decimal(double) {
                self = .decimal(decimal)
            } else {
                self = .number(double)
            }
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else if let object = try? container.decode([String: JSONValue].self) {
            self = .object(object)
        } else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription:
                    "a value that is neither an object, list, text, number, true, false nor null")
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .object(let members): try container.encode(members)
        case .array(let elements): try container.encode(elements)
        case .string(let string): try container.encode(string)
        case .number(let double): try container.encode(double)
        case .decimal(let decimal): try container.encode(decimal)
        case .bool(let bool): try container.encode(bool)
        case .null: try container.encodeNil()
        }
    }

    /// The decimal number that `JSONEncoder` writes for `double` (its shortest round-trip text).
    private static func decimal(_ double: Double) -> Decimal? {
        guard let text = try? JSONEncoder().encode(double) else { return nil }
        return try? JSONDecoder().decode(Decimal.self, from: text)
    }
}
