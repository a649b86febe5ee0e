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
///
/// A binding can also be given closures that read and write the same value as its key path
/// (`init(_:get:set:)`): compiled where the state's type is known, they cost a fraction of a
/// read through the key path, which the runtime walks component by component in code that is
/// not specialised for any type (about 2,000 instructions for `\.switches[i]`).
public struct StateBinding<State> {
    public let keyPath: AnyKeyPath
    /// The bound value's reads, writes and comparisons, typed: one object per binding (six
    /// closures were six allocations per binding made, and a binding is made per change).
    let access: BindingAccess<State>

    public init<Value: Equatable>(_ keyPath: KeyPath<State, Value>) {
        self.keyPath = keyPath
        self.access = ValueAccess(keyPath, get: nil, set: nil)
    }

    /// A binding whose value is read by `get` and written by `set` rather than through
    /// `keyPath`, which still names it (two bindings of one value have equal key paths). Both
    /// must reach exactly the value `keyPath` does.
    ///
    /// ```swift
    /// StateBinding(\Large.switchedOn[i], get: { $0.switchedOn[i] }, set: { $0.switchedOn[i] = $1 })
    /// ```
    public init<Value: Equatable>(
        _ keyPath: WritableKeyPath<State, Value>, get: @escaping (State) -> Value,
        set: @escaping (inout State, Value) -> Void
    ) {
        self.keyPath = keyPath
        self.access = ValueAccess(keyPath, get: get, set: set)
    }

    init(keyPath: AnyKeyPath, access: BindingAccess<State>) {
        self.keyPath = keyPath
        self.access = access
    }

    /// Whether values read through the binding can be written back (`undoValue` gives them).
    ///
    /// ```swift
    /// StateBinding(\Settings.sounds).canWriteBack  // true: a writable key path to a Bool
    /// ```
    public var canWriteBack: Bool { access.writesBack }
    /// Whether the bound value differs between two states.
    public var differs: (State, State) -> Bool { access.differs }
    /// Whether two values read through the binding, boxed, are equal. Typed: comparing `Any`s
    /// through a cast to `any Equatable` made the runtime look up the conformance at every
    /// change (a tenth of a Space).
    public var boxedValuesEqual: (Any, Any) -> Bool { access.boxedValuesEqual }
    /// The bound value, boxed, when it can be written back through the binding (a writable key
    /// path, and a value not of a class, whose instances may be of a subclass): what undo keeps.
    public var undoValue: (State) -> Any? { access.undoValue }
    /// Whether the bound value in a state differs from a value `undoValue` gave (true when that
    /// is not a value of its type).
    public var differsFromBoxed: (Any, State) -> Bool { access.differsFromBoxed }
}

/// How a binding reads, writes and compares its value: the value's type is the subclass's, so
/// code generic only over the state reaches typed code through one call.
class BindingAccess<State> {
    /// Whether values read through it can be written back (`StateBinding.undoValue`): worked
    /// out at the first ask, not when the access is made (a row of a long list makes one for
    /// each row scrolled into view, and most are never changed).
    final var writesBack: Bool {
        if let knownWritesBack { return knownWritesBack }
        let writes = findWritesBack()
        knownWritesBack = writes
        return writes
    }
    private var knownWritesBack: Bool?

    func findWritesBack() -> Bool { fatalError("abstract") }

    func differs(_ lhs: State, _ rhs: State) -> Bool { fatalError("abstract") }
    func boxedValuesEqual(_ lhs: Any, _ rhs: Any) -> Bool { fatalError("abstract") }
    /// The value, boxed, whether or not it can be written back.
    func boxed(_ state: State) -> Any { fatalError("abstract") }
    /// The value in `saved`, read once, to compare the value after each change with.
    func saved(_ saved: State) -> SavedValue<State> { fatalError("abstract") }
    func differsFromBoxed(_ boxed: Any, _ state: State) -> Bool { fatalError("abstract") }
    func write(_ boxed: Any, into state: inout State) { fatalError("abstract") }

    final func undoValue(_ state: State) -> Any? { writesBack ? boxed(state) : nil }
}

final class ValueAccess<State, Value: Equatable>: BindingAccess<State> {
    let keyPath: KeyPath<State, Value>
    let get: ((State) -> Value)?
    let set: ((inout State, Value) -> Void)?

    init(_ keyPath: KeyPath<State, Value>, get: ((State) -> Value)?, set: ((inout State, Value) -> Void)?) {
        self.keyPath = keyPath
        self.get = get
        self.set = set
    }

    // A class's instance may be of a subclass, which a write through the key path would not
    // take back as it was.
    override func findWritesBack() -> Bool {
        (set != nil || keyPath is WritableKeyPath<State, Value>) && !(Value.self is AnyObject.Type)
    }

    func read(_ state: State) -> Value {
        if let get { return get(state) }
        return state[keyPath: keyPath]
    }

    func write(_ value: Value, into state: inout State) {
        if let set {
            set(&state, value)
        } else if let keyPath = keyPath as? WritableKeyPath<State, Value> {
            state[keyPath: keyPath] = value
        }
    }

    override func differs(_ lhs: State, _ rhs: State) -> Bool { read(lhs) != read(rhs) }

    override func boxedValuesEqual(_ lhs: Any, _ rhs: Any) -> Bool {
        guard let lhs = lhs as? Value, let rhs = rhs as? Value else { return false }
        return lhs == rhs
    }

    override func boxed(_ state: State) -> Any { read(state) }

    override func saved(_ saved: State) -> SavedValue<State> { TypedSavedValue(self, saved: read(saved)) }

    override func differsFromBoxed(_ boxed: Any, _ state: State) -> Bool {
        guard let old = boxed as? Value else { return true }
        return read(state) != old
    }

    override func write(_ boxed: Any, into state: inout State) {
        guard let value = boxed as? Value else { return }
        write(value, into: &state)
    }
}

/// A bound value as saved, and as the last change through its binding left it: what a draft
/// compares after each change. Typed in its subclass, so a change reads the value once and
/// compares it without casting a box.
class SavedValue<State> {
    /// Whether the value differed from the saved one after the last change.
    var differed = false
    /// The row the last change through the binding was made on, when the caller told
    /// (`DraftChangeNotes.row`): where a review lists the value and the rules ask again.
    var row: RowPath?
    /// Whether `lastBoxed` is the value now: it is what the last change through the binding left,
    /// and no other change may have reached it since.
    var knowsLast = false
    /// The value the last change left (the saved one before any), boxed.
    var lastBoxed: Any { fatalError("abstract") }
    /// Reads the value in `state` once, keeping it as the last: it boxed, whether it differs from
    /// the saved one, and whether it is the last value (nil when that was not known).
    func readAfterChange(_ state: State) -> (boxed: Any, differs: Bool, unchanged: Bool?) {
        fatalError("abstract")
    }
    /// Whether the value in `state` differs from the saved one (forgetting the last value).
    func differs(in state: State) -> Bool { fatalError("abstract") }
    /// Whether the value the last change left (nil: not known) is `boxed`.
    func lastEquals(_ boxed: Any) -> Bool? { fatalError("abstract") }
    /// Another comparison that knows what this one knows, to be changed apart from it.
    func copy() -> SavedValue<State> { fatalError("abstract") }
}

final class TypedSavedValue<State, Value: Equatable>: SavedValue<State> {
    let access: ValueAccess<State, Value>
    let saved: Value
    /// The value the last change left, when `knowsLast` (not an optional: its type's metadata
    /// was looked up at each use).
    var last: Value

    init(_ access: ValueAccess<State, Value>, saved: Value) {
        self.access = access
        self.saved = saved
        self.last = saved
    }

    override var lastBoxed: Any { last }

    override func copy() -> SavedValue<State> {
        let copy = TypedSavedValue(access, saved: saved)
        copy.last = last
        copy.knowsLast = knowsLast
        copy.differed = differed
        copy.row = row
        return copy
    }

    override func readAfterChange(_ state: State) -> (boxed: Any, differs: Bool, unchanged: Bool?) {
        let value = access.read(state)
        let unchanged = knowsLast ? value == last : nil
        last = value
        knowsLast = true
        return (value, value != saved, unchanged)
    }

    override func differs(in state: State) -> Bool {
        knowsLast = false
        return access.read(state) != saved
    }

    override func lastEquals(_ boxed: Any) -> Bool? {
        guard knowsLast else { return nil }
        var value = last
        guard unbox(boxed, into: &value) else { return false }
        return value == last
    }
}

/// A boxed value as `Value`: when the box holds exactly a `Value` (as every box a binding reads
/// does), without the runtime's cast, which took about a thousand instructions for a `String`.
/// Into a variable, not as an optional, whose type's metadata is looked up at each call.
func unbox<Value>(_ boxed: Any, into value: inout Value) -> Bool {
    func open<Boxed>(_ opened: Boxed) -> Bool {
        if Boxed.self == Value.self {
            value = unsafeBitCast(opened, to: Value.self)
            return true
        }
        guard let cast = opened as? Value else { return false }
        value = cast
        return true
    }
    return _openExistential(boxed, do: open)
}

/// A key path, or what makes it when it is first asked for. A key path with an index in it
/// (`\.switchedOn[i]`) is put together by the runtime each time it is written, about 11,000
/// instructions: the 22 switches a frame of `formtui large` makes cost a fifth of a Down in
/// them, and drawing a row never asks for its key path (a change, a review and undo do).
enum KeyPathName<Path> {
    case made(Path)
    case deferred(() -> Path)

    var keyPath: Path {
        switch self {
        case .made(let keyPath): keyPath
        case .deferred(let make): make()
        }
    }
}
