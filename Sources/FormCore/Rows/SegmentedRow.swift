/// One of a few options, all shown in the row with the chosen one marked
/// (`Theme ....  Light │[Dark]│ Auto`); ←/→ choose. For two to four short options; a longer
/// list belongs in a `SelectionRow` or an `InlinePickerRow`.
///
/// The choice stops at the ends: the options are laid out in a line, so → on the last one has
/// nowhere to go that the eye expects.
///
/// ```swift
/// SegmentedRow("Theme", \.theme, options: [.light, .dark, .auto]) { $0.name }
/// ```
public struct SegmentedRow<State, Value: Hashable>: FormRow {
    /// Its help is the same on every row: moving past a list of these makes no row.
    public static var hasFixedHints: Bool { true }

    /// Nothing to validate: a save skips a list of these.
    public static var validates: Bool { false }

    public var title: String
    public var selection: WritableKeyPath<State, Value>
    public var options: [Value]
    public var label: (Value) -> String

    public init(
        _ title: String, _ selection: WritableKeyPath<State, Value>, options: [Value],
        label: @escaping (Value) -> String
    ) {
        self.title = title
        self.selection = selection
        self.options = options
        self.label = label
    }

    public func content(in state: State) -> SegmentedContent {
        SegmentedContent(
            title: title, segments: options.map(label),
            selected: options.firstIndex(of: state[keyPath: selection]))
    }

    /// Its title, its options and the chosen one: nothing else of the state.
    public var binding: StateBinding<State>? { StateBinding(selection) }
    public var contentKeyPath: AnyKeyPath? { selection }

    public func hints(in state: State) -> [RowHint] { [RowHint([.decrement, .increment], "Choose")] }

    public func perform(_ action: RowAction, on state: inout State) -> RowOutcome {
        let step: Int
        switch action {
        case .increment: step = 1
        case .decrement: step = -1
        default: return .ignored
        }
        let current = options.firstIndex(of: state[keyPath: selection])
        // A value not among the options moves onto the nearest end.
        let target = current.map { $0 + step } ?? (step > 0 ? 0 : options.count - 1)
        guard options.indices.contains(target), target != current else { return .ignored }
        state[keyPath: selection] = options[target]
        return .changed
    }
}

extension SegmentedRow where Value: CustomStringConvertible {
    /// Options labelled by their description.
    public init(_ title: String, _ selection: WritableKeyPath<State, Value>, options: [Value]) {
        self.init(title, selection, options: options, label: \.description)
    }
}

/// What a segmented row shows: the labels of its options and which one is chosen (nil when the
/// value is none of them).
public struct SegmentedContent: Hashable, Sendable {
    public var title: String
    public var segments: [String]
    public var selected: Int?

    public init(title: String, segments: [String], selected: Int?) {
        self.title = title
        self.segments = segments
        self.selected = selected
    }
}

extension SegmentedContent: RowContent {
    /// The chosen segment.
    public var rowText: RowText {
        RowText(title, value: selected.flatMap { segments.indices.contains($0) ? segments[$0] : nil } ?? "")
    }
}
