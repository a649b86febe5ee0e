import FormCore
import FormTestSupport
import Testing

@testable import FormUI

@Suite("Numeric rows on a form screen: numbers typed, steppers and sliders")
struct NumericRowsTests {
    struct Booking: Equatable {
        var age: Int? = nil
        var offset: Int? = nil
        var guests = 2
        var volume = 50
        var price = 2.5
    }

    /// The form under test, driven by keys through the shared `FormDriver`.
    static func session(size: Size = Size(width: 60, height: 14)) -> FormDriver<Booking> {
        let form = Form<Booking>(title: "Booking") {
            Section {
                NumberRow("Age", \.age, min: 0, max: 150)
                NumberRow("Offset", \.offset)
                StepperRow("Guests", \.guests, in: 1...10)
                SliderRow("Volume", \.volume, in: 0...100, step: 5, format: { "\($0) %" })
                NumberRow("Price", \.price, min: 0, fractionDigits: 2)
            }
        }
        return FormDriver(Booking(), size: size, form: form)
    }

    @Test(
        "a paste loses the spaces and line break around it; one with a refused character goes in not at all")
    func pasteIsTrimmedOrRefusedAndSaid() throws {
        let session = Self.session()
        session.press(.paste("4\n"))
        #expect(session.screen.draft.value.age == 4)
        session.press(.control("u"), .paste("  42 \r\n"))
        #expect(session.screen.draft.value.age == 42)
        #expect(!session.helpLine.contains("Not pasted"))
        // Refused whole, as the message says, and the refused character named.
        session.press(.paste("4a\n"))
        #expect(session.screen.draft.value.age == 42)
        #expect(
            session.helpLine.contains("Not pasted: “4a” (“a” is not taken). Digits only."),
            "\(session.helpLine)")
        // A decimal: each character would do, the text would not; the paste is named.
        try session.play("down*4")
        session.press(.control("u"), .paste("1.2.3"))
        #expect(session.helpLine.contains("Not pasted: “1.2.3”."), "\(session.helpLine)")
        session.press(.paste(" 9.75\n"))
        #expect(session.screen.draft.value.price == 9.75)
    }

    @Test("a paste into a text row loses its line breaks around it, and keeps its spaces")
    func pasteIntoTextKeepsSpaces() throws {
        struct Person: Equatable { var name = "" }
        let driver = FormDriver(
            Person(), form: Form<Person>(title: "P") { Section { TextRow("Name", \.name) } })
        driver.press(.paste("\n Ada Lovelace\n"))
        #expect(driver.screen.draft.value.name == " Ada Lovelace")
    }

    @Test("letters typed into a number are refused, and the help line says what it takes")
    func lettersRefused() throws {
        let session = Self.session()
        try session.play("\"4\"")
        try session.play("\"a\"")
        #expect(session.helpLine.contains("Digits only."))
        try session.play("\"2\" \"-\" paste \"1x\"")
        #expect(session.helpLine.contains("Digits only."))
        #expect(session.screen.draft.value.age == 42)
        #expect(session.focusedLine?.contains("Age") == true)
        #expect(session.focusedLine?.contains("42") == true)
        #expect(session.screen.messages.isEmpty)
    }

    @Test("a second point is refused in a decimal; the stored value shows without noise")
    func decimalPoint() throws {
        let session = Self.session()
        try session.play("down down down down end \"5\"")
        #expect(session.screen.draft.value.price == 2.55)
        try session.play("\".\"")
        #expect(session.helpLine.contains("A number: digits, one point."))
        try session.play("ctrl-u \"0.1\"")
        #expect(session.screen.draft.value.price == 0.1)
        try session.play("up")
        #expect(session.lines.contains { $0.contains("Price") && $0.contains("0.1") })
    }

    @Test("a lone minus shows its message under the row until a digit follows")
    func minusMessage() throws {
        let session = Self.session()
        try session.play("down \"-\"")
        #expect(session.line(after: "Offset")?.contains("! Not a number yet.") == true)
        #expect(session.screen.draft.value.offset == nil)
        try session.play("\"7\"")
        #expect(session.line(after: "Offset")?.contains("Not a number yet.") == false)
        #expect(session.screen.draft.value.offset == -7)
        try session.play("backspace")
        #expect(session.line(after: "Offset")?.contains("! Not a number yet.") == true)
        // The emptied number stands while the text cannot: the optional holds nil.
        #expect(session.screen.draft.value.offset == nil)
    }

    @Test("a number not finished stops a save, as one out of range does")
    func incompleteRefusesSave() throws {
        let session = Self.session()
        try session.play("down \"-\" ctrl-s")
        #expect(session.app.stack.count == 1)
        #expect(session.helpLine.contains("Not saved: One row needs attention."))
        #expect(session.store.value == Booking())
    }

    @Test("Ctrl-S with a number out of range refuses, marks the row, and focuses it")
    func outOfRange() throws {
        let session = Self.session()
        try session.play("\"200\" down down ctrl-s")
        #expect(session.store.value == Booking())
        #expect(session.app.stack.count == 1)
        #expect(session.line(after: "Age")?.contains("! Between 0 and 150.") == true)
        #expect(session.helpLine.contains("Not saved: One row needs attention."))
        #expect(session.focusedLine?.contains("Age") == true)
        try session.play("backspace backspace")
        #expect(session.line(after: "Age")?.contains("Between") == false)
        try session.play("ctrl-s")
        #expect(session.store.value.age == 2)
    }

    @Test("a number too large to store is refused with the range, and the save with it")
    func huge() throws {
        let session = Self.session()
        try session.play("\"99999999999999999999\"")
        #expect(session.line(after: "Age")?.contains("! Between 0 and 150.") == true)
        #expect(session.screen.draft.value.age == nil)
        try session.play("ctrl-s")
        #expect(session.app.stack.count == 1)
    }

    @Test("a stepper moves with ←/→ and -/+, clamps, and dims the spent sign")
    func stepper() throws {
        let session = Self.session()
        try session.play("down down")
        #expect(session.helpLine.contains("←→ Adjust"))
        #expect(session.focusedLine?.hasSuffix("−  2 +") == true)
        try session.play("right + +")
        #expect(session.screen.draft.value.guests == 5)
        try session.play("left - - - - - -")
        #expect(session.screen.draft.value.guests == 1)
        let canvas = session.canvas
        let y = try #require(canvas.cursor?.y)
        let line = canvas.line(y)
        let minus = try #require(line.lastIndex(of: "−"))
        let plus = try #require(line.lastIndex(of: "+"))
        let minusX = line.distance(from: line.startIndex, to: minus)
        let plusX = line.distance(from: line.startIndex, to: plus)
        #expect(canvas[minusX, y].style.role == .disabled)
        #expect(canvas[plusX, y].style.role == .marker)
        #expect(session.focusedLine?.hasSuffix("−  1 +") == true)
    }

    @Test("a slider moves a step with the arrows and a tenth with PgUp/PgDn and Shift-arrows")
    func slider() throws {
        let session = Self.session()
        try session.play("down down down")
        #expect(session.helpLine.contains("←→ Adjust"))
        try session.play("pgup")
        #expect(session.screen.draft.value.volume == 60)
        #expect(session.focusedLine?.contains("Volume") == true)
        try session.play("pgdn pgdn right")
        #expect(session.screen.draft.value.volume == 45)
        session.app.handle(.modified(.right, .shift))
        #expect(session.screen.draft.value.volume == 55)
        session.app.handle(.modified(.left, .shift))
        session.app.handle(.modified(.left, .shift))
        #expect(session.screen.draft.value.volume == 35)
        #expect(session.focusedLine?.hasSuffix("●  35 %") == false)
        #expect(session.focusedLine?.contains("─  35 %") == true)
        try session.play("pgup*20")
        #expect(session.screen.draft.value.volume == 100)
        #expect(session.focusedLine?.contains("━● 100 %") == true)
    }

    @Test("the help line lists the tenth steps when there is room")
    func sliderHelp() throws {
        let session = Self.session(size: Size(width: 100, height: 14))
        try session.play("down down down")
        #expect(session.helpLine.contains("←→ Adjust"))
        #expect(session.helpLine.contains("Shift-←→ By tenths"))
    }
}

@Suite("Numeric cells at any width")
struct NumericCellTests {
    static let sizes = [(0, 0), (1, 1), (2, 1), (12, 1), (40, 1), (80, 1)]

    /// Draws `cell` in a frame of `width`×`height` inside a canvas of `#`, and says whether
    /// anything outside the frame changed; returns the frame's line.
    static func draw(_ cell: some TableCell, width: Int, height: Int, highlighted: Bool) -> (
        line: String, outside: Bool
    ) {
        var canvas = Canvas(size: Size(width: width + 6, height: height + 4))
        for y in 0..<canvas.size.height {
            canvas.write(String(repeating: "#", count: canvas.size.width), at: Point(x: 0, y: y))
        }
        let before = canvas.lines
        let frame = Rect(x: 3, y: 2, width: width, height: height)
        cell.draw(in: &canvas, frame: frame, highlighted: highlighted)
        var outside = false
        for (y, line) in canvas.lines.enumerated() {
            for (x, character) in line.enumerated()
            where !(frame.minX..<frame.maxX ~= x && frame.minY..<frame.maxY ~= y) {
                if character != Array(before[y])[x] { outside = true }
            }
        }
        let line = height > 0 ? String(canvas.lines[2].dropFirst(3).prefix(width)) : ""
        return (line, outside)
    }

    static func cells() -> [(String, TableCell)] {
        let number = TextFieldCell()
        number.configure(TextFieldContent(title: "Age", text: "42"), context: CellContext())
        let stepper = StepperCell()
        stepper.configure(
            StepperContent(
                title: "Guests", value: "3", valueWidth: 2, canDecrement: true, canIncrement: true),
            context: CellContext())
        let slider = SliderCell()
        slider.configure(
            SliderContent(title: "Volume", value: "70 %", valueWidth: 5, fraction: 0.7),
            context: CellContext())
        return [("number", number), ("stepper", stepper), ("slider", slider)]
    }

    @Test("no cell draws outside its frame, highlighted or not", arguments: sizes)
    func stayInside(size: (Int, Int)) {
        for (name, cell) in Self.cells() {
            for highlighted in [false, true] {
                let drawn = Self.draw(cell, width: size.0, height: size.1, highlighted: highlighted)
                #expect(!drawn.outside, "\(name) at \(size.0)x\(size.1) drew outside its frame")
            }
        }
    }

    @Test("a number being edited shows its text and caret even on a narrow line")
    func numberEditing() {
        let cell = TextFieldCell()
        cell.configure(
            TextFieldContent(title: "Age", text: "42"),
            context: CellContext(editing: .init(text: "-", caret: 1)))
        let drawn = Self.draw(cell, width: 12, height: 1, highlighted: true)
        #expect(!drawn.outside)
        #expect(drawn.line.contains("-"))
    }

    @Test("a stepper reads `title ... - n +` and keeps its signs in place")
    func stepperLines() {
        let cell = StepperCell()
        cell.configure(
            StepperContent(
                title: "Guests", value: "3", valueWidth: 2, canDecrement: false, canIncrement: true),
            context: CellContext())
        #expect(
            Self.draw(cell, width: 40, height: 1, highlighted: false).line
                == "  Guests        −  3 +                  ")
        #expect(Self.draw(cell, width: 12, height: 1, highlighted: true).line == "> G… −  3 + ")
    }

    @Test("a slider shows bar and value at 40 and 80 columns; narrower, the bar goes and the value stays")
    func sliderLines() {
        let cell = SliderCell()
        cell.configure(
            SliderContent(title: "Volume", value: "70 %", valueWidth: 5, fraction: 0.7),
            context: CellContext())
        let at40 = Self.draw(cell, width: 40, height: 1, highlighted: false).line
        #expect(at40 == "  Volume        ━━━━━━━━━━━●─────  70 % ")
        let at80 = Self.draw(cell, width: 80, height: 1, highlighted: true).line
        // At most 24 cells of track, then the value: it does not run to the edge.
        #expect(at80.hasPrefix("> Volume                        ━━━━━━━━━━━━━━━━●───────  70 %"))
        let at24 = Self.draw(cell, width: 24, height: 1, highlighted: false).line
        #expect(at24.contains("●") && at24.hasSuffix("  70 % "))
        let at12 = Self.draw(cell, width: 12, height: 1, highlighted: false).line
        #expect(at12 == "  Vo…  70 % ")
        #expect(!at12.contains("●"))
    }

    @Test("the bar is empty at the bottom, full at the top, whatever the fraction says")
    func sliderEnds() {
        let cell = SliderCell()
        for (fraction, filled) in [(0.0, 0), (-3, 0), (Double.nan, 0), (1, 16), (7, 16)] {
            cell.configure(
                SliderContent(title: "V", value: "1", valueWidth: 5, fraction: fraction),
                context: CellContext())
            let line = Self.draw(cell, width: 40, height: 1, highlighted: false).line
            #expect(line.filter { $0 == "━" }.count == filled, "\(fraction)")
            #expect(line.filter { $0 == "●" }.count == 1, "\(fraction)")
        }
    }
}
