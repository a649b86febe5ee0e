import FormCore
import FormTestSupport
import Testing

@testable import FormUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

@Suite("Picker rows on a form screen: wheels below the row, segments in it")
struct PickerTests {
    struct Plan: Equatable {
        enum Theme: String, CustomStringConvertible {
            case light, dark, auto
            var description: String { rawValue.capitalized }
        }

        var birthday = Plan.utc(2026, 11, 23)
        var alarm: Date?
        var size = "M"
        var theme = Theme.dark
        var nickname = ""

        static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Date {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = .gmt
            return calendar.date(
                from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
        }
    }

    /// The plan form, drawn at 80x14.
    static func session() -> FormDriver<Plan> {
        FormDriver(
            Plan(), size: Size(width: 80, height: 14),
            form: Form<Plan>(title: "Plan") {
                Section {
                    DateRow("Birthday", \.birthday)
                    DateRow("Alarm", \.alarm, mode: .time, now: { Plan.utc(2026, 7, 4, 16, 45) })
                    InlinePickerRow("Size", \.size, options: ["S", "M", "L"])
                    SegmentedRow("Theme", \.theme, options: [.light, .dark, .auto])
                    TextRow("Nickname", \.nickname, validate: { $0.isEmpty ? "Choose a nickname." : nil })
                }
            })
    }

    @Test("Enter opens the wheels in the lines below the row, the first field marked")
    func opens() throws {
        let session = Self.session()
        #expect(session.line("> Birthday")?.hasSuffix("23 Nov 2026") == true)
        #expect(session.line("  Alarm") != nil)
        try session.play("enter")
        let wheels = session.lines(after: "> Birthday", count: 4)
        #expect(wheels[0].contains("22   Oct   2025"))
        #expect(wheels[1].contains("‹23›  Nov   2026"))
        #expect(wheels[2].contains("24   Dec   2027"))
        #expect(wheels[3].hasPrefix("  Alarm"))
        #expect(session.draft == Plan())
    }

    @Test("←/→ move the marker between fields and stop at the ends; ↑/↓ change the marked one")
    func fields() throws {
        let session = Self.session()
        try session.play("enter left")
        #expect(session.lines(after: "> Birthday", count: 2)[1].contains("‹23›"))
        try session.play("right right right")
        #expect(session.lines(after: "> Birthday", count: 2)[1].contains("‹2026›"))
        try session.play("down")
        #expect(session.draft.birthday == Plan.utc(2027, 11, 23))
        try session.play("left up up")
        #expect(session.draft.birthday == Plan.utc(2027, 9, 23))
        #expect(session.line("> Birthday")?.hasSuffix("23 Sep 2027") == true)
        #expect(session.lines(after: "> Birthday", count: 2)[1].contains("‹Sep›"))
        #expect(session.store.value == Plan())
        #expect(session.text.contains("● modified"))
    }

    @Test("digits typed into a field add up to its value: a year typed as 1990, a day as 31")
    func digits() throws {
        let session = Self.session()
        try session.play("enter right right \"1990\"")
        #expect(session.draft.birthday == Plan.utc(1990, 11, 23))
        try session.play("left left \"3\"")
        #expect(session.draft.birthday == Plan.utc(1990, 11, 3))
        try session.play("\"0\"")
        #expect(session.draft.birthday == Plan.utc(1990, 11, 30))
        // 301 is no day: the last digit starts again.
        try session.play("\"1\"")
        #expect(session.draft.birthday == Plan.utc(1990, 11, 1))
        // The month takes its number ("5" is May, "12" December), and digits do not filter.
        try session.play("right \"5\"")
        #expect(session.draft.birthday == Plan.utc(1990, 5, 1))
        try session.play("\"1\" \"2\"")
        #expect(session.draft.birthday == Plan.utc(1990, 12, 1))
        #expect(session.screen.filter.isEmpty)
    }

    @Test("Enter closes the picker keeping its change; Esc closes it taking the change back")
    func closes() throws {
        let session = Self.session()
        try session.play("enter down enter")
        #expect(session.lines(after: "> Birthday", count: 1).first?.hasPrefix("  Alarm") == true)
        #expect(session.app.stack.count == 1)
        #expect(session.draft.birthday == Plan.utc(2026, 11, 24))
        try session.play("enter down down right up esc")
        #expect(session.lines(after: "> Birthday", count: 1).first?.hasPrefix("  Alarm") == true)
        #expect(session.app.stack.count == 1)
        #expect(session.draft.birthday == Plan.utc(2026, 11, 24))
        #expect(session.line("> Birthday")?.hasSuffix("24 Nov 2026") == true)
        // The kept change is still one undo away; the cancelled ones left no step.
        try session.play("alt-u")
        #expect(session.draft == Plan())
        #expect(!session.text.contains("● modified"))
        // Closed, ↓ moves focus again.
        try session.play("down")
        #expect(session.line("> Alarm") != nil)
    }

    @Test("Esc on a picker that an unset date opened leaves the date unset and the form unmodified")
    func escLeavesUnsetDateUnset() throws {
        let session = Self.session()
        try session.play("down enter")
        #expect(session.draft.alarm == Plan.utc(2026, 7, 4, 16, 45))
        #expect(session.text.contains("● modified"))
        try session.play("down esc")
        #expect(session.draft.alarm == nil)
        #expect(session.line("> Alarm")?.hasSuffix("Not set") == true)
        #expect(!session.text.contains("● modified"))
        #expect(session.lines.last?.contains("Enter Set") == true)
        #expect(session.lines.last?.contains("Undo") == false)
    }

    @Test("Esc takes back only the picker's changes: earlier ones stay, and undo still reaches them")
    func escKeepsEarlierChanges() throws {
        let session = Self.session()
        try session.play("down down down down \"Ada\" up up up up enter down right down esc")
        #expect(session.draft.birthday == Plan().birthday)
        #expect(session.draft.nickname == "Ada")
        #expect(session.text.contains("● modified"))
        try session.play("alt-u")
        #expect(session.draft == Plan())
    }

    @Test("browsing, Esc closes the picker keeping the value, which was saved as it changed")
    func escWhileBrowsing() throws {
        let session = FormDriver(
            Plan(), mode: .browse, size: Size(width: 80, height: 14),
            form: Form<Plan>(title: "Plan") { Section { DateRow("Birthday", \.birthday) } })
        try session.play("enter")
        #expect(session.lines.last?.contains("Enter Done") == true)
        #expect(session.lines.last?.contains("Cancel") == false)
        try session.play("down esc")
        #expect(!session.text.contains("‹"))
        #expect(session.store.value.birthday == Plan.utc(2026, 11, 24))
        #expect(session.app.stack.count == 1)
    }

    @Test("focus moving away closes the picker: a refused save takes it to the row that needs attention")
    func focusAwayCloses() throws {
        let session = Self.session()
        try session.play("enter down ctrl-s")
        #expect(session.line("> Nickname") != nil)
        #expect(!session.text.contains("‹"))
        #expect(session.text.contains("Choose a nickname."))
        #expect(session.store.value == Plan())
        // Back on the row, the picker opens afresh on its first field.
        try session.play("up up up up enter")
        #expect(session.lines(after: "> Birthday", count: 2)[1].contains("‹24›"))
    }

    @Test("Ctrl-S saves while the picker is open")
    func savesWhileOpen() throws {
        let session = Self.session()
        try session.play("down down down down \"Ada\" up up up up enter right down ctrl-s")
        #expect(session.store.value.birthday == Plan.utc(2026, 12, 23))
        #expect(session.store.value.nickname == "Ada")
    }

    @Test("the help line shows the picker's keys while it is open, and the row's when closed")
    func help() throws {
        let session = Self.session()
        #expect(session.lines.last?.contains("Enter Change") == true)
        try session.play("enter")
        let open = try #require(session.lines.last)
        for item in ["←→ Field", "↑↓ Change Day", "0-9 Type", "Enter Done", "Esc Cancel", "^S Save"] {
            #expect(open.contains(item), "\(item) in \(open)")
        }
        #expect(!open.contains("Move"))
        try session.play("right")
        #expect(session.lines.last?.contains("↑↓ Change Month") == true)
        #expect(session.lines.last?.contains("0-9 Type") == true, "a month is typed by its number")
        try session.play("esc down down enter")
        let size = try #require(session.lines.last)
        #expect(size.contains("↑↓ Change Size"))
        #expect(!size.contains("Field"))
    }

    @Test("an unset date shows Not set; Enter sets now and opens; Backspace clears it again")
    func optionalDate() throws {
        let session = Self.session()
        #expect(session.line("  Alarm")?.hasSuffix("Not set") == true)
        try session.play("down")
        #expect(session.lines.last?.contains("Enter Set") == true)
        try session.play("enter")
        #expect(session.draft.alarm == Plan.utc(2026, 7, 4, 16, 45))
        #expect(session.lines(after: "> Alarm", count: 2)[1].contains("‹16›  45"))
        try session.play("down right up enter")
        #expect(session.line("> Alarm")?.hasSuffix("17:44") == true)
        #expect(session.lines.last?.contains("Backspace/Del Clear") == true)
        try session.play("backspace")
        #expect(session.draft.alarm == nil)
        #expect(session.line("> Alarm")?.hasSuffix("Not set") == true)
    }

    @Test("an inline picker of options steps through them and stops at the ends")
    func options() throws {
        let session = Self.session()
        try session.play("down down enter")
        #expect(
            session.lines(after: "> Size", count: 3).map { $0.split(separator: " ").joined() } == [
                "S", "‹M›", "L",
            ])
        try session.play("down down down")
        #expect(session.draft.size == "L")
        try session.play("up")
        #expect(session.draft.size == "M")
    }

    @Test("a segmented row chooses with ←/→, stopping at the ends, and says so in the help")
    func segmented() throws {
        let session = Self.session()
        try session.play("down down down")
        #expect(session.line("> Theme")?.hasSuffix("Light │[Dark]│ Auto") == true)
        #expect(session.lines.last?.contains("←→ Choose") == true)
        try session.play("right right")
        #expect(session.draft.theme == .auto)
        #expect(session.line("> Theme")?.hasSuffix("Light │ Dark │[Auto]") == true)
        try session.play("left left left")
        #expect(session.draft.theme == .light)
    }

    @Test("a segmented row too narrow for its options shows the chosen one between arrows")
    func segmentedNarrow() throws {
        let session = Self.session()
        session.size = Size(width: 24, height: 10)
        try session.play("down down down")
        #expect(session.line("> Theme")?.hasSuffix("‹ Dark ›") == true)
        try session.play("left")
        #expect(session.line("> Theme")?.hasSuffix("‹ Light ›") == true)
    }

    // MARK: Cells at small sizes

    static let sizes = [
        Size(width: 0, height: 0), Size(width: 1, height: 1), Size(width: 2, height: 1),
        Size(width: 12, height: 1), Size(width: 80, height: 1),
    ]

    /// Draws `cell` in a frame of `size` inside a larger canvas marked everywhere, and says whether
    /// anything outside the frame changed.
    static func drawsInside(_ cell: TableCell, size: Size, highlighted: Bool) -> Bool {
        let mark = CanvasCell("#", style: Style(.error))
        var canvas = Canvas(size: Size(width: size.width + 4, height: size.height + 2))
        for y in 0..<canvas.size.height {
            canvas.write(
                String(repeating: "#", count: canvas.size.width), at: Point(x: 0, y: y), style: Style(.error))
        }
        let frame = Rect(x: 2, y: 1, width: size.width, height: size.height)
        cell.draw(in: &canvas, frame: frame, highlighted: highlighted)
        for y in 0..<canvas.size.height {
            for x in 0..<canvas.size.width
            where !(frame.minX..<frame.maxX).contains(x) || !(frame.minY..<frame.maxY).contains(y) {
                if canvas[x, y] != mark { return false }
            }
        }
        return true
    }

    static func cells() -> [TableCell] {
        let value = PickerValueCell()
        value.configure(
            PickerValueContent(title: "Birthday", value: "23 Nov 2026"),
            context: CellContext(isExpanded: true))
        let placeholder = PickerValueCell()
        placeholder.configure(
            PickerValueContent(title: "Alarm", value: "Not set", isPlaceholder: true), context: CellContext())
        let segmented = SegmentedCell()
        segmented.configure(
            SegmentedContent(title: "Theme", segments: ["Light", "Dark", "Auto"], selected: 1),
            context: CellContext())
        let unknown = SegmentedCell()
        unknown.configure(
            SegmentedContent(title: "Theme", segments: ["A"], selected: 5),
            context: CellContext(isDisabled: true))
        let picker = PickerCell()
        picker.configure(
            InlinePicker(components: [
                .init(label: "Day", previous: "22", current: "23", next: "24"),
                .init(label: "Month", previous: nil, current: "Nov", next: "Dec"),
            ]), line: 1, chosen: 1)
        return [value, placeholder, segmented, unknown, picker]
    }

    @Test("picker cells draw inside their frame at every size, highlighted or not", arguments: sizes)
    func cellSizes(size: Size) {
        for cell in Self.cells() {
            for highlighted in [false, true] {
                #expect(
                    Self.drawsInside(cell, size: size, highlighted: highlighted),
                    "\(type(of: cell)) at \(size)")
            }
        }
    }

    @Test("at 12 columns a picked value keeps priority over its title")
    func valueFirst() {
        let cell = PickerValueCell()
        cell.configure(PickerValueContent(title: "Birthday", value: "23 Nov"), context: CellContext())
        var canvas = Canvas(size: Size(width: 12, height: 1))
        cell.draw(in: &canvas, frame: Rect(x: 0, y: 0, width: 12, height: 1), highlighted: true)
        #expect(canvas.line(0).hasPrefix(">"))
        #expect(canvas.line(0).contains("23 Nov"))
    }
}

extension FormDriver where State == PickerTests.Plan {
    var draft: State { screen.draft.value }

    /// The line that starts with `start`, trailing blanks dropped.
    func line(_ start: String) -> String? {
        lines.first { $0.hasPrefix(start) }.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    /// The lines after the one that starts with `start`.
    func lines(after start: String, count: Int) -> [String] {
        guard let index = lines.firstIndex(where: { $0.hasPrefix(start) }) else { return [] }
        return Array(lines.dropFirst(index + 1).prefix(count))
    }
}
