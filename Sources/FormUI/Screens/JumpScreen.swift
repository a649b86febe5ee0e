import FormCore

/// The search Ctrl-G opens: a line to type into and the rows whose title or section header hold
/// what is typed. ↑/↓ choose, Enter goes to the chosen row, Esc goes back where you were.
///
/// A search of a long form goes on by itself while the person waits, a slice of rows between
/// frames (`FieldSearch.searchOn()`), saying how far it got; a key is answered at once.
///
/// ```swift
/// navigator.push(JumpScreen(search: editor.fieldSearch()) { target, nav in nav.pop(); ... })
/// ```
public final class JumpScreen: Screen {
    public let search: FieldSearch
    private let onChoose: (FieldTarget, Navigator) -> Void
    private var list = PickList()

    public init(search: FieldSearch, onChoose: @escaping (FieldTarget, Navigator) -> Void) {
        self.search = search
        self.onChoose = onChoose
        refresh()
    }

    public var title: String { "Jump to" }

    /// The row chosen now.
    public var selectedTarget: FieldTarget? { list.selectedEntry.map { search.results[$0] } }

    public func helpItems(isRoot: Bool) -> [HelpItem] {
        [
            HelpItem("Type", "to search", priority: 0), HelpItem("↑↓", "Choose", priority: 1),
            HelpItem("Enter", "Go", priority: 2), HelpItem("Esc", "Back", priority: 2),
        ]
    }

    private func refresh() {
        list.lines = []
        addLines()
        list.scrollOffset = 0
        list.selectFirst()
    }

    /// The list's lines for the matches it does not show yet (a search that read on).
    private func addLines() {
        for index in list.lines.count..<search.results.count {
            let target = search.results[index]
            list.lines.append(
                PickList.Line(
                    isHeader: false, title: target.name, detail: target.unavailable == nil ? "" : "disabled",
                    entry: index))
        }
    }

    /// Reads the next slice of a search cut short: its matches join the list, the chosen one
    /// stays chosen (the first, when none was).
    public func workWhileIdle() -> Bool {
        guard search.isCut else { return false }
        search.searchOn()
        addLines()
        if list.selected == nil { list.selectFirst() }
        return true
    }

    public func handle(_ key: Key, navigator: Navigator) {
        switch key {
        case .character(let character) where !ControlCharacters.isControl(character):
            search.search(search.query + String(character))
            refresh()
        case .paste(let text):
            search.search(search.query + ControlCharacters.cleaned(text, keepingLineBreaks: false))
            refresh()
        case .backspace:
            guard !search.query.isEmpty else { return }
            search.search(String(search.query.dropLast()))
            refresh()
        case .control("u"):
            search.search("")
            refresh()
        case .up, .backTab: list.move(by: -1)
        case .down, .tab: list.move(by: 1)
        case .pageUp: list.move(by: -10)
        case .pageDown: list.move(by: 10)
        case .escape: navigator.pop()
        case .enter:
            // While the search reads on, the first match is chosen as soon as there is one.
            guard let target = selectedTarget else { return }
            if let reason = target.unavailable {
                navigator.show(message: reason, isError: true)
                return
            }
            onChoose(target, navigator)
        default: break
        }
    }

    public var drawsWholeArea: Bool { true }

    public func render(into canvas: inout Canvas, area: Rect) {
        guard area.height > 0 else { return }
        canvas.fill(row: area.minY, from: area.minX, width: area.width, style: .plain)
        let prompt = "Jump to: "
        let x = canvas.write(prompt, at: Point(x: area.minX + 1, y: area.minY), style: Style(.header))
        let shown = TextWidth.truncateHead(search.query, to: max(1, area.maxX - x - 1))
        let end = canvas.write(shown, at: Point(x: x, y: area.minY), style: Style(.value), limit: area.maxX)
        var listArea = Rect(x: area.minX, y: area.minY + 1, width: area.width, height: area.height - 1)
        var notes: [String] = []
        if search.isCut {
            notes.append("Searching… \(App.grouped(search.scanned)) rows read so far.")
        } else if search.results.isEmpty {
            notes.append("No row matches “\(search.query)”.")
        }
        for note in notes where listArea.height > 0 {
            canvas.fill(row: listArea.maxY - 1, from: area.minX, width: area.width, style: .plain)
            canvas.write(
                TextWidth.truncate(note, to: area.width - RowChrome.titleIndent),
                at: Point(x: area.minX + RowChrome.titleIndent, y: listArea.maxY - 1), style: Style(.footer))
            listArea.size.height -= 1
        }
        let columns = search.results.map { TextWidth.of($0.name) }.max() ?? 0
        list.draw(into: &canvas, area: listArea, titleColumns: columns)
        canvas.cursor = Point(x: min(end, area.maxX - 1), y: area.minY)
    }
}
