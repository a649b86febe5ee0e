/// RFC 4648's base64 (standard alphabet, `=` padding), for draft 7's `contentEncoding`.
enum Base64 {
    static func decode(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count % 4 == 0 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count / 4 * 3)
        var index = 0
        while index < bytes.count {
            var group: UInt32 = 0
            var padding = 0
            for offset in 0..<4 {
                let byte = bytes[index + offset]
                let value: UInt32
                switch byte {
                case 0x41...0x5A: value = UInt32(byte - 0x41)
                case 0x61...0x7A: value = UInt32(byte - 0x61 + 26)
                case 0x30...0x39: value = UInt32(byte - 0x30 + 52)
                case UInt8(ascii: "+"): value = 62
                case UInt8(ascii: "/"): value = 63
                case UInt8(ascii: "=") where index + 4 == bytes.count && offset >= 2:
                    padding += 1
                    value = 0
                default: return nil
                }
                if padding > 0 && byte != UInt8(ascii: "=") { return nil }
                group = group << 6 | value
            }
            output.append(UInt8(group >> 16 & 0xFF))
            if padding < 2 { output.append(UInt8(group >> 8 & 0xFF)) }
            if padding < 1 { output.append(UInt8(group & 0xFF)) }
            index += 4
        }
        return output
    }
}
