import FormCore
import FormDocument
import FormSpec
import FormUI
import Foundation
import Testing

@testable import FormEdit

/// "● modified" says whether a save would change the file: a value typed into a row that its
/// condition then hides writes nothing, so the mark goes, Ctrl-S has nothing to save and Esc
/// leaves without asking.
@Suite struct ConfigModifiedMarkTests {
    static let schema = """
        {"type": "object",
         "properties": {"tls": {"type": "boolean", "title": "TLS"}, "port": {"type": "integer", "title": "Port"}},
         "if": {"properties": {"tls": {"const": true}}, "required": ["tls"]},
         "then": {"properties": {"cert": {"type": "string", "title": "Certificate"}}}}
        """

    /// An editor of a copy of `text` in a folder of its own, with the schema above.
    func editor(_ text: String) throws -> (config: ConfigEditor, form: FormEditor<SpecAnswers>) {
        let folder = NSTemporaryDirectory() + "formtui-mark-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.schema.write(toFile: folder + "/schema.json", atomically: true, encoding: .utf8)
        try text.write(toFile: folder + "/service.json", atomically: true, encoding: .utf8)
        let config = try ConfigEditor(file: folder + "/service.json", schema: folder + "/schema.json")
        let form = FormEditor(form: config.form, store: StateStore(config.initialAnswers), mode: .edit)
        return (config, form)
    }

    func focus(_ editor: FormEditor<SpecAnswers>, on title: String) throws {
        for _ in 0..<20 where editor.focusedRow?.row.title != title { _ = editor.handle(.down, isRoot: true) }
        if editor.focusedRow?.row.title != title {
            for _ in 0..<20 where editor.focusedRow?.row.title != title {
                _ = editor.handle(.up, isRoot: true)
            }
        }
        try #require(editor.focusedRow?.row.title == title)
    }

    @Test func aValueItsConditionHidesLeavesTheFormUnmodified() throws {
        let (config, editor) = try editor(#"{"tls": false, "port": 80}"# + "\n")
        try focus(editor, on: "TLS")
        _ = editor.handle(.space, isRoot: true)
        #expect(editor.isModified, "TLS on is a change")
        try focus(editor, on: "Certificate")
        _ = editor.handle(.character("a"), isRoot: true)
        #expect(editor.isModified)
        try focus(editor, on: "TLS")
        _ = editor.handle(.space, isRoot: true)
        // The draft still holds "a" for the hidden row, but a save would write the file as it is.
        #expect(editor.draft.isDirty)
        #expect(config.diff(of: editor.draft.value).isEmpty)
        #expect(!editor.isModified, "nothing a save would change")
        #expect(editor.close() == .leave(message: nil), "Esc leaves without asking")
        #expect(editor.requestSave() == .leave(message: "No changes to save."))
        // Back on, the hidden value is written again: a change.
        _ = editor.handle(.space, isRoot: true)
        #expect(editor.isModified)
    }

    @Test func aValueTypedBackToTheFilesIsNoChangeAfterASaveEither() throws {
        let (config, editor) = try editor(#"{"tls": false, "port": 80}"# + "\n")
        // The form asks the editor, which it holds weakly (the editor holds the form).
        defer { withExtendedLifetime(config) {} }
        try focus(editor, on: "Port")
        _ = editor.handle(.character("8"), isRoot: true)
        #expect(editor.isModified)
        #expect(editor.save() == .leave(message: "Saved."))
        #expect(!editor.isModified)
        // After the save, the saved state is the file's new value: a value hidden since is no change.
        try focus(editor, on: "TLS")
        _ = editor.handle(.space, isRoot: true)
        try focus(editor, on: "Certificate")
        _ = editor.handle(.character("a"), isRoot: true)
        try focus(editor, on: "TLS")
        _ = editor.handle(.space, isRoot: true)
        #expect(!editor.isModified)
        try focus(editor, on: "Port")
        _ = editor.handle(.backspace, isRoot: true)
        #expect(editor.isModified, "80 again differs from the 808 saved")
    }
}
