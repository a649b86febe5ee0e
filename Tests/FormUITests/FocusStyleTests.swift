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

@Suite("Focus: across the whole row, values on it in their own roles")
struct FocusStyleTests {
    @Test("A focused row is highlighted across its line; the marker and the value keep their roles")
    func acrossTheRow() {
        let cell = ToggleCell()
        cell.configure(ToggleContent(title: "Sounds", isOn: true), context: CellContext())
        let canvas = drawn(cell)
        let value = RowChrome.fieldColumn(in: Rect(x: 0, y: 0, width: 40, height: 1))
        #expect(canvas.line(0) == "> Sounds" + String(repeating: " ", count: value - 8) + "━━● On")
        #expect(focusedColumns(canvas, row: 0) == Array(0..<40))
        #expect(canvas[0, 0].style == Style(.marker, highlighted: true))
        #expect(canvas[value, 0].style == Style(.on, highlighted: true))
    }

    @Test("An unfocused row has nothing in the focus style; its value starts at the value column")
    func unfocused() {
        let cell = ValueCell()
        cell.configure(ValueContent(title: "Name", value: "Ada"), context: CellContext())
        let canvas = drawn(cell, highlighted: false)
        let value = RowChrome.fieldColumn(in: Rect(x: 0, y: 0, width: 40, height: 1))
        #expect(canvas.line(0) == "  Name" + String(repeating: " ", count: value - 6) + "Ada")
        #expect(focusedColumns(canvas, row: 0).isEmpty)
    }

    @Test("A focused disabled row is still marked, its title and value in the disabled role")
    func disabled() {
        let cell = ToggleCell()
        cell.configure(ToggleContent(title: "Sync", isOn: false), context: CellContext(isDisabled: true))
        let canvas = drawn(cell)
        #expect(canvas.line(0).hasPrefix("> Sync"))
        #expect(focusedColumns(canvas, row: 0) == Array(0..<40))
        #expect(canvas[2, 0].style == Style(.disabled, highlighted: true))
        let value = RowChrome.fieldColumn(in: Rect(x: 0, y: 0, width: 40, height: 1))
        #expect(canvas[value, 0].style == Style(.disabled, highlighted: true))
    }

    @Test("A check row: the box in its own role, the title after it")
    func check() {
        let cell = CheckCell()
        cell.configure(CheckContent(title: "Olives", isChecked: true), context: CellContext())
        let canvas = drawn(cell)
        #expect(canvas.line(0) == "> [✓] Olives")
        #expect(focusedColumns(canvas, row: 0) == Array(0..<40))
        #expect(canvas[2, 0].style == Style(.on, highlighted: true))
        #expect(canvas[6, 0].style == Style(.plain, highlighted: true))
    }

    @Test("A text field shows its box unfocused, and its caret while edited")
    func editing() throws {
        let cell = TextFieldCell()
        cell.configure(
            TextFieldContent(title: "Name", text: "Ada"),
            context: CellContext(editing: CellContext.Editing(text: "Ada L", caret: 5)))
        let canvas = drawn(cell)
        let field = RowChrome.fieldColumn(in: Rect(x: 0, y: 0, width: 40, height: 1))
        #expect(canvas[field, 0].character == "A")
        #expect(canvas[field, 0].style == Style(.field, highlighted: true))
        #expect(cell.caretColumn == field + 5)
        let unfocused = drawn(cell, highlighted: false)
        // The box runs from a column before the text to the right margin.
        #expect((field - 1..<40).allSatisfy { unfocused[$0, 0].style == Style(.field) })
        #expect(unfocused[field - 2, 0].style == .plain)
    }

    @Test("A title too long for the room before the value column pushes the field right, not cut")
    func longTitlePushesTheField() {
        let cell = TextFieldCell()
        cell.configure(
            TextFieldContent(title: "Wi-Fi Password", text: "secret"),
            context: CellContext(editing: CellContext.Editing(text: "secret", caret: 6)))
        // 40 columns: the value column is 16, the title needs 2 + 14 + 2; the field follows it.
        let narrow = drawn(cell, width: 40)
        #expect(narrow.line(0) == "> Wi-Fi Password  secret")
        #expect(narrow[18, 0].character == "s")
        #expect(narrow[17, 0].style == Style(.field, highlighted: true))
        #expect(narrow[16, 0].style == Style(.plain, highlighted: true))
        #expect(cell.caretColumn == 24)
        // 30 columns: the field keeps its twelve columns and the title gives way.
        let narrower = drawn(cell, width: 30)
        #expect(narrower.line(0).hasPrefix("> Wi-Fi Passwo…  secret"))
        #expect(narrower[29 - RowChrome.minimumFieldWidth, 0].character == "s")
        // Wide, a title that fits leaves the field at the value column, in line with the others.
        let wide = drawn(cell, width: 80)
        let field = RowChrome.fieldColumn(in: Rect(x: 0, y: 0, width: 80, height: 1))
        #expect(wide[field, 0].character == "s")
        #expect(wide.line(0).hasPrefix("> Wi-Fi Password" + String(repeating: " ", count: field - 16)))
    }

    @Test("A required row's title is marked")
    func required() {
        let cell = TextFieldCell()
        cell.configure(TextFieldContent(title: "Email", text: ""), context: CellContext(isRequired: true))
        let canvas = drawn(cell, highlighted: false)
        #expect(canvas.line(0).hasPrefix("  Email *"))
        #expect(canvas[8, 0].style == Style(.required))
    }

    @Test("A slider: highlighted across the row, the track in its roles")
    func slider() {
        let cell = SliderCell()
        cell.configure(
            SliderContent(title: "Volume", value: "50 %", valueWidth: 5, fraction: 0.5),
            context: CellContext())
        let canvas = drawn(cell, width: 60)
        #expect(canvas.line(0).hasPrefix("> Volume"))
        #expect(focusedColumns(canvas, row: 0) == Array(0..<60))
        let bar = RowChrome.fieldColumn(in: Rect(x: 0, y: 0, width: 60, height: 1))
        #expect(canvas[bar, 0].style == Style(.on, highlighted: true))
    }

    @Test("Color themes paint focus on a background; the monochrome one reverses it, bold")
    func themes() {
        #expect(Theme.monochrome.focus == [.reverse, .bold])
        let focused = Style(.plain, highlighted: true)
        #expect(ANSIText.sgr(for: focused, theme: .dark) == "\u{1B}[0;1;48;5;237m")
        #expect(ANSIText.sgr(for: focused, theme: .classic) == "\u{1B}[0;7m")
        #expect(ANSIText.sgr(for: focused, theme: .monochrome) == "\u{1B}[0;1;7m")
        #expect(
            ANSIText.sgr(for: Style(.disabled, highlighted: true), theme: .monochrome) == "\u{1B}[0;1;2;7m")
        #expect(Theme.monochrome.look(of: Style(.plain)).attributes.isEmpty)
    }

    @Test("The SVG paints the focused row's background across the readable line")
    func svg() {
        let cell = ValueCell()
        cell.configure(ValueContent(title: "Name", value: "Ada"), context: CellContext())
        let svg = SVGImage.render(drawn(cell, width: 20), theme: .dark)
        let rectangles = svg.split(separator: "\n").filter { $0.hasPrefix("<rect x=") }
        #expect(rectangles.count == 1)
        #expect(rectangles.first?.contains("width=\"180\"") == true)
        #expect(rectangles.first?.contains("fill=\"#3a3a3a\"") == true)
    }

    @Test("A literal color shows where the theme shows colors, and its fallback role where not")
    func literalColor() {
        let style = Style(color: .palette(208), fallback: .value)
        #expect(style.role == .value)
        #expect(style.literalColor == .palette(208))
        #expect(Theme.dark.look(of: style).foreground == .palette(208))
        #expect(Theme.monochrome.look(of: style) == Theme.monochrome.look(for: .value))
        #expect(ANSIText.sgr(for: style, theme: .light) == "\u{1B}[0;38;5;208m")
        #expect(Theme.Color.rgb(0xFF, 0x87, 0x00) == .palette(208))
        #expect(MemoryLayout<CanvasCell>.size == 8, "a cell stays eight bytes")
    }
}
