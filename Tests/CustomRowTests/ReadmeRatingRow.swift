// The custom row of the README, verbatim (ReadmeTests checks that it stays so): it must compile.
import FormCore
import FormUI

struct RatingContent: Hashable {
    var title: String
    var stars: Int
}

struct RatingRow<State>: FormRow {
    var title: String
    var stars: WritableKeyPath<State, Int>
    func content(in state: State) -> RatingContent {
        RatingContent(title: title, stars: state[keyPath: stars])
    }
    func hints(in state: State) -> [RowHint] { [RowHint([.decrement, .increment], "Rate")] }
    func perform(_ action: RowAction, on state: inout State) -> RowOutcome {
        switch action {
        case .increment: state[keyPath: stars] = min(5, state[keyPath: stars] + 1)
        case .decrement: state[keyPath: stars] = max(0, state[keyPath: stars] - 1)
        default: return .ignored
        }
        return .changed
    }
}

final class RatingCell: RowCell {
    private var content = RatingContent(title: "", stars: 0)
    private var context = CellContext()
    init() {}
    func configure(_ content: RatingContent, context: CellContext) {
        (self.content, self.context) = (content, context)
    }
    func prepareForReuse() {}
    func draw(in canvas: inout Canvas, frame: Rect, highlighted: Bool) {
        RowChrome.draw(
            in: &canvas, frame: frame, highlighted: highlighted, context: context,
            title: content.title, trailing: [(String(repeating: "★", count: content.stars), .value)])
    }
}

extension RatingContent: CellContent { typealias Cell = RatingCell }
