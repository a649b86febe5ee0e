#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a state file writes dates: as ISO 8601 text in UTC (`"2026-11-23T14:05:00Z"`), which a
/// person editing the file can read and write, whenever that text gives back the very same
/// `Date`; otherwise (a date with a fraction of a second) as seconds since 2001, Foundation's
/// default, which is exact. Reading takes either, so files written before dates were text load.
enum StateDates {
    private static let style = Date.ISO8601FormatStyle()

    static func encode(_ date: Date, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        let text = style.format(date)
        if (try? style.parse(text)) == date {
            try container.encode(text)
        } else {
            try container.encode(date.timeIntervalSinceReferenceDate)
        }
    }

    static func decode(from decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        if let seconds = try? container.decode(Double.self) {
            return Date(timeIntervalSinceReferenceDate: seconds)
        }
        let text = try container.decode(String.self)
        guard let date = try? style.parse(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not a date such as \"2026-11-23T14:05:00Z\"")
        }
        return date
    }

    static func configure(_ encoder: JSONEncoder) {
        encoder.dateEncodingStrategy = .custom(encode)
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom(decode)
        return decoder
    }
}
