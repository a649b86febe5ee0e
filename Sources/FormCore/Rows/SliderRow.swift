/// A number in a range, drawn as a bar with its value: ←/→ move it a step, PgUp/PgDn or
/// Shift-←/→ a tenth of the range, always onto the steps (and the ends).
///
/// Decimal values are kept to the places of the step, so that steps of 0.1 give 0.3 and not
/// 0.30000000000000004. `format` writes the value beside the bar.
///
/// ```swift
/// SliderRow("Volume", \.volume, in: 0...100, step: 5, format: { "\($0) %" })
/// SliderRow("Opacity", \.opacity, in: 0...1, step: 0.05)
/// ```
public struct SliderRow<State, Value: Comparable>: FormRow {
    /// Its help is the same on every row: moving past a list of these makes no row.
    public static var hasFixedHints: Bool { true }

    public var title: String
    public var value: WritableKeyPath<State, Value>
    public var range: ClosedRange<Value>
    public var step: Value
    /// The value as shown beside the bar.
    public var format: (Value) -> String
    private let scale: Scale

    /// The arithmetic of whole or decimal values.
    private struct Scale {
        /// The value moved by one step (or by a tenth of the range), up or down.
        var moved: (_ value: Value, _ up: Bool, _ large: Bool) -> Value
        var fraction: (Value) -> Double
    }

    public func content(in state: State) -> SliderContent {
        let current = state[keyPath: value]
        return SliderContent(
            title: title, value: format(current),
            valueWidth: max(format(range.lowerBound).count, format(range.upperBound).count),
            fraction: scale.fraction(current))
    }

    /// Its title and its value: nothing else of the state.
    public var binding: StateBinding<State>? { StateBinding(value) }
    public var contentKeyPath: AnyKeyPath? { value }

    public func hints(in state: State) -> [RowHint] {
        [
            RowHint([.decrement, .increment], "Adjust"),
            RowHint([.largeDecrement, .largeIncrement], "By tenths", priority: 0),
        ]
    }

    public func validate(in state: State) -> String? {
        let current = state[keyPath: value]
        guard !range.contains(current) else { return nil }
        return NumberText.rangeMessage(lower: format(range.lowerBound), upper: format(range.upperBound))
    }

    public func perform(_ action: RowAction, on state: inout State) -> RowOutcome {
        let current = state[keyPath: value]
        let next: Value
        switch action {
        case .increment: next = scale.moved(current, true, false)
        case .decrement: next = scale.moved(current, false, false)
        case .largeIncrement: next = scale.moved(current, true, true)
        case .largeDecrement: next = scale.moved(current, false, true)
        default: return .ignored
        }
        guard next != current else { return .ignored }
        state[keyPath: value] = next
        return .changed
    }
}

extension SliderRow where Value: FixedWidthInteger {
    public init(
        _ title: String, _ value: WritableKeyPath<State, Value>, in range: ClosedRange<Value>,
        step: Value = 1, format: @escaping (Value) -> String = { String($0) }
    ) {
        precondition(step > 0, "A slider's step must be positive, not \(step).")
        self.title = title
        self.value = value
        self.range = range
        self.step = step
        self.format = format
        let tenth = RangeSteps.tenth(of: range, step: step)
        scale = Scale(
            moved: { value, up, large in
                RangeSteps.moved(value, up: up, count: large ? tenth : 1, in: range, step: step)
            },
            fraction: { RangeSteps.fraction(of: $0, in: range) })
    }
}

extension SliderRow where Value: BinaryFloatingPoint & LosslessStringConvertible {
    /// A decimal slider; `format` defaults to the value with the places of `step`.
    public init(
        _ title: String, _ value: WritableKeyPath<State, Value>, in range: ClosedRange<Value>,
        step: Value, format: ((Value) -> String)? = nil
    ) {
        precondition(step > 0 && step.isFinite, "A slider's step must be positive, not \(step).")
        precondition(
            range.lowerBound.isFinite && range.upperBound.isFinite, "A slider's range must be finite.")
        let places = Swift.max(
            DecimalText.fractionDigits(of: step), DecimalText.fractionDigits(of: range.lowerBound))
        self.title = title
        self.value = value
        self.range = range
        self.step = step
        self.format = format ?? { DecimalText.format($0, maxFractionDigits: places) }
        let tenth = RangeSteps.tenth(of: range, step: step)
        scale = Scale(
            moved: { value, up, large in
                let moved = RangeSteps.moved(value, up: up, count: large ? tenth : 1, in: range, step: step)
                // Rounded to the step's places through text: lower + k × step carries binary noise.
                let clean = Value(DecimalText.format(moved, maxFractionDigits: places)) ?? moved
                return Swift.min(Swift.max(clean, range.lowerBound), range.upperBound)
            },
            fraction: { RangeSteps.fraction(of: $0, in: range) })
    }
}

/// What a slider row shows: `Volume   [=======-----]  70 %`.
///
/// ```swift
/// SliderContent(title: "Volume", value: "70 %", valueWidth: 5, fraction: 0.7)
/// ```
public struct SliderContent: Hashable, Sendable {
    public var title: String
    public var value: String
    /// The width of the widest value (at either end), so that the bar keeps its length.
    public var valueWidth: Int
    /// Where the value lies in the range, 0 to 1: how much of the bar is filled.
    public var fraction: Double

    public init(title: String, value: String, valueWidth: Int, fraction: Double) {
        self.title = title
        self.value = value
        self.valueWidth = valueWidth
        self.fraction = fraction
    }
}

extension SliderContent: RowContent {
    public var rowText: RowText { RowText(title, value: value) }
}
