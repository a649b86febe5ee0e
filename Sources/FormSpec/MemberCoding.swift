/// A dictionary coded as one JSON member per key, in key order: what answers and stored answers
/// are written as, so that a draft journal records only the members that changed and a file
/// reads the same from run to run.
///
/// ```swift
/// public init(from decoder: any Decoder) throws { values = try MemberCoding.decode(from: decoder) }
/// ```
enum MemberCoding {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The members of a keyed container; with `skippingOthers`, a member that is no `Value` is
    /// left out instead of failing the whole.
    static func decode<Value: Decodable>(from decoder: any Decoder, skippingOthers: Bool = false) throws
        -> [String: Value]
    {
        let container = try decoder.container(keyedBy: Key.self)
        var members: [String: Value] = [:]
        for key in container.allKeys {
            if skippingOthers {
                members[key.stringValue] = try? container.decode(Value.self, forKey: key)
            } else {
                members[key.stringValue] = try container.decode(Value.self, forKey: key)
            }
        }
        return members
    }

    static func encode<Value: Encodable>(_ members: [String: Value], to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            try container.encode(value, forKey: Key(stringValue: key))
        }
    }
}
