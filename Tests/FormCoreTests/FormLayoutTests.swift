import FormCore
import Testing

private struct Model {
    var hotspot = false
    var showAdvanced = true
    var showDetail = true
    var detail = false
    var first: [String] = []
    var empty: [String] = []
    var second: [String] = []
    var flags: [Bool] = []
}

/// Counts how often a row closure ran.
private final class Counter {
    var value = 0
}

/// A line as text: `header:Title`, `header:-` for a gap, `row:Title`, `message:Text`, `footer:Text`.
private func describe<State>(_ line: FormLine<State>, in state: State) -> String {
    switch line {
    case .header(let text): return "header:\(text ?? "-")"
    case .row(_, let row): return "row:\(row.title)"
    case .rowLine(_, let row, let line): return "line\(line):\(row.title)"
    case .picker(_, let row, let line): return "picker\(line):\(row.title)"
    case .message(_, let text, _): return "message:\(text)"
    case .footer(let text): return "footer:\(text)"
    }
}

private func describe<State>(_ layout: FormLayout<State>) -> [String] {
    (0..<layout.count).map { describe(layout.line($0), in: layout.state) }
}

/// Title of the row at `line`, or nil when the line holds no row.
private func title<State>(_ layout: FormLayout<State>, _ line: Int) -> String? {
    layout.line(line).row.map { $0.row.title }
}

@Suite("FormLayout: a form flattened into lines")
struct FormLayoutTests {
    @Test("Each section gives a header line (its text or a gap), its rows, and a footer only when it has one")
    func flattening() {
        let form = Form<Model>(title: "T") {
            Section("Network", footer: "Shared with nearby devices") {
                Toggle("Hotspot", \.hotspot)
                Toggle("Detail", \.detail)
            }
            Section {
                LabelRow("Status") { _ in "ok" }
            }
            Section("Empty") {}
        }
        let layout = form.layout(for: Model())
        #expect(
            describe(layout) == [
                "header:Network", "row:Hotspot", "row:Detail", "footer:Shared with nearby devices",
                "header:-", "row:Status",
                "header:Empty",
            ])
        #expect(layout.count == 7)
        guard case .header(nil) = layout.line(4) else {
            Issue.record("a section without a header opens with a gap line, got \(layout.line(4))")
            return
        }
    }

    @Test("A footer computed from the state follows it, and nil removes the footer line")
    func footerFollowsState() {
        let form = Form<Model>(title: "T") {
            Section("Network", footer: { $0.hotspot ? "Hotspot on" : nil }) {
                Toggle("Hotspot", \.hotspot)
            }
            Section("After") { Toggle("Detail", \.detail) }
        }
        let off = form.layout(for: Model(hotspot: false))
        #expect(describe(off) == ["header:Network", "row:Hotspot", "header:After", "row:Detail"])

        let on = form.layout(for: Model(hotspot: true))
        #expect(
            describe(on) == [
                "header:Network", "row:Hotspot", "footer:Hotspot on", "header:After", "row:Detail",
            ])
        // The rows after the footer moved down by one.
        #expect(on.index(of: RowPath(section: 1, group: 0, index: 0)) == 4)
        #expect(off.index(of: RowPath(section: 1, group: 0, index: 0)) == 3)
    }

    @Test("A section hidden by `visible:` gives no lines, and its rows have no index")
    func hiddenSection() {
        let form = Form<Model>(title: "T") {
            Section("Basic") { Toggle("Hotspot", \.hotspot) }
            Section("Advanced", footer: "Careful", visible: { $0.showAdvanced }) {
                Toggle("Detail", \.detail)
            }
            Section("End") { LabelRow("Version") { _ in "1" } }
        }
        let shown = form.layout(for: Model(showAdvanced: true))
        #expect(
            describe(shown) == [
                "header:Basic", "row:Hotspot", "header:Advanced", "row:Detail", "footer:Careful",
                "header:End",
                "row:Version",
            ])

        let hidden = form.layout(for: Model(showAdvanced: false))
        #expect(describe(hidden) == ["header:Basic", "row:Hotspot", "header:End", "row:Version"])
        #expect(hidden.index(of: RowPath(section: 1, group: 0, index: 0)) == nil)
        // The section after it keeps its own section number in paths.
        #expect(hidden.index(of: RowPath(section: 2, group: 0, index: 0)) == 3)
        #expect(hidden.line(3).row?.path == RowPath(section: 2, group: 0, index: 0))
    }

    @Test("A row hidden by visible(when:) disappears, has no index, and the rows after it shift up")
    func hiddenRow() {
        let form = Form<Model>(title: "T") {
            Section("S") {
                Toggle("Hotspot", \.hotspot)
                Toggle("Detail", \.detail).visible(when: { $0.showDetail })
                Toggle("Advanced", \.showAdvanced)
            }
        }
        let detailPath = RowPath(section: 0, group: 1, index: 0)
        let afterPath = RowPath(section: 0, group: 2, index: 0)

        let shown = form.layout(for: Model(showDetail: true))
        #expect(describe(shown) == ["header:S", "row:Hotspot", "row:Detail", "row:Advanced"])
        #expect(shown.index(of: detailPath) == 2)
        #expect(shown.index(of: afterPath) == 3)

        let hidden = form.layout(for: Model(showDetail: false))
        #expect(describe(hidden) == ["header:S", "row:Hotspot", "row:Advanced"])
        #expect(hidden.index(of: detailPath) == nil)
        #expect(hidden.index(of: afterPath) == 2)
        #expect(hidden.line(2).row?.path == afterPath)
    }

    @Test("line(_:) and index(of:) agree for every row of a mixed form with empty groups between full ones")
    func roundTrip() throws {
        let form = Form<Model>(title: "T") {
            Section {
                ForEach(\.empty) { _, name in Toggle(name, \.hotspot) }
                LabelRow("Intro") { _ in "" }
                ForEach(\.first) { _, name in Toggle(name, \.hotspot) }
                ForEach(\.empty) { _, name in Toggle(name, \.hotspot) }
                ForEach(\.empty) { _, name in Toggle(name, \.hotspot) }
                ForEach(\.second) { _, name in Toggle(name, \.detail) }
                Toggle("Hidden", \.detail).visible(when: { _ in false })
                ForEach(\.empty) { _, name in Toggle(name, \.hotspot) }
            }
            Section("Middle", footer: "note") {
                ForEach(\.empty) { _, name in Toggle(name, \.hotspot) }
            }
            Section("Last", footer: "end") {
                ForEach(\.second) { _, name in Toggle(name, \.detail) }
                ButtonRow("Go", command: "go")
                ForEach(\.empty) { _, name in Toggle(name, \.hotspot) }
            }
        }
        let model = Model(first: ["a", "b", "c"], empty: [], second: ["x", "y"])
        let layout = form.layout(for: model)
        #expect(
            describe(layout) == [
                "header:-", "row:Intro", "row:a", "row:b", "row:c", "row:x", "row:y",
                "header:Middle", "footer:note",
                "header:Last", "row:x", "row:y", "row:Go", "footer:end",
            ])

        var rowLines = 0
        for line in 0..<layout.count {
            guard let row = layout.line(line).row else { continue }
            rowLines += 1
            #expect(layout.index(of: row.path) == line, "row at line \(line), path \(row.path)")
        }
        #expect(rowLines == 9)

        // Paths name the group the row came from, skipping the empty groups around it.
        #expect(layout.line(1).row?.path == RowPath(section: 0, group: 1, index: 0))
        #expect(layout.line(2).row?.path == RowPath(section: 0, group: 2, index: 0))
        #expect(layout.line(4).row?.path == RowPath(section: 0, group: 2, index: 2))
        #expect(layout.line(5).row?.path == RowPath(section: 0, group: 5, index: 0))
        #expect(layout.line(6).row?.path == RowPath(section: 0, group: 5, index: 1))
        #expect(layout.line(12).row?.path == RowPath(section: 2, group: 1, index: 0))

        // Paths that name no row have no line.
        for path in [
            RowPath(section: 0, group: 0, index: 0), RowPath(section: 0, group: 3, index: 0),
            RowPath(section: 0, group: 2, index: 3), RowPath(section: 0, group: 6, index: 0),
            RowPath(section: 1, group: 0, index: 0), RowPath(section: 3, group: 0, index: 0),
            RowPath(section: 0, group: 8, index: 0), RowPath(section: 0, group: -1, index: 0),
            RowPath(section: 0, group: 2, index: -1),
        ] {
            #expect(layout.index(of: path) == nil, "\(path)")
        }
    }

    @Test("A ForEach over a million elements is counted, not built: only the rows asked for are made")
    func millionRows() throws {
        let made = Counter()
        let form = Form<Model>(title: "T") {
            Section("Before") { Toggle("Hotspot", \.hotspot) }
            Section("Flags", footer: "end") {
                ForEach(\.flags) { index, _ in
                    made.value += 1
                    return Toggle<Model>("Flag \(index)", \.flags[index])
                }
            }
        }
        var model = Model()
        model.flags = Array(repeating: false, count: 1_000_000)
        model.flags[500_000 - 4] = true

        let layout = form.layout(for: model)
        #expect(layout.count == 2 + 1 + 1_000_000 + 1)
        #expect(made.value == 0)

        // Lines: 0 header, 1 Hotspot, 2 header, 3 Flag 0, ... so line 500_000 is Flag 499_997.
        let line = try #require(layout.line(500_000).row)
        #expect(line.path == RowPath(section: 1, group: 0, index: 499_997))
        #expect(
            line.row.content(in: model) as? ToggleContent == ToggleContent(title: "Flag 499997", isOn: false))
        #expect(title(layout, 499_999) == "Flag 499996")
        #expect((layout.line(499_999).row?.row.content(in: model) as? ToggleContent)?.isOn == true)
        #expect(title(layout, layout.count - 2) == "Flag 999999")
        guard case .footer("end") = layout.line(layout.count - 1) else {
            Issue.record("the last line is the footer")
            return
        }
        #expect(layout.index(of: RowPath(section: 1, group: 0, index: 999_999)) == layout.count - 2)
        #expect(made.value <= 5)
    }

    @Test("focusableLine skips headers, footers and labels, and is nil past either end")
    func focusable() {
        let form = Form<Model>(title: "T") {
            Section("A", footer: "a") {
                LabelRow("Info") { _ in "" }
                Toggle("One", \.hotspot)
                LabelRow("More") { _ in "" }
            }
            Section("B", footer: "b") {
                ButtonRow("Two", command: "two")
                LabelRow("Tail") { _ in "" }
            }
        }
        let layout = form.layout(for: Model())
        // 0 header A, 1 Info, 2 One, 3 More, 4 footer a, 5 header B, 6 Two, 7 Tail, 8 footer b
        #expect(layout.count == 9)
        #expect(layout.focusableLine(from: 0, direction: 1) == 2)
        #expect(layout.focusableLine(from: 2, direction: 1) == 2)
        #expect(layout.focusableLine(from: 3, direction: 1) == 6)
        #expect(layout.focusableLine(from: 5, direction: -1) == 2)
        #expect(layout.focusableLine(from: 8, direction: -1) == 6)
        #expect(layout.focusableLine(from: 7, direction: 1) == nil)
        #expect(layout.focusableLine(from: 1, direction: -1) == nil)
        #expect(layout.focusableLine(from: -1, direction: 1) == nil)
        #expect(layout.focusableLine(from: 9, direction: -1) == nil)
    }

    @Test("A form of labels only, or no visible sections, has no focusable line")
    func nothingFocusable() {
        let labels = Form<Model>(title: "T") {
            Section { LabelRow("Info") { _ in "" } }
        }
        #expect(labels.layout(for: Model()).focusableLine(from: 0, direction: 1) == nil)

        let hidden = Form<Model>(title: "T") {
            Section(visible: { _ in false }) { Toggle("One", \.hotspot) }
        }
        let layout = hidden.layout(for: Model())
        #expect(layout.count == 0)
        #expect(layout.focusableLine(from: 0, direction: 1) == nil)
        #expect(layout.index(of: RowPath(section: 0, group: 0, index: 0)) == nil)
    }
}

@Suite("FormLayout: focus skips whole groups that cannot take it")
struct FocusSkippingTests {
    struct Notes {
        var notes = Array(repeating: "note", count: 1_000_000)
        var done = false
    }

    final class Counter { var made = 0 }

    @Test("moving past a million labels makes a handful of rows, both ways")
    func skipsLabels() {
        let counter = Counter()
        let form = Form<Notes>(title: "Notes") {
            Section {
                Toggle("First", \.done)
                ForEach(\Notes.notes) { index, note -> LabelRow<Notes> in
                    counter.made += 1
                    return LabelRow("Note \(index)") { _ in note }
                }
                Toggle("Done", \.done)
            }
        }
        let layout = form.layout(for: Notes())
        // Lines: header 0, First 1, notes 2...1_000_001, Done 1_000_002.
        #expect(layout.focusableLine(from: 2, direction: 1) == 1_000_002)
        #expect(layout.focusableLine(from: 1_000_001, direction: -1) == 1)
        #expect(layout.focusableLine(from: 500_000, direction: 1) == 1_000_002)
        #expect(counter.made <= 3)
    }

    @Test("a form with nothing focusable answers nil without walking every row")
    func nothingFocusable() {
        let counter = Counter()
        let form = Form<Notes>(title: "Notes") {
            Section("All") {
                ForEach(\Notes.notes) { index, note -> LabelRow<Notes> in
                    counter.made += 1
                    return LabelRow("Note \(index)") { _ in note }
                }
            }
        }
        let layout = form.layout(for: Notes())
        #expect(layout.focusableLine(from: 0, direction: 1) == nil)
        #expect(layout.focusableLine(from: layout.count - 1, direction: -1) == nil)
        #expect(counter.made <= 2)
    }
}

@Suite("FormLayout: message lines under rows")
struct MessageLineTests {
    struct Items {
        var items = Array(repeating: false, count: 1_000_000)
        var name = ""
    }

    static func makeForm() -> Form<Items> {
        Form<Items>(title: "Items") {
            Section("Top", footer: "End of the top") {
                TextRow("Name", \.name)
                ForEach(\Items.items) { index, _ in Toggle("Item \(index)", \.items[index]) }
            }
        }
    }

    @Test("a message line follows its row and pushes the rest down")
    func placement() throws {
        let name = RowPath(section: 0, group: 0, index: 0)
        let middle = RowPath(section: 0, group: 1, index: 500_000)
        let layout = Self.makeForm().layout(for: Items(), messages: [name: "Needed", middle: "Not this one"])
        #expect(layout.count == 1 + 1 + 1_000_000 + 2 + 1)
        // header 0, Name 1, its message 2, Item 0 at 3 ...
        #expect(layout.index(of: name) == 1)
        guard case .message(let path, let text, _) = layout.line(2) else {
            Issue.record("line 2 is not a message")
            return
        }
        #expect(path == name && text == "Needed")
        #expect(layout.index(of: RowPath(section: 0, group: 1, index: 0)) == 3)
        let middleLine = try #require(layout.index(of: middle))
        #expect(middleLine == 3 + 500_000)
        guard case .message(let second, "Not this one", _) = layout.line(middleLine + 1) else {
            Issue.record("no message under item 500000")
            return
        }
        #expect(second == middle)
        #expect(layout.line(middleLine + 2).row?.path == RowPath(section: 0, group: 1, index: 500_001))
        guard case .footer("End of the top") = layout.line(layout.count - 1) else {
            Issue.record("the footer is not last")
            return
        }
    }

    @Test("every row's line and path agree with messages present")
    func roundTrip() {
        let small = Form<Items>(title: "Small") {
            Section { TextRow("Name", \.name) }
            Section {
                ForEach(\Items.items) { index, _ in Toggle("Item \(index)", \.items[index]) }
            }
        }
        let state = Items(items: Array(repeating: false, count: 6))
        let messages = [
            RowPath(section: 0, group: 0, index: 0): "a", RowPath(section: 1, group: 0, index: 2): "b",
            RowPath(section: 1, group: 0, index: 5): "c", RowPath(section: 1, group: 0, index: 9): "gone",
        ]
        let layout = small.layout(for: state, messages: messages)
        // Two headers, Name, six items, three messages ("gone" names no row and is dropped).
        #expect(layout.count == 2 + 1 + 6 + 3)
        var messageLines = 0
        for index in 0..<layout.count {
            switch layout.line(index) {
            case .row(let path, _): #expect(layout.index(of: path) == index)
            case .message(let path, _, _):
                messageLines += 1
                #expect(layout.index(of: path) == index - 1)
            default: break
            }
        }
        #expect(messageLines == 3)
    }

    @Test("focus never rests on a message line")
    func focusSkipsMessages() {
        let name = RowPath(section: 0, group: 0, index: 0)
        let layout = Self.makeForm().layout(for: Items(), messages: [name: "Needed"])
        #expect(layout.focusableLine(from: 2, direction: 1) == 3)
        #expect(layout.focusableLine(from: 2, direction: -1) == 1)
    }

    @Test("validation asks every visible row")
    func validation() {
        let form = Form<Items>(title: "V") {
            Section {
                TextRow("Name", \.name, validate: { $0.isEmpty ? "Needed" : nil })
                TextRow("Hidden", \.name, validate: { _ in "never" }).visible(when: { _ in false })
            }
        }
        #expect(form.validationMessages(for: Items()) == [RowPath(section: 0, group: 0, index: 0): "Needed"])
        #expect(form.validationMessages(for: Items(name: "x")).isEmpty)
    }
}

@Suite("FormLayout.rowPath(at:)")
struct FormLayoutRowPathTests {
    private struct Numbers: Equatable {
        var values = [1, 2, 3]
        var note = ""
    }

    @Test("names the row of every row's first line, and nothing on headers, footers and messages")
    func rowPathMatchesLine() {
        let form = Form<Numbers>(title: "Numbers") {
            Section("Values", footer: "Three of them") {
                ForEach(\.values) { index, _ in StepperRow("Value \(index)", \.values[index], in: 0...9) }
            }
            Section("Note") { TextRow("Note", \.note) }
        }
        let layout = form.layout(
            for: Numbers(), messages: [RowPath(section: 0, group: 0, index: 1): "Too small"])
        var rows = 0
        for index in 0..<layout.count {
            #expect(layout.rowPath(at: index) == layout.line(index).row?.path, "line \(index)")
            if layout.rowPath(at: index) != nil { rows += 1 }
        }
        #expect(rows == 4)
        #expect(layout.rowPath(at: -1) == nil)
        #expect(layout.rowPath(at: layout.count) == nil)
    }

    @Test("A disabled rule is asked only of a group that has rows: it may read the element it guards")
    func disabledRuleOfAnEmptyListIsNotAsked() {
        struct Locks: Equatable { var locked: [Bool] = [] }
        final class Asked { var count = 0 }
        let asked = Asked()
        let form = Form<Locks>(title: "Locks") {
            Section {
                ForEach(\Locks.locked) { index, _ in Toggle("Lock \(index)", \.locked[index]) }
                    .disabled(when: { state in
                        asked.count += 1
                        return state.locked[0]
                    })
            }
        }
        let empty = form.layout(for: Locks())
        #expect(empty.count == 1, "the header only")
        #expect(asked.count == 0)
        let one = form.layout(for: Locks(locked: [true]))
        #expect(one.isDisabled(RowPath(section: 0, group: 0, index: 0)))
        #expect(asked.count == 1)
    }
}

/// A layout given a `NoteWrapping` gives a footer and a message as many lines as it needs.
struct WrappedNoteLayoutTests {
    struct Pair: Equatable {
        var a = false
        var b = false
    }

    static var form: Form<Pair> {
        Form<Pair>(title: "T") {
            Section("H", footer: "one two three") {
                Toggle("A", \.a)
                Toggle("B", \.b)
            }
            Section(footer: "end") { Toggle("C", \.b) }
        }
    }

    static var byWords: NoteWrapping {
        NoteWrapping(
            footer: { $0.split(separator: " ").map(String.init) },
            message: { $0.split(separator: " ").map(String.init) })
    }

    @Test func footersAndMessagesTakeTheirLines() throws {
        let a = RowPath(section: 0, group: 0, index: 0)
        let layout = Self.form.layout(for: Pair(), messages: [a: "is wrong"], wrapping: Self.byWords)
        let lines = (0..<layout.count).map { describe(layout.line($0), in: layout.state) }
        #expect(
            lines == [
                "header:H", "row:A", "message:is", "message:wrong", "row:B", "footer:one", "footer:two",
                "footer:three", "header:-", "row:C", "footer:end",
            ])
        #expect(layout.lines(of: a) == 1..<4)
        guard case .message(_, "wrong", line: 1) = layout.line(3) else {
            Issue.record("line 3 is not the message's second line")
            return
        }
        let b = RowPath(section: 0, group: 1, index: 0)
        #expect(layout.index(of: b) == 4)
        #expect(layout.focusableLine(from: 2, direction: 1) == 4)
        #expect(layout.focusableLine(from: 5, direction: 1) == 9)
        #expect(layout.focusableLine(from: 8, direction: -1) == 4)
        // Without a wrapping, one line each, as before.
        #expect(Self.form.layout(for: Pair(), messages: [a: "is wrong"]).count == lines.count - 3)
    }
}
