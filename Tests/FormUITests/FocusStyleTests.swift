import FormCore
import FormUI
import Testing

/// The columns of row `y` whose cells are in the focus style.
private func focusedColumns(_ canvas: Canvas, row y: Int) -> [Int] {
    (0..<canvas.size.width).filter { canvas[$0, y].style.highlighted }
}

private func drawn(_ cell: some TableCell, width: Int = 40, highlighted: Bool = true) -> Canvas {
    var canvas = Canvas(size: Size(width: width, height: 1))
    cell.draw(in: &canvas, frame: Rect(x: 0, y: 0, width: width, height: 1), highlighted: highlighted)
    return canvas
}

@Suite("Focus: the marker and the title, not a bar across the row")
struct FocusStyleTests {
    @Test("A focused row marks the marker, the gap and the title; the value keeps its own look")
    func markerAndTitle() {
        let cell = ToggleCell()
        cell.configure(ToggleContent(title: "Sounds", isOn: true), context: CellContext())
        let canvas = drawn(cell)
        #expect(canvas.line(0) == "> Sounds" + String(repeating: " ", count: 24) + "[x] On")
        #expect(focusedColumns(canvas, row: 0) == Array(0..<8))
        let value = canvas.line(0).count - "[x] On".count
        #expect(canvas[value, 0].style == Style(.on))
        #expect(canvas[39, 0].style == .plain, "no bar to the edge")
    }

    @Test("An unfocused row has nothing in the focus style")
    func unfocused() {
        let cell = ValueCell()
        cell.configure(ValueContent(title: "Name", value: "Ada"), context: CellContext())
        let canvas = drawn(cell, highlighted: false)
        #expect(canvas.line(0) == "  Name                              Ada")
        #expect(focusedColumns(canvas, row: 0).isEmpty)
    }

    @Test("A focused disabled row is still marked: dim and in the focus style")
    func disabled() {
        let cell = ToggleCell()
        cell.configure(ToggleContent(title: "Sync", isOn: false), context: CellContext(isDisabled: true))
        let canvas = drawn(cell)
        #expect(focusedColumns(canvas, row: 0) == Array(0..<6))
        #expect(canvas[2, 0].style == Style(.disabled, highlighted: true))
        #expect(canvas[39 - "[ ] Off".count, 0].style == Style(.disabled))
    }

    @Test("A check row: the box keeps its look, the title after it is in the focus style")
    func check() {
        let cell = CheckCell()
        cell.configure(CheckContent(title: "Olives", isChecked: true), context: CellContext())
        let canvas = drawn(cell)
        #expect(canvas.line(0) == "> [x] Olives")
        #expect(focusedColumns(canvas, row: 0) == [0] + Array(6..<12))
        #expect(canvas[2, 0].style == Style(.on))
    }

    @Test("A text being edited shows its caret and its own look; only the title is in the focus style")
    func editing() throws {
        let cell = TextFieldCell()
        cell.configure(
            TextFieldContent(title: "Name", text: "Ada"),
            context: CellContext(editing: CellContext.Editing(text: "Ada L", caret: 5)))
        let canvas = drawn(cell)
        #expect(focusedColumns(canvas, row: 0) == Array(0..<6))
        let field = RowChrome.fieldColumn(in: Rect(x: 0, y: 0, width: 40, height: 1))
        #expect(canvas[field, 0].character == "A")
        #expect(canvas[field, 0].style == Style(.value))
        #expect(cell.caretColumn == field + 5)
    }

    @Test("A slider: the title in the focus style, the bar and the value as they are")
    func slider() {
        let cell = SliderCell()
        cell.configure(
            SliderContent(title: "Volume", value: "50 %", valueWidth: 5, fraction: 0.5),
            context: CellContext())
        let canvas = drawn(cell, width: 60)
        #expect(canvas.line(0).hasPrefix("> Volume"))
        #expect(focusedColumns(canvas, row: 0) == Array(0..<8))
    }

    @Test("The monochrome theme makes focus bold as well as reversed; the standard one reverses it")
    func themes() {
        #expect(Theme.standard.focus == .reverse)
        #expect(Theme.monochrome.focus == [.reverse, .bold])
        let focused = Style(.plain, highlighted: true)
        #expect(ANSIText.sgr(for: focused, theme: .standard) == "\u{1B}[0;7m")
        #expect(ANSIText.sgr(for: focused, theme: .monochrome) == "\u{1B}[0;1;7m")
        #expect(
            ANSIText.sgr(for: Style(.disabled, highlighted: true), theme: .monochrome) == "\u{1B}[0;1;2;7m")
        #expect(Theme.monochrome.look(of: Style(.plain)).attributes.isEmpty)
    }

    @Test("The SVG shows the focused title reversed and the rest of its line not")
    func svg() {
        let cell = ValueCell()
        cell.configure(ValueContent(title: "Name", value: "Ada"), context: CellContext())
        let svg = SVGImage.render(drawn(cell, width: 20), theme: .standard)
        // One rectangle behind "> Name" (six cells), in the text's color: the reverse of the text.
        let rectangles = svg.split(separator: "\n").filter { $0.hasPrefix("<rect x=") }
        #expect(rectangles.count == 1)
        #expect(rectangles.first?.contains("width=\"54\"") == true)
        #expect(
            rectangles.first?.contains("fill=\"\(SVGImage.color(.terminalDefault, background: false))\"")
                == true)
    }
}
