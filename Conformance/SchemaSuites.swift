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
                    folder: tests + subfolder, dialect: dialect, assertFormats: assertFormats, remotes: remotes,
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
                guard case .array(let tests) = group["tests"], let schemaValue = group["schema"] else { continue }
                let description = group["description"].flatMap { if case .string(let text) = $0 { text } else { nil } } ?? ""
                let schema: JSONSchema
                do {
                    schema = try JSONSchema(
                        schemaValue, options: SchemaOptions(defaultDialect: dialect, assertFormats: assertFormats),
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
                        let testDescription = test["description"].flatMap { if case .string(let text) = $0 { text } else { nil } } ?? ""
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

enum SchemaStoreConformance {
    static func run(_ root: String, report: inout ConformanceReport) {
        guard FileManager.default.fileExists(atPath: root + "/schemas") else {
            report.skip("schemastore", because: "\(root) is not there")
            return
        }
    }
}
