import FormDocument
import FormTestSupport
import Foundation
import OrderedCollections
import Testing

typealias DocumentValueObject = OrderedDictionary<String, DocumentValue>

/// Generated TOML documents: each is written with TOML's forms picked at random (every string and
/// number form, dotted keys, inline tables, `[tables]` and `[[arrays]]`, comments, blank lines,
/// CRLF) beside the value it means. Each must read as that value, keep every byte, and take a few
/// random edits, each of which must read back as it meant. `FORMTUI_DOC_FUZZ_CASES` sets how many
/// (a few hundred by default); a failure prints its seed, which `FORMTUI_DOC_FUZZ_SEED` replays.
@Suite struct TOMLGeneratedTests {
    @Test func generatedDocumentsReadKeepTheirBytesAndTakeEdits() {
        let environment = ProcessInfo.processInfo.environment
        let seeds: [UInt64]
        if let replay = environment["FORMTUI_DOC_FUZZ_SEED"].flatMap({ UInt64($0) }) {
            seeds = [replay]
        } else {
            let count = environment["FORMTUI_DOC_FUZZ_CASES"].flatMap { Int($0) } ?? 300
            var base = SeededRandom(seed: UInt64.random(in: 0...UInt64.max))
            seeds = (0..<count).map { _ in base.next() }
        }
        var failures: [String] = []
        for seed in seeds {
            var generated = TOMLCase(seed: seed)
            if let failure = generated.check() {
                failures.append("FORMTUI_DOC_FUZZ_SEED=\(seed): \(failure)")
            }
        }
        for failure in failures.prefix(20) { print("TOML generated case failed, \(failure)\n") }
        #expect(
            failures.isEmpty, "\(failures.count) of \(seeds.count) failed; the first: \(failures.first ?? "")"
        )
    }
}

/// One generated document and its edits.
struct TOMLCase {
    var random: SeededRandom
    var newline = "\n"
    var text = ""
    var depth = 0

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }

    mutating func check() -> String? {
        newline = chance(20) ? "\r\n" : "\n"
        let value = document()
        let bytes = Array(text.utf8)
        var document: Document
        do {
            document = try Document(reading: bytes, format: .toml, engine: TOMLFormat())
        } catch {
            return "did not read: \(error)\n\(text)"
        }
        guard document.value == value else { return "read as \(document.value)\nmeant \(value)\n\(text)" }
        guard document.bytes == bytes else { return "bytes changed" }
        for _ in 0..<4 {
            guard let change = change(in: document.value) else { continue }
            let before = String(decoding: document.bytes, as: UTF8.self)
            do {
                try document.apply(change)
            } catch {
                return "\(change) was refused: \(error)\n\(before)"
            }
            if let difference = treeDifference(of: document) {
                return
                    "after \(change): \(difference)\n\(before)\n-- edited:\n\(String(decoding: document.bytes, as: UTF8.self))"
            }
        }
        return nil
    }

    // MARK: Documents

    mutating func document() -> DocumentValue {
        var members = DocumentValueObject()
        var tables: [(String, DocumentValue)] = []
        comments()
        lines(into: &members, tables: &tables, prefix: [], count: Int.random(in: 0...5, using: &random))
        for (key, table) in sections(tables, under: []) { members[key] = table }
        return .object(members)
    }

    /// Key/value lines (plain or dotted) of a table, and the tables it will get as sections.
    mutating func lines(
        into members: inout DocumentValueObject, tables: inout [(String, DocumentValue)], prefix: [String],
        count: Int
    ) {
        for _ in 0..<count {
            let key = freshKey(members)
            if depth < 3, chance(15) {
                // dotted keys: key.a = …, key.b = …
                var inner = DocumentValueObject()
                for _ in 0...Int.random(in: 0...2, using: &random) {
                    let sub = freshKey(inner)
                    let value = inlineValue()
                    text +=
                        pick(["", "  "]) + TOMLWriterForTests.key(key) + pick([".", " . "])
                        + TOMLWriterForTests.key(sub)
                    text += pick([" = ", "="]) + written(value) + trailing() + newline
                    inner[sub] = value
                }
                members[key] = .object(inner)
            } else {
                let value = inlineValue()
                comments()
                text +=
                    TOMLWriterForTests.key(key) + pick([" = ", "=", "  =  "]) + written(value) + trailing()
                    + newline
                members[key] = value
            }
            if chance(20) { text += newline }
        }
        if depth < 3 {
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                let key = freshKey(members, also: tables.map(\.0))
                depth += 1
                if chance(30) {
                    var elements: [DocumentValue] = []
                    for _ in 0...Int.random(in: 0...2, using: &random) {
                        elements.append(.object(DocumentValueObject()))
                    }
                    tables.append((key, .array(elements)))
                } else {
                    tables.append((key, .object(DocumentValueObject())))
                }
                depth -= 1
            }
        }
    }

    /// The tables' sections: `[prefix.key]` or `[[prefix.key]]` each, with their own lines.
    mutating func sections(_ tables: [(String, DocumentValue)], under prefix: [String]) -> [(
        String, DocumentValue
    )] {
        var filled: [(String, DocumentValue)] = []
        for (key, table) in tables {
            let name = (prefix + [key]).map(TOMLWriterForTests.key).joined(separator: ".")
            depth += 1
            defer { depth -= 1 }
            if case .array(let elements) = table {
                var written: [DocumentValue] = []
                for _ in elements {
                    text += newline
                    comments()
                    text += "[[" + name + "]]" + trailing() + newline
                    var members = DocumentValueObject()
                    var subtables: [(String, DocumentValue)] = []
                    lines(
                        into: &members, tables: &subtables, prefix: prefix + [key],
                        count: Int.random(in: 0...3, using: &random))
                    for (subkey, sub) in sections(subtables, under: prefix + [key]) { members[subkey] = sub }
                    written.append(.object(members))
                }
                filled.append((key, .array(written)))
            } else {
                var members = DocumentValueObject()
                var subtables: [(String, DocumentValue)] = []
                let header = chance(80)
                if header {
                    text += newline
                    comments()
                    text += "[" + pick(["", " "]) + name + pick(["", " "]) + "]" + trailing() + newline
                    lines(
                        into: &members, tables: &subtables, prefix: prefix + [key],
                        count: Int.random(in: 0...4, using: &random))
                } else {
                    // no header: the table exists only through its sub-tables
                    if depth < 3 {
                        subtables.append((freshKey(members), .object(DocumentValueObject())))
                    } else {
                        text += newline + "[" + name + "]" + newline
                    }
                }
                for (subkey, sub) in sections(subtables, under: prefix + [key]) { members[subkey] = sub }
                filled.append((key, .object(members)))
            }
        }
        return filled
    }

    mutating func comments() {
        if chance(25) {
            text += "#" + pick(["", " ", "  "]) + pick(["note", "a, b", "é # x", ""]) + newline
        }
    }

    mutating func trailing() -> String {
        chance(20)
            ? pick([" ", "\t", "   "]) + "# " + pick(["why", "x = 1", "[t]", ""]) : pick(["", "", " ", "\t"])
    }

    mutating func freshKey(_ members: DocumentValueObject, also others: [String] = []) -> String {
        while true {
            let key =
                pick(["a", "b", "name", "x-y", "k_2", "1", "true", "a b", "é", "", "a.b", "q\"t", "tab\t"])
                + (chance(50) ? String(Int.random(in: 0...99, using: &random)) : "")
            if members[key] == nil, !others.contains(key) { return key }
        }
    }

    // MARK: Values

    mutating func inlineValue() -> DocumentValue {
        if depth < 4, chance(15) {
            depth += 1
            defer { depth -= 1 }
            return .array((0..<Int.random(in: 0...3, using: &random)).map { _ in inlineValue() })
        }
        if depth < 4, chance(8) {
            depth += 1
            defer { depth -= 1 }
            var members = DocumentValueObject()
            for _ in 0..<Int.random(in: 0...2, using: &random) { members[freshKey(members)] = inlineValue() }
            return .object(members)
        }
        switch Int.random(in: 0..<6, using: &random) {
        case 0, 1:
            return .string(
                pick([
                    "", "plain", "it's", "quo\"te", "back\\slash", "tab\tbed", "two\nlines", "é ü 😀", "'''",
                    "\"\"\"", "\u{7F}\u{01}", "end'", "end\"",
                ]))
        case 2:
            return .number(DocumentNumber(Int.random(in: -100_000...100_000, using: &random)))
        case 3:
            return .number(
                DocumentNumber(literal: pick(["0.5", "-1.25", "1e10", "3.0", "6.02e23", "-0.0"]))!)
        case 4:
            return .bool(chance(50))
        default:
            return .dateTime(
                pick([
                    DocumentDateTime(kind: .offsetDateTime, text: "1979-05-27T07:32:00Z"),
                    DocumentDateTime(kind: .offsetDateTime, text: "2024-02-29T23:59:60.25-07:00"),
                    DocumentDateTime(kind: .localDateTime, text: "1979-05-27T00:32:00.999"),
                    DocumentDateTime(kind: .localDate, text: "2000-01-01"),
                    DocumentDateTime(kind: .localTime, text: "07:32:00"),
                ]))
        }
    }

    /// A value's text in a form picked at random among those that mean it.
    mutating func written(_ value: DocumentValue) -> String {
        switch value {
        case .string(let string):
            return TOMLWriterForTests.string(
                string, form: Int.random(in: 0..<4, using: &random), newline: newline)
        case .number(let number):
            if number.isInteger, let int = number.int {
                switch Int.random(in: 0..<5, using: &random) {
                case 0 where int >= 0: return "0x" + String(int, radix: 16, uppercase: chance(50))
                case 1 where int >= 0: return "0o" + String(int, radix: 8)
                case 2 where int >= 0: return "0b" + String(int, radix: 2)
                case 3 where int.magnitude >= 1000:
                    let digits = Array(String(int.magnitude))
                    var grouped = ""
                    for (position, digit) in digits.enumerated() {
                        if position > 0, (digits.count - position) % 3 == 0 { grouped += "_" }
                        grouped.append(digit)
                    }
                    return (int < 0 ? "-" : (chance(30) ? "+" : "")) + grouped
                default: return String(int)
                }
            }
            let text = number.description
            return chance(30) ? text.replacing("e", with: "E") : text
        case .bool(let bool): return bool ? "true" : "false"
        case .dateTime(let date):
            return chance(30) ? date.text.replacing("T", with: " ") : date.text
        case .array(let elements):
            if elements.isEmpty { return pick(["[]", "[ ]", "[" + newline + "]"]) }
            if chance(40) {
                var text = "[" + newline
                for element in elements {
                    if chance(20) { text += "  # about it" + newline }
                    text += "  " + written(element) + "," + (chance(20) ? " # after" : "") + newline
                }
                return text + "]"
            }
            var parts: [String] = []
            for element in elements { parts.append(written(element)) }
            return "[" + parts.joined(separator: pick([", ", ","])) + (chance(20) ? "," : "") + "]"
        case .object(let members):
            var parts: [String] = []
            for (key, member) in members {
                parts.append(TOMLWriterForTests.key(key) + " = " + written(member))
            }
            return parts.isEmpty ? pick(["{}", "{ }"]) : "{ " + parts.joined(separator: ", ") + " }"
        case .null: return ""
        }
    }

    // MARK: Edits

    /// A random change that fits the document: a set, insert, delete, append or move.
    mutating func change(in value: DocumentValue) -> DocumentChange? {
        var paths: [(DocumentPath, DocumentValue)] = []
        collect(value, at: .root, into: &paths)
        let (path, target) = pick(paths)
        switch Int.random(in: 0..<5, using: &random) {
        case 0 where !path.components.isEmpty:
            return .set(path, newValue(like: target))
        case 1:
            guard case .object(let members) = target else { return nil }
            let before = chance(30) ? members.keys.randomElement(using: &random) : nil
            return .insert(parent: path, key: freshKey(members), value: newValue(like: .null), before: before)
        case 2 where !path.components.isEmpty:
            return .delete(path)
        case 3:
            guard case .array(let elements) = target else { return nil }
            if let first = elements.first, case .object = first {
                return .append(array: path, value: ["n": 1])
            }
            return .append(array: path, value: newValue(like: .null))
        default:
            guard case .array(let elements) = target, elements.count >= 2 else { return nil }
            return .move(
                array: path, from: Int.random(in: 0..<elements.count, using: &random),
                to: Int.random(in: 0..<elements.count, using: &random))
        }
    }

    mutating func newValue(like old: DocumentValue) -> DocumentValue {
        switch old {
        case .string: return .string(pick(["new", "it's new", "multi\nline", "q\"", "'''x"]))
        case .number(let number) where number.isInteger:
            return .number(DocumentNumber(Int.random(in: 0...5000, using: &random)))
        case .object: return chance(50) ? ["fresh": 1, "inner": ["deep": "x"]] : ["only": "one"]
        default:
            return pick([1, "text", true, ["a", "b"], ["k": "v"], .number(DocumentNumber(literal: "2.5")!)])
        }
    }

    func collect(
        _ value: DocumentValue, at path: DocumentPath, into paths: inout [(DocumentPath, DocumentValue)]
    ) {
        paths.append((path, value))
        switch value {
        case .object(let members):
            for (key, member) in members { collect(member, at: path.appending(.key(key)), into: &paths) }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                collect(element, at: path.appending(.index(index)), into: &paths)
            }
        default: break
        }
    }
}

/// How the generator spells keys and strings (apart from the library's writer, so that a fault
/// in one is not hidden by the same fault in the other).
enum TOMLWriterForTests {
    static func key(_ key: String) -> String {
        if !key.isEmpty,
            key.unicodeScalars.allSatisfy({
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
            })
        {
            return key
        }
        if !key.contains("'"), !key.contains("\t"), !key.contains("\n") { return "'" + key + "'" }
        return basic(key)
    }

    static func basic(_ string: String) -> String {
        var text = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\t": text += "\\t"
            case "\u{00}"..."\u{1F}", "\u{7F}": text += String(format: "\\u%04X", scalar.value)
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }

    /// Form 0: basic; 1: literal; 2: multi-line basic; 3: multi-line literal (each where it can
    /// hold the string, else basic).
    static func string(_ string: String, form: Int, newline: String) -> String {
        let controls = string.unicodeScalars.contains {
            ($0.value < 0x20 && $0 != "\t" && $0 != "\n") || $0.value == 0x7F
        }
        switch form {
        case 1 where !controls && !string.contains("'") && !string.contains("\n"):
            return "'" + string + "'"
        case 2 where !controls && newline == "\n":
            var body = string.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
            if body.hasPrefix("\n") { body = "\n" + body }
            return "\"\"\"" + body + "\"\"\""
        case 3 where !controls && !string.contains("'''") && !string.hasSuffix("'") && newline == "\n":
            return "'''" + newline + string + "'''"
        default:
            return basic(string)
        }
    }
}
