/// Well-formed UTF-8 as RFC 3629 has it, for the readers that check their bytes themselves (JSON,
/// TOML; libyaml checks YAML's).
enum UTF8Sequence {
    /// The length of the sequence at `offset` of `bytes`, whose first byte is not ASCII; nil where
    /// it is not well-formed (overlong, a surrogate, past U+10FFFF, a bad lead byte, cut short).
    static func length(in bytes: [UInt8], at offset: Int) -> Int? {
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch bytes[offset] {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return nil
        }
        guard offset + length <= bytes.count else { return nil }
        let second = bytes[offset + 1]
        guard second >= low, second <= high else { return nil }
        for next in (offset + 2)..<(offset + length) where bytes[next] & 0xC0 != 0x80 {
            return nil
        }
        return length
    }
}
