import FormCore
import FormUI

/// The tests' name for the public `FormTester`: a form in an app, played headless, with the
/// helpers the project's own tests read the screen with. The one screen driver of the tests (the
/// list, array, screen and demo tests all use it).
///
/// ```swift
/// let driver = FormDriver(Settings(), form: settingsForm)
/// try driver.play("down space")
/// #expect(driver.focusedLine == "> Sounds …")
/// ```
package typealias FormDriver<State: Equatable> = FormTester<State>

extension FormTester {
    /// A form screen over `state` as the first screen, at 40x12 unless told.
    package convenience init(
        _ state: State, mode: FormMode = .edit, size: Size = Size(width: 40, height: 12), form: Form<State>
    ) {
        self.init(saved: state, size: size) { FormScreen(form: form, store: $0, mode: mode) }
    }

    /// The first screen, as the form screen it is.
    package var screen: FormScreen<State> { root as! FormScreen<State> }

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
