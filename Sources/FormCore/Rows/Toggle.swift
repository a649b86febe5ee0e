/// A switch bound to a `Bool` in the state.
///
/// ```swift
/// Toggle("Play Sounds", \.playSounds)
/// ```
public struct Toggle<State>: FormRow {
    /// Its help is the same on every row: moving past a list of these makes no row.
    public static var hasFixedHints: Bool { true }

    /// Nothing to validate: a save skips a list of these.
    public static var validates: Bool { false }

    public var title: String
    public var isOn: WritableKeyPath<State, Bool> {
        get { name.keyPath }
        set {
            name = .made(newValue)
            get = nil
            set = nil
        }
    }
    private var name: KeyPathName<WritableKeyPath<State, Bool>>
    /// The switch's value read and written by closures given for it (`init(_:_:get:set:)`).
    /// Kept as they are, their binding's access made only when a change asks for it: a row is
    /// made for each frame it shows in, and most are never changed.
    private var get: ((State) -> Bool)?
    private var set: ((inout State, Bool) -> Void)?

    public init(_ title: String, _ isOn: WritableKeyPath<State, Bool>) {
        self.title = title
        self.name = .made(isOn)
    }

    /// A switch whose value `get` reads and `set` writes, where `isOn` names it: for a switch
    /// repeated over a long list, whose key path (`\.switches[i]`) the runtime walks generically
    /// at each read (about 2,000 instructions), where closures compiled for the state read it
    /// directly. Both must reach exactly the value `isOn` does. `isOn` is made only when asked
    /// for (a change, a review), not for drawing the row: the runtime puts such a key path
    /// together anew each time (about 11,000 instructions).
    ///
    /// ```swift
    /// Toggle("Item \(i)", \.switchedOn[i], get: { $0.switchedOn[i] }, set: { $0.switchedOn[i] = $1 })
    /// ```
    public init(
        _ title: String, _ isOn: @autoclosure @escaping () -> WritableKeyPath<State, Bool>,
        get: @escaping (State) -> Bool, set: @escaping (inout State, Bool) -> Void
    ) {
        self.title = title
        self.name = .deferred(isOn)
        self.get = get
        self.set = set
    }

    private func read(_ state: State) -> Bool {
        if let get { return get(state) }
        return state[keyPath: isOn]
    }

    public func content(in state: State) -> ToggleContent {
        ToggleContent(title: title, isOn: read(state))
    }

    public func hints(in state: State) -> [RowHint] { [RowHint(.toggle, "Toggle")] }

    public var binding: StateBinding<State>? {
        let isOn = isOn
        if let get, let set { return StateBinding(isOn, get: get, set: set) }
        return StateBinding(isOn)
    }

    /// Its title and its `Bool`: nothing else of the state.
    public var contentKeyPath: AnyKeyPath? { isOn }

    public func perform(_ action: RowAction, on state: inout State) -> RowOutcome {
        let current = read(state)
        let next: Bool
        switch action {
        case .activate, .toggle: next = !current
        case .increment: next = true
        case .decrement: next = false
        default: return .ignored
        }
        guard next != current else { return .ignored }
        if let set {
            set(&state, next)
        } else {
            state[keyPath: isOn] = next
        }
        return .changed
    }
}

/// What a switch row shows.
public struct ToggleContent: Hashable, Sendable {
    public var title: String
    public var isOn: Bool

    public init(title: String, isOn: Bool) {
        self.title = title
        self.isOn = isOn
    }
}

extension ToggleContent: RowContent {
    public var rowText: RowText { RowText(title, [isOn ? .on("On") : .off("Off")]) }
}
