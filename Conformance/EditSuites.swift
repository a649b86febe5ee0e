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
        var slowestExample: (Double, String) = (0, "")
        var typical: [String: [Double]] = [:]
        var edits = EditTally()
        // FORMTUI_EDIT_ONLY=renovate runs the schemas whose names start so (to time one).
        let only = ProcessInfo.processInfo.environment["FORMTUI_EDIT_ONLY"]
        for name in names.sorted() where name.hasSuffix(".json") && (only.map { name.hasPrefix($0) } ?? true)
        {
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
            if open(nil, schema: schema, name: name, report: &report) != nil { opened += 1 }
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
                    let name = "\(kind)/\(stem)/\(file)"
                    let started = Date()
                    if let builder = open(config, schema: schema, name: name, report: &report) {
                        let seconds = Date().timeIntervalSince(started)
                        if seconds > slowestExample.0 { slowestExample = (seconds, name) }
                        if stem == "tsconfig" || stem == "pyproject" {
                            typical[stem, default: []].append(seconds)
                        }
                        unchanged += 1
                        edits.tally(builder, name: name, report: &report)
                    }
                }
            }
        }
        report.count("edit schemastore schemas opened as forms", opened)
        report.count("edit schemastore examples opened and saved unchanged", unchanged)
        print("edit schemastore schemas opened as forms: \(opened) (\(unusable) the validator cannot use)")
        print("edit schemastore examples opened and saved unchanged: \(unchanged) of \(examples)")
        report.count("edit schemastore scalars changed alone", edits.scalarsAlone)
        report.count("edit schemastore optional keys added as one member", edits.addedAlone)
        print("edit schemastore scalars changed alone: \(edits.scalarsAlone) of \(edits.scalars)")
        print("edit schemastore optional keys added as one member: \(edits.addedAlone) of \(edits.added)")
        print(
            "edit slowest schema to open (debug or release, as built): \(slowest.1) \(String(format: "%.1f", slowest.0 * 1000)) ms"
        )
        print(
            "edit slowest example to open: \(slowestExample.1) \(String(format: "%.1f", slowestExample.0 * 1000)) ms"
        )
        for (stem, times) in typical.sorted(by: { $0.key < $1.key }) {
            let sorted = times.sorted()
            print(
                "edit \(stem) examples to open: median \(String(format: "%.1f", sorted[sorted.count / 2] * 1000)) ms, slowest \(String(format: "%.1f", (sorted.last ?? 0) * 1000)) ms"
            )
        }
        EditKeyCost.measure()
    }

    /// Opens the form over `config` (an empty JSON file when nil): its answers, its first page's
    /// layout, and the document those answers give back, which must be the file's own bytes.
    @discardableResult
    static func open(
        _ config: ConfigFile?, schema: ConfigSchema, name: String, report: inout ConformanceReport
    )
        -> ConfigFormBuilder?
    {
        let document: Document
        if let config {
            document = config.document
        } else {
            guard let empty = try? Document(reading: Array("{}\n".utf8), format: .json, engine: JSONFormat())
            else { return nil }
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
            return nil
        }
        do {
            let saved = try builder.updated(answers)
            guard saved.bytes == document.bytes else {
                report.fail("edit schemastore examples opened and saved unchanged", "\(name): bytes changed")
                return nil
            }
        } catch {
            report.fail("edit schemastore examples opened and saved unchanged", "\(name): \(error)")
            return nil
        }
        return builder
    }
}
