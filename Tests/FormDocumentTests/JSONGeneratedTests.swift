import FormDocument
import FormTestSupport
import Foundation
import OrderedCollections
import Testing

/// Generated documents: random values written in random layouts (JSONC: with comments), read
/// back to the same value with spans that re-read as their values, then random changes made
/// through ``Document`` (whose read-back check refuses an edit that changed anything else).
/// `FORMTUI_DOC_FUZZ_CASES` raises the count; `FORMTUI_DOC_FUZZ_SEED` replays a printed seed.
@Suite struct JSONGeneratedTests {
    static let environment = ProcessInfo.processInfo.environment
    let cases = environment["FORMTUI_DOC_FUZZ_CASES"].flatMap(Int.init) ?? 300
    let seed =
        environment["FORMTUI_DOC_FUZZ_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0..<UInt64.max)

    @Test(arguments: [false, true])
    func documentsReadBackAndRandomEditsReadBackAsMeant(comments: Bool) throws {
        print("JSON generated documents (comments: \(comments)): seed \(seed), \(cases) cases")
        var random = SeededRandom(seed: seed)
        for number in 0..<cases {
            let caseSeed = random.next()
            var generator = SeededRandom(seed: caseSeed)
            let failure = checkOne(comments: comments, random: &generator)
            if let failure {
                Issue.record(
                    "case \(number) of seed \(seed) (FORMTUI_DOC_FUZZ_SEED=\(seed)), comments: \(comments): \(failure)"
                )
                return
            }
        }
    }

    /// Nil when the generated case passes, else what went wrong with its text.
    func checkOne(comments: Bool, random: inout SeededRandom) -> String? {
        let value = Self.value(depth: 0, random: &random)
        let layout = JSONLayout(
            indent: ["  ", "    ", "\t", " "].randomElement(using: &random)!,
            newline: ["\n", "\r\n"].randomElement(using: &random)!,
            colon: [": ", ":", " : "].randomElement(using: &random)!,
            comma: [", ", ","].randomElement(using: &random)!, multiline: Bool.random(using: &random))
        guard var text = try? JSONWriter.write(value, layout: layout) else {
            return "the writer refused \(value)"
        }
        if comments {
            text = Self.withComments(Self.withTrailingCommas(text, random: &random), random: &random)
        }
        let format = JSONFormat(comments: comments)
        var document: Document
        do {
            document = try Document(
                reading: Array(text.utf8), format: comments ? .jsonc : .json, engine: format)
        } catch {
            return "\(error) reading\n\(text)"
        }
        guard document.value == value else { return "read as another value:\n\(text)" }
        if let problem = Self.spanProblem(document.root, document.bytes, format) {
            return "\(problem) in\n\(text)"
        }
        for _ in 0..<3 {
            guard let change = Self.change(of: document.value, random: &random) else { break }
            let before = String(decoding: document.bytes, as: UTF8.self)
            do {
                try document.apply(change)
            } catch {
                return "\(change): \(error) in\n\(before)"
            }
            if let problem = Self.spanProblem(document.root, document.bytes, format) {
                return "after \(change): \(problem) in\n\(String(decoding: document.bytes, as: UTF8.self))"
            }
            if let difference = treeDifference(of: document) {
                return "after \(change): \(difference) in\n\(String(decoding: document.bytes, as: UTF8.self))"
            }
        }
        return nil
    }

    static let keys = ["a", "b", "name", "ü", "x y", "0", "with \"quote\"", "k"]
    static let strings = [
        "", "a", "é", "😀", "\"", "\\", "\n", "\t", "\u{01}", " ", "/", "\u{7F}", "// no", "/* no */",
    ]
    static let numbers = ["0", "-0", "1", "-12", "3.25", "1e10", "-2.5E-3", "12345678901234567890123", "0.1"]

    static func value(depth: Int, random: inout SeededRandom) -> DocumentValue {
        let kind = Int.random(in: 0..<(depth >= 3 ? 4 : 6), using: &random)
        switch kind {
        case 0: return Bool.random(using: &random) ? .null : .bool(Bool.random(using: &random))
        case 1: return .number(DocumentNumber(literal: numbers.randomElement(using: &random)!)!)
        case 2, 3:
            let parts = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                strings.randomElement(using: &random)!
            }
            return .string(parts.joined())
        case 4:
            return .array(
                (0..<Int.random(in: 0...4, using: &random)).map { _ in
                    value(depth: depth + 1, random: &random)
                })
        default:
            var members = OrderedDictionaryOfTest()
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                members[keys.randomElement(using: &random)!] = value(depth: depth + 1, random: &random)
            }
            return .object(members)
        }
    }

    /// `text` with comments at the ends of some lines and on lines of their own (a line break
    /// of JSON text is never inside a string, so every one is a place for a comment).
    static func withComments(_ text: String, random: inout SeededRandom) -> String {
        var result = ""
        for character in text {
            if character == "\n" || character == "\r\n" {
                switch Int.random(in: 0..<5, using: &random) {
                case 0: result += " // note"
                case 1: result += " /* note */"
                case 2:
                    result.append(character)
                    result += "// a line of its own"
                default: break
                }
            }
            result.append(character)
        }
        return result
    }

    /// `text` with a comma after some last items that stand on lines of their own (JSONC allows
    /// them; a line break is never inside a string, so the lines are the layout's).
    static func withTrailingCommas(_ text: String, random: inout SeededRandom) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in lines.indices.dropLast() {
            let next = lines[index + 1].drop { $0 == " " || $0 == "\t" }
            guard next.hasPrefix("}") || next.hasPrefix("]"), Bool.random(using: &random) else { continue }
            var line = lines[index]
            let carriageReturn = line.hasSuffix("\r")
            if carriageReturn { line.removeLast() }
            guard let last = line.last, !"{[,".contains(last) else { continue }
            lines[index] = line + "," + (carriageReturn ? "\r" : "")
        }
        return lines.joined(separator: "\n")
    }

    /// A change that fits `value`, or nil when none does.
    static func change(of value: DocumentValue, random: inout SeededRandom) -> DocumentChange? {
        var all: [(DocumentPath, DocumentValue)] = []
        var stack: [(DocumentPath, DocumentValue)] = [(.root, value)]
        while let (path, node) = stack.popLast() {
            all.append((path, node))
            switch node {
            case .array(let elements):
                for (index, element) in elements.enumerated() {
                    stack.append((path.appending(.index(index)), element))
                }
            case .object(let members):
                for (key, member) in members { stack.append((path.appending(.key(key)), member)) }
            default: break
            }
        }
        let objects = all.compactMap { path, node -> (DocumentPath, [String])? in
            if case .object(let members) = node { return (path, Array(members.keys)) }
            return nil
        }
        let arrays = all.compactMap { path, node -> (DocumentPath, Int)? in
            if case .array(let elements) = node { return (path, elements.count) }
            return nil
        }
        let fresh = Self.value(depth: 2, random: &random)
        for _ in 0..<8 {
            switch Int.random(in: 0..<5, using: &random) {
            case 0:
                let (path, _) = all.randomElement(using: &random)!
                return .set(path, fresh)
            case 1:
                guard let (path, keys) = objects.randomElement(using: &random) else { continue }
                let key = "new\(Int.random(in: 0..<100, using: &random))"
                guard !keys.contains(key) else { continue }
                return .insert(
                    parent: path, key: key, value: fresh, before: keys.randomElement(using: &random))
            case 2:
                let candidates = all.filter { !$0.0.components.isEmpty }
                guard let (path, _) = candidates.randomElement(using: &random) else { continue }
                return .delete(path)
            case 3:
                guard let (path, _) = arrays.randomElement(using: &random) else { continue }
                return .append(array: path, value: fresh)
            default:
                guard let (path, count) = arrays.filter({ $0.1 > 0 }).randomElement(using: &random) else {
                    continue
                }
                return .move(
                    array: path, from: Int.random(in: 0..<count, using: &random),
                    to: Int.random(in: 0..<count, using: &random))
            }
        }
        return nil
    }

    /// What is wrong with the spans of a read tree, or nil: every scalar's span re-reads as its
    /// value and every key's span as its key.
    static func spanProblem(_ root: DocumentNode, _ bytes: [UInt8], _ format: JSONFormat) -> String? {
        var stack = [root]
        while let node = stack.popLast() {
            switch node.content {
            case .scalar(let value):
                guard (try? format.read(Array(bytes[node.span])))?.value == value else {
                    return "the span \(node.span) does not re-read as \(value)"
                }
            case .array(let elements): stack += elements
            case .object(let members):
                for member in members {
                    guard (try? format.read(Array(bytes[member.keySpan])))?.value == .string(member.key)
                    else {
                        return "the key span \(member.keySpan) does not re-read as \(member.key)"
                    }
                    stack.append(member.node)
                }
            case .alias: return "an alias"
            }
        }
        return nil
    }
}

typealias OrderedDictionaryOfTest = OrderedDictionary<String, DocumentValue>
