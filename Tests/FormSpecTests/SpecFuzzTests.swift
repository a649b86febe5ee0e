import FormCore
import FormSpec
import FormTestSupport
import FormUI
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Mutations of the example specs (`demos/forms/*`, and each as JSON): lines deleted, duplicated
/// and swapped, deep nesting, huge numbers, long texts, values of the wrong type, rows of every
/// kind with hard rules, random bytes. Every case must end in a form that builds, draws and takes
/// a few keys, or in a `SpecError` (`formtui form` exits 3), within 2 seconds.
///
/// `make test` plays `FORMTUI_SPEC_FUZZ_CASES` (default 100) cases a language from a fixed seed;
/// `make soak` plays 100,000 from a random one, said at the start. A failing case says its seed;
/// `FORMTUI_SPEC_FUZZ_SEED=<seed> FORMTUI_SPEC_FUZZ_CASES=1` replays it alone (a case's seed is
/// the run's seed for its first language; `FORMTUI_SPEC_FUZZ_DUMP=<folder>` writes each case's
/// bytes there, `FORMTUI_SPEC_FUZZ_TRACE=1` names each case before it runs, for a trap).
struct SpecFuzzTests {
    static let environment = ProcessInfo.processInfo.environment
    static let cases = environment["FORMTUI_SPEC_FUZZ_CASES"].flatMap { Int($0) } ?? 100
    static let seed: UInt64 = environment["FORMTUI_SPEC_FUZZ_SEED"].flatMap { UInt64($0) } ?? 20_261_125

    static let forms = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("demos/forms")

    /// The examples, by language: YAML and TOML as written, and JSON made from each.
    static func corpus(_ format: SpecFormat) throws -> [(file: String, text: String)] {
        let names = ["registration.yaml", "server-setup.yaml", "preferences.toml"]
        var found: [(String, String)] = []
        for name in names {
            let path = forms.appendingPathComponent(name).path
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let own = SpecFormat(path: name)!
            if own == format { found.append((path, text)) }
            if format == .json {
                let tree = try SpecNode.read(text: text, format: own, file: path)
                found.append(
                    (
                        path.replacingOccurrences(of: ".yaml", with: ".json").replacingOccurrences(
                            of: ".toml", with: ".json"), json(tree)
                    ))
            }
        }
        return found
    }

    static func json(_ node: SpecNode) -> String {
        switch node.value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .integer(let number): String(number)
        case .decimal(let number): String(number)
        case .string(let text, _):
            "\""
                + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
                    of: "\"", with: "\\\""
                )
                .replacingOccurrences(of: "\n", with: "\\n") + "\""
        case .list(let items): "[" + items.map(json).joined(separator: ",\n") + "]"
        case .table(let members):
            "{"
                + members.map { json(SpecNode(.string($0.key, quoted: true))) + ": " + json($0.node) }.joined(
                    separator: ",\n") + "}"
        }
    }

    static let numbers = [
        "1e308", "-1e308", "9223372036854775807", "-9223372036854775808", "1e20", "-1e20", "0", "-1",
        "1e-300",
        ".nan", ".inf", "99999999999999999999", "1e15", "-0.5", "3",
    ]
    static let values = ["[]", "{}", "true", "null", "\"x\"", "[1, [2]]", "''", "-", "~", "\"\"", "{a: 1}"]
    static let kinds = [
        "text", "email", "number", "decimal", "secure", "multiline", "switch", "stepper", "slider", "date",
        "time",
        "datetime", "picker", "select", "multiselect", "list", "label", "form", "nothing",
    ]
    static let rules = [
        "pattern: '(a+)+$'", "pattern: '(a{1000}){1000}'", "pattern: '(a)\\1'", "min: 1e308", "max: -1e308",
        "step: 1e20", "step: 0", "lines: 9223372036854775807", "options: [a, a]", "options: []",
        "default: [x]",
        "when: {x: 1}", "equals: nobody", "sections: [{rows: []}]", "optionsFile: /dev/null",
        "optionsFile: /etc/hostname", "min: 2024-01-01", "max: 1", "minLength: -1",
        "maxLength: 9223372036854775807",
        "disabled: {a: [1, 2]}", "keepInState: 3",
    ]

    /// One mutation of `text`.
    /// `text` with one to three bytes deleted, doubled or replaced by one of `alphabet`: small
    /// mutations that often stay close to valid.
    static func nudge(_ text: String, alphabet: [UInt8], using random: inout SeededRandom) -> String {
        var bytes = Array(text.utf8)
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let at = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0: bytes.remove(at: at)
            case 1: bytes.insert(bytes[at], at: at)
            default: bytes[at] = alphabet.randomElement(using: &random)!
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func mutate(_ text: String, format: SpecFormat, using generator: inout SeededRandom) -> [UInt8] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func anyLine() -> Int { Int.random(in: 0..<max(1, lines.count), using: &generator) }
        func valueStart(_ line: String) -> String.Index? {
            let marks = format == .toml ? ["= "] : [": ", "- "]
            return marks.compactMap { line.range(of: $0)?.upperBound }.min()
        }
        switch Int.random(in: 0..<10, using: &generator) {
        case 0:
            let start = anyLine()
            lines.removeSubrange(start..<min(lines.count, start + Int.random(in: 1...3, using: &generator)))
        case 1:
            let line = anyLine()
            lines.insert(lines[line], at: line)
        case 2:
            let (a, b) = (anyLine(), anyLine())
            lines.swapAt(a, b)
        case 3:
            let depth = [10, 63, 64, 65, 200, 5_000].randomElement(using: &generator)!
            let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            let line = anyLine()
            if let start = valueStart(lines[line]) { lines[line] = String(lines[line][..<start]) + deep }
        case 4:
            let line = anyLine()
            if let start = valueStart(lines[line]) {
                lines[line] = String(lines[line][..<start]) + numbers.randomElement(using: &generator)!
            }
        case 5:
            let line = anyLine()
            let long = String(
                repeating: "é", count: [1_000, 100_000, 600_000].randomElement(using: &generator)!)
            if let start = valueStart(lines[line]) {
                lines[line] = String(lines[line][..<start]) + "\"" + long + "\""
            }
        case 6:
            let line = anyLine()
            if let start = valueStart(lines[line]) {
                lines[line] = String(lines[line][..<start]) + values.randomElement(using: &generator)!
            }
        case 7:
            // A row of any kind with a hard rule, indented as a line near it.
            let line = anyLine()
            let indent = lines[line].prefix { $0 == " " }
            let kind = kinds.randomElement(using: &generator)!
            let rule = rules.randomElement(using: &generator)!
            let id = "f\(Int.random(in: 0..<5, using: &generator))"
            switch format {
            case .yaml: lines.insert("\(indent)- {id: \(id), type: \(kind), title: F, \(rule)}", at: line)
            case .toml:
                let tomlRule = rule.replacingOccurrences(of: ": ", with: " = ").replacingOccurrences(
                    of: "'", with: "'")
                lines.insert("[[sections.rows]]\nid = \"\(id)\"\ntype = \"\(kind)\"\n\(tomlRule)", at: line)
            case .json:
                lines.insert("{\"id\": \"\(id)\", \"type\": \"\(kind)\", \"min\": 1e308},", at: line)
            }
        case 8:
            var bytes = Array(lines.joined(separator: "\n").utf8)
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                let at = Int.random(in: 0...bytes.count, using: &generator)
                bytes.insert(UInt8.random(in: 0...255, using: &generator), at: at)
            }
            return bytes
        default:
            // Cut short anywhere.
            let joined = Array(lines.joined(separator: "\n").utf8)
            return Array(joined.prefix(Int.random(in: 0...joined.count, using: &generator)))
        }
        return Array(lines.joined(separator: "\n").utf8)
    }

    /// What one case came to: nil when it ended as a case must.
    static func play(_ bytes: [UInt8], format: SpecFormat, file: String) -> String? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }  // "not UTF-8": exit 3
        let spec: FormSpec
        do {
            spec = try SpecReader.read(text: text, format: format, file: file)
        } catch {
            return error.description.isEmpty ? "an error without words" : nil
        }
        let answers = SpecFormBuilder.initialAnswers(of: spec)
        let form = SpecFormBuilder(spec: spec, now: { Date(timeIntervalSince1970: 1_700_000_000) }).form()
        let app = App(root: FormScreen(form: form, store: StateStore(answers), mode: .edit))
        for size in [Size(width: 80, height: 24), Size(width: 30, height: 8)] { _ = app.render(size: size) }
        for key: Key in [
            .down, .character(" "), .right, .enter, .down, .character("a"), .control("s"), .escape,
        ] {
            app.handle(key)
            _ = app.render(size: Size(width: 80, height: 24))
        }
        return nil
    }

    @Test(arguments: SpecFormat.allCases)
    func mutatedExampleSpecsEndInAFormOrAnErrorWithinTwoSeconds(format: SpecFormat) throws {
        let corpus = try Self.corpus(format)
        try #require(!corpus.isEmpty)
        if Self.cases > 1_000 { print("spec fuzz (\(format)): seed \(Self.seed), \(Self.cases) cases") }
        var findings = 0
        for index in 0..<Self.cases {
            let caseSeed =
                Self.seed &+ UInt64(index) &* 0x1_0000 &+ UInt64(SpecFormat.allCases.firstIndex(of: format)!)
            var generator = SeededRandom(seed: caseSeed)
            let base = corpus[Int.random(in: 0..<corpus.count, using: &generator)]
            var bytes = Array(base.text.utf8)
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                bytes = Self.mutate(String(decoding: bytes, as: UTF8.self), format: format, using: &generator)
            }
            // A trap ends the whole run: FORMTUI_SPEC_FUZZ_TRACE=1 says each case before it runs.
            if Self.environment["FORMTUI_SPEC_FUZZ_TRACE"] != nil {
                print("case seed \(caseSeed) (\(format))")
            }
            if let dump = Self.environment["FORMTUI_SPEC_FUZZ_DUMP"] {
                _ = FileManager.default.createFile(
                    atPath: "\(dump)/\(caseSeed).\(format)", contents: Data(bytes))
            }
            let start = ContinuousClock.now
            let finding = Self.play(bytes, format: format, file: base.file)
            let took = ContinuousClock.now - start
            if let finding {
                findings += 1
                Issue.record("case seed \(caseSeed) (\(format)): \(finding)")
            }
            if took > .seconds(2) {
                findings += 1
                Issue.record("case seed \(caseSeed) (\(format)) took \(took)")
            }
            if findings > 5 { break }
        }
    }
}
