/// A whole number changed a step at a time with ←/→ (or -/+), held within a range: at an end the
/// key does nothing, and the cell dims the sign that would go past it.
///
/// A value off the steps (from a file) moves to the next step in the key's direction; one outside
/// the range comes back to the nearer end, and `validate` names the range until it does.
///
/// ```swift
/// StepperRow("Guests", \.guests, in: 1...12)
/// StepperRow("Timeout", \.timeoutSeconds, in: 0...300, step: 15)
/// ```
public struct StepperRow<State, Value: FixedWidthInteger>: FormRow {
    /// Its help is the same on every row: moving past a list of these makes no row.
    public static var hasFixedHints: Bool { true }

    public var title: String
    public var value: WritableKeyPath<State, Value>
    public var range: ClosedRange<Value>
    /// How far one key moves the value; positive.
    public var step: Value

    public init(
        _ title: String, _ value: WritableKeyPath<State, Value>, in range: ClosedRange<Value>,
        step: Value = 1
    ) {
        precondition(step > 0, "A stepper's step must be positive, not \(step).")
        self.title = title
        self.value = value
        self.range = range
        self.step = step
    }

    public func content(in state: State) -> StepperContent {
        let current = state[keyPath: value]
        return StepperContent(
            title: title, value: String(current),
            valueWidth: max(String(range.lowerBound).count, String(range.upperBound).count),
            canDecrement: current > range.lowerBound, canIncrement: current < range.upperBound)
    }

    /// Its title and its number: nothing else of the state.
    public var binding: StateBinding<State>? { StateBinding(value) }
    public var contentKeyPath: AnyKeyPath? { value }

    public func hints(in state: State) -> [RowHint] { [RowHint([.decrement, .increment], "Adjust")] }

    public func validate(in state: State) -> String? {
        guard !range.contains(state[keyPath: value]) else { return nil }
        return NumberText.rangeMessage(lower: String(range.lowerBound), upper: String(range.upperBound))
    }

    public func perform(_ action: RowAction, on state: inout State) -> RowOutcome {
        let up: Bool
        switch action {
        case .increment: up = true
        case .decrement: up = false
        default: return .ignored
        }
        let current = state[keyPath: value]
        let next = RangeSteps.moved(current, up: up, count: 1, in: range, step: step)
        guard next != current else { return .ignored }
        state[keyPath: value] = next
        return .changed
    }
}

/// What a stepper row shows: `Guests   - 3 +`.
///
/// ```swift
/// StepperContent(title: "Guests", value: "3", valueWidth: 2, canDecrement: true, canIncrement: true)
/// ```
public struct StepperContent: Hashable, Sendable {
    public var title: String
    public var value: String
    /// The width of the widest value in the range, so that the signs stay put as it changes.
    public var valueWidth: Int
    /// Whether a step down (up) is left: the sign is drawn dim at the end of the range.
    public var canDecrement: Bool
    public var canIncrement: Bool

    public init(title: String, value: String, valueWidth: Int, canDecrement: Bool, canIncrement: Bool) {
        self.title = title
        self.value = value
        self.valueWidth = valueWidth
        self.canDecrement = canDecrement
        self.canIncrement = canIncrement
    }
}

extension StepperContent: RowContent {
    public var rowText: RowText { RowText(title, value: value) }
}
