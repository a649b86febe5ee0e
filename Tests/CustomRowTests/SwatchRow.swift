import FormCore
import FormUI

// A row kind defined outside the package, with public API only: what a library user writes.

/// A color chosen from a few swatches; `←/→` step through them, `c` clears the choice.
struct SwatchRow<State>: FormRow {
    static var palette: [String] { ["red", "green", "blue"] }

    var title: String
    var color: WritableKeyPath<State, String?>

    init(_ title: String, _ color: WritableKeyPath<State, String?>) {
        self.title = title
        self.color = color
    }

    func content(in state: State) -> SwatchContent {
        SwatchContent(title: title, chosen: state[keyPath: color].flatMap { Self.palette.firstIndex(of: $0) })
    }

    func hints(in state: State) -> [RowHint] {
        [
            RowHint([.decrement, .increment], "Color"),
            RowHint(.named("clear"), "Clear", defaultKeys: ["c"]),
        ]
    }

    func perform(_ action: RowAction, on state: inout State) -> RowOutcome {
        let index = state[keyPath: color].flatMap { Self.palette.firstIndex(of: $0) }
        let next: Int?
        switch action {
        case .increment: next = min((index ?? -1) + 1, Self.palette.count - 1)
        case .decrement: next = max((index ?? 1) - 1, 0)
        case .named("clear"): next = nil
        default: return .ignored
        }
        guard next != index else { return .ignored }
        state[keyPath: color] = next.map { Self.palette[$0] }
        return .changed
    }

    func validate(in state: State) -> String? {
        state[keyPath: color] == nil ? "Choose a color." : nil
    }
}

/// What a swatch row shows: which swatch is chosen, if any.
struct SwatchContent: Hashable {
    var title: String
    var chosen: Int?
}

/// Draws `Color ....  r [G] b` with the standard row look.
final class SwatchCell: RowCell {
    nonisolated(unsafe) static var made = 0
    private var content = SwatchContent(title: "", chosen: nil)
    private var context = CellContext()

    init() { Self.made += 1 }

    func configure(_ content: SwatchContent, context: CellContext) {
        self.content = content
        self.context = context
    }

    func prepareForReuse() { content = SwatchContent(title: "", chosen: nil) }

    /// Each swatch in its own color (a literal color, which `NO_COLOR` shows as a plain value).
    static let colors: [Theme.Color] = [.palette(203), .palette(78), .palette(75)]

    func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        guard frame.width > 0, frame.height > 0 else { return }
        RowChrome.drawLead(in: &canvas, frame: frame, highlighted: highlighted, context: context)
        let start = RowChrome.fieldColumn(in: frame)
        let end = RowChrome.readable(frame).maxX - RowChrome.rightMargin
        RowChrome.writeTitle(
            content.title, in: &canvas, frame: frame, limit: start - 1, highlighted: highlighted,
            context: context)
        var x = start
        for (index, name) in SwatchRow<Int>.palette.enumerated() {
            let letter = String(name.prefix(1))
            let text = index == content.chosen ? "[\(letter.uppercased())]" : " \(letter) "
            let style = RowChrome.valueStyle(
                color: Self.colors[index], fallback: .value, context: context, highlighted: highlighted)
            x = canvas.write(text, at: Point(x: x, y: frame.minY), style: style, limit: end)
        }
    }
}

extension SwatchContent: CellContent { typealias Cell = SwatchCell }
