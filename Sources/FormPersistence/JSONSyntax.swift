/// Finds the first syntax error in JSON text, to tell a person where a hand-edited file went
/// wrong (the decoder only says the data "was not valid JSON"). Run only after decoding failed.
enum JSONSyntax {
    /// "line 3, column 7: expected ',' or '}'", or nil when the text is valid JSON.
    static func firstError(in bytes: [UInt8]) -> String? {
        var scanner = Scanner(bytes: bytes)
        do throws(Problem) {
            scanner.skipBlanks()
            try scanner.value(depth: 0)
            scanner.skipBlanks()
            if scanner.index < bytes.count { throw scanner.problem("unexpected text after the end") }
            return nil
        } catch {
            return error.text
        }
    }

    struct Problem: Error {
        var text: String
    }

    struct Scanner {
        let bytes: [UInt8]
        var index = 0

        /// Deeper than this is no settings file: stop before the stack does.
        static let maximumDepth = 512

        func problem(_ what: String) -> Problem {
            var line = 1
            var column = 1
            for byte in bytes[..<min(index, bytes.count)] {
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            return Problem(text: "line \(line), column \(column): \(what)")
        }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipBlanks() {
            while let byte = current, [0x20, 0x09, 0x0A, 0x0D].contains(byte) { index += 1 }
        }

        mutating func expect(_ byte: UInt8, _ what: String) throws(Problem) {
            skipBlanks()
            guard current == byte else { throw problem("expected \(what)") }
            index += 1
        }

        mutating func value(depth: Int) throws(Problem) {
            guard depth < Self.maximumDepth else { throw problem("nested too deeply") }
            skipBlanks()
            switch current {
            case UInt8(ascii: "{"): try object(depth: depth)
            case UInt8(ascii: "["): try array(depth: depth)
            case UInt8(ascii: "\""): try string()
            case UInt8(ascii: "t"): try word("true")
            case UInt8(ascii: "f"): try word("false")
            case UInt8(ascii: "n"): try word("null")
            case let byte? where byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte): number()
            case nil: throw problem("the text ends where a value should be")
            default: throw problem("expected a value (an object, list, text, number, true, false or null)")
            }
        }

        mutating func object(depth: Int) throws(Problem) {
            index += 1
            skipBlanks()
            if current == UInt8(ascii: "}") {
                index += 1
                return
            }
            while true {
                skipBlanks()
                guard current == UInt8(ascii: "\"") else { throw problem("expected a key in double quotes") }
                try string()
                try expect(UInt8(ascii: ":"), "':' after the key")
                try value(depth: depth + 1)
                skipBlanks()
                if current == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                try expect(UInt8(ascii: "}"), "',' or '}'")
                return
            }
        }

        mutating func array(depth: Int) throws(Problem) {
            index += 1
            skipBlanks()
            if current == UInt8(ascii: "]") {
                index += 1
                return
            }
            while true {
                try value(depth: depth + 1)
                skipBlanks()
                if current == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                try expect(UInt8(ascii: "]"), "',' or ']'")
                return
            }
        }

        mutating func string() throws(Problem) {
            index += 1
            while let byte = current {
                index += 1
                if byte == UInt8(ascii: "\"") { return }
                if byte == UInt8(ascii: "\\") { index += 1 }
                if byte < 0x20 { throw problem("a line break or control character inside text") }
            }
            throw problem("text without its closing double quote")
        }

        mutating func word(_ word: String) throws(Problem) {
            for expected in word.utf8 {
                guard current == expected else { throw problem("expected \(word)") }
                index += 1
            }
        }

        mutating func number() {
            while let byte = current,
                (0x30...0x39).contains(byte)
                    || [
                        UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                        UInt8(ascii: "e"), UInt8(ascii: "E"),
                    ].contains(byte)
            {
                index += 1
            }
        }
    }
}
