// A test tool, not shipped: all of Foundation is fine here.
import FormDocument
import Foundation

/// The TOML suites' runners: toml-test's TOML 1.0 cases (valid ones read to the typed JSON beside
/// them, invalid ones refused) and the byte-for-byte round trip of every TOML file there and in
/// SchemaStore's examples.
let tomlSuites: [ConformanceSuite] = [
    ConformanceSuite(name: "toml-test") { suites, report in runTOMLTest(suites, &report) },
    ConformanceSuite(name: "round-trip toml") { suites, report in runTOMLRoundTrip(suites, &report) },
    ConformanceSuite(name: "edit toml") { suites, report in runTOMLEdits(suites, &report) },
]

private func runTOMLTest(_ suites: String, _ report: inout ConformanceReport) {
    let folder = suites + "/toml-test/tests"
    guard let list = try? String(contentsOfFile: folder + "/files-toml-1.0.0", encoding: .utf8) else {
        report.skip("toml-test", because: "\(folder)/files-toml-1.0.0 is not there")
        return
    }
    let cases = list.split(separator: "\n").map(String.init).filter { $0.hasSuffix(".toml") }
    var validRead = 0
    var validTotal = 0
    var invalidRefused = 0
    var invalidTotal = 0
    for name in cases {
        guard let data = FileManager.default.contents(atPath: folder + "/" + name) else { continue }
        let bytes = [UInt8](data)
        if name.hasPrefix("valid/") {
            validTotal += 1
            let jsonPath = folder + "/" + name.dropLast(5) + ".json"
            guard let jsonData = FileManager.default.contents(atPath: jsonPath),
                let expected = try? JSONSerialization.jsonObject(with: jsonData, options: [.fragmentsAllowed])
            else {
                report.fail("toml-test valid read", "\(name): no readable JSON beside it")
                continue
            }
            do {
                let root = try TOMLFormat().read(bytes)
                if tomlMatches(root.value, expected) {
                    validRead += 1
                } else {
                    report.fail("toml-test valid read", "\(name): read as \(root.value)")
                }
            } catch {
                report.fail("toml-test valid read", "\(name): \(error)")
            }
        } else if name.hasPrefix("invalid/") {
            invalidTotal += 1
            do {
                let root = try TOMLFormat().read(bytes)
                report.fail("toml-test invalid refused", "\(name): read as \(root.value)")
            } catch {
                invalidRefused += 1
            }
        }
    }
    print("toml-test valid read: \(validRead) of \(validTotal)")
    print("toml-test invalid refused: \(invalidRefused) of \(invalidTotal)")
    report.count("toml-test valid read", validRead)
    report.count("toml-test invalid refused", invalidRefused)
}

/// toml-test's valid TOML 1.0 cases and SchemaStore's TOML examples: every file meant to read.
private func tomlFilesToRead(_ suites: String) -> [String] {
    var files: [String] = []
    let tomlTest = suites + "/toml-test/tests"
    if let list = try? String(contentsOfFile: tomlTest + "/files-toml-1.0.0", encoding: .utf8) {
        files += list.split(separator: "\n").filter { $0.hasPrefix("valid/") && $0.hasSuffix(".toml") }
            .map { tomlTest + "/" + $0 }
    }
    for folder in ["test", "negative_test"] {
        let base = suites + "/schemastore/" + folder
        guard let walker = FileManager.default.enumerator(atPath: base) else { continue }
        for case let path as String in walker where path.hasSuffix(".toml") {
            files.append(base + "/" + path)
        }
    }
    return files.sorted()
}

/// Edits of every TOML file meant to read, each of which must read back as it meant: every scalar
/// set to a new value of its type, every member deleted, a key put into every table, an element
/// appended to every array (the first 160 of these a file).
private func runTOMLEdits(_ suites: String, _ report: inout ConformanceReport) {
    let files = tomlFilesToRead(suites)
    guard !files.isEmpty else {
        report.skip("edit toml", because: "no TOML files under \(suites)")
        return
    }
    var passed = 0
    var total = 0
    for path in files {
        guard let data = FileManager.default.contents(atPath: path),
            let document = try? Document(reading: [UInt8](data), format: .toml, engine: TOMLFormat())
        else { continue }
        var places: [(DocumentPath, DocumentValue)] = []
        collectTOMLPlaces(document.value, at: .root, into: &places)
        var changes: [DocumentChange] = []
        for (path, value) in places {
            switch value {
            case .string: changes.append(.set(path, "edited \"value\" it's"))
            case .number(let number) where number.isInteger: changes.append(.set(path, 4242))
            case .number: changes.append(.set(path, .number(DocumentNumber(literal: "0.25")!)))
            case .bool(let bool): changes.append(.set(path, .bool(!bool)))
            case .object:
                changes.append(.insert(parent: path, key: "formtui-added", value: ["x": 1], before: nil))
            case .array(let elements):
                if case .object? = elements.first {
                    changes.append(.append(array: path, value: ["x": 1]))
                } else {
                    changes.append(.append(array: path, value: "appended"))
                }
            default: break
            }
            if !path.components.isEmpty { changes.append(.delete(path)) }
        }
        for change in changes.prefix(160) {
            total += 1
            do {
                var edited = document
                try edited.apply(change)
                passed += 1
            } catch {
                report.fail("toml edits read back", "\(path): \(change): \(error)")
            }
        }
    }
    print("toml edits read back: \(passed) of \(total)")
    report.count("toml edits read back", passed)
}

private func collectTOMLPlaces(
    _ value: DocumentValue, at path: DocumentPath, into places: inout [(DocumentPath, DocumentValue)]
) {
    places.append((path, value))
    switch value {
    case .object(let members):
        for (key, member) in members {
            collectTOMLPlaces(member, at: path.appending(.key(key)), into: &places)
        }
    case .array(let elements):
        for (index, element) in elements.enumerated() {
            collectTOMLPlaces(element, at: path.appending(.index(index)), into: &places)
        }
    default: break
    }
}

/// Every TOML file meant to read (toml-test's valid TOML 1.0 cases, SchemaStore's examples)
/// reads, its document writes back byte for byte, and every scalar's span and every key's span
/// hold exactly the text that reads as that value and key.
private func runTOMLRoundTrip(_ suites: String, _ report: inout ConformanceReport) {
    let files = tomlFilesToRead(suites)
    guard !files.isEmpty else {
        report.skip("round-trip toml", because: "no TOML files under \(suites)")
        return
    }
    var passed = 0
    for path in files.sorted() {
        guard let data = FileManager.default.contents(atPath: path) else { continue }
        let bytes = [UInt8](data)
        do {
            let document = try Document(reading: bytes, format: .toml, engine: TOMLFormat())
            if let problem = spanProblem(document.root, in: bytes) {
                report.fail("round-trip toml files", "\(path): \(problem)")
            } else if document.bytes != bytes {
                report.fail("round-trip toml files", "\(path): the bytes changed")
            } else {
                passed += 1
            }
        } catch {
            report.fail("round-trip toml files", "\(path): \(error)")
        }
    }
    print("round-trip toml files: \(passed) of \(files.count)")
    report.count("round-trip toml files", passed)
}

/// The first node whose span does not hold its own text, or nil.
private func spanProblem(_ node: DocumentNode, in bytes: [UInt8]) -> String? {
    switch node.content {
    case .scalar(let value):
        let text = Array("x = ".utf8) + bytes[node.span]
        guard let reread = try? TOMLFormat().read(text), reread.value == ["x": value] else {
            return
                "the span \(node.span) of \(value) holds \(String(decoding: bytes[node.span], as: UTF8.self))"
        }
    case .array(let elements):
        for element in elements { if let problem = spanProblem(element, in: bytes) { return problem } }
    case .object(let members):
        for member in members {
            let keyText = Array(bytes[member.keySpan]) + Array(" = 1".utf8)
            guard let reread = try? TOMLFormat().read(keyText), case .object(let keys) = reread.value,
                keys.keys.last == member.key
            else {
                return
                    "the key span \(member.keySpan) of \(member.key) holds \(String(decoding: bytes[member.keySpan], as: UTF8.self))"
            }
            guard member.span.lowerBound <= member.keySpan.lowerBound || member.node.style == .blockCollection
            else { return "the member \(member.key) starts after its key" }
            if let problem = spanProblem(member.node, in: bytes) { return problem }
        }
    case .alias:
        return "TOML has no aliases"
    }
    return nil
}

/// Whether a read value means what toml-test's typed JSON says: scalars as {"type", "value"},
/// floats compared by value, dates and times by their normalized text.
private func tomlMatches(_ value: DocumentValue, _ json: Any) -> Bool {
    if let array = json as? [Any] {
        guard case .array(let elements) = value, elements.count == array.count else { return false }
        return zip(elements, array).allSatisfy { tomlMatches($0, $1) }
    }
    guard let object = json as? [String: Any] else { return false }
    if object.count == 2, let type = object["type"] as? String, let text = object["value"] as? String {
        switch (type, value) {
        case ("string", .string(let string)): return string == text
        case ("bool", .bool(let bool)): return String(bool) == text
        case ("integer", .number(let number)):
            return number.isInteger && DocumentNumber(literal: text) == number
        case ("float", .number(let number)):
            guard !number.isInteger else { return false }
            switch text {
            case "nan", "+nan", "-nan": return number.special == .nan
            case "inf", "+inf": return number.special == .infinity
            case "-inf": return number.special == .negativeInfinity
            default: return Double(text) == number.double
            }
        case (_, .dateTime(let date)):
            return date.kind.rawValue == type && normalizedDateTime(text) == date.text
        default: return false
        }
    }
    guard case .object(let members) = value, members.count == object.count else { return false }
    return members.allSatisfy { key, member in object[key].map { tomlMatches(member, $0) } ?? false }
}

/// toml-test's spelling of a date or time in the reader's normalized form: `T` and `Z` in capitals,
/// a fraction of a second without trailing zeros.
private func normalizedDateTime(_ text: String) -> String {
    var characters = Array(text.uppercased())
    if characters.count > 10, characters[10] == " " { characters[10] = "T" }
    var result = ""
    var index = 0
    while index < characters.count {
        if characters[index] == ".", index > 0, characters[index - 1].isNumber {
            var end = index + 1
            while end < characters.count, characters[end].isNumber { end += 1 }
            var fraction = String(characters[(index + 1)..<end])
            while fraction.hasSuffix("0") { fraction.removeLast() }
            if !fraction.isEmpty { result += "." + fraction }
            index = end
            continue
        }
        result.append(characters[index])
        index += 1
    }
    return result
}
