/// The top-level keys a value's `encode(to:)` writes, counting the optionals it leaves out
/// because they are nil (`encodeIfPresent`), which a JSON encoding cannot show.
///
/// A save keeps the stored file's members that the program does not know; a key the program
/// just wrote as absent is known, so clearing an optional setting is not undone by the old value.
/// Values are not encoded: only the keys of the top level (or of the value a single-value
/// container wraps) are recorded.
enum EncodedKeys {
    /// The keys, or nil when `encode(to:)` threw.
    static func of(_ value: some Encodable) -> Set<String>? {
        let keys = KeySet()
        do {
            try value.encode(to: KeyRecorder(keys: keys))
        } catch {
            return nil
        }
        return keys.names
    }
}

private final class KeySet {
    var names: Set<String> = []
}

/// An encoder that records the keys of its keyed container, or ignores everything when `keys`
/// is nil (for values below the top level).
private struct KeyRecorder: Encoder {
    let keys: KeySet?
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedRecorder<Key>(keys: keys))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { IgnoringContainer(keys: nil) }

    func singleValueContainer() -> any SingleValueEncodingContainer { IgnoringContainer(keys: keys) }
}

private struct KeyedRecorder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let keys: KeySet?
    var codingPath: [any CodingKey] { [] }

    func record(_ key: Key) { keys?.names.insert(key.stringValue) }

    mutating func encodeNil(forKey key: Key) throws { record(key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { record(key) }
    mutating func encode(_ value: String, forKey key: Key) throws { record(key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { record(key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { record(key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { record(key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { record(key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { record(key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { record(key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { record(key) }
    mutating func encode(_ value: Int128, forKey key: Key) throws { record(key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { record(key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { record(key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { record(key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { record(key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { record(key) }
    mutating func encode(_ value: UInt128, forKey key: Key) throws { record(key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { record(key) }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { record(key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { record(key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { record(key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { record(key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { record(key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { record(key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { record(key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { record(key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { record(key) }
    mutating func encodeIfPresent(_ value: Int128?, forKey key: Key) throws { record(key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { record(key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { record(key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { record(key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { record(key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { record(key) }
    mutating func encodeIfPresent(_ value: UInt128?, forKey key: Key) throws { record(key) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { record(key) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        record(key)
        return KeyedEncodingContainer(KeyedRecorder<NestedKey>(keys: nil))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        record(key)
        return IgnoringContainer(keys: nil)
    }

    mutating func superEncoder() -> any Encoder {
        // JSONEncoder writes a superclass's members under "super".
        keys?.names.insert("super")
        return KeyRecorder(keys: nil)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        record(key)
        return KeyRecorder(keys: nil)
    }
}

/// Ignores what it is given, except that a single-value container at the top level passes a
/// wrapped value's keys through (`keys` is set only there).
private struct IgnoringContainer: UnkeyedEncodingContainer, SingleValueEncodingContainer {
    let keys: KeySet?
    var codingPath: [any CodingKey] { [] }
    var count = 0

    mutating func encodeNil() throws {}
    mutating func encode(_ value: Bool) throws {}
    mutating func encode(_ value: String) throws {}
    mutating func encode(_ value: Double) throws {}
    mutating func encode(_ value: Float) throws {}
    mutating func encode(_ value: Int) throws {}
    mutating func encode(_ value: Int8) throws {}
    mutating func encode(_ value: Int16) throws {}
    mutating func encode(_ value: Int32) throws {}
    mutating func encode(_ value: Int64) throws {}
    mutating func encode(_ value: Int128) throws {}
    mutating func encode(_ value: UInt) throws {}
    mutating func encode(_ value: UInt8) throws {}
    mutating func encode(_ value: UInt16) throws {}
    mutating func encode(_ value: UInt32) throws {}
    mutating func encode(_ value: UInt64) throws {}
    mutating func encode(_ value: UInt128) throws {}

    mutating func encode<T: Encodable>(_ value: T) throws {
        if let keys { try value.encode(to: KeyRecorder(keys: keys)) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(KeyedRecorder<NestedKey>(keys: nil))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { IgnoringContainer(keys: nil) }

    mutating func superEncoder() -> any Encoder { KeyRecorder(keys: nil) }
}
