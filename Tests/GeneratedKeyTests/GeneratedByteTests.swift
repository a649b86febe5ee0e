import FormCore
import FormUI
import PropertyBased
import Testing

/// Generated bursts of terminal input: keys as terminals send them, with string control
/// sequences (OSC, DCS, APC, PM, SOS of any length, ended by BEL or `ESC \`) between them, as a
/// terminal's late answers arrive. The decoder must give exactly the keys and nothing of the
/// strings: no payload typed, no BEL read as Ctrl-G.
@Suite("Generated terminal input with string control sequences between the keys")
struct GeneratedByteTests {
    @Test("keys between terminal strings decode as the keys alone")
    func keysBetweenStrings() async {
        await propertyCheck(count: 200, input: ByteBurst.generator) { burst in
            let decoded = ByteKeyDecoder.decode(burst.bytes)
            #expect(
                decoded == burst.keys,
                "seed \(burst.seed): \(burst.bytes.count) bytes gave \(decoded.count) keys, not \(burst.keys.count)"
            )
        }
    }
}

/// One burst of input: its bytes and the keys they stand for.
struct ByteBurst: Sendable, CustomStringConvertible {
    var seed: String
    var pieces: [(bytes: [UInt8], keys: [Key])]

    var bytes: [UInt8] { pieces.flatMap(\.bytes) }
    var keys: [Key] { pieces.flatMap(\.keys) }
    var description: String { "burst from seed \(seed), \(pieces.count) pieces" }

    static let generator = Generator<ByteBurst, [ByteBurst]>(
        run: { rng in make(using: &rng) },
        shrink: { burst in
            guard burst.pieces.count > 1 else { return [] }
            let half = burst.pieces.count / 2
            return [
                ByteBurst(seed: burst.seed, pieces: Array(burst.pieces[..<half])),
                ByteBurst(seed: burst.seed, pieces: Array(burst.pieces[half...])),
            ]
        })

    private static func make(using rng: inout some SeededRandomNumberGenerator) -> ByteBurst {
        let seed = "\(rng.currentSeed)"
        var pieces: [(bytes: [UInt8], keys: [Key])] = []
        for _ in 0..<Int.random(in: 1...60, using: &rng) {
            pieces.append(
                Int.random(in: 0..<4, using: &rng) == 0 ? controlString(using: &rng) : key(using: &rng))
        }
        return ByteBurst(seed: seed, pieces: pieces)
    }

    /// A string control sequence with a payload of any bytes but its terminators, sometimes
    /// longer than any limit a decoder might keep (the old one read past 256 bytes as keys).
    private static func controlString(using rng: inout some RandomNumberGenerator) -> (
        bytes: [UInt8], keys: [Key]
    ) {
        let introducer = pick(Array("]P_^X".utf8), &rng)
        let length =
            Int.random(in: 0..<10, using: &rng) == 0
            ? Int.random(in: 200...5000, using: &rng) : Int.random(in: 1...40, using: &rng)
        var bytes: [UInt8] = [0x1B, introducer]
        for _ in 0..<length {
            var byte = UInt8.random(in: 0...255, using: &rng)
            if byte == 0x1B || byte == 0x07 { byte = UInt8(ascii: "=") }
            bytes.append(byte)
        }
        bytes += Bool.random(using: &rng) ? [0x07] : [0x1B, UInt8(ascii: "\\")]
        return (bytes, [])
    }

    private static func key(using rng: inout some RandomNumberGenerator) -> (bytes: [UInt8], keys: [Key]) {
        pick(keys, &rng)
    }

    /// Keys in the bytes a terminal sends for them.
    private static let keys: [(bytes: [UInt8], keys: [Key])] =
        Array("abcxyzAPX_^]019 .,;~").map { (Array(String($0).utf8), [Key.character($0)]) }
        + ["é", "日", "👍"].map { (Array(String($0).utf8), [Key.character($0)]) }
        + Array("abgsz").map { (Array("\u{1B}\($0)".utf8), [Key.character($0).adding(.alt)]) }
        + Array("aegs").map {
            (Array(String(Character(Unicode.Scalar($0.asciiValue! - 0x60))).utf8), [Key.control($0)])
        }
        + [
            (Array("\u{1B}[A".utf8), [.up]), (Array("\u{1B}[B".utf8), [.down]),
            (Array("\u{1B}OC".utf8), [.right]),
            (Array("\u{1B}[1;5D".utf8), [Key.left.adding(.control)]), (Array("\u{1B}[3~".utf8), [.delete]),
            (Array("\u{1B}[15~".utf8), [.function(5)]), ([0x0D], [.enter]), ([0x09], [.tab]),
            ([0x7F], [.backspace]),
            (Array("\u{1B}[200~pasted\u{1B}[201~".utf8), [.paste("pasted")]),
            (Array("\u{1B}[<0;10;5M".utf8), [.mouse(MouseEvent(.press, x: 9, y: 4))]),
        ]

    private static func pick<T>(_ choices: [T], _ rng: inout some RandomNumberGenerator) -> T {
        choices[Int.random(in: 0..<choices.count, using: &rng)]
    }
}
