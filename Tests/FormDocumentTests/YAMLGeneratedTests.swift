import FormTestSupport
import OrderedCollections
import Testing

@testable import FormDocument

/// Seeded generated documents: each written by the writer reads back as its value, and random
/// edits of it read back as the change meant (Document checks each). FORMTUI_DOC_FUZZ_CASES
/// sets how many (300 by default), FORMTUI_DOC_FUZZ_SEED replays one run.
@Suite struct YAMLGeneratedTests {
    static let texts: [String] = [
        "plain", "two words", "yes", "on", "no", "08", "1.0", "null", "~", "", ": x", "#x", "a: b", "x #y",
        "- dash", "tab\there", "quote'and\"", "ünïcode ✓", "line one\nline two\n", "no newline\nat end",
        "kept\n\n", "http://example.org/a?b=c", "0x1F", "1e3", "[flow]", "{flow}", "*star", "&amp", "!bang",
        "%percent", "@at", "`tick", "trailing ", " leading", "2001-12-14", "12:30", "-1", ".5", "...", "---",
    ]
    static let keys = ["name", "on", "image", "run", "x-y", "with space", "yes", "1", "key: colon", "#"]

    static func value(_ random: inout SeededRandom, depth: Int) -> DocumentValue {
        let kind = depth > 3 ? Int.random(in: 0..<5, using: &random) : Int.random(in: 0..<8, using: &random)
        switch kind {
        case 0: return .string(texts.randomElement(using: &random)!)
        case 1: return .number(DocumentNumber(Int.random(in: -1000...100_000, using: &random)))
        case 2: return .bool(Bool.random(using: &random))
        case 3: return Bool.random(using: &random) ? .null : .number(DocumentNumber(literal: "2.5")!)
        case 4: return .string(texts.randomElement(using: &random)!)
        case 5, 6: return object(&random, depth: depth + 1)
        default:
            let count = Int.random(in: 0...3, using: &random)
            return .array((0..<count).map { _ in value(&random, depth: depth + 1) })
        }
    }

    static func object(_ random: inout SeededRandom, depth: Int) -> DocumentValue {
        var members = OrderedDictionary<String, DocumentValue>()
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            members[keys.randomElement(using: &random)!] = value(&random, depth: depth)
        }
        return .object(members)
    }

    /// Every path of the tree, with its value.
    static func paths(_ value: DocumentValue, _ path: DocumentPath = .root) -> [(DocumentPath, DocumentValue)]
    {
        var found = [(path, value)]
        switch value {
        case .object(let members):
            for (key, member) in members { found += paths(member, path.appending(.key(key))) }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                found += paths(element, path.appending(.index(index)))
            }
        default: break
        }
        return found
    }

    static func change(for value: DocumentValue, _ random: inout SeededRandom) -> DocumentChange? {
        let all = paths(value)
        let (target, current) = all.randomElement(using: &random)!
        switch Int.random(in: 0..<5, using: &random) {
        case 0:
            guard !target.components.isEmpty else { return nil }
            return .set(target, Self.value(&random, depth: 2))
        case 1:
            guard case .object(let members) = current else { return nil }
            let key = keys.randomElement(using: &random)! + "-new"
            guard members[key] == nil else { return nil }
            let before = Bool.random(using: &random) ? members.keys.randomElement(using: &random) : nil
            return .insert(parent: target, key: key, value: Self.value(&random, depth: 3), before: before)
        case 2:
            guard !target.components.isEmpty else { return nil }
            return .delete(target)
        case 3:
            guard case .array = current else { return nil }
            return .append(array: target, value: Self.value(&random, depth: 3))
        default:
            guard case .array(let elements) = current, elements.count > 1 else { return nil }
            return .move(
                array: target, from: Int.random(in: 0..<elements.count, using: &random),
                to: Int.random(in: 0..<elements.count, using: &random))
        }
    }

    /// The text with comments added where a person would write them: a comment line above some
    /// members that start their line, and a comment at the end of some single-line values.
    static func commented(_ bytes: [UInt8], root: DocumentNode, _ random: inout SeededRandom) -> [UInt8] {
        var inserts: [(Int, String)] = []
        var pending = [root]
        while let node = pending.popLast() {
            switch node.content {
            case .object(let members) where node.style == .blockCollection:
                for member in members {
                    pending.append(member.node)
                    let start = member.keySpan.lowerBound
                    var lineStart = start
                    while lineStart > 0, bytes[lineStart - 1] == UInt8(ascii: " ") { lineStart -= 1 }
                    if lineStart == 0 || bytes[lineStart - 1] == 0x0A,
                        Int.random(in: 0..<3, using: &random) == 0
                    {
                        inserts.append(
                            (
                                lineStart,
                                String(repeating: " ", count: start - lineStart) + "# about \(member.key)\n"
                            ))
                    }
                    if case .scalar = member.node.content, member.node.style != .blockCollection,
                        !member.node.span.isEmpty, !bytes[member.node.span].contains(0x0A),
                        Int.random(in: 0..<3, using: &random) == 0
                    {
                        if case .block = member.node.style { continue }
                        inserts.append((member.node.span.upperBound, "  # trailing"))
                    }
                }
            case .object(let members):
                pending.append(contentsOf: members.map(\.node))
            case .array(let elements):
                pending.append(contentsOf: elements)
            default: break
            }
        }
        var text = bytes
        for (offset, insert) in inserts.sorted(by: { $0.0 > $1.0 }) {
            text.insert(contentsOf: Array(insert.utf8), at: offset)
        }
        return text
    }

    /// Refusals the editor states as its limits: a member or element that shares its line with
    /// its parent's `-` cannot move or go alone.
    static func isStatedLimit(_ error: DocumentError) -> Bool {
        error.message.contains("by hand") || error.message.contains("cannot be removed from its line")
    }

    @Test func writtenDocumentsReadBackAndEditsReadBackAsMeant() throws {
        let environment = ProcessInfoEnvironment()
        let cases = environment.int("FORMTUI_DOC_FUZZ_CASES") ?? 300
        let seed = environment.uint64("FORMTUI_DOC_FUZZ_SEED") ?? UInt64.random(in: 0...UInt64.max)
        print("YAMLGeneratedTests seed: \(seed) (FORMTUI_DOC_FUZZ_SEED=\(seed) replays it)")
        var random = SeededRandom(seed: seed)
        var edited = 0
        for index in 0..<cases {
            var value = Self.object(&random, depth: 0)
            if value == .object([:]) { value = ["name": "x"] }
            let writer = YAMLWriter()
            let text = writer.block(value, column: 0) + "\n"
            var document: Document
            do {
                document = try Document(reading: Array(text.utf8), format: .yaml, engine: YAMLFormat())
            } catch {
                Issue.record("seed \(seed) case \(index): the written text is refused: \(error)\n\(text)")
                continue
            }
            guard document.value == value else {
                Issue.record("seed \(seed) case \(index): read \(document.value), wrote \(value)\n\(text)")
                continue
            }
            let commented = Self.commented(document.bytes, root: document.root, &random)
            do {
                document = try Document(reading: commented, format: .yaml, engine: YAMLFormat())
            } catch {
                Issue.record("seed \(seed) case \(index): the commented text is refused: \(error)")
                continue
            }
            guard document.value == value else {
                Issue.record(
                    "seed \(seed) case \(index): comments changed the value\n\(String(decoding: commented, as: UTF8.self))"
                )
                continue
            }
            for _ in 0..<4 {
                guard let change = Self.change(for: document.value, &random) else { continue }
                let before = String(decoding: document.bytes, as: UTF8.self)
                do {
                    try document.apply(change)
                    edited += 1
                    if let difference = treeDifference(of: document) {
                        Issue.record(
                            "seed \(seed) case \(index): after \(change): \(difference)\n\(before)\n-- edited:\n\(String(decoding: document.bytes, as: UTF8.self))"
                        )
                    }
                } catch {
                    if !Self.isStatedLimit(error) {
                        // What the editor made of it, to see the wrong splice.
                        var spliced = document.bytes
                        if let edits = try? YAMLFormat().edits(
                            for: change, in: document.bytes, root: document.root)
                        {
                            TextEdit.apply(edits, to: &spliced)
                        }
                        Issue.record(
                            "seed \(seed) case \(index): \(change) failed: \(error)\n\(before)\n-- spliced:\n\(String(decoding: spliced, as: UTF8.self))"
                        )
                    }
                }
            }
        }
        #expect(edited > cases)
    }
}

/// The process environment without Foundation.
struct ProcessInfoEnvironment {
    func string(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }
    func int(_ name: String) -> Int? { string(name).flatMap { Int($0) } }
    func uint64(_ name: String) -> UInt64? { string(name).flatMap { UInt64($0) } }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
