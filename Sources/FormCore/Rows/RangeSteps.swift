/// The values a stepper or a slider stops at: `lower + k × step` within a range, and the two ends
/// (so the top of 0...10 by 3 is reachable). A move goes to the next of those values in its
/// direction, so a value off the steps (typed, or from a file) snaps onto them; a value outside
/// the range comes back to the nearer end.
///
/// Nothing here traps: integer moves check for overflow, and float moves that leave the finite
/// numbers end at the range's end.
enum RangeSteps {
    /// `value` moved `count` steps up (or down) within `range`.
    static func moved<Value: FixedWidthInteger>(
        _ value: Value, up: Bool, count: Value.Magnitude, in range: ClosedRange<Value>, step: Value
    ) -> Value {
        if value < range.lowerBound { return range.lowerBound }
        if value > range.upperBound { return range.upperBound }
        // Distances from the bottom of the range fit in the magnitude type, even over Int.min...Int.max;
        // wrapping subtraction of the bit patterns gives them exactly since value >= lowerBound.
        let offset = distance(from: range.lowerBound, to: value)
        let span = distance(from: range.lowerBound, to: range.upperBound)
        let stride = step.magnitude
        let remainder = offset % stride
        let first =
            up ? (remainder == 0 ? stride : stride - remainder) : (remainder == 0 ? stride : remainder)
        let (more, overflowed) = stride.multipliedReportingOverflow(by: max(1, count) - 1)
        let (distance, overflowedAgain) = first.addingReportingOverflow(more)
        if up {
            if overflowed || overflowedAgain || distance >= span - offset { return range.upperBound }
            return Value(truncatingIfNeeded: Value.Magnitude(truncatingIfNeeded: value) &+ distance)
        }
        if overflowed || overflowedAgain || distance >= offset { return range.lowerBound }
        return Value(truncatingIfNeeded: Value.Magnitude(truncatingIfNeeded: value) &- distance)
    }

    /// How many steps make a tenth of the range (at least one).
    static func tenth<Value: FixedWidthInteger>(of range: ClosedRange<Value>, step: Value) -> Value.Magnitude
    {
        let span = distance(from: range.lowerBound, to: range.upperBound)
        let stride = step.magnitude
        return max(1, (span / 10 + stride / 2) / stride)
    }

    /// Where `value` lies in `range`, from 0 at the bottom to 1 at the top.
    static func fraction<Value: FixedWidthInteger>(of value: Value, in range: ClosedRange<Value>) -> Double {
        let clamped = min(max(value, range.lowerBound), range.upperBound)
        let span = distance(from: range.lowerBound, to: range.upperBound)
        guard span > 0 else { return 0 }
        return Double(distance(from: range.lowerBound, to: clamped)) / Double(span)
    }

    private static func distance<Value: FixedWidthInteger>(from lower: Value, to upper: Value)
        -> Value.Magnitude
    {
        Value.Magnitude(truncatingIfNeeded: upper) &- Value.Magnitude(truncatingIfNeeded: lower)
    }

    /// `value` moved `count` steps up (or down) within `range`.
    static func moved<Value: BinaryFloatingPoint>(
        _ value: Value, up: Bool, count: Value, in range: ClosedRange<Value>, step: Value
    ) -> Value {
        if value.isNaN { return range.lowerBound }
        if value < range.lowerBound { return range.lowerBound }
        if value > range.upperBound { return range.upperBound }
        let end = up ? range.upperBound : range.lowerBound
        let count = max(1, count.rounded())
        let position = (value - range.lowerBound) / step
        var result: Value
        if position.isFinite {
            // A value a rounding error away from a step is on it: 0.3 is on the steps of 0.1.
            let nearest = position.rounded()
            let tolerance = max(1, nearest.magnitude) * Value.ulpOfOne * 1024
            let onStep = (position - nearest).magnitude <= tolerance
            let start = onStep ? nearest : position.rounded(up ? .down : .up)
            result = range.lowerBound + (up ? start + count : start - count) * step
        } else {
            result = up ? value + count * step : value - count * step
        }
        guard result.isFinite else { return end }
        return up ? min(result, range.upperBound) : max(result, range.lowerBound)
    }

    /// How many steps make a tenth of the range (at least one).
    static func tenth<Value: BinaryFloatingPoint>(of range: ClosedRange<Value>, step: Value) -> Value {
        // Tenths first: the span of a range over all finite numbers is not finite.
        let tenth = range.upperBound / 10 - range.lowerBound / 10
        let steps = (tenth / step).rounded()
        return steps.isFinite ? max(1, steps) : Value.greatestFiniteMagnitude
    }

    /// Where `value` lies in `range`, from 0 at the bottom to 1 at the top.
    static func fraction<Value: BinaryFloatingPoint>(of value: Value, in range: ClosedRange<Value>) -> Double
    {
        let span = range.upperBound / 2 - range.lowerBound / 2
        guard span > 0, value.isFinite else { return 0 }
        let fraction = Double((value / 2 - range.lowerBound / 2) / span)
        return fraction.isFinite ? min(max(fraction, 0), 1) : 0
    }
}
