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
        var files: [String] = []
        let testParsing = suites + "/json-test-suite/test_parsing"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: testParsing)) ?? []
        where name.hasPrefix("y_") && name.hasSuffix(".json") {
            files.append(testParsing + "/" + name)
        }
        for folder in [
            "json-schema-test-suite", "schemastore/test", "schemastore/negative_test", "schemastore/schemas",
        ] {
            files += JSONConformance.jsonFiles(under: suites + "/" + folder)
        }
        guard !files.isEmpty else {
            report.skip("round-trip json", because: "no JSON files under \(suites)")
            return
        }
        var passed = 0
        var asJSONC = 0
        for path in files.sorted() {
            let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
            var node: DocumentNode
            var format = JSONFormat()
            do {
                node = try format.read(bytes)
            } catch {
                format = JSONFormat(comments: true)
                do {
                    node = try format.read(bytes)
                    asJSONC += 1
                } catch let second {
                    report.fail("round-trip json files", "\(path): \(second)")
                    continue
                }
            }
            if let problem = JSONConformance.spanProblem(node, bytes, format) {
                report.fail("round-trip json files", "\(path): \(problem)")
            } else if !format.allowsComments,
                let problem = JSONConformance.foundationDisagreement(node.value, bytes)
            {
                report.fail("round-trip json files", "\(path): \(problem)")
            } else {
                passed += 1
            }
        }
        print("round-trip json files: \(passed) of \(files.count)")
        report.count("round-trip json files", passed)
        report.count("round-trip json files read as JSONC", asJSONC)
    },
]

enum JSONConformance {
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
