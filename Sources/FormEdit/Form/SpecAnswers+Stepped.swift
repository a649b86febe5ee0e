import FormSpec

/// The answers of a stepper or a slider, which always stand somewhere: at the file's value, else
/// at `start` (the default or the lower bound) until moved.
///
/// ```swift
/// StepperRow("Level", \SpecAnswers.[stepped: "/level", 3], in: 1...9)
/// ```
extension SpecAnswers {
    subscript(stepped id: String, start: Int) -> Int {
        get { self[integer: id] ?? start }
        set { self[integer: id] = newValue }
    }

    subscript(sliding id: String, start: Double) -> Double {
        get { self[decimal: id] ?? start }
        set { self[decimal: id] = newValue }
    }
}
