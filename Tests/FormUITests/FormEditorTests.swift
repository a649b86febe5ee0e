import FormCore
import Testing

@testable import FormUI

/// A form driven through its editor alone: keys in, effects and state out. No screen, no
/// navigator, no canvas.
@Suite("FormEditor: a form edited with plain values in and out")
struct FormEditorTests {
    struct Account: Equatable {
        var notify = false
        var name = ""
        var port = 22
        var color = "Red"
        var size = "M"
        var tags: [String] = ["one", "two"]
    }

    static func form() -> Form<Account> {
        Form(title: "Account") {
            Section("General") {
                Toggle("Notify", \.notify)
                TextRow("Name", \.name, validate: { $0.isEmpty ? "A name is needed." : nil })
                InlinePickerRow("Size", \.size, options: ["S", "M", "L"]) { $0 }
                SelectionRow("Color", \.color, options: ["Red", "Green", "Blue"]) { $0 }
            }
            Section("Tags") {
                ForEach(\Account.tags, editable: "tag", newElement: { _ in "new" }) { index, _ in
                    TextRow("Tag \(index + 1)", \.tags[index])
                }
            }
        }
    }

    static func editor(_ account: Account = Account(), mode: FormMode = .edit) -> FormEditor<Account> {
        FormEditor(form: form(), store: StateStore(account), mode: mode)
    }

    /// The focused row's title.
    static func focused(_ editor: FormEditor<Account>) -> String? {
        editor.focusedRow?.row.title
    }

    /// Presses `keys` and answers the effects that were not nil.
    @discardableResult
    static func press(_ editor: FormEditor<Account>, _ keys: Key...) -> [FormEffect] {
        keys.compactMap { editor.handle($0, isRoot: true) }
    }

    /// Moves focus down to the row titled `title`.
    static func focus(_ editor: FormEditor<Account>, on title: String) throws {
        for _ in 0..<20 where focused(editor) != title { press(editor, .down) }
        try #require(focused(editor) == title)
    }

    @Test("Space flips a switch in the draft; the store keeps its value until a save")
    func toggle() {
        let editor = Self.editor()
        #expect(Self.focused(editor) == "Notify")
        #expect(Self.press(editor, .space).isEmpty)
        #expect(editor.draft.value.notify)
        #expect(editor.isModified)
        #expect(!editor.store.value.notify)
    }

    @Test("Typed text goes to the draft as typed, with the caret where the keys put it")
    func typing() throws {
        let editor = Self.editor()
        try Self.focus(editor, on: "Name")
        Self.press(editor, .character("A"), .character("d"), .character("a"), .left, .character("!"))
        #expect(editor.draft.value.name == "Ad!a")
        #expect(editor.typedText?.text == "Ad!a")
        #expect(editor.typedText?.caret == 3)
        // Enter moves on to the next row.
        Self.press(editor, .enter)
        #expect(Self.focused(editor) == "Size")
    }

    @Test("Enter opens the inline picker below its row; Down changes it; Esc closes it taking that back")
    func picker() throws {
        let editor = Self.editor()
        try Self.focus(editor, on: "Size")
        let closed = editor.layout.count
        Self.press(editor, .enter)
        #expect(editor.expanded == editor.focusedPath)
        #expect(editor.layout.count > closed, "the picker's lines are in the layout")
        #expect(editor.helpItems(isRoot: true).contains(HelpItem("↑↓", "Change Size", priority: 2)))
        Self.press(editor, .down)
        #expect(editor.draft.value.size == "L")
        Self.press(editor, .escape)
        #expect(editor.expanded == nil)
        #expect(editor.layout.count == closed)
        #expect(editor.draft.value.size == "M")
        #expect(!editor.isModified, "Esc closed the picker, not the form, and took its change back")
        #expect(editor.focusedPath != nil)
        Self.press(editor, .enter, .down, .enter)
        #expect(editor.expanded == nil)
        #expect(editor.draft.value.size == "L")
        #expect(editor.isModified)
    }

    @Test("A validation rule refuses the save, marks the row and puts focus on it; fixing it clears the mark")
    func validation() throws {
        let editor = Self.editor()
        let refused = editor.handle(.control("s"), isRoot: true)
        #expect(refused == .show(message: "Not saved: One row needs attention.", isError: true))
        #expect(Self.focused(editor) == "Name")
        let name = try #require(editor.focusedPath)
        #expect(editor.messages[name] == "A name is needed.")
        Self.press(editor, .character("Z"))
        #expect(editor.messages.isEmpty)
        #expect(editor.handle(.control("s"), isRoot: true) == .leave(message: "Saved."))
        #expect(editor.store.value.name == "Z")
        #expect(editor.didSave)
    }

    @Test("Esc with changes asks first; yes discards the draft and leaves")
    func discard() {
        let editor = Self.editor()
        #expect(
            editor.handle(.escape, isRoot: true) == .leave(message: nil), "nothing to lose: leaves at once")
        Self.press(editor, .space)
        guard case .confirm(let question)? = editor.handle(.escape, isRoot: true) else {
            Issue.record("Esc with a change did not ask")
            return
        }
        #expect(question.title == "Discard changes?")
        #expect(editor.confirm(question.action) == .leave(message: nil))
        #expect(!editor.draft.value.notify)
        #expect(!editor.isModified)
    }

    @Test("Enter on a selection row opens its form; choosing there saves into this form's draft")
    func nestedForm() throws {
        let editor = Self.editor()
        try Self.focus(editor, on: "Color")
        let path = try #require(editor.focusedPath)
        #expect(Self.press(editor, .enter) == [.openForm(path)])
        let nested = try #require(editor.nestedEditor(at: path))
        #expect(nested.isNested)
        // Down to "Green", then Enter chooses it: the nested form saves into this draft and leaves.
        let effects = [nested.handle(.down, isRoot: false), nested.handle(.enter, isRoot: false)]
        #expect(effects.last == .leave(message: nil))
        #expect(editor.draft.value.color == "Green")
        #expect(editor.store.value.color == "Red", "a nested save goes to the draft, not the store")
    }

    @Test("Typing where no row takes text filters the list; Esc clears the filter before it leaves")
    func filter() {
        let editor = FormEditor(
            form: Form<Account>(title: "Colors") {
                Section {
                    SelectionRow("Color", \.color, options: ["Red", "Green", "Blue"]) { $0 }
                }
            }.destinationOfFirstRow(state: Account()), store: StateStore(Account()), mode: .edit)
        Self.press(editor, .character("b"), .character("l"))
        #expect(editor.filter == "bl")
        #expect(editor.layout.count == 2, "a header line and Blue")
        #expect(editor.helpItems(isRoot: true).contains(HelpItem("Esc", "Show all", priority: 3)))
        #expect(editor.handle(.escape, isRoot: true) == nil)
        #expect(editor.filter.isEmpty)
    }

    @Test("Insert adds an element after the focused one; Ctrl-D asks, then deletes; Alt-↑ moves")
    func listEditing() throws {
        let editor = Self.editor()
        try Self.focus(editor, on: "Tag 1")
        Self.press(editor, .insert)
        #expect(editor.draft.value.tags == ["one", "new", "two"])
        #expect(Self.focused(editor) == "Tag 2")
        Self.press(editor, .modified(.up, .alt))
        #expect(editor.draft.value.tags == ["new", "one", "two"])
        #expect(Self.focused(editor) == "Tag 1")
        guard case .confirm(let question)? = editor.handle(.control("d"), isRoot: true) else {
            Issue.record("Ctrl-D did not ask")
            return
        }
        #expect(question.action == .deleteElement(try #require(editor.focusedPath)))
        #expect(editor.draft.value.tags.count == 3, "nothing goes before the answer")
        _ = editor.confirm(question.action)
        #expect(editor.draft.value.tags == ["one", "two"])
        #expect(Self.focused(editor) == "Tag 1")
    }

    @Test("Browsing, a change is committed at once; Esc and q leave at the root, only Esc elsewhere")
    func browse() {
        let editor = Self.editor(mode: .browse)
        Self.press(editor, .space)
        #expect(editor.store.value.notify)
        #expect(!editor.isModified)
        #expect(editor.handle(.character("q"), isRoot: true) == .leave(message: nil))
        #expect(editor.handle(.character("q"), isRoot: false) == nil)
        #expect(editor.helpItems(isRoot: true).contains(HelpItem("q", "Quit", priority: 2)))
        #expect(editor.helpItems(isRoot: false).contains(HelpItem("Esc", "Back", priority: 2)))
    }

    @Test("One layout per change: a Space, the help line and the frame after it share one layout")
    func oneLayoutPerChange() throws {
        let editor = Self.editor()
        _ = editor.layout
        let before = editor.layoutVersion
        // A switch flipped: one new layout, shared by the key, the help line and the frame.
        Self.press(editor, .space)
        _ = editor.helpItems(isRoot: true)
        _ = editor.layout
        _ = editor.focusedRow
        #expect(editor.layoutVersion == before + 1)
        // A move of focus changes nothing the layout is made from.
        Self.press(editor, .down)
        _ = editor.helpItems(isRoot: true)
        #expect(editor.layoutVersion == before + 1)
        // A tag added moves lines: one new layout again.
        try Self.focus(editor, on: "Tag 1")
        let added = editor.layoutVersion
        Self.press(editor, .insert)
        _ = editor.helpItems(isRoot: true)
        _ = editor.layout
        _ = editor.focusedRow
        #expect(editor.layoutVersion == added + 1)
        #expect(editor.draft.value.tags.count == 3)
    }
}

extension Form {
    /// The form the first row of this form opens, for `state` (a selection's list of options).
    fileprivate func destinationOfFirstRow(state: State) -> Form<State> {
        let layout = self.layout(for: state)
        let line = layout.focusableLine(from: 0, direction: 1)!
        return layout.row(onLine: line)!.row.destination(in: state)!
    }
}
