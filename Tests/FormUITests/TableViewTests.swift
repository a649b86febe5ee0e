import FormCore
import FormUI
import Testing

private struct ManyFlags: Equatable {
    var flags: [Bool]
}

private let itemCount = 10_000
private let screenSize = Size(width: 80, height: 24)
/// Rows between the title bar and the help line.
private let bodyRows = 1...22

/// An edit form of 10,000 toggles behind an app, pressed and drawn like the run loop does.
private final class ManyTogglesHarness {
    let screen: FormScreen<ManyFlags>
    let app: App
    private(set) var canvas: Canvas

    init() {
        let form = Form<ManyFlags>(title: "Flags") {
            Section {
                ForEach(\.flags) { index, _ in Toggle("Item \(index)", \.flags[index]) }
            }
        }
        let store = StateStore(ManyFlags(flags: Array(repeating: false, count: itemCount)))
        screen = FormScreen(form: form, store: store, mode: .edit)
        app = App(root: screen)
        canvas = app.render(size: screenSize)
    }

    var toggleCellsCreated: Int { screen.tableView.cellsCreated["toggle", default: 0] }
    var toggleCellsReused: Int { screen.tableView.cellsReused["toggle", default: 0] }
    var focusedItem: Int? { screen.focusedRow?.index }

    /// Hands `key` to the app, then draws a frame unless told not to.
    func press(_ key: Key, render: Bool = true) {
        app.handle(key)
        if render { canvas = app.render(size: screenSize) }
    }

    /// What is wrong with the frame on screen, if anything: too many cells, or focus not shown.
    func problem() -> String? {
        guard toggleCellsCreated <= bodyRows.count else {
            return "\(toggleCellsCreated) toggle cells made for \(bodyRows.count) lines"
        }
        guard let item = focusedItem else { return "no focused row" }
        guard let cursor = canvas.cursor, bodyRows.contains(cursor.y) else {
            return "cursor \(String(describing: canvas.cursor)) is outside the body for item \(item)"
        }
        let line = canvas.line(cursor.y)
        guard line.hasPrefix("> Item \(item) ") else {
            return "the line at the cursor is '\(line)', focused item \(item)"
        }
        return nil
    }
}

@Suite("TableView: a list of any length draws from a small pool of cells")
struct TableViewTests {
    @Test("Moving down through 10,000 toggles reuses a screenful of cells and keeps focus on screen")
    func downThroughAll() {
        let harness = ManyTogglesHarness()
        #expect(harness.problem() == nil)
        #expect(harness.focusedItem == 0)
        var reused = harness.toggleCellsReused
        for step in 1..<itemCount {
            // A debug-build frame costs about a millisecond: every key near both ends of the list
            // (scrolling starts, the last screenful) gets a frame, and every 25th in between.
            let render = step <= 500 || step >= itemCount - 500 || step % 25 == 0
            harness.press(.down, render: render)
            if harness.focusedItem != step {
                Issue.record(
                    "after \(step) downs the focus is on item \(String(describing: harness.focusedItem))")
                return
            }
            guard render else { continue }
            if let problem = harness.problem() {
                Issue.record("after \(step) downs: \(problem)")
                return
            }
            if harness.toggleCellsReused <= reused {
                Issue.record("after \(step) downs no cell was reused")
                return
            }
            reused = harness.toggleCellsReused
        }
        harness.press(.down)
        #expect(harness.focusedItem == itemCount - 1)
        #expect(harness.problem() == nil)
        #expect(harness.toggleCellsCreated <= bodyRows.count)
        // The last item is on the last line of the body, nothing blank below it.
        #expect(harness.canvas.line(bodyRows.upperBound).hasPrefix("> Item 9999 "))
        #expect(harness.canvas.line(bodyRows.upperBound - 1).hasPrefix("  Item 9998 "))
    }

    @Test("Page down reaches the last item with a screenful of cells, focus always on screen")
    func pageDownThroughAll() {
        let harness = ManyTogglesHarness()
        var presses = 0
        var previous = harness.focusedItem ?? -1
        while previous < itemCount - 1 {
            harness.press(.pageDown)
            presses += 1
            if let problem = harness.problem() {
                Issue.record("after \(presses) page downs: \(problem)")
                return
            }
            guard let item = harness.focusedItem, item > previous else {
                Issue.record("page down \(presses) did not move past item \(previous)")
                return
            }
            previous = item
        }
        #expect(harness.focusedItem == itemCount - 1)
        // A page is about a screenful, so it takes hundreds of presses, not thousands.
        #expect(presses >= itemCount / bodyRows.count && presses <= itemCount / (bodyRows.count - 2) + 1)
        #expect(harness.toggleCellsCreated <= bodyRows.count)
        #expect(harness.toggleCellsReused >= presses * (bodyRows.count - 1))

        harness.press(.pageUp)
        #expect(harness.problem() == nil)
        #expect((harness.focusedItem ?? itemCount) < itemCount - 1)
    }

    @Test("End jumps to the last item and Home back to the first, with a screenful of cells")
    func endAndHome() {
        let harness = ManyTogglesHarness()
        harness.press(.end)
        #expect(harness.focusedItem == itemCount - 1)
        #expect(harness.problem() == nil)
        #expect(harness.canvas.line(bodyRows.upperBound).hasPrefix("> Item 9999 "))
        #expect(harness.canvas.line(bodyRows.lowerBound).hasPrefix("  Item 9978 "))

        harness.press(.home)
        #expect(harness.focusedItem == 0)
        #expect(harness.problem() == nil)
        // At the top the section's (blank) header line shows above the first row.
        #expect(harness.canvas.line(bodyRows.lowerBound) == "")
        #expect(harness.canvas.line(bodyRows.lowerBound + 1).hasPrefix("> Item 0 "))
        #expect(harness.toggleCellsCreated <= bodyRows.count)
        #expect(harness.toggleCellsReused > 0)
    }

    @Test("A toggle flipped far down the list is drawn by a reused cell with the right state")
    func reusedCellShowsState() {
        let harness = ManyTogglesHarness()
        harness.press(.end)
        harness.press(.space)
        #expect(harness.screen.draft.value.flags[itemCount - 1])
        #expect(harness.canvas.line(bodyRows.upperBound).contains("━━● On"))
        #expect(harness.canvas.line(bodyRows.upperBound - 1).contains("○── Off"))
        #expect(harness.problem() == nil)
    }
}

// MARK: - A table of its own

/// A cell that counts how often it was prepared for reuse.
private final class NoteCell: TableCell {
    static let identifier = "note"
    var text = ""
    var reuses = 0

    func prepareForReuse() {
        text = ""
        reuses += 1
    }

    func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        canvas.write((highlighted ? "* " : "  ") + text, at: frame.origin, limit: frame.maxX)
    }
}

/// A cell of another kind, to check pools do not mix.
private final class RuleCell: TableCell {
    static let identifier = "rule"
    func prepareForReuse() {}
    func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        canvas.write(String(repeating: "-", count: frame.width), at: frame.origin, limit: frame.maxX)
    }
}

/// Lines `0..<count`; every tenth line is a rule, the others notes.
private final class NotesSource: TableViewDataSource {
    var count: Int
    private(set) var asked: [Int] = []
    /// The cells handed out since `clearAsked()`.
    private(set) var handedOut: [ObjectIdentifier] = []
    private(set) var cells: [ObjectIdentifier: NoteCell] = [:]

    init(count: Int) { self.count = count }

    func numberOfLines(in tableView: TableView) -> Int { count }

    func tableView(_ tableView: TableView, cellForLine line: Int) -> TableCell {
        asked.append(line)
        if line % 10 == 0 {
            let rule = tableView.dequeueReusableCell(RuleCell.identifier)
            handedOut.append(ObjectIdentifier(rule))
            return rule
        }
        let cell = tableView.dequeueReusableCell(NoteCell.identifier)
        handedOut.append(ObjectIdentifier(cell))
        guard let note = cell as? NoteCell else {
            Issue.record("a 'note' cell is a \(type(of: cell))")
            return cell
        }
        #expect(note.text.isEmpty, "a reused cell comes back prepared")
        note.text = "note \(line)"
        cells[ObjectIdentifier(note)] = note
        return note
    }

    func clearAsked() {
        asked = []
        handedOut = []
    }
}

@Suite("TableView: pools, reuse and scrolling with a custom source")
struct TableViewPoolTests {
    private func makeTable() -> TableView {
        let table = TableView()
        table.register(NoteCell.identifier) { NoteCell() }
        table.register(RuleCell.identifier) { RuleCell() }
        return table
    }

    @Test("The first frame makes a cell per visible line and asks only for the visible lines")
    func firstFrame() {
        let table = makeTable()
        let source = NotesSource(count: 1000)
        var canvas = Canvas(size: Size(width: 12, height: 5))
        table.draw(
            in: &canvas, frame: Rect(x: 0, y: 1, width: 12, height: 4), dataSource: source, highlightedLine: 2
        )
        #expect(source.asked == [0, 1, 2, 3])
        #expect(table.cellsCreated == ["rule": 1, "note": 3])
        #expect(table.cellsReused.isEmpty)
        #expect(table.totalCellsCreated == 4)
        #expect(canvas.lines == ["", "------------", "  note 1", "* note 2", "  note 3"])
    }

    @Test("Later frames reuse the pooled cells, each prepared for reuse, and make no new ones")
    func reuse() {
        let table = makeTable()
        let source = NotesSource(count: 1000)
        var canvas = Canvas(size: Size(width: 12, height: 4))
        let frame = Rect(x: 0, y: 0, width: 12, height: 4)
        table.draw(in: &canvas, frame: frame, dataSource: source, highlightedLine: nil)
        for line in stride(from: 1, through: 400, by: 1) {
            table.scrollToVisible(line: line, height: 4, lineCount: source.count)
            canvas.clear()
            source.clearAsked()
            table.draw(in: &canvas, frame: frame, dataSource: source, highlightedLine: line)
            // Lines on screen never share a cell.
            #expect(Set(source.handedOut).count == 4)
        }
        #expect(table.scrollOffset == 397)
        #expect(canvas.lines == ["  note 397", "  note 398", "  note 399", "------------"])
        #expect(table.cellsCreated["note", default: 0] <= 4)
        #expect(table.cellsCreated["rule", default: 0] <= 1)
        let reusedNotes = table.cellsReused["note", default: 0]
        #expect(reusedNotes > 400)
        // Every reuse was prepared, and no cell was prepared without being reused.
        #expect(source.cells.values.map(\.reuses).reduce(0, +) == reusedNotes)
        #expect(source.cells.count == table.cellsCreated["note", default: 0])
    }

    @Test("scrollToVisible scrolls the least needed, keeps context lines, and stays inside the list")
    func scrolling() {
        let table = TableView()
        table.scrollToVisible(line: 5, height: 10, lineCount: 100)
        #expect(table.scrollOffset == 0)
        table.scrollToVisible(line: 10, height: 10, lineCount: 100)
        #expect(table.scrollOffset == 1)
        table.scrollToVisible(line: 50, height: 10, lineCount: 100, context: 1)
        #expect(table.scrollOffset == 42)
        table.scrollToVisible(line: 42, height: 10, lineCount: 100, context: 1)
        #expect(table.scrollOffset == 41)
        table.scrollToVisible(line: 99, height: 10, lineCount: 100, context: 3)
        #expect(table.scrollOffset == 90)
        table.scrollToVisible(line: 0, height: 10, lineCount: 100)
        #expect(table.scrollOffset == 0)
        table.scrollToVisible(line: 3, height: 10, lineCount: 4)
        #expect(table.scrollOffset == 0)
    }

    @Test("A list that shrinks below the scroll offset is drawn from a clamped offset")
    func shrinkingList() {
        let table = makeTable()
        let source = NotesSource(count: 100)
        var canvas = Canvas(size: Size(width: 10, height: 3))
        let frame = Rect(x: 0, y: 0, width: 10, height: 3)
        table.scrollToVisible(line: 80, height: 3, lineCount: 100)
        table.draw(in: &canvas, frame: frame, dataSource: source, highlightedLine: nil)
        #expect(table.scrollOffset == 78)
        source.count = 5
        source.clearAsked()
        canvas.clear()
        table.draw(in: &canvas, frame: frame, dataSource: source, highlightedLine: nil)
        #expect(table.scrollOffset == 2)
        #expect(source.asked == [2, 3, 4])
        #expect(canvas.lines == ["  note 2", "  note 3", "  note 4"])
    }
}
