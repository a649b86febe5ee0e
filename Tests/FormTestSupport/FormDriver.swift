import FormCore
import FormUI

/// A form in an app, played headless: keys and key scripts in, the screen as text and the state
/// out. The one screen driver of the tests (the list, array, screen and demo tests all use it).
///
/// ```swift
/// let driver = FormDriver(Settings(), form: settingsForm)
/// try driver.play("down space")
/// #expect(driver.focusedLine == "> Sounds …")
/// ```
package final class FormDriver<State: Equatable> {
    package let store: StateStore<State>
    package let app: App
    package let display: HeadlessDisplay
    /// The first screen.
    package let root: Screen
    private let box = SnapshotBox()

    /// A form screen over `state` as the first screen.
    package convenience init(
        _ state: State, mode: FormMode = .edit, size: Size = Size(width: 40, height: 12), form: Form<State>
    ) {
        self.init(saved: state, size: size) { FormScreen(form: form, store: $0, mode: mode) }
    }

    /// The screen `root` makes over a store of `saved`, whose writes go to `persist`.
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

    /// The first screen, as the form screen it is.
    package var screen: FormScreen<State> { root as! FormScreen<State> }

    /// The size the screen is drawn at (a script's `resize` changes it too).
    package var size: Size {
        get { display.size }
        set { display.resize(to: newValue) }
    }

    /// Plays `script` through the app's run loop, as a terminal's keys would be, to its end or
    /// until the app quits; keeps its snapshots. Answers the exit status.
    @discardableResult
    package func play(_ script: String) throws -> Int32 {
        app.run(display: display, input: ScriptInput(steps: try KeyScript.parse(script)))
    }

    package func press(_ keys: Key...) {
        for key in keys { app.handle(key) }
    }

    /// The `snapshot`s taken so far, as transcripts.
    package var snapshots: [String] { box.snapshots }

    package var canvas: Canvas { app.render(size: display.size) }
    package var lines: [String] { canvas.lines }
    package var text: String { canvas.text }
    /// The current screen as a transcript, without playing anything.
    package var transcript: String { HeadlessDisplay.transcript(of: canvas, number: 0) }
    package var titleBar: String { lines.first ?? "" }
    /// The bottom line: the help, or a message in its place.
    package var helpLine: String { lines.last ?? "" }
    /// The line the terminal cursor is on: the focused row's.
    package var focusedLine: String? {
        let canvas = self.canvas
        return canvas.cursor.map { canvas.line($0.y) }
    }
    /// The screen on top: a pushed list, a question.
    package var top: Screen { app.top }
    /// The help line's items for the top screen, as `key action`.
    package var help: [String] {
        top.helpItems(isRoot: app.isAtRoot).map { "\($0.key) \($0.action)" }
    }

    /// The line under the row titled `title` (its message, if it has one).
    package func line(after title: String) -> String? {
        let lines = self.lines
        guard let index = lines.firstIndex(where: { $0.dropFirst(2).hasPrefix(title + " ") }),
            index + 1 < lines.count
        else { return nil }
        return lines[index + 1]
    }

    /// Whether a line starts with `start` and ends with `end`.
    package func hasLine(_ start: String, _ end: String = "") -> Bool {
        lines.contains { $0.hasPrefix(start) && $0.hasSuffix(end) }
    }
}

private final class SnapshotBox {
    var snapshots: [String] = []
}
