import FormCore
import Testing

@Suite("A spacious layout: a blank line before each section header but the first")
struct SpaciousLayoutTests {
    struct Settings: Equatable {
        var a = true, b = false, c = true, d = false
    }

    static var form: Form<Settings> {
        Form(title: "Settings") {
            Section("First", footer: "A footer.") {
                Toggle("A", \.a)
                Toggle("B", \.b)
            }
            Section("Second") { Toggle("C", \.c) }
            Section { Toggle("D", \.d) }
        }
    }

    /// Each line as a word: the header's text, `gap`, the row's title, or `footer`.
    static func words(_ layout: FormLayout<Settings>) -> [String] {
        (0..<layout.count).map { index in
            switch layout.line(index) {
            case .header(let text): text ?? "blank"
            case .row(_, let row): row.title
            case .footer: "footer"
            default: "other"
            }
        }
    }

    @Test("Compact by default; spacious adds one line before a header that follows a section")
    func lines() {
        let compact = Self.form.layout(for: Settings())
        #expect(Self.words(compact) == ["First", "A", "B", "footer", "Second", "C", "blank", "D"])
        let spacious = Self.form.layout(for: Settings(), spacious: true)
        // A section without a header already opens with a blank line: it gets no second one.
        #expect(Self.words(spacious) == ["First", "A", "B", "footer", "blank", "Second", "C", "blank", "D"])
    }

    @Test("Rows are found, focused and skipped over the gap as in a compact layout")
    func rowsAndFocus() throws {
        let layout = Self.form.layout(for: Settings(), spacious: true)
        let c = RowPath(section: 1, group: 0, index: 0)
        #expect(layout.index(of: c) == 6)
        #expect(layout.lines(of: c) == 6..<7)
        #expect(layout.rowPath(at: 6) == c)
        #expect(layout.rowPath(at: 4) == nil, "the gap holds no row")
        #expect(layout.focusableLine(from: 3, direction: 1) == 6)
        #expect(layout.focusableLine(from: 5, direction: -1) == 2)
        #expect(layout.index(of: RowPath(section: 2, group: 0, index: 0)) == 8)
    }
}
