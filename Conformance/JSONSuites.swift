// A test tool, not shipped: all of Foundation is fine here (JSONSerialization is the cross-check).
import FormDocument
import Foundation

/// The JSON suites' runners: JSONTestSuite's verdicts, then a lossless read of every JSON file
/// in the suites (spans that re-read as their values, the same values as Foundation's reader).
let jsonSuites: [ConformanceSuite] = [
    ConformanceSuite(name: "json-test-suite") { suites, report in
        let folder = suites + "/json-test-suite/test_parsing"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            report.skip("json-test-suite", because: "\(folder) is not there")
            return
        }
        var read = 0
        var refused = 0
        var sameAsFoundation = 0
        var implementationRead = 0
        var implementationRefused = 0
        for name in names.sorted() where name.hasSuffix(".json") {
            let bytes = [UInt8](FileManager.default.contents(atPath: folder + "/" + name) ?? Data())
            let result = Result { () throws(DocumentError) in try JSONFormat().read(bytes) }
            switch (name.prefix(2), result) {
            case ("y_", .success(let node)):
                read += 1
                if let problem = JSONConformance.foundationDisagreement(node.value, bytes) {
                    report.fail("json-test-suite y_ same as Foundation", "\(name): \(problem)")
                } else {
                    sameAsFoundation += 1
                }
            case ("y_", .failure(let error)): report.fail("json-test-suite y_ read", "\(name): \(error)")
            case ("n_", .success): report.fail("json-test-suite n_ refused", name)
            case ("n_", .failure): refused += 1
            case ("i_", .success): implementationRead += 1
            case ("i_", .failure): implementationRefused += 1
            default: break
            }
        }
        report.count("json-test-suite y_ read", read)
        report.count("json-test-suite y_ same as Foundation", sameAsFoundation)
        report.count("json-test-suite n_ refused", refused)
        report.count("json-test-suite i_ read", implementationRead)
        report.count("json-test-suite i_ refused", implementationRefused)
    },
    ConformanceSuite(name: "round-trip json") { suites, report in
        var groups: [(name: String, files: [String])] = []
        let testParsing = suites + "/json-test-suite/test_parsing"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: testParsing)) ?? []
        groups.append(
            (
                "json-test-suite y_",
                names.filter { $0.hasPrefix("y_") && $0.hasSuffix(".json") }.map { testParsing + "/" + $0 }
            ))
        for folder in [
            "json-schema-test-suite", "schemastore/test", "schemastore/negative_test", "schemastore/schemas",
        ] {
            groups.append((folder, JSONConformance.jsonFiles(under: suites + "/" + folder)))
        }
        let total = groups.reduce(0) { $0 + $1.files.count }
        guard total > 0 else {
            report.skip("round-trip json", because: "no JSON files under \(suites)")
            return
        }
        var passed = 0
        var asJSONC = 0
        for (group, files) in groups {
            var groupPassed = 0
            for path in files.sorted() {
                let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
                switch JSONConformance.roundTrip(bytes) {
                case .json: groupPassed += 1
                case .jsoncOnly:
                    groupPassed += 1
                    asJSONC += 1
                case .failed(let problem): report.fail("round-trip json files", "\(path): \(problem)")
                }
            }
            print("round-trip json files, \(group): \(groupPassed) of \(files.count)")
            passed += groupPassed
        }
        print("round-trip json files: \(passed) of \(total)")
        report.count("round-trip json files", passed)
        report.count("round-trip json files read as JSONC only", asJSONC)
    },
    // Timings, when FORMTUI_JSON_SPEED is set (a release build says what a person would see):
    // reading 1 MB and 100 MB documents, and an edit with its read-back on the 1 MB one. The
    // thread's CPU time, so that a machine shared with other work still gives the figure.
    ConformanceSuite(name: "json speed") { _, _ in
        guard ProcessInfo.processInfo.environment["FORMTUI_JSON_SPEED"] != nil else { return }
        let mode = ProcessInfo.processInfo.environment["FORMTUI_JSON_SPEED"]
        for megabytes in mode == "reads" ? Array(repeating: 1, count: 10) : [1, 1, 1, 100] {
            let bytes = JSONConformance.rows(megabytes: megabytes)
            let start = JSONConformance.cpuSeconds()
            guard let root = try? JSONFormat().read(bytes) else {
                print("json speed: the generated document does not read")
                return
            }
            let read = JSONConformance.cpuSeconds() - start
            var count = 0
            if case .array(let rows) = root.content { count = rows.count }
            print(
                "json speed: read \(bytes.count / 1_000_000) MB (\(count) rows) in \(String(format: "%.1f", read * 1000)) ms"
            )
        }
        guard mode != "reads" else { return }
        let bytes = JSONConformance.rows(megabytes: 1)
        guard var document = try? Document(reading: bytes, format: .json, engine: JSONFormat()) else {
            return
        }
        let changes: [(String, DocumentChange)] = [
            ("set a string", .set(DocumentPath(pointer: "/5000/name")!, "renamed")),
            (
                "insert a member",
                .insert(parent: DocumentPath(pointer: "/5000")!, key: "new", value: [1, 2], before: nil)
            ),
            ("delete an element", .delete(DocumentPath(pointer: "/100")!)),
            ("append an element", .append(array: .root, value: ["id": 1])),
            ("move an element", .move(array: .root, from: 0, to: 7000)),
        ]
        func milliseconds(_ body: () throws -> Void) rethrows -> String {
            let start = JSONConformance.cpuSeconds()
            try body()
            return String(format: "%.1f", (JSONConformance.cpuSeconds() - start) * 1000)
        }
        print("json speed: the 1 MB document's value: \(milliseconds { _ = document.value }) ms")
        for (name, change) in changes {
            do {
                let bytes = document.bytes
                let root = document.root
                let engine = try milliseconds {
                    _ = try JSONFormat().edits(for: change, in: bytes, root: root)
                }
                let checked = try milliseconds { _ = try document.edits(for: change) }
                let applied = try milliseconds { try document.apply(change) }
                print(
                    "json speed: \(name) on 1 MB: splices \(engine) ms, checked (read back) \(checked) ms, applied (read back, read again) \(applied) ms"
                )
            } catch {
                print("json speed: \(name) failed: \(error)")
            }
        }
    },
]

enum JSONConformance {
    static func cpuSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    enum RoundTrip {
        case json
        case jsoncOnly
        case failed(String)
    }

    /// Whether `bytes` read losslessly as JSON (else as JSONC only). Lossless: the spans re-read
    /// as their values, Foundation reads the same value, and the JSONC reader (of which JSON is
    /// a part) reads it the same.
    static func roundTrip(_ bytes: [UInt8]) -> RoundTrip {
        let json = JSONFormat()
        let jsonc = JSONFormat(comments: true)
        let asJSONC: DocumentNode
        do {
            asJSONC = try jsonc.read(bytes)
        } catch {
            return .failed("\(error)")
        }
        guard let node = try? json.read(bytes) else {
            return spanProblem(asJSONC, bytes, jsonc).map(RoundTrip.failed) ?? .jsoncOnly
        }
        if let problem = spanProblem(node, bytes, json) ?? foundationDisagreement(node.value, bytes) {
            return .failed(problem)
        }
        return asJSONC.value == node.value ? .json : .failed("JSONC reads another value")
    }

    /// About `megabytes` MB of rows, one object a line, as a large state or data file has them.
    static func rows(megabytes: Int) -> [UInt8] {
        var text = "[\n"
        var index = 0
        while text.utf8.count < megabytes * 1_000_000 {
            text +=
                "  {\"id\": \(index), \"name\": \"row \(index)\", \"ratio\": 0.\(index), \"on\": true, \"tags\": [\"a\", \"b\"]},\n"
            index += 1
        }
        text += "  null\n]\n"
        return Array(text.utf8)
    }

    static func jsonFiles(under folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let name = walker.nextObject() as? String {
            if name.hasSuffix(".json") { files.append(folder + "/" + name) }
        }
        return files
    }

    /// What is wrong with the tree's spans, or nil: every scalar's span re-reads as its value,
    /// every key's span as its key, and each item stands after the one before it.
    static func spanProblem(_ root: DocumentNode, _ bytes: [UInt8], _ format: JSONFormat) -> String? {
        var stack = [root]
        while let node = stack.popLast() {
            let text = Array(bytes[node.span])
            switch node.content {
            case .scalar(let value):
                guard let again = try? format.read(text), again.value == value else {
                    return "the span \(node.span) does not re-read as \(value)"
                }
            case .array(let elements):
                var end = node.span.lowerBound
                for element in elements {
                    guard element.span.lowerBound >= end, element.span.upperBound <= node.span.upperBound
                    else {
                        return "element span \(element.span) out of order in \(node.span)"
                    }
                    end = element.span.upperBound
                    stack.append(element)
                }
            case .object(let members):
                var end = node.span.lowerBound
                for member in members {
                    guard member.span.lowerBound >= end, member.keySpan.lowerBound >= member.span.lowerBound,
                        member.node.span.lowerBound >= member.keySpan.upperBound,
                        member.span.upperBound >= member.node.span.upperBound,
                        member.span.upperBound < node.span.upperBound
                    else { return "member \(member.key) spans out of order" }
                    end = member.span.upperBound
                    guard let key = try? format.read(Array(bytes[member.keySpan])),
                        key.value == .string(member.key)
                    else { return "the key span \(member.keySpan) does not re-read as \(member.key)" }
                    stack.append(member.node)
                }
            case .alias:
                return "an alias in JSON"
            }
        }
        return nil
    }

    /// Where Foundation's JSONSerialization reads `bytes` to another value, or nil (also nil when
    /// Foundation refuses the text: the cross-check is only where both read).
    static func foundationDisagreement(_ value: DocumentValue, _ bytes: [UInt8]) -> String? {
        guard
            let object = try? JSONSerialization.jsonObject(
                with: Data(bytes), options: [.fragmentsAllowed])
        else { return nil }
        return same(value, object) ? nil : "Foundation reads another value"
    }

    private static func same(_ value: DocumentValue, _ object: Any) -> Bool {
        switch value {
        case .null: return object is NSNull
        case .bool(let flag): return (object as? Bool) == flag
        case .string(let text): return (object as? String) == text
        case .number(let number):
            guard let other = (object as? NSNumber)?.doubleValue else { return false }
            let mine = number.double
            return mine == other || abs(mine - other) <= abs(mine) * 1e-15
                || (mine.isInfinite && other.isInfinite)
        case .array(let elements):
            guard let others = object as? [Any], others.count == elements.count else { return false }
            return zip(elements, others).allSatisfy { same($0, $1) }
        case .object(let members):
            guard let others = object as? [String: Any], others.count == members.count else { return false }
            return members.allSatisfy { key, member in others[key].map { same(member, $0) } ?? false }
        case .dateTime: return false
        }
    }
}
