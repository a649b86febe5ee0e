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

    /// The bottom line: the help, or a message in its place.
    var helpLine: String { lines.last ?? "" }

    /// The line under the row titled `title` (its message, if it has one).
    func line(after title: String) -> String? {
        let lines = self.lines
        guard let index = lines.firstIndex(where: { $0.dropFirst(2).hasPrefix(title + " ") }),
            index + 1 < lines.count
        else { return nil }
        return lines[index + 1]
    }

    /// Whether a line starts with `start` and ends with `end`.
    func hasLine(_ start: String, _ end: String = "") -> Bool {
        lines.contains { $0.hasPrefix(start) && $0.hasSuffix(end) }
    }
}

/// A drawing into a frame of `size` inside a border of `#`, to check that a cell stays in its frame.
struct FramedDrawing {
    /// Cells outside the frame that the drawing changed.
    var strayCells: [Point] = []
    /// The frame's first line with the border on either side.
    var line: String

    init(_ size: Size, draw: (inout Canvas, Rect) -> Void) {
        let frame = Rect(x: 2, y: 1, width: size.width, height: size.height)
        var canvas = Canvas(size: Size(width: size.width + 4, height: size.height + 2))
        for y in 0..<canvas.size.height {
            canvas.write(String(repeating: "#", count: canvas.size.width), at: Point(x: 0, y: y))
        }
        for y in frame.minY..<frame.maxY {
            canvas.fill(row: y, from: frame.minX, width: frame.width, style: .plain)
        }
        let before = canvas
        draw(&canvas, frame)
        for y in 0..<canvas.size.height {
            for x in 0..<canvas.size.width where canvas[x, y] != before[x, y] {
                let inside = (frame.minX..<frame.maxX).contains(x) && (frame.minY..<frame.maxY).contains(y)
                if !inside { strayCells.append(Point(x: x, y: y)) }
            }
        }
        line = canvas.line(1)
    }
}
