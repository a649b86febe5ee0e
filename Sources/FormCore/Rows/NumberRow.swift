/// A whole or decimal number typed in place, bound to a number in the state (optional or not).
///
/// Keys that cannot make a number are refused as they are typed: digits, a minus in front when
/// the range goes below zero, and one point for a decimal. A text that is not a number yet ("-",
/// ".") shows a message under the row; an optional binding holds nil meanwhile, a non-optional one
/// keeps its value. A number out of `min...max`, or a missing required one, is found by `validate`
/// when the form is saved. Nothing typed traps: a number too large for its type is refused with the
/// range it must be in.
///
/// ```swift
/// NumberRow("Age", \.age, min: 0, max: 150)                   // Int?: empty is nil
/// NumberRow("Guests", \.guests, min: 1, required: true)       // Int?: empty is refused on save
/// NumberRow("Price", \.price, min: 0, fractionDigits: 2)      // Double: shown as 2.5, 19.99
/// ```
public struct NumberRow<State, Value: Comparable>: FormRow {
    public var title: String
    public var placeholder: String
    /// The smallest and largest values the form accepts on save; nil leaves that side open.
    public var minimum: Value?
    public var maximum: Value?
    /// Whether an empty field stops the form from being saved (for an optional binding).
    /// An optional number that must be given: its title is marked, and an empty one is refused.
    /// (A number bound to a value that is not optional always holds one.)
    public var isRequired: Bool
    private let storage: Binding
    private let number: Kind

    private enum Binding {
        case optional(WritableKeyPath<State, Value?>)
        case value(WritableKeyPath<State, Value>)
    }

    /// What differs between whole and decimal numbers.
    private struct Kind {
        var isDecimal: Bool
        var isSigned: Bool
        /// nil when the digits do not fit the type (too many of them, or beyond a double's range).
        var parse: (String) -> Value?
        var text: (Value) -> String
        var isFinite: (Value) -> Bool
        /// Said when a typed number does not fit the type.
        var tooLarge: String
    }

    private init(
        title: String, binding: Binding, minimum: Value?, maximum: Value?, isRequired: Bool,
        placeholder: String, number: Kind
    ) {
        self.title = title
        self.storage = binding
        self.minimum = minimum
        self.maximum = maximum
        self.isRequired = isRequired
        self.placeholder = placeholder
        self.number = number
    }

    private func current(in state: State) -> Value? {
        switch storage {
        case .optional(let path): state[keyPath: path]
        case .value(let path): state[keyPath: path]
        }
    }

    /// What the field takes, said when a key is refused.
    public var acceptsDescription: String {
        switch (number.isDecimal, number.isSigned) {
        case (false, false): "Digits only."
        case (false, true): "Digits only, and a minus in front."
        case (true, false): "A number: digits, one point."
        case (true, true): "A number: digits, one point, a minus in front."
        }
    }

    private var rangeMessage: String? {
        NumberText.rangeMessage(lower: minimum.map(number.text), upper: maximum.map(number.text))
    }

    public func content(in state: State) -> TextFieldContent {
        TextFieldContent(
            title: title, text: current(in: state).map(number.text) ?? "", placeholder: placeholder)
    }

    public var binding: StateBinding<State>? {
        switch storage {
        case .optional(let path): StateBinding(path)
        case .value(let path): StateBinding(path)
        }
    }

    /// Its title, placeholder and number: nothing else of the state.
    public var contentKeyPath: AnyKeyPath? {
        switch storage {
        case .optional(let path): path
        case .value(let path): path
        }
    }

    public func textInput(in state: State) -> TextInput? {
        let number = self.number
        return TextInput(
            text: current(in: state).map(number.text) ?? "", placeholder: placeholder,
            accepts: { NumberText.accepts($0, decimal: number.isDecimal, signed: number.isSigned) },
            acceptsDescription: acceptsDescription,
            acceptsText: { NumberText.isPrefix($0, decimal: number.isDecimal, signed: number.isSigned) })
    }

    public func validate(in state: State) -> String? {
        guard let value = current(in: state) else { return isRequired ? "A number is needed." : nil }
        guard number.isFinite(value) else { return "Not a finite number." }
        if let minimum, value < minimum { return rangeMessage }
        if let maximum, value > maximum { return rangeMessage }
        return nil
    }

    public func perform(_ action: RowAction, on state: inout State) -> RowOutcome {
        guard case .setText(let text) = action else { return .ignored }
        guard !text.isEmpty else {
            guard case .optional = storage else { return .invalid("A number is needed.") }
            return store(nil, in: &state)
        }
        guard NumberText.isPrefix(text, decimal: number.isDecimal, signed: number.isSigned) else {
            // The screen refuses such keys; text set by other means gets the same answer.
            _ = store(nil, in: &state)
            return .invalid(acceptsDescription)
        }
        guard NumberText.isComplete(text) else {
            _ = store(nil, in: &state)
            return .invalid("Not a number yet.")
        }
        guard let value = number.parse(text) else {
            _ = store(nil, in: &state)
            return .invalid(rangeMessage ?? number.tooLarge)
        }
        return store(value, in: &state)
    }

    /// Stores `value`; nil empties an optional binding and leaves a non-optional one as it is.
    private func store(_ value: Value?, in state: inout State) -> RowOutcome {
        guard value != current(in: state) else { return .ignored }
        switch storage {
        case .optional(let path):
            state[keyPath: path] = value
        case .value(let path):
            guard let value else { return .ignored }
            state[keyPath: path] = value
        }
        return .changed
    }
}

extension NumberRow where Value: FixedWidthInteger {
    /// A whole number that may be empty (nil).
    public init(
        _ title: String, _ value: WritableKeyPath<State, Value?>, min: Value? = nil, max: Value? = nil,
        required: Bool = false, placeholder: String = ""
    ) {
        self.init(
            title: title, binding: .optional(value), minimum: min, maximum: max, isRequired: required,
            placeholder: placeholder, number: Self.wholeNumber(min: min, max: max))
    }

    /// A whole number that is always there: an emptied field keeps the last number.
    public init(
        _ title: String, _ value: WritableKeyPath<State, Value>, min: Value? = nil, max: Value? = nil,
        placeholder: String = ""
    ) {
        self.init(
            title: title, binding: .value(value), minimum: min, maximum: max, isRequired: false,
            placeholder: placeholder, number: Self.wholeNumber(min: min, max: max))
    }

    private static func wholeNumber(min: Value?, max: Value?) -> Kind {
        Kind(
            isDecimal: false, isSigned: (min ?? Value.min) < 0, parse: { Value($0) }, text: { String($0) },
            isFinite: { _ in true },
            tooLarge: NumberText.rangeMessage(
                lower: String(min ?? Value.min), upper: String(max ?? Value.max)) ?? "")
    }
}

extension NumberRow where Value: BinaryFloatingPoint & LosslessStringConvertible {
    /// A decimal number that may be empty (nil), shown and kept with at most `fractionDigits`
    /// places: more typed are rounded away.
    public init(
        _ title: String, _ value: WritableKeyPath<State, Value?>, min: Value? = nil, max: Value? = nil,
        required: Bool = false, fractionDigits: Int? = nil, placeholder: String = ""
    ) {
        self.init(
            title: title, binding: .optional(value), minimum: min, maximum: max, isRequired: required,
            placeholder: placeholder, number: Self.decimal(min: min, fractionDigits: fractionDigits))
    }

    /// A decimal number that is always there: an emptied field keeps the last number.
    public init(
        _ title: String, _ value: WritableKeyPath<State, Value>, min: Value? = nil, max: Value? = nil,
        fractionDigits: Int? = nil, placeholder: String = ""
    ) {
        self.init(
            title: title, binding: .value(value), minimum: min, maximum: max, isRequired: false,
            placeholder: placeholder, number: Self.decimal(min: min, fractionDigits: fractionDigits))
    }

    private static func decimal(min: Value?, fractionDigits: Int?) -> Kind {
        Kind(
            isDecimal: true, isSigned: (min ?? -1) < 0,
            // Rounded to the places shown: what is saved is what the row shows (3.1415 typed
            // into a row of 2 places is 3.14 on screen and in the state).
            parse: { text in
                Value(text).flatMap { value in
                    guard value.isFinite else { return nil }
                    guard let fractionDigits else { return value }
                    return Value(DecimalText.format(value, maxFractionDigits: fractionDigits)) ?? value
                }
            },
            text: { DecimalText.format($0, maxFractionDigits: fractionDigits) },
            isFinite: { $0.isFinite }, tooLarge: "Too large a number.")
    }
}
