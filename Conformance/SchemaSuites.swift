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
            ("draft4", .draft4), ("draft6", .draft6), ("draft7", .draft7), ("draft2019-09", .draft2019_09),
            ("draft2020-12", .draft2020_12),
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
        var elsewhere: [String] = []
        for (stem, schema) in schemas.sorted(by: { $0.key < $1.key }) {
            do {
                compiled[stem] = try JSONSchema(
                    schema.value, options: SchemaOptions(defaultDialect: .draft7, baseURI: schema.uri),
                    resolver: resolver)
            } catch {
                if error.message.contains("cannot be resolved"), !error.message.contains("schemastore.org") {
                    elsewhere.append(stem)
                } else {
                    fail(&report, "schemastore schemas compiled", "\(stem).json: \(error)")
                }
            }
        }
        report.count("schemastore schemas compiled", compiled.count)
        print("schemastore schemas compiled: \(compiled.count) of \(schemas.count)")
        print(
            "schemastore schemas that refer to a document outside SchemaStore (not fetched): \(elsewhere.count): "
                + elsewhere.joined(separator: ", "))

        var timings: [Double] = []
        var compileTimings: [(Double, String)] = []
        var validateTimings: [(Double, String)] = []
        var skipped = 0
        var outside = 0
        for (kind, shouldBeValid) in [("test", true), ("negative_test", false)] {
            let name = shouldBeValid ? "schemastore test valid" : "schemastore negative_test invalid"
            var passed = 0
            var total = 0
            let examples = root + "/" + kind
            for stem in ((try? FileManager.default.contentsOfDirectory(atPath: examples)) ?? []).sorted() {
                let files =
                    ((try? FileManager.default.contentsOfDirectory(atPath: examples + "/" + stem)) ?? [])
                    .sorted()
                for file in files {
                    guard file.hasSuffix(".json") else {
                        skipped += 1
                        continue
                    }
                    if elsewhere.contains(stem) {
                        outside += 1
                        continue
                    }
                    total += 1
                    guard let schema = schemas[stem] else {
                        fail(&report, name, "\(stem)/\(file): no schema \(stem).json")
                        continue
                    }
                    guard let data = FileManager.default.contents(atPath: examples + "/" + stem + "/" + file),
                        let value = try? JSONFormat(comments: true).read([UInt8](data)).value
                    else {
                        fail(&report, name, "\(stem)/\(file): not JSON")
                        continue
                    }
                    // The figure of issue 36: compiling the schema, then validating the example.
                    let start = DispatchTime.now().uptimeNanoseconds
                    guard
                        let fresh = try? JSONSchema(
                            schema.value,
                            options: SchemaOptions(defaultDialect: .draft7, baseURI: schema.uri),
                            resolver: resolver)
                    else {
                        fail(&report, name, "\(stem)/\(file): the schema does not compile")
                        continue
                    }
                    let compiledAt = DispatchTime.now().uptimeNanoseconds
                    let errors = fresh.validate(value)
                    let end = DispatchTime.now().uptimeNanoseconds
                    timings.append(Double(end - start) / 1_000_000)
                    compileTimings.append((Double(compiledAt - start) / 1_000_000, stem))
                    validateTimings.append((Double(end - compiledAt) / 1_000_000, stem + "/" + file))
                    if errors.isEmpty == shouldBeValid {
                        passed += 1
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
            print("\(name): \(passed) of \(total)")
        }
        revalidation(root, schemas: schemas, resolver: resolver)
        print("schemastore examples whose schema is outside SchemaStore (not counted): \(outside)")
        print("schemastore examples not JSON (YAML, TOML; their readers are not here yet): \(skipped)")
        timings.sort()
        if !timings.isEmpty {
            let median = timings[timings.count / 2]
            print(
                "schemastore compile + validate median: \(String(format: "%.3f", median)) ms (\(timings.count) examples)"
            )
            print("schemastore compile + validate slowest: \(String(format: "%.3f", timings.last!)) ms")
            for (name, list) in [("compile", compileTimings), ("validate", validateTimings)] {
                let sorted = list.sorted { $0.0 < $1.0 }
                print(
                    "schemastore \(name) median: \(String(format: "%.3f", sorted[sorted.count / 2].0)) ms, slowest: "
                        + "\(String(format: "%.3f", sorted.last!.0)) ms (\(sorted.last!.1))")
            }
        }
    }

    /// Re-validating a 1 MB document after a one-value change: SARIF's largest example with its
    /// `runs` doubled, validated whole (there is no incremental path: the whole is the figure).
    static func revalidation(
        _ root: String, schemas: [String: (value: DocumentValue, uri: String)], resolver: SchemaCatalog
    ) {
        let path = root + "/test/sarif/BinSkim.AllRules.sarif.json"
        guard let data = FileManager.default.contents(atPath: path), let sarif = schemas["sarif"],
            case .object(var members) = try? JSONFormat().read([UInt8](data)).value,
            case .array(let runs) = members["runs"],
            let schema = try? JSONSchema(
                sarif.value, options: SchemaOptions(defaultDialect: .draft7, baseURI: sarif.uri),
                resolver: resolver)
        else { return }
        members["runs"] = .array(runs + runs)
        let document = DocumentValue.object(members)
        guard
            let changed = DocumentChange.set(DocumentPath(pointer: "/runs/0/tool/driver/name")!, "BinSkim 2")
                .applied(to: document)
        else { return }
        var times: [Double] = []
        for _ in 0..<9 {
            let start = DispatchTime.now().uptimeNanoseconds
            let errors = schema.validate(changed)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
            precondition(errors.isEmpty, "the doubled SARIF example should stay valid")
        }
        times.sort()
        let size = 2 * data.count / 1024
        print(
            "schemastore validate \(size) KB whole: \(String(format: "%.3f", times[times.count / 2])) ms (median of 9)"
        )
        // The same through a DocumentValidator, one value changed before each validation.
        let validator = DocumentValidator(schema)
        var current = document
        _ = validator.validate(current)
        times = []
        for step in 0..<9 {
            guard
                let next = DocumentChange.set(
                    DocumentPath(pointer: "/runs/0/tool/driver/name")!, .string("BinSkim \(step)")
                )
                .applied(to: current)
            else { return }
            let start = DispatchTime.now().uptimeNanoseconds
            let errors = validator.validate(next)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
            precondition(errors.isEmpty, "the doubled SARIF example should stay valid")
            current = next
        }
        times.sort()
        print(
            "schemastore revalidate \(size) KB after one change: \(String(format: "%.3f", times[times.count / 2])) ms (median of 9, DocumentValidator)"
        )
    }
}
