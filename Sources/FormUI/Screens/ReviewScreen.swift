import FormCore

/// "Review changes": what a save would change, row by row with the old and new value, pushed by
/// Ctrl-S on a form that reviews its changes (`Form(reviewsChanges: true)`). Ctrl-S here saves,
/// Esc goes back to the form, and Enter goes back to the chosen row.
///
/// ```swift
/// navigator.push(ReviewScreen(changes: editor.changes(), onSave: { nav in ... }, onGoTo: { path, nav in ... }))
/// ```
public final class ReviewScreen: Screen {
    public let changes: [ReviewedChange]
    private let keyMap: KeyMap
    private let onSave: (Navigator) -> Void
    private let onGoTo: (RowPath, Navigator) -> Void
    private var list = PickList()
    private let titleColumns: Int

    /// `detail`: lines shown after the changes (the form's `reviewDetail`), which ↑↓ scroll
    /// through.
    public init(
        changes: [ReviewedChange], detail: [String] = [], keyMap: KeyMap = .standard,
        onSave: @escaping (Navigator) -> Void,
        onGoTo: @escaping (RowPath, Navigator) -> Void
    ) {
        self.changes = changes
        self.keyMap = keyMap
        self.onSave = onSave
        self.onGoTo = onGoTo
        var lines: [PickList.Line] = [
            PickList.Line(
                isHeader: true,
                title: changes.count == 1
                    ? "One change will be saved:" : "\(changes.count) changes will be saved:",
                detail: "")
        ]
        var section: String?
        for (index, change) in changes.enumerated() {
            if change.section != section, !change.section.isEmpty {
                lines.append(PickList.Line(isHeader: true, title: change.section, detail: ""))
            }
            section = change.section
            lines.append(
                PickList.Line(isHeader: false, title: change.title, detail: change.summary, entry: index))
        }
        if !detail.isEmpty {
            lines.append(PickList.Line(isHeader: true, title: "", detail: ""))
            lines += detail.map { PickList.Line(isHeader: false, title: $0, detail: "", spansWidth: true) }
        }
        list.lines = lines
        list.selectFirst()
        titleColumns = changes.map { TextWidth.of($0.title) }.max() ?? 0
    }

    public var title: String { "Review changes" }

    /// The change chosen now.
    public var selectedChange: ReviewedChange? { list.selectedEntry.map { changes[$0] } }

    public func helpItems(isRoot: Bool) -> [HelpItem] {
        var items = [HelpItem("↑↓", "Move", priority: 0)]
        if !changes.isEmpty { items.append(HelpItem("Enter", "Go to row", priority: 1)) }
        if let save = keyMap.keys(for: .save).first {
            items.append(HelpItem(save.label, "Save", priority: 3))
        }
        items.append(HelpItem("Esc", "Back", priority: 2))
        return items
    }

    public func handle(_ key: Key, navigator: Navigator) {
        if keyMap.matches(key, .save) { return onSave(navigator) }
        switch key {
        case .up, .backTab: list.move(by: -1)
        case .down, .tab: list.move(by: 1)
        case .pageUp: list.move(by: -10)
        case .pageDown: list.move(by: 10)
        case .home: list.selectFirst()
        case .end: list.move(by: list.lines.count)
        case .escape: navigator.pop()
        case .enter:
            guard let change = selectedChange else { return }
            onGoTo(change.path, navigator)
        default: break
        }
    }

    public var drawsWholeArea: Bool { true }

    public func render(into canvas: inout Canvas, area: Rect) {
        list.draw(into: &canvas, area: area, titleColumns: titleColumns)
    }
}
