// A test tool, not shipped: all of Foundation is fine here.
import FormDocument
import FormSchema
import Foundation

/// The Schema suites' runners: the official JSON Schema test suite, draft by draft (required
/// cases, optional ones, optional formats), then SchemaStore's schemas and examples.
let schemaSuites: [ConformanceSuite] = [
    ConformanceSuite(name: "json-schema") { suites, report in
        let root = suites + "/json-schema-test-suite"
        guard FileManager.default.fileExists(atPath: root + "/tests") else {
            report.skip("json-schema", because: "\(root) is not there")
            return
        }
        let remotes = SchemaConformance.remotes(under: root + "/remotes")
        let drafts: [(String, SchemaDialect)] = [
            ("draft4", .draft4), ("draft6", .draft6), ("draft7", .draft7), ("draft2019-09", .draft201909),
            ("draft2020-12", .draft202012),
        ]
        var totals: [String] = []
        for (folder, dialect) in drafts {
            let tests = root + "/tests/" + folder
            for (kind, subfolder, assertFormats) in [
                ("required", "", nil), ("optional", "/optional", nil), ("format", "/optional/format", true),
            ] as [(String, String, Bool?)] {
                let name = "json-schema \(folder) \(kind)"
                let (passed, total) = SchemaConformance.run(
                    folder: tests + subfolder, dialect: dialect, assertFormats: assertFormats,
                    remotes: remotes,
                    name: name, report: &report)
                report.count(name, passed)
                totals.append("\(name): \(passed) of \(total)")
            }
        }
        for line in totals { print(line) }
    },
    ConformanceSuite(name: "schemastore") { suites, report in
        SchemaStoreConformance.run(suites + "/schemastore", report: &report)
    },
]

enum SchemaConformance {
    static func read(_ path: String) -> DocumentValue? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONFormat().read([UInt8](data)).value
    }

    /// The suite's `remotes/` folder as the documents of `http://localhost:1234/…`.
    static func remotes(under folder: String) -> SchemaCatalog {
        var documents: [String: DocumentValue] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".json"), let value = read(folder + "/" + path) else { continue }
            documents["http://localhost:1234/" + path] = value
        }
        return SchemaCatalog(documents)
    }

    /// The cases of every `.json` file directly in `folder`: passed and total.
    static func run(
        folder: String, dialect: SchemaDialect, assertFormats: Bool?, remotes: SchemaCatalog, name: String,
        report: inout ConformanceReport
    ) -> (Int, Int) {
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return (0, 0) }
        var passed = 0
        var total = 0
        for file in files.sorted() where file.hasSuffix(".json") {
            guard case .array(let groups) = read(folder + "/" + file) else {
                report.fail(name, "\(file): cannot be read")
                continue
            }
            for group in groups {
                guard case .array(let tests) = group["tests"], let schemaValue = group["schema"] else {
                    continue
                }
                let description =
                    group["description"].flatMap { if case .string(let text) = $0 { text } else { nil } }
                    ?? ""
                let schema: JSONSchema
                do {
                    // The optional cases check draft 7's content keywords, which are off by default.
                    schema = try JSONSchema(
                        schemaValue,
                        options: SchemaOptions(
                            defaultDialect: dialect, assertFormats: assertFormats, assertContent: true),
                        resolver: remotes)
                } catch {
                    total += tests.count
                    report.fail(name, "\(file): \(description): the schema does not compile: \(error)")
                    continue
                }
                for test in tests {
                    total += 1
                    guard let data = test["data"], case .bool(let expected) = test["valid"] else { continue }
                    let quick = schema.isValid(data)
                    let errors = schema.validate(data)
                    if quick == expected && errors.isEmpty == expected {
                        passed += 1
                    } else {
                        let testDescription =
                            test["description"].flatMap {
                                if case .string(let text) = $0 { text } else { nil }
                            } ?? ""
                        report.fail(
                            name,
                            "\(file): \(description): \(testDescription): expected \(expected ? "valid" : "invalid"), isValid \(quick), \(errors.count) errors \(errors.prefix(2))"
                        )
                    }
                }
            }
        }
        return (passed, total)
    }
}

/// SchemaStore: every schema compiled with references resolved against the others (by their
/// `$id`s and by their json.schemastore.org URLs), every example in `test/` valid against its
/// schema and every one in `negative_test/` invalid; with the time of compiling and validating.
enum SchemaStoreConformance {
    /// A case not passed: into the report, and every one to stderr with SCHEMASTORE_VERBOSE set.
    static func fail(_ report: inout ConformanceReport, _ name: String, _ detail: String) {
        report.fail(name, detail)
        if ProcessInfo.processInfo.environment["SCHEMASTORE_VERBOSE"] != nil {
            FileHandle.standardError.write("FAIL \(name): \(detail)\n".data(using: .utf8)!)
        }
    }

    static func run(_ root: String, report: inout ConformanceReport) {
        let folder = root + "/schemas"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            report.skip("schemastore", because: "\(root) is not there")
            return
        }
        var documents: [String: DocumentValue] = [:]
        var schemas: [String: (value: DocumentValue, uri: String)] = [:]
        for name in names.sorted() where name.hasSuffix(".json") {
            guard let data = FileManager.default.contents(atPath: folder + "/" + name) else { continue }
            let value: DocumentValue
            do {
                value = try JSONFormat(comments: true).read([UInt8](data)).value
            } catch {
                fail(&report, "schemastore schemas compiled", "\(name): not JSON: \(error)")
                continue
            }
            let stem = String(name.dropLast(5))
            let url = "https://json.schemastore.org/" + name
            documents[url] = value
            documents["https://www.schemastore.org/" + name] = value
            for key in ["$id", "id"] {
                if case .string(let id) = value[key] {
                    var id = id
                    if id.hasSuffix("#") { id.removeLast() }
                    documents[id] = documents[id] ?? value
                }
            }
            schemas[stem] = (value, url)
        }
        let resolver = SchemaCatalog(documents)
        var compiled: [String: JSONSchema] = [:]
        // Schemas that are only a `$ref` to a document published elsewhere (renovate, circleci,
        // golangci-lint…): SchemaStore fetches those; we never go to the network.
        var elsewhere: [String: String] = [:]
        for (stem, schema) in schemas.sorted(by: { $0.key < $1.key }) {
            do {
                compiled[stem] = try JSONSchema(
                    schema.value, options: SchemaOptions(defaultDialect: .draft7, baseURI: schema.uri),
                    resolver: resolver)
            } catch {
                if error.message.contains("cannot be resolved"), !error.message.contains("schemastore.org") {
                    elsewhere[stem] = error.message
                } else {
                    fail(&report, "schemastore schemas compiled", "\(stem).json: \(error)")
                }
            }
        }
        report.count("schemastore schemas compiled", compiled.count)
        print("schemastore schemas compiled: \(compiled.count) of \(schemas.count)")
        print(
            "schemastore schemas not judged, each a reference to a document outside SchemaStore (SchemaStore's "
                + "runner fetches it; we never use the network): \(elsewhere.count)")
        for (stem, reason) in elsewhere.sorted(by: { $0.key < $1.key }) {
            print("  \(stem).json: \(reason)")
        }

        var outside = 0
        var notJudged: [(String, String)] = []
        var byFormat: [String: (passed: Int, total: Int)] = [:]
        for (kind, shouldBeValid) in [("test", true), ("negative_test", false)] {
            let name = shouldBeValid ? "schemastore test valid" : "schemastore negative_test invalid"
            var passed = 0
            let examples = root + "/" + kind
            for stem in ((try? FileManager.default.contentsOfDirectory(atPath: examples)) ?? []).sorted() {
                let files =
                    ((try? FileManager.default.contentsOfDirectory(atPath: examples + "/" + stem)) ?? [])
                    .sorted()
                for file in files {
                    if elsewhere[stem] != nil {
                        outside += 1
                        continue
                    }
                    let path = examples + "/" + stem + "/" + file
                    if schemas[stem] == nil {
                        notJudged.append(
                            (
                                "\(kind)/\(stem)/\(file)",
                                "this snapshot's schemas/ holds no \(stem).json to judge it by"
                            ))
                        continue
                    }
                    let format = SchemaStoreConformance.format(of: file)
                    byFormat[kind + " " + format, default: (0, 0)].total += 1
                    guard let schema = compiled[stem] else {
                        fail(&report, name, "\(stem)/\(file): \(stem).json does not compile")
                        continue
                    }
                    let value: DocumentValue
                    do {
                        value = try read(path)
                    } catch {
                        if format == "yaml", innerByteOrderMark(path) {
                            // YAML 1.2 allows a byte-order mark only before a document (nb-char
                            // excludes it) and libyaml refuses one elsewhere; SchemaStore's js-yaml
                            // reads it as the first character of the next key.
                            byFormat[kind + " " + format]!.total -= 1
                            notJudged.append(
                                (
                                    "\(kind)/\(stem)/\(file)",
                                    "a byte-order mark after the first line, which YAML 1.2 does not allow there: \(error)"
                                ))
                        } else {
                            fail(&report, name, "\(stem)/\(file): cannot be read: \(error)")
                        }
                        continue
                    }
                    let errors = schema.validate(value)
                    if errors.isEmpty == shouldBeValid {
                        passed += 1
                        byFormat[kind + " " + format]!.passed += 1
                    } else if shouldBeValid {
                        fail(
                            &report, name,
                            "\(stem)/\(file): \(errors.prefix(3).map { "\($0.instanceLocation): \($0.message) [\($0.schemaLocation)]" })"
                        )
                    } else {
                        fail(&report, name, "\(stem)/\(file): no error found")
                    }
                }
            }
            report.count(name, passed)
            let total = byFormat.filter { $0.key.hasPrefix(kind + " ") }.map(\.value.total).reduce(0, +)
            print("\(name): \(passed) of \(total)")
        }
        for (key, counts) in byFormat.sorted(by: { $0.key < $1.key }) {
            print("schemastore \(key): \(counts.passed) of \(counts.total)")
        }
        print("schemastore examples whose schema is outside SchemaStore (not judged): \(outside)")
        print("schemastore examples not judged for another reason: \(notJudged.count)")
        for (example, reason) in notJudged { print("  \(example): \(reason)") }
    }

    /// Whether the file holds a UTF-8 byte-order mark anywhere but at its start.
    static func innerByteOrderMark(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        let bytes = [UInt8](data)
        guard bytes.count > 3 else { return false }
        return (1..<(bytes.count - 2)).contains {
            bytes[$0] == 0xEF && bytes[$0 + 1] == 0xBB && bytes[$0 + 2] == 0xBF
        }
    }

    /// An example's format by its name, as SchemaStore's runner reads it: JSON (with comments),
    /// YAML or TOML.
    static func format(of file: String) -> String {
        if file.hasSuffix(".toml") { return "toml" }
        if file.hasSuffix(".yaml") || file.hasSuffix(".yml") { return "yaml" }
        return "json"
    }

    static func read(_ path: String) throws -> DocumentValue {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CocoaError(.fileReadNoSuchFile)
        }
        let bytes = [UInt8](data)
        switch format(of: path) {
        case "toml": return try TOMLFormat().read(bytes).value
        case "yaml": return try YAMLFormat().read(bytes).value
        default: return try JSONFormat(comments: true).read(bytes).value
        }
    }
}
