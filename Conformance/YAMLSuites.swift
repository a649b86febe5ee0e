// A test tool, not shipped: all of Foundation is fine here.
import FormDocument
import Foundation

/// The YAML suites' runners: the YAML test suite's cases against their in.json or their error,
/// and edit round trips over every in.yaml and SchemaStore's YAML examples.
let yamlSuites: [ConformanceSuite] = [
    ConformanceSuite(name: "yaml-test-suite") { suites, report in runYAMLTestSuite(suites, &report) },
    ConformanceSuite(name: "round-trip yaml") { suites, report in runYAMLRoundTrips(suites, &report) },
    yamlSpeed,
]

/// Cases left out, with why: each one where libyaml (the tokenizer, a YAML 1.1 parser) reads
/// otherwise than the YAML 1.2 suite, found by running every case.
private let yamlLeftOut: [String: String] = [
    "6BCT": "libyaml 0.2.5 takes a tab for indentation where YAML 1.2 allows it as separation",
    "6CA3": "libyaml 0.2.5 takes a tab for indentation where YAML 1.2 allows it as separation",
    "96NN/00": "libyaml 0.2.5 takes a tab for indentation where YAML 1.2 allows it as separation",
    "96NN/01": "libyaml 0.2.5 takes a tab for indentation where YAML 1.2 allows it as separation",
    "A2M4": "libyaml 0.2.5 takes a tab for indentation where YAML 1.2 allows it as separation",
    "DK95/00": "libyaml 0.2.5 takes a tab for indentation where YAML 1.2 allows it as separation",
    "DK95/03": "libyaml 0.2.5 takes a tab for indentation where YAML 1.2 allows it as separation",
    "DK95/04": "libyaml 0.2.5 takes a tab for indentation where YAML 1.2 allows it as separation",
    "Q5MG": "libyaml 0.2.5 takes a tab for indentation where YAML 1.2 allows it as separation",
    "R4YG": "libyaml 0.2.5 takes a tab for indentation where YAML 1.2 allows it as separation",
    "Y79Y/001": "libyaml 0.2.5 takes a tab for indentation where YAML 1.2 allows it as separation",
    "Y79Y/010": "libyaml 0.2.5 takes a tab for indentation where YAML 1.2 allows it as separation",
    "DK95/01": "libyaml accepts a tab as indentation, which YAML refuses",
    "Y79Y/003": "libyaml accepts a tab as indentation, which YAML refuses",
    "2LFX": "libyaml refuses reserved directives (%FOO), YAML 1.2 only warns",
    "6LVF": "libyaml refuses reserved directives (%FOO), YAML 1.2 only warns",
    "MUS6/05": "libyaml refuses reserved directives (%FOO), YAML 1.2 only warns",
    "MUS6/06": "libyaml refuses reserved directives (%FOO), YAML 1.2 only warns",
    "BEC7": "libyaml refuses %YAML 1.3 and a document starting with %",
    "W4TN": "libyaml refuses %YAML 1.3 and a document starting with %",
    "MUS6/00": "libyaml accepts a malformed %YAML directive (%YAML 1.1#...)",
    "4MUZ/00":
        "libyaml needs ', ' between flow entries that YAML 1.2 allows adjacent or on separate lines (JSON-like keys, implicit keys, empty values)",
    "4MUZ/01":
        "libyaml needs ', ' between flow entries that YAML 1.2 allows adjacent or on separate lines (JSON-like keys, implicit keys, empty values)",
    "4MUZ/02":
        "libyaml needs ', ' between flow entries that YAML 1.2 allows adjacent or on separate lines (JSON-like keys, implicit keys, empty values)",
    "58MP":
        "libyaml needs ', ' between flow entries that YAML 1.2 allows adjacent or on separate lines (JSON-like keys, implicit keys, empty values)",
    "5MUD":
        "libyaml needs ', ' between flow entries that YAML 1.2 allows adjacent or on separate lines (JSON-like keys, implicit keys, empty values)",
    "5T43":
        "libyaml needs ', ' between flow entries that YAML 1.2 allows adjacent or on separate lines (JSON-like keys, implicit keys, empty values)",
    "9SA2":
        "libyaml needs ', ' between flow entries that YAML 1.2 allows adjacent or on separate lines (JSON-like keys, implicit keys, empty values)",
    "CFD4":
        "libyaml needs ', ' between flow entries that YAML 1.2 allows adjacent or on separate lines (JSON-like keys, implicit keys, empty values)",
    "DBG4":
        "libyaml needs ', ' between flow entries that YAML 1.2 allows adjacent or on separate lines (JSON-like keys, implicit keys, empty values)",
    "HM87/00":
        "libyaml needs ', ' between flow entries that YAML 1.2 allows adjacent or on separate lines (JSON-like keys, implicit keys, empty values)",
    "K3WX":
        "libyaml needs ', ' between flow entries that YAML 1.2 allows adjacent or on separate lines (JSON-like keys, implicit keys, empty values)",
    "NJ66":
        "libyaml needs ', ' between flow entries that YAML 1.2 allows adjacent or on separate lines (JSON-like keys, implicit keys, empty values)",
    "UT92":
        "libyaml needs ', ' between flow entries that YAML 1.2 allows adjacent or on separate lines (JSON-like keys, implicit keys, empty values)",
    "VJP3/01":
        "libyaml needs ', ' between flow entries that YAML 1.2 allows adjacent or on separate lines (JSON-like keys, implicit keys, empty values)",
    "4ABK":
        "libyaml needs ', ' between flow entries that YAML 1.2 allows adjacent or on separate lines (JSON-like keys, implicit keys, empty values)",
    "652Z": "libyaml reads '?' before a flow key as the explicit-key indicator even without a space",
    "HM87/01": "libyaml reads '?' before a flow key as the explicit-key indicator even without a space",
    "7Z25": "libyaml needs '---' for a document after '...'",
    "DK3J": "libyaml needs '---' for a document after '...'",
    "FP8R": "libyaml needs '---' for a document after '...'",
    "M7A3": "libyaml needs '---' for a document after '...'",
    "HWV9": "libyaml refuses a stream of only '...' (and comments)",
    "QT73": "libyaml refuses a stream of only '...' (and comments)",
    "2SXE": "libyaml does not allow ':' or non-ASCII in anchor names",
    "8XYN": "libyaml does not allow ':' or non-ASCII in anchor names",
    "W5VH": "libyaml does not allow ':' or non-ASCII in anchor names",
    "Y2GN": "libyaml does not allow ':' or non-ASCII in anchor names",
    "FRK4": "libyaml does not allow ':' or non-ASCII in anchor names",
    "2JQS": "libyaml refuses a mapping entry with an empty key (': a')",
    "6M2F": "libyaml refuses a mapping entry with an empty key (': a')",
    "M2N8/00": "libyaml refuses a mapping entry with an empty key (': a')",
    "NHX8": "libyaml refuses a mapping entry with an empty key (': a')",
    "NKF9": "libyaml refuses a mapping entry with an empty key (': a')",
    "S3PD": "libyaml refuses a mapping entry with an empty key (': a')",
    "SM9W/01": "libyaml refuses a mapping entry with an empty key (': a')",
    "UKK6/00": "libyaml refuses a mapping entry with an empty key (': a')",
    "JEF9/02": "libyaml drops a keep-chomped block scalar's last line of spaces",
    "L24T/01": "libyaml drops a keep-chomped block scalar's last line of spaces",
    "9C9N": "libyaml accepts flow and quoted lines less indented than their block parent",
    "QB6E": "libyaml accepts flow and quoted lines less indented than their block parent",
    "S98Z": "libyaml accepts a block scalar whose leading empty line is more indented than its content",
]

private func yamlCases(_ root: String) -> [String] {
    let manager = FileManager.default
    guard let names = try? manager.contentsOfDirectory(atPath: root) else { return [] }
    var cases: [String] = []
    for name in names.sorted() {
        let folder = root + "/" + name
        if manager.fileExists(atPath: folder + "/in.yaml") {
            cases.append(name)
        } else if let subs = try? manager.contentsOfDirectory(atPath: folder) {
            for sub in subs.sorted() where manager.fileExists(atPath: folder + "/" + sub + "/in.yaml") {
                cases.append(name + "/" + sub)
            }
        }
    }
    return cases
}

private func runYAMLTestSuite(_ suites: String, _ report: inout ConformanceReport) {
    let root = suites + "/yaml-test-suite"
    guard FileManager.default.fileExists(atPath: root) else {
        report.skip("yaml-test-suite", because: "\(root) is not there")
        return
    }
    var readTotal = 0
    var readPassed = 0
    var errorTotal = 0
    var errorPassed = 0
    var plainTotal = 0
    var plainPassed = 0
    var leftOut: [String] = []
    for name in yamlCases(root) {
        let folder = root + "/" + name
        guard let data = FileManager.default.contents(atPath: folder + "/in.yaml") else { continue }
        let bytes = [UInt8](data)
        if let reason = yamlLeftOut[name] {
            leftOut.append("\(name): \(reason)")
            continue
        }
        let result: Result<DocumentNode, DocumentError>
        do { result = .success(try YAMLFormat(mergeKeys: false).read(bytes)) } catch {
            result = .failure(error)
        }
        if FileManager.default.fileExists(atPath: folder + "/error") {
            errorTotal += 1
            if case .failure = result {
                errorPassed += 1
            } else {
                fail(
                    &report, "yaml-test-suite errors refused",
                    "\(name): read, but the suite says it is an error")
            }
            continue
        }
        guard let json = FileManager.default.contents(atPath: folder + "/in.json") else {
            plainTotal += 1
            switch result {
            case .success: plainPassed += 1
            case .failure(let error):
                fail(&report, "yaml-test-suite read without in.json", "\(name): \(error)")
            }
            continue
        }
        readTotal += 1
        do {
            let node = try result.get()
            let expected = try JSONDocuments.parse([UInt8](json))
            let value: DocumentValue
            if expected.count == 1 {
                value = node.value
            } else if case .array(let documents) = node.value, node.style == .blockCollection,
                node.span == 0..<bytes.count
            {
                value = .array(documents)
            } else {
                value = expected.isEmpty && node.value == .null ? .array([]) : node.value
            }
            let want: DocumentValue = expected.count == 1 ? expected[0] : .array(expected)
            if loosely(value, want) {
                readPassed += 1
            } else {
                fail(
                    &report, "yaml-test-suite read as in.json",
                    "\(name): read \(value), the suite says \(want)")
            }
        } catch {
            fail(&report, "yaml-test-suite read as in.json", "\(name): \(error)")
        }
    }
    print("yaml-test-suite read as in.json: \(readPassed) of \(readTotal)")
    print("yaml-test-suite errors refused: \(errorPassed) of \(errorTotal)")
    print("yaml-test-suite read without in.json: \(plainPassed) of \(plainTotal)")
    print("yaml-test-suite left out: \(leftOut.count)")
    for line in leftOut { print("  \(line)") }
    report.count("yaml-test-suite read as in.json", readPassed)
    report.count("yaml-test-suite errors refused", errorPassed)
    report.count("yaml-test-suite read without in.json", plainPassed)
}

private func fail(_ report: inout ConformanceReport, _ name: String, _ detail: String) {
    verbose("\(name): \(detail)")
    report.fail(name, detail)
}

/// Every failure, not only the first ten, with FORMTUI_CONFORMANCE_VERBOSE set.
private func verbose(_ line: String) {
    if ProcessInfo.processInfo.environment["FORMTUI_CONFORMANCE_VERBOSE"] != nil { print("  - \(line)") }
}

/// Equal as JSON sees it: a number is its value, whether written as an integer or not.
private func loosely(_ a: DocumentValue, _ b: DocumentValue) -> Bool {
    switch (a, b) {
    case (.number(var x), .number(var y)):
        x.isInteger = false
        y.isInteger = false
        return x == y
    case (.array(let x), .array(let y)):
        return x.count == y.count && zip(x, y).allSatisfy { loosely($0, $1) }
    case (.object(let x), .object(let y)):
        // JSON objects have no order.
        return x.count == y.count && x.allSatisfy { key, value in y[key].map { loosely(value, $0) } ?? false }
    default:
        return a == b
    }
}

/// The YAML files to round-trip: every in.yaml of the YAML test suite, every YAML example of
/// SchemaStore's test/ and negative_test/.
private func roundTripFiles(_ suites: String) -> [String] {
    var files: [String] = []
    let testSuite = suites + "/yaml-test-suite"
    for name in yamlCases(testSuite) { files.append(testSuite + "/" + name + "/in.yaml") }
    for folder in ["test", "negative_test"] {
        let root = suites + "/schemastore/" + folder
        guard let walker = FileManager.default.enumerator(atPath: root) else { continue }
        var found: [String] = []
        for case let path as String in walker where path.hasSuffix(".yaml") || path.hasSuffix(".yml") {
            found.append(root + "/" + path)
        }
        files += found.sorted()
    }
    return files
}

/// A file round-trips when it reads, its unedited bytes are what was read, and up to 8 of
/// its plain text scalars, each changed and changed back, leave every byte as it was (each
/// edit checked by its read-back). Only text the writer keeps plain is changed: `off`, `y`,
/// `2001-07-23` and `20:03:20` are written back quoted on purpose, for YAML 1.1 readers.
private func runYAMLRoundTrips(_ suites: String, _ report: inout ConformanceReport) {
    let files = roundTripFiles(suites)
    guard !files.isEmpty else {
        report.skip("round-trip yaml", because: "no YAML files under \(suites)")
        return
    }
    var total = 0
    var passed = 0
    var refused = 0
    for file in files {
        guard let data = FileManager.default.contents(atPath: file) else { continue }
        let bytes = [UInt8](data)
        let document: Document
        do {
            document = try Document(reading: bytes, format: .yaml, engine: YAMLFormat())
        } catch {
            // The suite's error cases, and SchemaStore's negative examples that are not YAML.
            refused += 1
            if !file.contains("yaml-test-suite") { verbose("refused \(file): \(error)") }
            continue
        }
        total += 1
        do {
            var edited = document
            roundTripBytes = bytes
            for (path, text) in plainScalars(document.root, limit: 8) {
                try edited.apply(.set(path, .string(text + "x")))
                try edited.apply(.set(path, .string(text)))
            }
            if edited.bytes == bytes {
                passed += 1
            } else {
                let at =
                    zip(edited.bytes, bytes).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? min(edited.bytes.count, bytes.count)
                let was = String(decoding: bytes[max(0, at - 30)..<min(bytes.count, at + 30)], as: UTF8.self)
                let now = String(
                    decoding: edited.bytes[max(0, at - 30)..<min(edited.bytes.count, at + 30)], as: UTF8.self)
                fail(
                    &report, "round-trip yaml files",
                    "\(file): the bytes changed at \(at): \(was.debugDescription) became \(now.debugDescription)"
                )
            }
        } catch {
            fail(&report, "round-trip yaml files", "\(file): \(error)")
        }
    }
    print("round-trip yaml files: \(passed) of \(total) (\(refused) more refused as not YAML)")
    report.count("round-trip yaml files", passed)
}

private nonisolated(unsafe) var roundTripBytes: [UInt8] = []

private func spansLines(_ span: Range<Int>) -> Bool {
    roundTripBytes[span].contains(0x0A) || roundTripBytes[span].contains(0x0D)
}

/// Paths of plain text scalars that write back as themselves (no alias, no merge on the way).
private func plainScalars(_ root: DocumentNode, limit: Int) -> [(DocumentPath, String)] {
    var found: [(DocumentPath, String)] = []
    var pending: [(DocumentNode, DocumentPath)] = [(root, .root)]
    while let (node, path) = pending.popLast(), found.count < limit {
        switch node.content {
        case .scalar(.string(let text)) where node.style == .plain && node.tag == nil && node.anchor == nil:
            // On one line as written: a plain scalar folded from several lines is written anew on one.
            if !text.isEmpty, !node.span.isEmpty, !text.hasSuffix(":"), text.first != "-",
                !text.contains("\n"), !spansLines(node.span), YAMLFormat.writesPlain(text)
            {
                found.append((path, text))
            }
        case .object(let members):
            for member in members.reversed() where !member.isMerged {
                pending.append((member.node, path.appending(.key(member.key))))
            }
        case .array(let elements):
            for (index, element) in elements.enumerated().reversed() {
                pending.append((element, path.appending(.index(index))))
            }
        default:
            break
        }
    }
    return found
}

/// One JSON text after another (the suite's in.json holds one a document of the stream).
private struct JSONDocuments {
    var bytes: [UInt8]
    var index = 0

    struct Bad: Error {}

    static func parse(_ bytes: [UInt8]) throws -> [DocumentValue] {
        var reader = JSONDocuments(bytes: bytes)
        var values: [DocumentValue] = []
        reader.skip()
        while reader.index < bytes.count {
            values.append(try reader.value())
            reader.skip()
        }
        return values
    }

    mutating func skip() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    mutating func value() throws -> DocumentValue {
        skip()
        guard index < bytes.count else { throw Bad() }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [(String, DocumentValue)] = []
            skip()
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object([:])
            }
            while true {
                skip()
                guard case .string(let key) = try value() else { throw Bad() }
                skip()
                guard bytes[index] == UInt8(ascii: ":") else { throw Bad() }
                index += 1
                members.append((key, try value()))
                skip()
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard bytes[index] == UInt8(ascii: "}") else { throw Bad() }
                index += 1
                var object = DocumentValue.object([:])
                if case .object(var dictionary) = object {
                    for (key, value) in members { dictionary[key] = value }
                    object = .object(dictionary)
                }
                return object
            }
        case UInt8(ascii: "["):
            index += 1
            var elements: [DocumentValue] = []
            skip()
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array([])
            }
            while true {
                elements.append(try value())
                skip()
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard bytes[index] == UInt8(ascii: "]") else { throw Bad() }
                index += 1
                return .array(elements)
            }
        case UInt8(ascii: "\""):
            let start = index
            index += 1
            while bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                index += 1
            }
            index += 1
            let text = try JSONSerialization.jsonObject(
                with: Data(bytes[start..<index]), options: [.fragmentsAllowed])
            guard let string = text as? String else { throw Bad() }
            return .string(string)
        case UInt8(ascii: "t"):
            index += 4
            return .bool(true)
        case UInt8(ascii: "f"):
            index += 5
            return .bool(false)
        case UInt8(ascii: "n"):
            index += 4
            return .null
        default:
            let start = index
            while index < bytes.count, "+-.0123456789eE".utf8.contains(bytes[index]) { index += 1 }
            guard let number = DocumentNumber(literal: String(decoding: bytes[start..<index], as: UTF8.self))
            else { throw Bad() }
            return .number(number)
        }
    }
}

/// `FORMTUI_YAML_SPEED=1 formtui-conformance SUITES --only yaml-speed` (a release build):
/// reading a 100,000-row spec-like file, 1, 10 and 100 MB documents, and an edit with its
/// read-back on 1 MB. Prints figures only; counts nothing.
let yamlSpeed = ConformanceSuite(name: "yaml-speed") { _, _ in
    guard ProcessInfo.processInfo.environment["FORMTUI_YAML_SPEED"] != nil else { return }
    // CPU time as well as wall time: the machine is shared, and wall time counts the others.
    func cpu() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
    }
    func time(_ label: String, _ body: () throws -> Void) rethrows {
        let start = Date()
        let startCPU = cpu()
        try body()
        let wall = Date().timeIntervalSince(start) * 1000
        print(
            "\(label): \(String(format: "%.1f", cpu() - startCPU)) ms CPU (\(String(format: "%.1f", wall)) ms wall)"
        )
    }
    if ProcessInfo.processInfo.environment["FORMTUI_YAML_SPEED"] == "profile" {
        let bytes = yamlSpeedDocument(megabytes: 1)
        try? time("read 1 MB 20 times") { for _ in 0..<20 { _ = try YAMLFormat().read(bytes) } }
        return
    }
    var spec = "title: Large\nsections:\n  - id: main\n    rows:\n"
    for index in 0..<100_000 {
        spec +=
            "      - id: row\(index)\n        kind: text\n        title: Row \(index)\n        default: value \(index)\n"
    }
    let specBytes = Array(spec.utf8)
    try? time("read 100,000-row spec (\(specBytes.count / 1_000_000) MB)") {
        _ = try YAMLFormat().read(specBytes)
    }
    for size in [1, 10, 100] {
        let bytes = yamlSpeedDocument(megabytes: size)
        try? time("read \(size) MB") { _ = try YAMLFormat().read(bytes) }
    }
    let oneMB = yamlSpeedDocument(megabytes: 1)
    guard let loaded = try? Document(reading: oneMB, format: .yaml, engine: YAMLFormat()) else { return }
    let change = DocumentChange.set(DocumentPath(pointer: "/items/5000/value")!, .string("changed"))
    try? time("edit + read-back on 1 MB (Document.edits)") { _ = try loaded.edits(for: change) }
    var edited = loaded
    try? time("edit + read-back + new tree on 1 MB (Document.apply)") { try edited.apply(change) }
}

/// A commented document of `megabytes` MB: a list of small mappings with flow sequences.
private func yamlSpeedDocument(megabytes: Int) -> [UInt8] {
    var text = "# generated\nitems:\n"
    var index = 0
    while text.utf8.count < megabytes * 1_000_000 {
        text +=
            "  - name: item \(index)  # comment \(index)\n    value: \(index)\n    tags: [a, 'b', \"c\"]\n"
        index += 1
    }
    return Array(text.utf8)
}
