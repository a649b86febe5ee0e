import Foundation
import Testing

@testable import FormPersistence

/// Decodes `text` as a JSONValue and encodes it again the way a save does (compact).
private func reencoded(_ text: String) throws -> String {
    let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

private func decoded(_ text: String) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
}

@Suite("JSONValue: any JSON, decoded and encoded again without losing values")
struct JSONValueTests {
    @Test(
        "numbers keep their value; only the spelling of exponents may change",
        arguments: [
            ("1", "1"), ("-3", "-3"), ("0", "0"), ("-0", "-0"), ("2.5", "2.5"), ("1e3", "1000"),
            ("1E3", "1000"), ("-12.5E+1", "-125"), ("0.1", "0.1"), ("3.14159", "3.14159"),
            ("0.30000000000000004", "0.30000000000000004"), ("-1.25e-5", "-1.25e-05"), ("1e300", "1e+300"),
            ("9007199254740992", "9007199254740992"), ("-9007199254740992", "-9007199254740992"),
            // Beyond what a Double holds exactly: kept as a Decimal.
            ("9007199254740993", "9007199254740993"), ("9223372036854775807", "9223372036854775807"),
            ("-9223372036854775808", "-9223372036854775808"),
            ("18446744073709551615", "18446744073709551615"),
            ("123456789012345678901234567890", "123456789012345678901234567890"),
            ("1.0000000000000000000001", "1.0000000000000000000001"),
        ])
    func numbers(text: String, expected: String) throws {
        #expect(try reencoded(text) == expected)
        #expect(try reencoded("[\(text)]") == "[\(expected)]")
    }

    @Test("every integer up to 2^53 in magnitude survives exactly")
    func integers() throws {
        var samples: [Int64] = [1 << 53, (1 << 53) - 1, 1 << 52, 4_294_967_296, 2_147_483_647, 65_535]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 { samples.append(Int64.random(in: 0...(1 << 53), using: &generator)) }
        for sample in samples + samples.map({ -$0 }) {
            #expect(try reencoded(String(sample)) == String(sample))
        }
    }

    @Test("decimals a Double writes survive exactly")
    func decimals() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let double = Double.random(in: -1e6...1e6, using: &generator)
            let text = String(decoding: try JSONEncoder().encode(double), as: UTF8.self)
            #expect(try reencoded(text) == text)
            #expect(try JSONDecoder().decode(Double.self, from: Data(try reencoded(text).utf8)) == double)
        }
    }

    @Test("true, false and null stay themselves, not numbers")
    func literals() throws {
        #expect(try decoded("true") == .bool(true))
        #expect(try decoded("false") == .bool(false))
        #expect(try decoded("null") == .null)
        #expect(try decoded("1") == .number(1))
        #expect(try decoded("0") == .number(0))
        #expect(try reencoded("[true,false,null,1,0]") == "[true,false,null,1,0]")
    }

    @Test("text keeps its characters: unicode, escapes, quotes, backslashes, slashes")
    func strings() throws {
        #expect(try decoded(#""\u00e9 \u65e5\u672c \ud83d\ude00""#) == .string("é 日本 😀"))
        #expect(try decoded(#""é 日本 😀""#) == .string("é 日本 😀"))
        let escaped = #""q\"b\\s\/n\nt\tr\rc\u0001 \b\f""#
        let value = try decoded(escaped)
        #expect(value == .string("q\"b\\s/n\nt\tr\rc\u{1} \u{8}\u{c}"))
        #expect(try decoded(try reencoded(escaped)) == value)
        #expect(try reencoded(#""a\/b""#) == #""a/b""#)
    }

    @Test("objects and lists nest, keys are sorted, empty ones stay empty")
    func nesting() throws {
        let text =
            #"{"z": {"b": [1, {"y": null, "x": [[], {}]}], "a": "t"}, "list": [1, "x", null, true], "e": {}}"#
        #expect(
            try reencoded(text)
                == #"{"e":{},"list":[1,"x",null,true],"z":{"a":"t","b":[1,{"x":[[],{}],"y":null}]}}"#)
        #expect(
            try decoded(#"{"o": {"k": [1.5, "s"]}}"#)
                == .object(["o": .object(["k": .array([.number(1.5), .string("s")])])]))
    }

    @Test("what is not JSON does not decode", arguments: ["{oops", "", "[1 2]", "1e400"])
    func invalid(text: String) {
        #expect(throws: (any Error).self) { try decoded(text) }
    }
}
