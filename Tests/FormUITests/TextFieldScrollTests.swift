import FormCore
import Testing

@testable import FormUI

/// A focused text value longer than its field scrolls to keep the caret in view, and says where
/// it is cut: a "…" at each edge where the text goes on, as the value at rest ends in one, so
/// that "hatchling>=1.18" scrolled by a character never reads as "atchling>=1.18".
@Suite("Text fields: a scrolled value is marked where it is cut, the caret in view")
struct TextFieldScrollTests {
    struct Build: Equatable {
        var requirement = "hatchling>=1.18"
        var word = "日本語のテキストをここに書く"
        var backend = "hatchling.build:main:backend"
    }

    static func app() -> App {
        App(
            root: FormScreen(
                form: Form<Build>(title: "Build") {
                    Section {
                        TextRow("Build requirement 1.", \.requirement)
                        TextRow("Word", \.word)
                        TextRow("Build backend", \.backend)
                    }
                }, store: StateStore(Build()), mode: .edit))
    }

    /// The focused row's line at 40x12, and the cursor's column (the caret).
    static func focusedLine(_ app: App) throws -> (line: String, caret: Int) {
        let canvas = app.render(size: Size(width: 40, height: 12))
        let cursor = try #require(canvas.cursor)
        return (canvas.lines[cursor.y], cursor.x)
    }

    /// The focused field's text, from its first column (24 at 40 columns, after the titles).
    static func field(_ line: String) -> String { String(Array(line).dropFirst(24)) }

    @Test(
        "At 40x12 a value exactly as wide as its field shows whole, the caret after it in the box; a column more shows the tail after a …"
    )
    func exactlyAsWideAndOneColumnTooLong() throws {
        let app = Self.app()
        var (line, caret) = try Self.focusedLine(app)
        #expect(line == "> Build requirement 1.  hatchling>=1.18", "\(line)")
        #expect(caret == 39, "in the box's column after the field")
        app.handle(.home)
        (line, caret) = try Self.focusedLine(app)
        #expect(Self.field(line) == "hatchling>=1.18", "\(line)")
        #expect(caret == 24)
        app.handle(.end)
        app.handle(.character("0"))
        (line, caret) = try Self.focusedLine(app)
        #expect(line == "> Build requirement 1.  …chling>=1.180", "\(line)")
        #expect(caret == 38)
        app.handle(.backspace)
        (line, caret) = try Self.focusedLine(app)
        #expect(Self.field(line) == "hatchling>=1.18", "whole again: \(line)")
        #expect(caret == 39)
    }

    @Test(
        "At 40x12 a long value: Home shows its head before a …, the middle both marks, the caret on its character"
    )
    func bothEdges() throws {
        let app = Self.app()
        app.handle(.down)
        app.handle(.down)
        var (line, caret) = try Self.focusedLine(app)
        #expect(Self.field(line) == "…:main:backend", "\(line)")
        #expect(caret == 38)
        app.handle(.home)
        (line, caret) = try Self.focusedLine(app)
        #expect(Self.field(line) == "hatchling.buil…", "\(line)")
        #expect(caret == 24)
        for _ in 0..<20 { app.handle(.right) }
        (line, caret) = try Self.focusedLine(app)
        #expect(Self.field(line) == "…g.build:main:…", "\(line)")
        #expect(Array(line)[caret] == ":", "the caret is on the character it edits, not on a mark")
    }

    @Test("Wide characters scroll by their columns, marked the same way")
    func wideCharacters() throws {
        let app = Self.app()
        app.handle(.down)
        let (line, caret) = try Self.focusedLine(app)
        #expect(Self.field(line) == "…をここに書く", "\(line)")
        #expect(caret == 37, "the caret after the last wide character; the column left is too narrow for one")
    }

    /// Where the caret of a window falls, in columns from the field's start.
    static func caretColumn(_ window: TextFieldCell.Window, widths: [Int], caret: Int) -> Int {
        (window.cutBefore ? 1 : 0) + widths[window.first..<caret].reduce(0, +)
    }

    @Test(
        "Every text up to 12 characters in fields of 3 to 12 columns: the caret in view, on no mark, and marks exactly where text is cut"
    )
    func everyWindowKeepsTheCaretAndMarksTheCuts() {
        for width in 3...12 {
            for count in 0...12 {
                for caret in 0...count {
                    let widths = Array(repeating: 1, count: count)
                    let window = TextFieldCell.window(count: count, caret: caret, width: width)
                    let context = "count \(count), caret \(caret), width \(width): \(window)"
                    #expect(
                        window == TextFieldCell.window(of: widths, caret: caret, width: width), "\(context)")
                    let column = Self.caretColumn(window, widths: widths, caret: caret)
                    let used = (window.cutBefore ? 1 : 0) + window.count + (window.cutAfter ? 1 : 0)
                    #expect(used <= width, "\(context)")
                    // Past the end of a text that fits, the caret is in the box's column after the field.
                    let whole = window.count == count && !window.cutBefore
                    #expect(
                        column < width - (window.cutAfter ? 1 : 0) || whole && column == width, "\(context)")
                    #expect(whole == (count <= width), "a text that fits is shown whole: \(context)")
                    #expect(caret >= window.first && caret <= window.first + window.count, "\(context)")
                    #expect(window.cutBefore == (window.first > 0), "\(context)")
                    #expect(window.cutAfter == (window.first + window.count < count), "\(context)")
                }
            }
        }
    }
}
