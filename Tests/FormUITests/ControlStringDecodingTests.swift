import FormUI
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// String control sequences (OSC, DCS, APC, PM, SOS) are terminal answers, never keys: consumed
/// whole, whatever their length, with either terminator and across reads, in linear time.
@Suite("String control sequences are not keys")
struct ControlStringDecodingTests {
    private static let sequences = [
        // An XTGETTCAP answer (it was typed as `1+r544e=…`).
        "\u{1B}P1+r544e=787465726d2d323536636f6c6f72\u{1B}\\",
        "\u{1B}P>|xterm(390)\u{1B}\\", "\u{1B}_Gi=31;OK\u{1B}\\", "\u{1B}^private\u{07}",
        "\u{1B}Xstart of string\u{1B}\\", "\u{1B}P0$r\u{07}", "\u{1B}]11;rgb:ffff/ffff/ffff\u{07}",
        "\u{1B}]" + String(repeating: "x", count: 300) + "\u{07}",
        "\u{1B}P" + String(repeating: "7", count: 70_000) + "\u{1B}\\",
    ]

    @Test("each gives no keys, and the keys around it stay", arguments: sequences)
    func consumed(_ sequence: String) {
        #expect(ByteKeyDecoder.decode(Array(sequence.utf8)).isEmpty)
        let keys = ByteKeyDecoder.decode(Array(("a" + sequence + "\u{13}").utf8))
        // Ctrl-S after it still saves: a BEL at its end was once Ctrl-G, which opened Jump.
        #expect(keys == [.character("a"), .control("s")])
    }

    @Test("split into reads at any byte, each gives the same keys as in one read")
    func acrossReads() {
        let bytes = Array("q\u{1B}P1+r544e=78\u{1B}\\w\u{1B}]10;rgb:0/0/0\u{07}e".utf8)
        for cut in 1..<bytes.count {
            var decoder = ByteKeyDecoder()
            var keys: [Key] = []
            for byte in bytes[..<cut] { keys += decoder.feed(byte) }
            #expect(decoder.pending != .none || keys.count > 0)
            // Inside a string, a reader waits longer for its end than for a key's sequence.
            if cut > 3, cut < 14 { #expect(decoder.pending == .controlString, "cut at \(cut)") }
            for byte in bytes[cut...] { keys += decoder.feed(byte) }
            keys += decoder.flush()
            #expect(keys == [.character("q"), .character("w"), .character("e")], "cut at \(cut)")
        }
    }

    @Test("an introducer alone at the pause is the Alt key a person pressed", arguments: Array("P_^X]"))
    func introducerAlone(_ letter: Character) {
        let keys = ByteKeyDecoder.decode(Array("\u{1B}\(letter)".utf8))
        #expect(keys == [Key.character(letter).adding(.alt)])
    }

    @Test("a flood of strings costs no more than the same bytes of CSI")
    func floodIsLinear() {
        let one = Array("\u{1B}P1+r544e=787465726d\u{1B}\\".utf8)
        let csi = Array("\u{1B}[1;2;3;4;5;6;7;8;9;0A".utf8)
        // 600 KB: the old decoder typed most of such a flood as text, minutes for 7.6 MB.
        let count = 600_000 / one.count
        let strings = Array([[UInt8]](repeating: one, count: count).joined())
        let sequences = Array([[UInt8]](repeating: csi, count: count * 2).joined().prefix(strings.count))
        #expect(strings.count == sequences.count)
        let clock = ContinuousClock()
        var stringTime = Duration.seconds(1000)
        var csiTime = Duration.seconds(1000)
        for _ in 0..<2 {
            var keys: [Key] = []
            stringTime = min(stringTime, clock.measure { keys = ByteKeyDecoder.decode(strings) })
            #expect(keys.isEmpty)
            csiTime = min(csiTime, clock.measure { keys = ByteKeyDecoder.decode(sequences) })
        }
        #expect(stringTime <= csiTime * 2, "strings \(stringTime), CSI \(csiTime)")
    }
}
