import FormCore
import Testing

@testable import FormUI

/// Undo and redo over a form's draft, driven through the editor alone.
@Suite("Undo and redo: each change one step, back to the saved state and forward again")
struct UndoTests {
    typealias Account = FormEditorTests.Account
    let undoKey = Key.modified(.character("u"), .alt)
    let redoKey = Key.modified(.character("e"), .alt)

    static func press(_ editor: FormEditor<Account>, _ keys: Key...) {
        for key in keys { _ = editor.handle(key, isRoot: true) }
    }

    static func focused(_ editor: FormEditor<Account>) -> String? { FormEditorTests.focused(editor) }

    @Test("toggle, type, choose; Alt-U ×3 gives the saved state (not modified), Alt-E ×3 brings it back")
    func threeSteps() throws {
        let editor = FormEditorTests.editor()
        Self.press(editor, .space)  // Notify on
        try FormEditorTests.focus(editor, on: "Name")
        Self.press(editor, .character("A"), .character("d"), .character("a"))  // one step: the visit
        try FormEditorTests.focus(editor, on: "Size")
        Self.press(editor, .enter, .down, .enter)  // M → L
        let changed = editor.draft.value
        #expect(changed.notify && changed.name == "Ada" && changed.size == "L")
        #expect(editor.helpItems(isRoot: true).contains(HelpItem("Alt-U", "Undo", priority: 1)))

        Self.press(editor, undoKey)
        #expect(editor.draft.value.size == "M")
        #expect(Self.focused(editor) == "Size")
        Self.press(editor, undoKey)
        #expect(editor.draft.value.name == "")
        #expect(Self.focused(editor) == "Name", "focus goes to the row that changed")
        Self.press(editor, .control("_"))  // Ctrl-_ undoes too
        #expect(editor.draft.value == Account())
        #expect(!editor.isModified)
        #expect(Self.focused(editor) == "Notify")
        #expect(!editor.helpItems(isRoot: true).contains { $0.action == "Undo" })
        #expect(editor.helpItems(isRoot: true).contains(HelpItem("Alt-E", "Redo", priority: 0)))
        #expect(editor.handle(undoKey, isRoot: true) == .show(message: "Nothing to undo.", isError: false))

        Self.press(editor, redoKey, redoKey, redoKey)
        #expect(editor.draft.value == changed)
        #expect(editor.isModified)
        #expect(Self.focused(editor) == "Size")
        #expect(editor.handle(redoKey, isRoot: true) == .show(message: "Nothing to redo.", isError: false))
    }

    @Test("inside a text row being typed in, Alt-U first takes back this visit's typing")
    func typingFirst() throws {
        let editor = FormEditorTests.editor(Account(name: "Bo"))
        Self.press(editor, .space)
        try FormEditorTests.focus(editor, on: "Name")
        Self.press(editor, .character("b"), .backspace, .character("x"), .character("y"))
        #expect(editor.typedText?.text == "Boxy")
        Self.press(editor, undoKey)
        #expect(editor.draft.value.name == "Bo")
        #expect(editor.typedText?.text == "Bo", "the typed copy goes with it")
        #expect(editor.draft.value.notify, "the switch is the next step")
        Self.press(editor, undoKey)
        #expect(!editor.draft.value.notify)
    }

    @Test("typing back to what the visit started from leaves no step; typing on makes one again")
    func typedBack() throws {
        let editor = FormEditorTests.editor(Account(name: "Bo"))
        Self.press(editor, .space)  // Notify on: the step before the typing
        try FormEditorTests.focus(editor, on: "Name")
        // Keys after the first add to the visit's step without reading the value before them.
        Self.press(editor, .character("x"), .character("y"), .backspace, .backspace)
        #expect(editor.draft.value.name == "Bo")
        #expect(editor.history.count == 1, "only the switch's step is left")
        Self.press(editor, .character("z"), .character("w"))
        #expect(editor.draft.value.name == "Bozw")
        #expect(editor.history.count == 2)
        Self.press(editor, undoKey)
        #expect(editor.draft.value.name == "Bo", "the step keeps what the typing started from")
        #expect(editor.draft.value.notify)
        Self.press(editor, undoKey)
        #expect(!editor.draft.value.notify)
    }

    @Test("a second visit to a text row is a step of its own")
    func visits() throws {
        let editor = FormEditorTests.editor()
        try FormEditorTests.focus(editor, on: "Name")
        Self.press(editor, .character("a"), .enter, .up)
        #expect(Self.focused(editor) == "Name")
        Self.press(editor, .character("b"))
        #expect(editor.draft.value.name == "ab")
        Self.press(editor, .up, undoKey)
        #expect(editor.draft.value.name == "a")
        Self.press(editor, undoKey)
        #expect(editor.draft.value.name == "")
    }

    @Test("list add, move and delete are steps; undo puts the element back and focus on it")
    func lists() throws {
        let editor = FormEditorTests.editor()
        try FormEditorTests.focus(editor, on: "Tag 1")
        Self.press(editor, .insert, .modified(.up, .alt))
        #expect(editor.draft.value.tags == ["new", "one", "two"])
        guard case .confirm(let question)? = editor.handle(.control("d"), isRoot: true) else {
            Issue.record("Ctrl-D did not ask")
            return
        }
        _ = editor.confirm(question.action)
        #expect(editor.draft.value.tags == ["one", "two"])
        Self.press(editor, .down, .down, undoKey)
        #expect(editor.draft.value.tags == ["new", "one", "two"])
        #expect(Self.focused(editor) == "Tag 1")
        Self.press(editor, undoKey, undoKey)
        #expect(editor.draft.value.tags == ["one", "two"])
        #expect(!editor.isModified)
    }

    @Test("a value kept from a nested form is one step")
    func nested() throws {
        let editor = FormEditorTests.editor()
        try FormEditorTests.focus(editor, on: "Color")
        let path = try #require(editor.focusedPath)
        let nested = try #require(editor.nestedEditor(at: path))
        _ = nested.handle(.down, isRoot: false)
        _ = nested.handle(.enter, isRoot: false)
        #expect(editor.draft.value.color == "Green")
        Self.press(editor, .home, undoKey)
        #expect(editor.draft.value.color == "Red")
        #expect(Self.focused(editor) == "Color")
    }

    @Test("a save is the floor: nothing saved comes back")
    func saveIsTheFloor() throws {
        let editor = FormEditorTests.editor(Account(name: "Bo"))
        Self.press(editor, .space)
        #expect(editor.save() == .leave(message: "Saved."))
        #expect(!editor.canUndo)
        #expect(editor.handle(undoKey, isRoot: true) == .show(message: "Nothing to undo.", isError: false))
        #expect(editor.draft.value.notify)
    }

    @Test("browsing commits each change: there is no undo")
    func browse() {
        let editor = FormEditorTests.editor(mode: .browse)
        Self.press(editor, .space)
        #expect(!editor.canUndo)
        #expect(editor.handle(undoKey, isRoot: true) == nil)
        #expect(editor.store.value.notify)
    }

    @Test("a new change after an undo drops what could be redone")
    func newChangeDropsRedo() {
        let editor = FormEditorTests.editor()
        Self.press(editor, .space, undoKey)
        #expect(editor.canRedo)
        Self.press(editor, .down)
        Self.press(editor, .character("z"))
        #expect(!editor.canRedo)
    }

    @Test("a million switches: 1,000 toggles and 1,000 undos keep 1,000 small steps, no copy of the list")
    func large() {
        struct Flags: Equatable { var flags = [Bool](repeating: false, count: 1_000_000) }
        let form = Form<Flags>(title: "Flags") {
            Section("Items") { ForEach(\.flags) { index, _ in Toggle("Item \(index + 1)", \.flags[index]) } }
        }
        let editor = FormEditor(form: form, store: StateStore(Flags()), mode: .edit)
        for _ in 0..<1_000 {
            _ = editor.handle(.space, isRoot: true)
            _ = editor.handle(.down, isRoot: true)
        }
        #expect(editor.history.count == 1_000)
        #expect(editor.draft.value.flags.prefix(1_000).allSatisfy { $0 })
        for _ in 0..<1_000 { _ = editor.handle(undoKey, isRoot: true) }
        #expect(!editor.isModified)
        #expect(editor.focusedRow?.row.title == "Item 1")
    }
}

@Suite("UndoHistory: the oldest steps go past the limit")
struct UndoHistoryLimitTests {
    @Test("Past its limit the history keeps the newest steps, in order, and undoes exactly that many")
    func keepsTheNewest() {
        let history = UndoHistory(limit: 3)
        for value in 1...10 { history.record(UndoHistory.Step(path: nil, binding: nil, value: value)) }
        #expect(history.count == 3)
        var undone: [Int] = []
        while let step = history.popUndo() { undone.append(step.value as! Int) }
        #expect(undone == [10, 9, 8])
        #expect(!history.canUndo)
        history.record(UndoHistory.Step(path: nil, binding: nil, value: 11))
        #expect(history.lastUndo?.value as? Int == 11)
        #expect(history.count == 1)
    }
}
