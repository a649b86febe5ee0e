import FormCore
import Testing

@testable import FormUI

/// A form that cannot be changed (`Form.readOnlyReason`, a configuration file whose mode keeps
/// it from being written): it opens to be read, moved through and left; every key that would
/// change a value is refused with the reason, and the help line offers none of them.
@Suite("Read-only forms: looked at, moved through, never changed")
struct ReadOnlyFormTests {
    typealias Account = FormEditorTests.Account
    static let reason = "account.json is read-only."

    static func editor() -> FormEditor<Account> {
        var form = FormEditorTests.form()
        form.readOnlyReason = reason
        return FormEditor(form: form, store: StateStore(Account(name: "Ada")), mode: .edit)
    }

    static var refused: FormEffect { .show(message: reason, isError: true) }

    @Test("A switch, a text, an inline picker and a list's keys are refused with the reason")
    func changesAreRefused() throws {
        let editor = Self.editor()
        #expect(FormEditorTests.press(editor, .space) == [Self.refused])
        try FormEditorTests.focus(editor, on: "Name")
        #expect(FormEditorTests.press(editor, .character("x")) == [Self.refused])
        #expect(FormEditorTests.press(editor, .backspace) == [Self.refused])
        #expect(FormEditorTests.press(editor, .paste("Bob")) == [Self.refused])
        // The caret still moves: it changes nothing.
        #expect(FormEditorTests.press(editor, .left).isEmpty)
        try FormEditorTests.focus(editor, on: "Size")
        #expect(FormEditorTests.press(editor, .enter) == [Self.refused])
        #expect(editor.openPicker == nil)
        try FormEditorTests.focus(editor, on: "Tag 1")
        #expect(FormEditorTests.press(editor, .insert) == [Self.refused])
        #expect(FormEditorTests.press(editor, .control("d")) == [Self.refused])
        #expect(FormEditorTests.press(editor, .modified(.down, .alt)) == [Self.refused])
        #expect(FormEditorTests.press(editor, .control("s")) == [Self.refused])
        #expect(editor.draft.value == Account(name: "Ada"))
        #expect(!editor.isModified)
        #expect(FormEditorTests.press(editor, .escape) == [.leave(message: nil)])
    }

    @Test("A row that opens a list opens it, read-only too: its choices are refused")
    func nestedFormsAreReadOnly() throws {
        let editor = Self.editor()
        try FormEditorTests.focus(editor, on: "Color")
        let effects = FormEditorTests.press(editor, .enter)
        let path = try #require(editor.focusedPath)
        #expect(effects == [.openForm(path)])
        let nested = try #require(editor.nestedEditor(at: path))
        #expect(nested.form.readOnlyReason == Self.reason)
        _ = nested.handle(.down, isRoot: false)
        #expect(nested.handle(.enter, isRoot: false) == Self.refused)
        #expect(nested.draft.value.color == "Red")
    }

    @Test("The help line offers moving and leaving, not saving or the rows' changes")
    func helpOffersNoChange() throws {
        let editor = Self.editor()
        let texts = { editor.helpItems(isRoot: true).map(\.action) }
        #expect(texts() == ["Move", "Quit"])
        try FormEditorTests.focus(editor, on: "Name")
        #expect(texts() == ["Move", "Quit"])
        try FormEditorTests.focus(editor, on: "Color")
        #expect(texts().contains("Quit") && !texts().contains("Save"))
        #expect(texts().count == 3, "\(texts())")
        try FormEditorTests.focus(editor, on: "Tag 1")
        #expect(texts() == ["Move", "Quit"])
    }

    @Test("The title bar says read-only where a changed form says modified")
    func titleBarSaysSo() {
        let screen = FormScreen(editor: Self.editor())
        #expect(screen.status == "read-only")
    }

    @Test("The line mode lists a read-only form's values and asks nothing")
    func lineModeListsTheValues() {
        var form = Form<LineTrip>(title: "Trip") {
            Section {
                TextRow("City", \.city)
                StepperRow("Nights", \.nights, in: 1...9)
            }
        }
        form.readOnlyReason = "trip.json is read-only."
        let (status, store, output) = LineTrip.ask(form, answers: "Bergen\n3\ny\n")
        #expect(status == 1)
        #expect(store.value == LineTrip())
        #expect(
            output
                == "Trip\ntrip.json is read-only. Nothing can be changed.\nIts values:\n  1. City: Oslo\n  2. Nights: 2\n"
        )
    }
}
