import FormDocument
import Testing

/// Issue 35's hostile trial, the same seven inputs in every format: each is refused with its line
/// and column (or, for line ends, read with the lines counted right) within a second. The second
/// is a bound for a hang or a quadratic step, not a speed figure; a debug build on a loaded
/// machine is slower than a release one, never this much.
@Suite struct BadInputTrialTests {
    static let formats: [DocumentFormat] = [.json, .jsonc, .yaml, .toml]

    /// The error reading `bytes` in `format` gives, and how long it took.
    func refusal(_ bytes: [UInt8], _ format: DocumentFormat) -> (DocumentError?, Duration) {
        var caught: DocumentError?
        let elapsed = ContinuousClock().measure {
            do throws(DocumentError) {
                _ = try Document(reading: bytes, format: format)
            } catch { caught = error }
        }
        return (caught, elapsed)
    }

    func expectRefused(
        _ bytes: [UInt8], _ format: DocumentFormat, at place: (line: Int, column: Int)?,
        within: Duration = .seconds(1),
        _ what: String
    ) {
        let (error, elapsed) = refusal(bytes, format)
        guard let error else {
            Issue.record("\(format) \(what): read without an error")
            return
        }
        #expect(error.line >= 1 && error.column >= 1 && !error.message.isEmpty, "\(format) \(what): \(error)")
        if let place { #expect((error.line, error.column) == place, "\(format) \(what): \(error)") }
        #expect(elapsed < within, "\(format) \(what): \(elapsed)")
    }

    @Test(arguments: formats)
    func nesting100000Deep(format: DocumentFormat) {
        let prefix = format == .toml ? "a = " : ""
        let bytes = Array(prefix.utf8) + Array(repeating: UInt8(ascii: "["), count: 100_000)
        expectRefused(bytes, format, at: nil, "nesting 100,000 deep")
    }

    /// 100 MB (`FORMTUI_HOSTILE_MB`; 16 MB in `make test`, whose debug build reads about 3 MB a
    /// second): one string of that length, then a mistake on the last line, so the whole is read
    /// before the error; the error's line and column are counted through all of it.
    @Test(arguments: formats)
    func aLargeFileWithAMistakeAtTheEnd(format: DocumentFormat) {
        let megabytes = ProcessInfoEnvironment().int("FORMTUI_HOSTILE_MB") ?? 16
        let size = megabytes << 20
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size + 64)
        let (open, close): (String, String)
        switch format {
        case .json, .jsonc: (open, close) = ("{\"a\": \"", "\",\n\"b\" 1}")
        case .yaml: (open, close) = ("a: \"", "\"\nb: ]\n")
        case .toml: (open, close) = ("a = \"", "\"\nb = \n")
        }
        bytes += Array(open.utf8)
        bytes += repeatElement(UInt8(ascii: "x"), count: size)
        bytes += Array(close.utf8)
        let (error, elapsed) = refusal(bytes, format)
        #expect(error?.line == 2, "\(format): \(String(describing: error))")
        #expect((error?.column ?? 0) >= 1)
        // A release build reads 100 MB in about a second (`make bench` prints the read speed); a
        // debug build's byte loops are many times slower, so this bound, a second a megabyte,
        // only catches a hang or a quadratic step.
        #expect(elapsed < .seconds(megabytes), "\(format): \(elapsed)")
    }

    @Test func aBillionLaughs() {
        var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            text +=
                "a\(level): &a\(level) ["
                + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
        }
        expectRefused(Array(text.utf8), .yaml, at: nil, "billion laughs")
        // JSON and TOML have no aliases: the same shape is nine lists of nine strings, read as such.
        let json = "[" + Array(repeating: "\"lol\"", count: 9).joined(separator: ",") + "]"
        #expect(throws: Never.self) { try Document(reading: Array(json.utf8), format: .json) }
    }

    /// Invalid UTF-8 (a lead byte and no continuation) and a NUL byte, each on the second line
    /// inside a string (where JSON and TOML read it byte by byte) and after it.
    @Test(arguments: formats, [("invalid UTF-8", [UInt8(0xC3), 0x28]), ("a NUL byte", [0x00])])
    func aByteThatIsNoText(format: DocumentFormat, bad: (what: String, bytes: [UInt8])) {
        let (text, close): (String, String)
        switch format {
        case .json, .jsonc: (text, close) = ("{\n  \"a\": \"x", "\"}")
        case .yaml: (text, close) = ("a: 1\nb: x", "\n")
        case .toml: (text, close) = ("a = 1\nb = \"x", "\"\n")
        }
        let bytes = Array(text.utf8) + bad.bytes + Array(close.utf8)
        let column = text.split(separator: "\n").last!.count + 1
        expectRefused(bytes, format, at: (2, column), bad.what)
    }

    @Test(arguments: formats)
    func anUnterminatedStringAtTheVeryEnd(format: DocumentFormat) {
        let text: String
        switch format {
        case .json, .jsonc: text = "{\n  \"a\": \"never closed"
        case .yaml: text = "a: 1\nb: \"never closed"
        case .toml: text = "a = 1\nb = \"never closed"
        }
        let (error, elapsed) = refusal(Array(text.utf8), format)
        #expect(error?.line == 2, "\(format): \(String(describing: error))")
        #expect((error?.column ?? 0) >= 1)
        #expect(elapsed < .seconds(1))
    }

    /// CRLF mixed with LF is not an error: every kind of line end counts as one line, so an
    /// error after them is placed on the right line.
    @Test(arguments: formats)
    func crlfMixedWithLF(format: DocumentFormat) throws {
        let lines: [String]
        switch format {
        case .json, .jsonc: lines = ["{", "  \"a\": 1,", "  \"b\": 2,", "  \"c\": ?", "}"]
        case .yaml: lines = ["a: 1", "b: 2", "c: [1", "d: 4"]
        case .toml: lines = ["a = 1", "b = 2", "c = ?", "d = 4"]
        }
        func joined(_ lines: [String]) -> String {
            var text = ""
            for (index, line) in lines.enumerated() { text += line + (index % 2 == 0 ? "\r\n" : "\n") }
            return text
        }
        let text = joined(lines)
        let (error, elapsed) = refusal(Array(text.utf8), format)
        #expect((3...5).contains(error?.line ?? 0), "\(format): \(String(describing: error))")
        #expect(elapsed < .seconds(1))
        var mended = lines
        let third = format == .json || format == .jsonc ? 3 : 2
        mended[third] = format == .toml ? "c = 3" : (format == .yaml ? "c: 3" : "  \"c\": 3")
        let good = joined(mended)
        let document = try Document(reading: Array(good.utf8), format: format)
        #expect(document.bytes == Array(good.utf8))
        #expect(document.value["c"] == 3)
    }
}
