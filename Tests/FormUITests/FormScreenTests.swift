import FormCore
import FormTestSupport
import FormUI
import Testing

private struct Prefs: Equatable {
    var sounds = true
    var photos = false
    var hidden = false
}

private struct DiskFull: Error, CustomStringConvertible {
    var description: String { "disk full" }
}

/// What the store was asked to persist; fails while `fails` is set.
private final class PersistLog {
    var saved: [Prefs] = []
    var fails = false

    func persist(_ prefs: Prefs) throws {
        if fails { throw DiskFull() }
        saved.append(prefs)
    }
}

/// The form under test: labels around two switches, and a switch that hides itself when turned on.
private func makeEditForm() -> Form<Prefs> {
    Form(title: "Edit Prefs") {
        Section("General") {
            LabelRow("Version") { _ in "1.0" }
            Toggle("Sounds", \.sounds)
            LabelRow("Sounds Now") { $0.sounds ? "Yes" : "No" }
            Toggle("Photos", \.photos)
        }
    }
}

private func summaryForm() -> Form<Prefs> {
    Form(title: "Prefs") {
        Section {
            Toggle("Sounds", \.sounds)
            ButtonRow("Edit", command: "edit")
        }
    }
}

/// A browse screen at the root and the edit screen its button opens on top, drawn headless.
private final class Harness {
    let log = PersistLog()
    let driver: FormDriver<Prefs>
    private(set) var editor: FormScreen<Prefs>?

    init(
        _ saved: Prefs = Prefs(), size: Size = Size(width: 60, height: 12),
        editForm: Form<Prefs> = makeEditForm()
    ) {
        let log = self.log
        var opened: FormScreen<Prefs>?
        let root = { (store: StateStore<Prefs>) -> Screen in
            FormScreen(form: summaryForm(), store: store, mode: .browse) { command, navigator in
                guard command == "edit" else { return }
                let editor = FormScreen(form: editForm, store: store, mode: .edit)
                opened = editor
                navigator.push(editor)
            }
        }
        driver = FormDriver(saved: saved, size: size, persist: { try log.persist($0) }, root: root)
        // Opening the editor from the root's button, as a person would.
        driver.press(.down, .enter)
        editor = opened
    }

    var store: StateStore<Prefs> { driver.store }
    var app: App { driver.app }
    var root: FormScreen<Prefs> { driver.screen }

    func play(_ script: String) throws { try driver.play(script) }

    var lines: [String] { driver.lines }
    var helpLine: String { driver.helpLine }
    var titleBar: String { driver.titleBar }
    /// The text of the line the cursor is on.
    var cursorLine: String? { driver.focusedLine }
}

@Suite("FormScreen: editing a draft, saving, cancelling, browsing")
struct FormScreenTests {
    @Test("The harness opens the editor on top of the root")
    func opens() throws {
        let harness = Harness()
        let editor = try #require(harness.editor)
        #expect(harness.app.stack.count == 2)
        #expect(harness.app.top === editor)
        #expect(harness.titleBar.contains("Prefs › Edit Prefs"))
    }

    @Test("Focus starts on the first switch and moves over labels, stopping at both ends")
    func focusSkipsLabels() throws {
        let harness = Harness()
        let editor = try #require(harness.editor)
        let sounds = RowPath(section: 0, group: 1, index: 0)
        let photos = RowPath(section: 0, group: 3, index: 0)
        #expect(editor.focusedRow == sounds)
        #expect(harness.cursorLine?.hasPrefix("> Sounds") == true)

        try harness.play("down")
        #expect(editor.focusedRow == photos)
        #expect(harness.cursorLine?.hasPrefix("> Photos") == true)
        try harness.play("down tab")
        #expect(editor.focusedRow == photos)
        try harness.play("up")
        #expect(editor.focusedRow == sounds)
        try harness.play("up backtab")
        #expect(editor.focusedRow == sounds)
        // Only the focused line carries the marker.
        #expect(harness.lines.filter { $0.hasPrefix(">") }.count == 1)
    }

    @Test("Space flips a switch in the draft only; the store keeps its value until saved")
    func spaceEditsDraft() throws {
        let harness = Harness()
        let editor = try #require(harness.editor)
        try harness.play("space")
        #expect(editor.draft.value == Prefs(sounds: false))
        #expect(editor.draft.isDirty)
        #expect(harness.store.value == Prefs())
        #expect(harness.log.saved.isEmpty)
        #expect(harness.cursorLine?.contains("○── Off") == true)
        #expect(harness.lines.contains { $0.hasPrefix("  Sounds Now") && $0.hasSuffix("No") })
        #expect(harness.titleBar.contains("● modified"))

        try harness.play("space")
        #expect(!editor.draft.isDirty)
        #expect(!harness.titleBar.contains("modified"))
    }

    @Test("Ctrl-S commits the draft through the store, returns to the root and says Saved.")
    func saveCommits() throws {
        let harness = Harness()
        try harness.play("down space ctrl-s")
        #expect(harness.store.value == Prefs(sounds: true, photos: true))
        #expect(harness.log.saved == [Prefs(sounds: true, photos: true)])
        #expect(harness.app.stack.count == 1)
        #expect(harness.app.top === harness.root)
        #expect(harness.helpLine.contains("Saved."))
        #expect(harness.app.exitStatus == nil)
        // The root shows the new value.
        #expect(harness.root.draft.value == Prefs(sounds: true, photos: true))
    }

    @Test("A store whose write fails keeps the draft and the form, and says why in the help line")
    func saveFails() throws {
        let harness = Harness()
        let editor = try #require(harness.editor)
        harness.log.fails = true
        try harness.play("space ctrl-s")
        #expect(harness.store.value == Prefs())
        #expect(editor.draft.value == Prefs(sounds: false))
        #expect(editor.draft.isDirty)
        #expect(harness.app.stack.count == 2)
        #expect(harness.app.top === editor)
        #expect(harness.helpLine.contains("Not saved: disk full"))

        // The message goes with the next key, and a later save that works goes through.
        harness.log.fails = false
        try harness.play("down")
        #expect(!harness.helpLine.contains("Not saved"))
        try harness.play("ctrl-s")
        #expect(harness.store.value == Prefs(sounds: false))
        #expect(harness.app.stack.count == 1)
    }

    @Test("Esc without changes leaves at once")
    func escapeWithoutChanges() throws {
        let harness = Harness()
        try harness.play("space space esc")
        #expect(harness.app.stack.count == 1)
        #expect(harness.app.top === harness.root)
        #expect(harness.store.value == Prefs())
        #expect(harness.app.exitStatus == nil)
    }

    @Test("Esc with changes asks; n goes back to the form with the draft intact")
    func escapeThenKeepEditing() throws {
        let harness = Harness()
        let editor = try #require(harness.editor)
        try harness.play("space esc")
        #expect(harness.app.stack.count == 3)
        let confirm = try #require(harness.app.top as? ConfirmScreen)
        #expect(confirm.title == "Discard changes?")
        #expect(harness.lines.contains { $0.contains("Discard changes?") })
        #expect(harness.helpLine.contains("y Discard"))
        // The form stays visible under the dialog.
        #expect(harness.lines.contains { $0.contains("Version") })

        try harness.play("n")
        #expect(harness.app.stack.count == 2)
        #expect(harness.app.top === editor)
        #expect(editor.draft.value == Prefs(sounds: false))
        #expect(harness.store.value == Prefs())
        #expect(!harness.lines.contains { $0.contains("Discard changes?") })
    }

    @Test("In the discard dialog N, Esc and Enter keep editing too", arguments: ["N", "esc", "enter"])
    func confirmSafeChoices(key: String) throws {
        let harness = Harness()
        let editor = try #require(harness.editor)
        try harness.play("space esc " + key)
        #expect(harness.app.top === editor)
        #expect(editor.draft.value == Prefs(sounds: false))
    }

    @Test("Esc with changes asks; y discards the draft and leaves, the store unchanged")
    func escapeThenDiscard() throws {
        let harness = Harness()
        let editor = try #require(harness.editor)
        try harness.play("space down space esc y")
        #expect(harness.app.stack.count == 1)
        #expect(harness.app.top === harness.root)
        #expect(harness.store.value == Prefs())
        #expect(harness.log.saved.isEmpty)
        #expect(!editor.draft.isDirty)
        #expect(harness.app.exitStatus == nil)
    }

    @Test("In browse mode a switch commits at once")
    func browseCommits() throws {
        let harness = Harness()
        try harness.play("esc")
        #expect(harness.app.top === harness.root)
        try harness.play("up space")
        #expect(harness.store.value == Prefs(sounds: false))
        #expect(harness.log.saved == [Prefs(sounds: false)])
        #expect(harness.root.status == nil)
        #expect(harness.lines.contains { $0.hasPrefix("> Sounds") && $0.contains("○── Off") })
    }

    @Test("In browse mode a failed write puts the switch back and says why")
    func browseFails() throws {
        let harness = Harness()
        harness.log.fails = true
        try harness.play("esc up space")
        #expect(harness.store.value == Prefs())
        #expect(harness.root.draft.value == Prefs())
        #expect(harness.helpLine.contains("Not saved: disk full"))
    }

    @Test("A focused row that the state hides hands focus to the row after it")
    func hiddenFocusMovesForward() throws {
        let form = Form<Prefs>(title: "Edit Prefs") {
            Section {
                Toggle("Sounds", \.sounds)
                Toggle("Hide Me", \.hidden).visible(when: { !$0.hidden })
                Toggle("Photos", \.photos)
            }
        }
        let harness = Harness(editForm: form)
        let editor = try #require(harness.editor)
        try harness.play("down")
        #expect(harness.cursorLine?.hasPrefix("> Hide Me") == true)
        try harness.play("space")
        #expect(editor.draft.value.hidden)
        #expect(!harness.lines.contains { $0.contains("Hide Me") })
        #expect(editor.focusedRow == RowPath(section: 0, group: 2, index: 0))
        #expect(harness.cursorLine?.hasPrefix("> Photos") == true)
        try harness.play("up")
        #expect(editor.focusedRow == RowPath(section: 0, group: 0, index: 0))
    }

    @Test("A focused last row that the state hides hands focus to the row before it")
    func hiddenFocusMovesBack() throws {
        let form = Form<Prefs>(title: "Edit Prefs") {
            Section("General", footer: "A note") {
                Toggle("Sounds", \.sounds)
                LabelRow("Info") { _ in "" }
                Toggle("Hide Me", \.hidden).visible(when: { !$0.hidden })
            }
        }
        let harness = Harness(editForm: form)
        let editor = try #require(harness.editor)
        try harness.play("down space")
        #expect(editor.focusedRow == RowPath(section: 0, group: 0, index: 0))
        #expect(harness.cursorLine?.hasPrefix("> Sounds") == true)
    }

    @Test("Keys on a form whose sections are all hidden do nothing")
    func allHidden() throws {
        let form = Form<Prefs>(title: "Edit Prefs") {
            Section("Hidden", visible: { $0.hidden }) { Toggle("Sounds", \.sounds) }
        }
        let harness = Harness(editForm: form)
        let editor = try #require(harness.editor)
        #expect(editor.focusedRow == nil)
        try harness.play("down space enter right left + - end home pgdn")
        #expect(editor.draft.value == Prefs())
        #expect(harness.app.top === editor)
    }

    @Test(
        "Below the minimum size the app says the terminal is too small",
        arguments: [
            Size(width: 19, height: 24), Size(width: 80, height: 5), Size(width: 10, height: 1),
        ])
    func tooSmall(size: Size) throws {
        let harness = Harness()
        let canvas = harness.app.render(size: size)
        #expect(canvas.line(0) == TextWidth.wrap("Terminal too small", to: size.width).first)
        #expect(!canvas.text.contains("Sounds"))
    }

    @Test("At the minimum size the form is drawn")
    func minimumSize() throws {
        let harness = Harness()
        let canvas = harness.app.render(size: App.minimumSize)
        #expect(!canvas.text.contains("Terminal too small"))
        #expect(canvas.text.contains("Sounds"))
    }

    @Test(
        "The help line shows whole items only: narrower, Move goes first, then Cancel, then the row's own key, Save last"
    )
    func helpLineFits() throws {
        let all = ["↑↓ Move", "Space Toggle", "^S Save", "Esc Cancel"]
        for (width, kept) in [
            (80, all), (44, all), (43, Array(all[1...])), (35, Array(all[1...])), (34, Array(all[1...2])),
            (23, Array(all[1...2])), (22, ["^S Save"]),
        ] {
            let harness = Harness(size: Size(width: width, height: 12))
            #expect(harness.helpLine == " " + kept.joined(separator: "  "), "at \(width) columns")
        }
        // Every item that is shown is whole.
        let narrow = Harness(size: Size(width: 30, height: 12)).helpLine
        #expect(narrow == " Space Toggle  ^S Save")
        #expect(!narrow.contains("Move") && !narrow.contains("Esc"))
    }

    @Test(
        "At 40 columns a list's text row keeps its own Add and Delete: Move, Type, Undo and Cancel go first")
    func helpLineKeepsTheRowsKeys() throws {
        struct Tags: Equatable { var tags = ["one", "two"] }
        let form = Form<Tags>(title: "Tags") {
            Section {
                ForEach(\Tags.tags, editable: "tag", newElement: { _ in "" }) { index, _ in
                    TextRow("Tag \(index + 1)", \.tags[index])
                }
            }
        }
        let app = App(root: FormScreen(form: form, store: StateStore(Tags()), mode: .edit))
        app.handle(.character("x"))
        let help = { (width: Int) in app.render(size: Size(width: width, height: 12)).lines.last ?? "" }
        #expect(
            help(80)
                == " Type to edit  Ins Add  ^D Delete  Alt-↓ Move down  ^S Save  Esc Cancel"
        )
        #expect(help(40) == " Ins Add  ^D Delete  ^S Save")
    }

    @Test("q on the root browse screen quits with status 0")
    func quitFromRoot() throws {
        let harness = Harness()
        try harness.play("esc")
        #expect(harness.helpLine.contains("q Quit"))
        #expect(harness.app.exitStatus == nil)
        try harness.play("q down")
        #expect(harness.app.exitStatus == 0)
        #expect(harness.app.stack.count == 1)
    }

    @Test("q in the editor is not quit")
    func qInEditor() throws {
        let harness = Harness()
        try harness.play("q")
        #expect(harness.app.exitStatus == nil)
        #expect(harness.app.stack.count == 2)
    }

    @Test("A snapshot step prints the frame as a transcript with its size and cursor")
    func snapshotTranscript() throws {
        var printed: [String] = []
        let harness = Harness(size: Size(width: 40, height: 8))
        let display = HeadlessDisplay(size: Size(width: 40, height: 8)) { printed.append($0) }
        _ = harness.app.run(
            display: display, input: ScriptInput(steps: try KeyScript.parse("snapshot down snapshot")))
        #expect(printed.count == 2)
        let first = printed[0].split(separator: "\n", omittingEmptySubsequences: false)
        #expect(first.first == "--- snapshot 1 (40x8, cursor 0,3) ---")
        #expect(first.count == 9)
        #expect(printed[1].hasPrefix("--- snapshot 2 (40x8, cursor 0,5) ---"))
        // Headless steps all wait at once: the first frame, then none until the script ends.
        #expect(display.framesPresented == 1)
    }
}
