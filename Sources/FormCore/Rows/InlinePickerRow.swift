/// A value picked on wheels opened below the row: Enter opens them, ↑/↓ move through the options
/// of the chosen wheel, ←/→ choose the wheel. One wheel picks one value; several pick a value each
/// (hours and minutes of a duration), each bound to its own key path.
///
/// The wheels stop at the first and last options: wrapping from the last size back to the first
/// would turn "one more" into "the smallest" with nothing on screen to warn of the jump.
///
/// ```swift
/// InlinePickerRow("Size", \.size, options: [.small, .medium, .large]) { $0.name }
/// InlinePickerRow("Duration", components: [
///     PickerComponent(\.hours, options: 0...23, name: "Hours") { "\($0) h" },
///     PickerComponent(\.minutes, options: Array(stride(from: 0, to: 60, by: 5)), name: "Minutes") { "\($0) min" },
/// ])
/// ```
public struct InlinePickerRow<State>: FormRow {
    /// Nothing to validate: a save skips a list of these.
    public static var validates: Bool { false }

    public var title: String
    public var components: [PickerComponent<State>]

    /// A row with a wheel per component; the row shows their values side by side.
    public init(_ title: String, components: [PickerComponent<State>]) {
        self.title = title
        self.components = components
    }

    /// A row with one wheel over `options`.
    @inlinable
    public init<Value: Hashable>(
        _ title: String, _ selection: WritableKeyPath<State, Value>, options: some Sequence<Value>,
        label: @escaping (Value) -> String
    ) {
        self.init(
            title, components: [PickerComponent(selection, options: options, name: title, label: label)])
    }

    public func content(in state: State) -> PickerValueContent {
        PickerValueContent(title: title, value: components.map { $0.label(in: state) }.joined(separator: " "))
    }

    public func hints(in state: State) -> [RowHint] { [RowHint(.activate, "Choose")] }

    public func perform(_ action: RowAction, on state: inout State) -> RowOutcome {
        switch action {
        case .activate, .toggle:
            return components.isEmpty ? .ignored : .expand
        case .step(let index, let steps):
            guard components.indices.contains(index) else { return .ignored }
            return components[index].step(by: steps, on: &state) ? .changed : .ignored
        case .type(let index, let digits):
            guard components.indices.contains(index) else { return .ignored }
            return components[index].type(digits, on: &state)
        default:
            return .ignored
        }
    }

    public func inlinePicker(in state: State) -> InlinePicker? {
        guard !components.isEmpty else { return nil }
        return InlinePicker(components: components.map { $0.wheel(in: state) })
    }
}

extension InlinePickerRow {
    /// One wheel over options labelled by their description.
    @inlinable
    public init<Value: Hashable & CustomStringConvertible>(
        _ title: String, _ selection: WritableKeyPath<State, Value>, options: some Sequence<Value>
    ) {
        self.init(title, selection, options: options, label: \.description)
    }
}

/// One wheel of an `InlinePickerRow`: a value in the state and the options it may take. The
/// value's type is hidden, so the wheels of one row may pick values of different types.
///
/// ```swift
/// PickerComponent(\.hours, options: 0...23, name: "Hours") { "\($0) h" }
/// ```
public struct PickerComponent<State> {
    /// Names the wheel in the help line ("↑↓ Change Hours").
    public var name: String
    @usableFromInline let count: Int
    @usableFromInline let index: (State) -> Int?
    @usableFromInline let labelAt: (Int) -> String
    @usableFromInline let current: (State) -> String
    @usableFromInline let select: (Int, inout State) -> Void

    // Inlinable, like the row's initialisers, so that each caller's copy is specialised for its
    // options: unspecialised, `Array(options)` asks the runtime for the sequence's associated
    // types, which it finds by searching every conformance of the program (11 of the 19
    // searches the Showcase made at start).
    @inlinable
    public init<Value: Hashable>(
        _ selection: WritableKeyPath<State, Value>, options: some Sequence<Value>, name: String = "",
        label: @escaping (Value) -> String
    ) {
        let options = Array(options)
        // The first index of each value: a list with a value twice stops at its first place.
        var positions: [Value: Int] = [:]
        for position in options.indices where positions[options[position]] == nil {
            positions[options[position]] = position
        }
        self.name = name
        self.count = options.count
        self.index = { positions[$0[keyPath: selection]] }
        self.labelAt = { label(options[$0]) }
        self.current = { label($0[keyPath: selection]) }
        self.select = { $1[keyPath: selection] = options[$0] }
    }

    /// What the wheel shows as the current value (a value not among the options included).
    func label(in state: State) -> String { current(state) }

    /// Every option's label, in order.
    var labels: [String] { (0..<count).map(labelAt) }

    /// Sets the option at `index` (of `labels`).
    func choose(_ index: Int, on state: inout State) {
        guard index >= 0, index < count else { return }
        select(index, &state)
    }

    /// The option `steps` away from the current one, stopping at the ends; a value not among the
    /// options goes down to the first option, as the wheel shows it below. Whether the value
    /// changed.
    func step(by steps: Int, on state: inout State) -> Bool {
        let target: Int
        if let now = index(state) {
            target = min(max(0, now + steps), count - 1)
            guard target != now else { return false }
        } else {
            guard count > 0, steps > 0 else { return false }
            target = 0
        }
        select(target, &state)
        return true
    }

    func wheel(in state: State) -> InlinePicker.Component {
        let now = index(state)
        let previous = now.flatMap { $0 > 0 ? labelAt($0 - 1) : nil }
        let next = now.map { $0 + 1 < count ? labelAt($0 + 1) : nil } ?? (count > 0 ? labelAt(0) : nil)
        return InlinePicker.Component(
            label: name, previous: previous, current: current(state), next: next,
            takesDigits: (0..<count).contains { Self.leadingDigits(of: labelAt($0)) != nil })
    }

    /// Digits typed into the wheel: the option whose label starts with that number is picked
    /// ("30" picks "30 min"); while a longer number may still come ("3" of "30"), the screen keeps
    /// the digits (`.invalid`); when none can, they are refused and the screen starts again.
    func type(_ digits: String, on state: inout State) -> RowOutcome {
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let typed = Self.leadingDigits(of: digits)
        else { return .ignored }
        var mayFollow = false
        for option in 0..<count {
            guard let number = Self.leadingDigits(of: labelAt(option)) else { continue }
            if number == typed {
                guard index(state) != option else { return .ignored }
                select(option, &state)
                return .changed
            }
            if number.hasPrefix(typed) { mayFollow = true }
        }
        return mayFollow
            ? .invalid("\(digits) is not a \(name.isEmpty ? "value" : name.lowercased()) here yet.")
            : .ignored
    }

    /// The number a text starts with ("30" of "30 min"), without leading zeros ("05" is "5").
    private static func leadingDigits(of label: String) -> String? {
        let digits = label.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return nil }
        let trimmed = digits.drop { $0 == "0" }
        return trimmed.isEmpty ? "0" : String(trimmed)
    }
}

/// What a row with a picked value shows: its title and the value, or a placeholder drawn dim
/// while there is no value ("Not set").
public struct PickerValueContent: Hashable, Sendable {
    public var title: String
    public var value: String
    public var isPlaceholder: Bool

    public init(title: String, value: String, isPlaceholder: Bool = false) {
        self.title = title
        self.value = value
        self.isPlaceholder = isPlaceholder
    }
}

extension PickerValueContent: RowContent {
    public var rowText: RowText {
        RowText(title, isPlaceholder ? [RowText.Part(value, role: .placeholder)] : [.value(value)])
    }
}
