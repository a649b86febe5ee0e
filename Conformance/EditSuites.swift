// A test tool, not shipped: all of Foundation is fine here.
import FormCore
import FormDocument
import FormEdit
import FormSpec
import Foundation

/// `formtui edit`'s corpus: every SchemaStore schema opens as a form (over no file, and over each
/// of its examples in `test/` and `negative_test/`), the first page laid out as a screen would
/// be, and a save with nothing changed writes the same bytes.
let editSuites: [ConformanceSuite] = [
    ConformanceSuite(name: "edit") { suites, report in
        EditConformance.run(suites + "/schemastore", report: &report)
    }
]

enum EditConformance {
    static func run(_ root: String, report: inout ConformanceReport) {
        let folder = root + "/schemas"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder),
            let catalog = try? SchemaCatalogFolder(path: root)
        else {
            report.skip("edit", because: "\(root) is not there")
            return
        }
        var opened = 0
        var unusable = 0
        var examples = 0
        var unchanged = 0
        var slowest: (Double, String) = (0, "")
        for name in names.sorted() where name.hasSuffix(".json") {
            let stem = String(name.dropLast(".json".count))
            let schema: ConfigSchema
            do {
                schema = try ConfigSchema.load(
                    file: folder + "/" + name, reason: "corpus", catalogs: [catalog], dialect: .draft202012)
            } catch {
                // A schema the validator cannot use (a reference outside SchemaStore): its own suite
                // counts those; `formtui edit` says so and does not open.
                unusable += 1
                continue
            }
            let start = Date()
            if open(nil, schema: schema, name: name, report: &report) { opened += 1 }
            let seconds = Date().timeIntervalSince(start)
            if seconds > slowest.0 { slowest = (seconds, name) }
            for kind in ["test", "negative_test"] {
                let exampleFolder = root + "/" + kind + "/" + stem
                guard let files = try? FileManager.default.contentsOfDirectory(atPath: exampleFolder) else {
                    continue
                }
                for file in files.sorted() {
                    guard let config = try? ConfigFile(path: exampleFolder + "/" + file) else { continue }
                    examples += 1
                    if open(config, schema: schema, name: "\(kind)/\(stem)/\(file)", report: &report) {
                        unchanged += 1
                    }
                }
            }
        }
        report.count("edit schemastore schemas opened as forms", opened)
        report.count("edit schemastore examples opened and saved unchanged", unchanged)
        print("edit schemastore schemas opened as forms: \(opened) (\(unusable) the validator cannot use)")
        print("edit schemastore examples opened and saved unchanged: \(unchanged) of \(examples)")
        print(
            "edit slowest schema to open (debug or release, as built): \(slowest.1) \(String(format: "%.1f", slowest.0 * 1000)) ms"
        )
    }

    /// Opens the form over `config` (an empty JSON file when nil): its answers, its first page's
    /// layout, and the document those answers give back, which must be the file's own bytes.
    static func open(
        _ config: ConfigFile?, schema: ConfigSchema, name: String, report: inout ConformanceReport
    )
        -> Bool
    {
        let document: Document
        if let config {
            document = config.document
        } else {
            guard let empty = try? Document(reading: Array("{}\n".utf8), format: .json, engine: JSONFormat())
            else { return false }
            document = empty
        }
        let builder = ConfigFormBuilder(document: document, schema: schema.schema, title: name)
        let answers = builder.initialAnswers()
        let form = builder.form()
        let layout = form.layout(for: answers)
        // Every line made and every row drawn and checked, as the first frame does.
        for index in 0..<layout.count {
            _ = layout.line(index)
            _ = layout.row(onLine: index)?.row.anyContent(in: answers)
        }
        _ = form.validationMessages(for: answers)
        guard layout.count > 0 else {
            report.fail("edit schemastore schemas opened as forms", "\(name): an empty form")
            return false
        }
        do {
            let saved = try builder.updated(answers)
            guard saved.bytes == document.bytes else {
                report.fail("edit schemastore examples opened and saved unchanged", "\(name): bytes changed")
                return false
            }
        } catch {
            report.fail("edit schemastore examples opened and saved unchanged", "\(name): \(error)")
            return false
        }
        return true
    }
}
