import FormCore

@testable import FormUI

/// A form screen in an app, driven by keys and read back as text, for the list and array tests.
final class ScreenSession<State: Equatable> {
    let store: StateStore<State>
    let app: App
    let screen: FormScreen<State>
    var size: Size

    init(
        _ state: State, mode: FormScreen<State>.Mode = .edit, size: Size = Size(width: 40, height: 12),
        form: Form<State>
    ) {
        store = StateStore(state)
        screen = FormScreen(form: form, store: store, mode: mode)
        app = App(root: screen)
        self.size = size
    }

    func play(_ script: String) throws {
        for step in try KeyScript.parse(script) {
            if case .key(let key) = step { app.handle(key) }
        }
    }

    func press(_ keys: Key...) {
        for key in keys { app.handle(key) }
    }

    var canvas: Canvas { app.render(size: size) }
    var lines: [String] { canvas.lines }
    var text: String { canvas.text }
    /// The line the terminal cursor is on: the focused row's.
    var focusedLine: String? {
        let canvas = self.canvas
        return canvas.cursor.map { canvas.line($0.y) }
    }
    /// The screen on top: a pushed list, a question.
    var top: Screen { app.stack.last! }
    /// The help line's items for the top screen, as `key action`.
    var help: [String] {
        top.helpItems(isRoot: app.stack.count == 1).map { "\($0.key) \($0.action)" }
    }

    /// Whether a line starts with `start` and ends with `end`.
    func hasLine(_ start: String, _ end: String = "") -> Bool {
        lines.contains { $0.hasPrefix(start) && $0.hasSuffix(end) }
    }
}
