import FormCore

/// A custom row kind, written with the public API only, as an app would: a rating of one to
/// `maximum` stars. ←/→ (or -/+) change it, digits set it, `0` clears it. Its content is a
/// `RowText` (a title and a value), so it needs no cell of its own.
///
/// ```swift
/// RatingRow("Rating", \.stars, maximum: 5)
/// ```
public struct RatingRow<State>: FormRow {
    public var title: String
    public var stars: WritableKeyPath<State, Int>
    public var maximum: Int

    public init(_ title: String, _ stars: WritableKeyPath<State, Int>, maximum: Int = 5) {
        self.title = title
        self.stars = stars
        self.maximum = max(1, min(9, maximum))
    }

    /// Sets the rating from a digit typed on the row.
    static func digit(_ value: Int) -> RowAction { .named("rate-\(value)") }

    /// Filled stars, then empty ones: a title and a value in two looks, so no cell of its own.
    public func content(in state: State) -> RowText {
        let filled = min(max(0, state[keyPath: stars]), maximum)
        return RowText(
            title,
            [
                .on(String(repeating: "★", count: filled)),
                .off(String(repeating: "☆", count: maximum - filled)),
            ])
    }

    public func hints(in state: State) -> [RowHint] {
        [
            RowHint([.decrement, .increment], "Rate"),
            // One hint per digit: only the first is shown, all are keys.
            RowHint(
                (0...maximum).map(Self.digit), "Set", priority: 0,
                defaultKeys: (0...maximum).map { String($0) }),
        ]
    }

    public func perform(_ action: RowAction, on state: inout State) -> RowOutcome {
        let current = state[keyPath: stars]
        let next: Int
        switch action {
        case .increment: next = min(maximum, current + 1)
        case .decrement: next = max(0, current - 1)
        case .named(let name) where name.hasPrefix("rate-"):
            guard let value = Int(name.dropFirst(5)), (0...maximum).contains(value) else { return .ignored }
            next = value
        default: return .ignored
        }
        guard next != current else { return .ignored }
        state[keyPath: stars] = next
        return .changed
    }
}

/// The rating in the line mode: its stars as a number, typed as the digit keys set it.
extension RatingRow: LineQuestioning {
    public func lineQuestions(in state: State) -> [LineQuestion] {
        let rating = min(max(0, state[keyPath: stars]), maximum)
        return [
            LineQuestion(value: "\(rating) of \(maximum) stars", expects: "a number from 0 to \(maximum)")
        ]
    }

    public func answer(_ answer: LineInput, to question: Int, on state: inout State) -> LineAnswer {
        guard case .text(let text) = answer, let value = Int(text), (0...maximum).contains(value) else {
            return .refused("Type a number from 0 to \(maximum).")
        }
        _ = perform(Self.digit(value), on: &state)
        return .taken
    }
}
