// The custom row of the README, verbatim (ReadmeTests checks that it stays so): it must compile.
import FormCore
import FormUI

struct RatingRow<State>: FormRow {
    var title: String
    var stars: WritableKeyPath<State, Int>
    func content(in state: State) -> RowText {
        let filled = String(repeating: "★", count: state[keyPath: stars])
        return RowText(title, [.on(filled), .off(String(repeating: "☆", count: 5 - filled.count))])
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
