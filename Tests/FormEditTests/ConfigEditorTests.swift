import FormCore
import FormDocument
import FormSpec
import FormTUI
import Foundation
import Testing

@testable import FormEdit

/// The library's way in: `Form.edit(file:schema:)` and `ConfigEditor`, run headless from key
/// scripts. A save writes only the changed value's bytes; a file another program changed since it
/// was opened is refused (or written over when asked); a new file gets the schema's defaults; a
/// form of one's own can hold the file's sections.
@Suite struct ConfigEditorTests {
    static let schema = """
        {"type": "object", "properties": {
          "name": {"type": "string", "title": "Name"},
          "port": {"type": "integer", "title": "Port", "default": 8080},
          "tls": {"type": "object", "title": "TLS", "properties": {
            "enabled": {"type": "boolean", "default": false}, "cert": {"type": "string"}}}}}
        """
    static let text = "# the service\nname: web   # shown on the dashboard\nport: 8080\n"

    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "formtui-editor-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try Self.schema.write(toFile: path + "/schema.json", atomically: true, encoding: .utf8)
        try Self.text.write(toFile: path + "/service.yaml", atomically: true, encoding: .utf8)
        return path
    }

    func headless(_ script: String) -> FormRunOptions {
        FormRunOptions(keepsDrafts: false, display: .headless(script: script))
    }

    func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    @Test func formEditSavesOnlyTheChangedValueAndAnswersTheDocument() throws {
        let folder = try folder()
        let result = try Form.edit(
            file: folder + "/service.yaml", schema: folder + "/schema.json",
            options: headless("ctrl-u \"api\" ctrl-s"))
        let saved = try #require(result.savedState)
        let expected = Self.text.replacingOccurrences(of: "name: web ", with: "name: api ")
        #expect(read(folder + "/service.yaml") == expected)
        #expect(saved.bytes == Array(expected.utf8))
        #expect(saved.value["name"] == "api")
        // Esc after an edit, confirmed: nothing written.
        let cancelled = try Form.edit(
            file: folder + "/service.yaml", schema: folder + "/schema.json",
            options: headless("ctrl-u \"gone\" esc y"))
        #expect(cancelled.savedState == nil)
        #expect(read(folder + "/service.yaml") == expected)
    }

    @Test func aFileChangedOnDiskSinceItWasOpenedIsRefusedOrWrittenOverWhenAsked() throws {
        let folder = try folder()
        let path = folder + "/service.yaml"
        let theirs = Self.text.replacingOccurrences(of: "8080", with: "9090")
        let editor = try ConfigEditor(file: path, schema: folder + "/schema.json")
        editor.asksAboutChangesOnDisk = false
        try theirs.write(toFile: path, atomically: true, encoding: .utf8)
        let refused = try editor.run(options: headless("ctrl-u \"api\" ctrl-s"))
        #expect(refused.savedState == nil)
        #expect(read(path) == theirs, "theirs is kept")
        // Asked to, the next save writes the person's version over theirs.
        let forced = try ConfigEditor(file: path, schema: folder + "/schema.json")
        forced.overwritesChangesOnDisk = true
        try Self.text.write(toFile: path, atomically: true, encoding: .utf8)
        _ = try forced.run(options: headless("ctrl-u \"api\" ctrl-s"))
        #expect(read(path) == theirs.replacingOccurrences(of: "name: web ", with: "name: api "))
    }

    @Test func aDeletedFileIsRefusedHeadlessAndTheEditIsNotLost() throws {
        let folder = try folder()
        let path = folder + "/service.yaml"
        let editor = try ConfigEditor(file: path, schema: folder + "/schema.json")
        editor.asksAboutChangesOnDisk = false
        try FileManager.default.removeItem(atPath: path)
        let result = try editor.run(options: headless("ctrl-u \"api\" ctrl-s"))
        #expect(result.savedState == nil)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aNewFileStartsFromTheSchemasDefaultsAndTheDiffIsAllNew() throws {
        let folder = try folder()
        let editor = try ConfigEditor(file: folder + "/new.yaml", schema: folder + "/schema.json")
        #expect(
            editor.note.contains("new.yaml does not exist yet: Ctrl-S creates it with the schema's defaults.")
        )
        #expect(editor.diff(of: editor.initialAnswers).contains("+port: 8080"))
        let result = try editor.run(options: headless("ctrl-s"))
        #expect(result.savedState != nil)
        #expect(read(folder + "/new.yaml") == "port: 8080\ntls:\n  enabled: false\n")
    }

    @Test func theReviewDetailIsTheFilesDiff() throws {
        let folder = try folder()
        let editor = try ConfigEditor(file: folder + "/service.yaml", schema: folder + "/schema.json")
        var answers = editor.initialAnswers
        #expect(editor.form.reviewDetail?(answers) == [])
        answers.values["/port"] =
            switch answers.values["/port"] {
            case .integer?: .integer(8443)
            case .decimal?: .decimal(8443)
            default: .text("8443")
            }
        #expect(
            editor.form.reviewDetail?(answers) == [
                "--- service.yaml", "+++ service.yaml (edited)", "@@ -1,3 +1,3 @@", " # the service",
                " name: web   # shown on the dashboard", "-port: 8080", "+port: 8443",
            ])
    }

    @Test func aReadOnlyFileOpensAndIsNotWritten() throws {
        let folder = try folder()
        let path = folder + "/service.yaml"
        #expect(chmod(path, 0o444) == 0)
        let editor = try ConfigEditor(file: path, schema: folder + "/schema.json")
        #expect(editor.isReadOnly)
        #expect(editor.note.hasSuffix("service.yaml is read-only: you can look, but not change it."))
        #expect(editor.form.readOnlyReason == "service.yaml is read-only.")
        let result = try editor.run(options: headless("ctrl-u \"api\" ctrl-s"))
        #expect(result.savedState == nil)
        #expect(read(path) == Self.text)
    }

    @Test func ctrlGFindsARowByItsKeysPath() throws {
        let folder = try folder()
        let path = folder + "/service.yaml"
        // "/port" and "tls.enabled" are no row's title: only the keys' paths hold them. The
        // second jump opens TLS's page: its Ctrl-S keeps the page, the next one saves the file.
        _ = try Form.edit(
            file: path, schema: folder + "/schema.json",
            options: headless(
                "ctrl-g \"/port\" enter ctrl-u \"9000\" ctrl-g \"tls.enabled\" enter space ctrl-s ctrl-s"))
        #expect(
            read(path) == Self.text.replacingOccurrences(of: "8080", with: "9000") + "tls:\n  enabled: true\n"
        )
    }

    @Test func theFormsSectionsGoIntoAFormOfOnesOwn() throws {
        let folder = try folder()
        // README begin
        let editor = try ConfigEditor(file: folder + "/service.yaml", schema: folder + "/schema.json")
        editor.form.title = "Deploy"
        editor.form.sections.insert(
            Section("Before you deploy", footer: "The port is the load balancer's.") {}, at: 0)
        let result = try editor.run(
            options: FormRunOptions(display: .headless(script: "down ctrl-u \"8443\" ctrl-s")))
        #expect(result.savedState?.value["port"] == 8443)
        // README end
        #expect(read(folder + "/service.yaml") == Self.text.replacingOccurrences(of: "8080", with: "8443"))
    }
}
