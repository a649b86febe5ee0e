import FormCore
import FormUI
import Testing

// Rows whose content is a `RowText`, or any content without a cell of its own: drawn with the
// standard row look, from cells the table pools like any other.

private struct Trip: Equatable {
    var stars = 2
    var ratings = Array(repeating: 3, count: 1_000)
    var battery = 82
}

/// A content of a row's own with no cell: it says its text, and that is what is drawn.
private struct BatteryContent: RowContent {
    var title: String
    var level: Int
    var rowText: RowText { RowText(title, [.value("\(level) %"), .colored(" ●", 78, fallback: .on)]) }
}

private struct BatteryRow<State>: FormRow {
    var title: String
    var level: KeyPath<State, Int>
    var isFocusable: Bool { false }
    func content(in state: State) -> BatteryContent {
        BatteryContent(title: title, level: state[keyPath: level])
    }
    func perform(_ action: RowAction, on state: inout State) -> RowOutcome { .ignored }
}

private func screen(_ trip: Trip = Trip()) -> FormScreen<Trip> {
    FormScreen(
        form: Form<Trip>(title: "Trip") {
            Section {
                RatingRow<Trip>(title: "Hotel", stars: \.stars)
                BatteryRow<Trip>(title: "Battery", level: \.battery)
            }
            Section("Days") {
                ForEach(\Trip.ratings) { index, _ in
                    RatingRow<Trip>(title: "Day \(index + 1)", stars: \.ratings[index])
                }
            }
        },
        store: StateStore(trip), mode: .edit)
}

private func draw(_ screen: FormScreen<Trip>, width: Int = 40, height: Int = 10) -> Canvas {
    var canvas = Canvas(size: Size(width: width, height: height))
    screen.render(into: &canvas, area: Rect(x: 0, y: 0, width: width, height: height))
    return canvas
}

@Suite struct RowTextTests {
    @Test("A RowText row draws its title and its parts, each in its look")
    func drawsParts() throws {
        let canvas = draw(screen())
        let line = try #require(canvas.lines.firstIndex { $0.contains("Hotel") })
        #expect(canvas.lines[line].hasSuffix("★★☆☆☆"))
        let filled = try #require(canvas.lines[line].firstIndex(of: "★"))
        let x = canvas.lines[line].distance(from: canvas.lines[line].startIndex, to: filled)
        #expect(canvas[x, line].style.role == .on)
        #expect(canvas[x + 2, line].style.role == .off)
    }

    @Test("A content without a cell of its own is drawn from its text, not a trap")
    func contentWithoutCell() throws {
        let canvas = draw(screen(Trip(battery: 41)))
        let line = try #require(canvas.lines.first { $0.contains("Battery") })
        #expect(line.hasSuffix("41 % ●"))
    }

    @Test("A thousand RowText rows make no more cells than the screen shows, and keys reach them")
    func pooled() {
        let screen = screen()
        let stack = Stack(screen)
        for _ in 0..<30 { stack.press(.down) }
        stack.press(.right)
        _ = stack.draw(width: 40, height: 10)
        #expect((screen.tableView.cellsCreated["rowText"] ?? 0) <= 10)
        #expect(screen.draft.value.ratings.filter { $0 == 4 }.count == 1)
    }

    @Test("Two RowText contents are equal only when they draw alike")
    func equality() {
        #expect(RowText("A", value: "1") == RowText("A", [.value("1")]))
        #expect(RowText("A", [.on("1")]) != RowText("A", [.off("1")]))
        #expect(RowText("A", [.colored("1", 3)]) != RowText("A", [.value("1")]))
        #expect(RowText("A", value: "") == RowText("A", []))
    }
}
