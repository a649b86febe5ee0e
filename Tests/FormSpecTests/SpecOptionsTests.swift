import FormSpec
import FormTestSupport
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Options as offsets into the bytes that hold them: an options file's lines read as the text
/// of each line was, found by a hash of their bytes, and a large file said as it is read.
@Suite("SpecOptions: options kept as bytes and offsets")
struct SpecOptionsTests {
    static func spec(_ file: String, in folder: String, progress: ((String) -> Void)? = nil)
        throws(SpecError) -> FormSpec
    {
        let text =
            "sections:\n  - rows:\n      - {id: city, type: select, title: City, optionsFile: \(file)}\n"
        return try SpecReader.read(
            text: text, format: .yaml, file: "\(folder)/s.yaml", progress: progress)
    }

    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "formtui-options-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("an options file's lines are its options, trimmed, empty ones left out, every line ending")
    func linesAsOptions() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text =
            "  Oslo\t\r\nBergen\n\n\u{A0}Tromsø\u{3000}\rÅlesund\u{85}Bodø\u{2028}Molde\u{B}Hamar\u{C}Røros   "
        try text.write(toFile: "\(folder)/o.txt", atomically: true, encoding: .utf8)
        let options = try #require(try Self.spec("o.txt", in: folder).answeringRows.first?.options)
        let expected = ["Oslo", "Bergen", "Tromsø", "Ålesund", "Bodø", "Molde", "Hamar", "Røros"]
        #expect(Array(options) == expected)
        for (index, option) in expected.enumerated() { #expect(options.firstIndex(of: option) == index) }
        #expect(options.firstIndex(of: "Trondheim") == nil)
        #expect(options.firstIndex(of: "Osl") == nil)
        #expect(!options.contains(""))
    }

    @Test("an option listed twice, or bytes that are not UTF-8, are refused with the file's place")
    func refusals() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "a\nb\n c\nb\n".write(toFile: "\(folder)/twice.txt", atomically: true, encoding: .utf8)
        #expect(throws: SpecError.self) { try Self.spec("twice.txt", in: folder) }
        do {
            _ = try Self.spec("twice.txt", in: folder)
        } catch {
            #expect(error.message == "the option 'b' is listed twice", "\(error)")
            #expect(error.position?.line == 3, "\(error)")
        }
        try Data([0x61, 0x0A, 0xFF, 0x62]).write(to: URL(fileURLWithPath: "\(folder)/bad.txt"))
        do {
            _ = try Self.spec("bad.txt", in: folder)
            Issue.record("bytes that are not UTF-8 were taken")
        } catch {
            #expect(error.message.hasSuffix("the options file is not UTF-8 text"), "\(error)")
        }
    }

    @Test("options given in the spec are found alike; equal options are equal however they are held")
    func givenOptions() {
        let options: SpecOptions = ["Small", "Large", "Small"]
        #expect(options.count == 3)
        #expect(options.firstIndex(of: "Small") == 0)
        #expect(options.firstRepeated == 2)
        #expect(SpecOptions(["Small", "Large"]).firstRepeated == nil)
        #expect(SpecOptions(["a", "b"]) == ["a", "b"])
        #expect(SpecOptions(["a", "b"]).hashValue == (["a", "b"] as SpecOptions).hashValue)
        #expect(SpecOptions([String]()).firstIndex(of: "a") == nil)
    }

    /// A seeded mix of options, found again by their text, never by another's.
    @Test func generatedOptionsAreFoundByTheirText() {
        let seed: UInt64 = 38_007
        var random = SeededRandom(seed: seed)
        var texts: Set<String> = []
        while texts.count < 3_000 {
            let length = Int(random.next() % 6)
            texts.insert(String((0..<length).map { _ in "abcé日 ".randomElement(using: &random)! }))
        }
        let list = Array(texts)
        let options = SpecOptions(list)
        for (index, text) in list.enumerated() {
            #expect(options.firstIndex(of: text) == index, "seed \(seed): \(text)")
        }
        #expect(options.firstIndex(of: "zzz") == nil, "seed \(seed)")
    }

    /// A large options file is said before it is read, at once, and its count once read: the
    /// terminal shows what the pause is.
    @Test func aLargeOptionsFileIsSaidAsItIsRead() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lines = (0..<200_000).map { "Place \($0)" }.joined(separator: "\n")
        try lines.write(toFile: "\(folder)/big.txt", atomically: true, encoding: .utf8)
        let start = ContinuousClock.now
        var said: [(String, Duration)] = []
        let spec = try Self.spec("big.txt", in: folder) { said.append(($0, ContinuousClock.now - start)) }
        #expect(spec.answeringRows.first?.options.count == 200_000)
        #expect(said.count == 2, "\(said)")
        let first = try #require(said.first)
        #expect(first.0.hasPrefix("reading the options of 'city' from \(folder)/big.txt ("), "\(first.0)")
        #expect(first.1 < .milliseconds(100), "said after \(first.1)")
        #expect(said.last?.0 == "200,000 options of 'city' read")
        // A small file is read without a word.
        try "a\nb\n".write(toFile: "\(folder)/small.txt", atomically: true, encoding: .utf8)
        var quiet: [String] = []
        _ = try Self.spec("small.txt", in: folder) { quiet.append($0) }
        #expect(quiet.isEmpty)
    }
}
