/// The saved state and a draft copy that edits go to: Save commits the draft, Cancel drops it.
///
/// Whether the draft differs from the saved state is worked out from what changed: a change made
/// through `change(_:_:)` with a `StateBinding` notes the one value it touched, and `isDirty`
/// compares only those values; any other change (setting `value` directly) makes it compare the
/// whole state, as it must. So a switch flipped twice in a list of a million leaves the draft
/// clean again after comparing one `Bool`.
///
/// ```swift
/// var draft = Draft(Preferences())
/// draft.value.playSounds = false
/// draft.isDirty // true
/// draft.cancel() // draft.value == draft.saved again
///
/// draft.change(StateBinding(\.playSounds)) { $0.playSounds.toggle() }
/// draft.isDirty // compares playSounds only
/// ```
public struct Draft<State: Equatable> {
    /// The state as last saved; changes only on `save()`.
    public private(set) var saved: State
    /// The state being edited. Changed directly, the draft compares all of it to tell whether it
    /// is dirty; `change(_:_:)` avoids that.
    public var value: State {
        // No `oldValue` here: Swift then mutates `value` in place rather than copying it.
        didSet { comparesAll = true }
    }
    /// The values changed through bindings since the last save, by key path: how to compare
    /// each. Boxed in a class so that the dictionary's types are concrete; a dictionary whose
    /// values are generic over the state runs unspecialised code, metadata lookups and all.
    private var touched: [AnyKeyPath: AnyObject] = [:]

    private final class Comparison {
        /// Whether the value differs from the saved one, which it read once (`saved` changes
        /// only on a save, which forgets every comparison).
        let differs: (State) -> Bool
        init(_ differs: @escaping (State) -> Bool) { self.differs = differs }
    }
    /// Set by a change no binding describes: only comparing the whole state tells then.
    private var comparesAll = false
    /// The key path of the last change through a binding, which `touched` holds: a Space after
    /// a Space on one switch finds it without hashing the key path (a walk of its components).
    private var lastTouched: AnyKeyPath?

    public init(_ saved: State) {
        self.saved = saved
        self.value = saved
    }

    /// Whether the draft differs from the saved state: compares the values changed through
    /// bindings, or the whole state after any other change.
    public var isDirty: Bool {
        if comparesAll { return value != saved }
        return touched.values.contains { unsafeDowncast($0, to: Comparison.self).differs(value) }
    }

    /// Changes the draft in place with `body`, noting that only the value `binding` names may
    /// change (nil: anything may, and `isDirty` then compares the whole state).
    ///
    /// In place means no copy: a state that shares its storage with the saved one copies what it
    /// changes once, on the first change, and never again.
    @discardableResult
    public mutating func change<Result>(
        _ binding: StateBinding<State>?, _ body: (inout State) throws -> Result
    ) rethrows -> Result {
        let wasComparingAll = comparesAll
        defer {
            // While the whole state is compared (until the next save), what a binding touched is
            // never asked; nor can the saved state always be read through it then (an element
            // added since the save is not there).
            if let binding, !wasComparingAll {
                comparesAll = false
                if binding.keyPath !== lastTouched {
                    if touched[binding.keyPath] == nil {
                        touched[binding.keyPath] = Comparison(binding.differsFrom(saved))
                    }
                    lastTouched = binding.keyPath
                }
            }
        }
        return try body(&value)
    }

    /// Makes the draft the saved state.
    public mutating func save() {
        saved = value
        forgetChanges()
    }

    /// Drops the draft's changes.
    public mutating func cancel() {
        value = saved
        forgetChanges()
    }

    private mutating func forgetChanges() {
        touched = [:]
        lastTouched = nil
        comparesAll = false
    }
}

/// One value of a state, named by a key path, that a change may touch: a draft compares just it
/// to know whether the change left the state as it was saved.
///
/// A row that changes one value gives its binding (`FormRow.binding`) so that its changes cost
/// the same in a state of any size. Bind a leaf (a `Bool`, a `String`), not a collection whose
/// length may change: other bindings may index into it.
///
/// ```swift
/// StateBinding(\Settings.devices[3].isEnabled)
/// ```
public struct StateBinding<State> {
    public let keyPath: AnyKeyPath
    /// Whether the bound value differs between two states.
    public let differs: (State, State) -> Bool
    /// Whether two values read through `keyPath`, boxed, are equal. Typed where the value's type
    /// is known: comparing `Any`s through a cast to `any Equatable` made the runtime look up the
    /// conformance at every change (a tenth of a Space).
    public let boxedValuesEqual: (Any, Any) -> Bool
    /// The bound value, boxed, when it can be written back through `keyPath` (a writable key
    /// path, and a value of exactly its type): what undo keeps. Read through the typed key path,
    /// not `keyPath`, whose reads box their answer and look up its type's metadata at each change.
    public let undoValue: (State) -> Any?
    /// Given a saved state, whether the bound value differs from its value there: the saved value
    /// is read once, so a draft asks one read of each change, not two.
    public let differsFrom: (State) -> (State) -> Bool
    /// Whether the bound value in a state differs from a value `undoValue` gave (true when that
    /// is not a value of its type): one read and one cast, where reading the new value boxed and
    /// comparing two boxes took a read and three casts.
    public let differsFromBoxed: (Any, State) -> Bool

    public init<Value: Equatable>(_ keyPath: KeyPath<State, Value>) {
        self.keyPath = keyPath
        self.differs = { $0[keyPath: keyPath] != $1[keyPath: keyPath] }
        self.differsFrom = { saved in
            let old = saved[keyPath: keyPath]
            return { $0[keyPath: keyPath] != old }
        }
        self.boxedValuesEqual = { lhs, rhs in
            guard let lhs = lhs as? Value, let rhs = rhs as? Value else { return false }
            return lhs == rhs
        }
        self.differsFromBoxed = { boxed, state in
            guard let old = boxed as? Value else { return true }
            return state[keyPath: keyPath] != old
        }
        // Asked once per binding, not at each read.
        let isWritable = keyPath is WritableKeyPath<State, Value>
        self.undoValue = { state in
            guard isWritable else { return nil }
            let value = state[keyPath: keyPath]
            guard type(of: value) == Value.self else { return nil }
            return value
        }
    }
}
