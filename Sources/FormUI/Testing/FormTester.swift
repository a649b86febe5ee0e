import FormCore

/// Drives a form headless, as a test does: keys or a key script in; the screen as text, the
/// draft and the result out. No terminal, no files: what a person would see, as lines of text.
///
/// ```swift
/// let tester = FormTester(form, state: Hotspot(), size: Size(width: 40, height: 12))
/// try tester.play("space down enter \"secret-pass\" enter")  // on; type a password, keep it
/// #expect(tester.draft.password == "secret-pass")
/// #expect(tester.lines.contains { $0.contains("Wi-Fi Password") })
/// #expect(try tester.play("ctrl-s") == .saved(tester.saved))
/// ```
///
/// A key script is the text `formtui --script` plays (key names, `"quoted text"`, `down*3`,
/// `resize 100x30`, `snapshot`): see the README's "Key scripts". Each `snapshot` in it keeps the
/// screen as a transcript in `snapshots`.
///
/// Not `Sendable`: make it, drive it and read it in one task (a `@Test` function).
public final class FormTester<State: Equatable> {
    /// The committed state: what the form saved, through `persist`.
    package let store: StateStore<State>
    package let app: App
    package let display: HeadlessDisplay
    /// The first screen.
    package let root: Screen
    private let box = Snapshots()

    /// A tester of `form`, editing `state` (what the form opens with) on a screen of `size`.
    ///
    /// - Parameters:
    ///   - form: the form to drive.
    ///   - state: the state it opens with, as saved.
    ///   - size: the screen's columns and rows.
    ///   - keyMap: the keys, as `Form.run` takes them.
    ///   - persist: runs at each save with the state being saved; a throw refuses the save and
    ///     the form shows the error, as a failed file write does.
    public convenience init(
        _ form: Form<State>, state: State, size: Size = Size(width: 80, height: 24),
        keyMap: KeyMap = .standard,
        persist: @escaping (State) throws -> Void = { _ in }
    ) {
        self.init(saved: state, size: size, persist: persist) {
            FormScreen(form: form, store: $0, mode: .edit, keyMap: keyMap)
        }
    }

    /// An app whose first screen `root` makes over a store of `saved` (a summary screen, a form
    /// in `.browse` mode): how the project's tests drive its demos.
    package init(
        saved: State, size: Size, persist: @escaping (State) throws -> Void = { _ in },
        root: (StateStore<State>) -> Screen
    ) {
        store = StateStore(saved, persist: persist)
        self.root = root(store)
        app = App(root: self.root)
        let box = self.box
        display = HeadlessDisplay(size: size) { box.snapshots.append($0) }
    }

    // MARK: Keys

    /// Plays a key script through the app's run loop, as a terminal's keys would come, to its
    /// end or until the form is left. Answers `result`.
    ///
    /// - Throws: the script's mistake (its line and column), before any key is played.
    @discardableResult
    public func play(_ script: String) throws -> FormResult<State>? {
        _ = app.run(display: display, input: ScriptInput(steps: try KeyScript.parse(script)))
        return result
    }

    /// Presses keys, one after the other, each handled as the terminal's would be (no frame is
    /// drawn between them), each after the screen settled as a script's keys are.
    public func press(_ keys: Key...) {
        for key in keys {
            app.settle()
            app.handle(key)
        }
        app.settle()
    }

    /// Types `text`, one character key at a time, as `press` does.
    public func type(_ text: String) {
        for character in text {
            app.settle()
            app.handle(.character(character))
        }
        app.settle()
    }

    // MARK: What it shows

    /// The size the screen is drawn at (a script's `resize` changes it too).
    public var size: Size {
        get { display.size }
        set { display.resize(to: newValue) }
    }

    /// The screen now, one string a line, trailing blanks trimmed: the title bar first, the help
    /// line (or a message in its place) last.
    public var lines: [String] { canvas.lines }
    /// The screen now, as one text.
    public var text: String { canvas.text }
    /// The screen now as a transcript: a header with its size and cursor, then the lines.
    public var transcript: String { HeadlessDisplay.transcript(of: canvas, number: 0) }
    /// The screens a script's `snapshot`s took, as transcripts, in order.
    public var snapshots: [String] { box.snapshots }
    /// The screen now, with its styles and cursor.
    public var canvas: Canvas { app.render(size: display.size) }

    // MARK: What it holds

    /// The state being edited: the draft of the form on top that edits the committed state, or
    /// that state when no form edits it now (before a form opens, after it was left).
    public var draft: State {
        for screen in app.stack.reversed() {
            if let form = screen as? FormScreen<State>, form.store === store { return form.draft.value }
        }
        return store.value
    }

    /// The committed state: the one it started with, until the form saves.
    public var saved: State { store.value }

    /// How the run ended; nil while the form is open.
    public var result: FormResult<State>? {
        guard let status = app.exitStatus else { return nil }
        let form = root as? FormScreen<State>
        return FormResult(status: status, didSave: form?.didSave ?? false, saved: store.value)
    }
}

private final class Snapshots {
    var snapshots: [String] = []
}
