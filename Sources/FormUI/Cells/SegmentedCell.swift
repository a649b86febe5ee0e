import FormCore

/// Draws a segmented row: `Theme ....  Light │[Dark]│ Auto`, the chosen option in brackets.
/// When the options do not fit beside the whole title, only the chosen one is shown, between
/// arrows that say whether there are more either side (`Theme ...... ‹ Dark ›`).
public final class SegmentedCell: RowCell {
    public static let reuseIdentifier = "segmented"
    public private(set) var content = SegmentedContent(title: "", segments: [], selected: nil)
    private var context = CellContext()

    public init() {}

    public func configure(_ content: SegmentedContent, context: CellContext) {
        self.content = content
        self.context = context
    }

    public func prepareForReuse() {
        content = SegmentedContent(title: "", segments: [], selected: nil)
        context = CellContext()
    }

    public func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        let full = segments()
        let start = max(
            RowChrome.fieldColumn(in: frame, context: context) - frame.minX,
            RowChrome.titleIndent + TextWidth.of(content.title) + 2)
        let needed = start + full.reduce(0) { $0 + TextWidth.of($1.text) } + RowChrome.rightMargin
        let fits = needed <= RowChrome.readable(frame).width
        // Every option's text in the value column: the first's space (or bracket) before it.
        RowChrome.draw(
            in: &canvas, frame: frame, highlighted: highlighted, context: context, title: content.title,
            trailing: fits ? full : chosenOnly(), hanging: fits ? 1 : 0)
    }

    /// Every option, the chosen one in brackets where the others have spaces, so that choosing
    /// another does not shift the line.
    private func segments() -> [(text: String, role: Style.Role)] {
        var pieces: [(text: String, role: Style.Role)] = []
        for (index, segment) in content.segments.enumerated() {
            if index > 0 { pieces.append(("│", .disclosure)) }
            pieces.append(index == content.selected ? ("[\(segment)]", .accent) : (" \(segment) ", .value))
        }
        return pieces
    }

    private func chosenOnly() -> [(text: String, role: Style.Role)] {
        let chosen =
            content.selected.flatMap { content.segments.indices.contains($0) ? content.segments[$0] : nil }
            ?? "–"
        let last = content.segments.count - 1
        let before = content.selected.map { $0 > 0 } ?? !content.segments.isEmpty
        let after = content.selected.map { $0 < last } ?? !content.segments.isEmpty
        return [
            ("‹ ", before ? .disclosure : .disabled), (chosen, .accent),
            (" ›", after ? .disclosure : .disabled),
        ]
    }
}

extension SegmentedContent: CellContent { public typealias Cell = SegmentedCell }
