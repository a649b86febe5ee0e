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
    /// The state being edited. Changed directly, the draft compares all of it to tell whether it
    /// is dirty; `change(_:_:)` avoids that.
    ///
    /// First: the one member whose place does not depend on the state's size, so that code not
    /// specialised for the state reaches it without looking up the draft's type metadata.
    public var value: State {
        // No `oldValue` here: Swift then mutates `value` in place rather than copying it.
        didSet { comparesAll = true }
    }
    /// The state as last saved; changes only on `save()`.
    public private(set) var saved: State
    /// The values changed through bindings since the last save, by key path: how each compares
    /// with the saved one. Boxed in a class so that the dictionary's types are concrete; a
    /// dictionary whose values are generic over the state runs unspecialised code, metadata
    /// lookups and all.
    private var touched: [AnyKeyPath: AnyObject] = [:]

    /// How many of `touched` differed after the last change: the draft is dirty while any does.
    private var differing = 0
    /// Set by a change no binding describes: only comparing the whole state tells then.
    private var comparesAll = false
    /// The key path of the last change through a binding, and its comparison: a Space after a
    /// Space on one switch finds it without hashing the key path (a walk of its components).
    private var lastTouched: AnyKeyPath?
    private var lastComparison: SavedValue<State>?
    /// Shared by copies of the draft until one changes a value: the comparisons are objects that
    /// a change updates in place (whether the value differs, the last value), so a copy that
    /// changes first takes comparisons of its own, as an array copies its storage on write (a
    /// form a row opens keeps the draft to put back on a discard).
    private var comparisonsOwner = ComparisonsOwner()

    /// The last change through a binding: the bound value before it (when asked for, and
    /// writable back: `StateBinding.undoValue`) and after it, boxed. What undo keeps and
    /// compares, read once here rather than again by each.
    ///
    /// ```swift
    /// draft.change(StateBinding(\.sounds), keepingBefore: true) { $0.sounds.toggle() }
    /// draft.lastChange  // (before: false, after: true)
    /// ```
    public private(set) var lastChange: (before: Any?, after: Any)?
    /// Whether the last change through a binding changed its value: known, without comparing
    /// boxes, when the value before it was the one the change before left; nil otherwise.
    ///
    /// ```swift
    /// draft.change(binding, apart: true) { $0.sounds = $0.sounds }
    /// draft.lastChangeChangedValue  // false: the draft knew the value before
    /// ```
    public private(set) var lastChangeChangedValue: Bool?
    /// Whether `lastComparison` read the value after the last change.
    private var lastChangeIsCompared = false
    /// How many bound values the changes through bindings compared with their saved ones: a
    /// test's count of what a change costs (one, where bindings are read apart).
    package private(set) var valuesCompared = 0

    public init(_ saved: State) {
        self.value = saved
        self.saved = saved
    }

    /// Whether the draft differs from the saved state: kept up to date by each change through a
    /// binding, or found by comparing the whole state after any other change.
    public var isDirty: Bool {
        if comparesAll { return value != saved }
        return differing > 0
    }

    /// Changes the draft in place with `body`, noting that only the value `binding` names may
    /// change (nil: anything may, and `isDirty` then compares the whole state).
    ///
    /// `apart`: different key paths name different values (`Form.rowsReadApart`), so a change
    /// through one binding leaves what the draft knows of the others' values as it was.
    /// `keepingBefore`: `lastChange` holds the value before the change too (read only when the
    /// draft does not know it already).
    ///
    /// In place means no copy: a state that shares its storage with the saved one copies what it
    /// changes once, on the first change, and never again.
    @discardableResult
    public mutating func change<Result>(
        _ binding: StateBinding<State>?, apart: Bool = false, keepingBefore: Bool = false,
        _ body: (inout State) throws -> Result
    ) rethrows -> Result {
        var notes = DraftChangeNotes()
        return try change(binding, apart: apart, keepingBefore: keepingBefore, notes: &notes, body)
    }

    /// `change(_:apart:keepingBefore:_:)`, telling `notes` what it learnt: what a caller would
    /// otherwise read from the draft after it (`lastChange`, `lastChangeChangedValue`,
    /// `lastChangeLeft(_:)` of `notes.origin`). In code not specialised for the state, each such
    /// read copied the draft and looked up its metadata; an editor reads them on every key.
    ///
    /// ```swift
    /// var notes = DraftChangeNotes(origin: "")  // was the name typed back to ""?
    /// draft.change(StateBinding(\.name), apart: true, notes: &notes) { $0.name = "" }
    /// notes.isAtOrigin  // true
    /// ```
    @discardableResult
    public mutating func change<Result>(
        _ binding: StateBinding<State>?, apart: Bool = false, keepingBefore: Bool = false,
        notes: inout DraftChangeNotes, _ body: (inout State) throws -> Result
    ) rethrows -> Result {
        let wasComparingAll = comparesAll
        lastChangeChangedValue = nil
        guard let binding else {
            lastChange = nil
            lastChangeIsCompared = false
            return try body(&value)
        }
        // While the whole state is compared (until the next save), what a binding touched is
        // never asked; nor can the saved state always be read through it then (an element
        // added since the save is not there). Held as `AnyObject?`: an optional of the generic
        // comparison looked up the metadata of both at each change.
        if !wasComparingAll, !isKnownUniquelyReferenced(&comparisonsOwner) { ownComparisons() }
        let compared: AnyObject? = wasComparingAll ? nil : comparison(of: binding, apart: apart)
        var before: Any?
        if keepingBefore, binding.access.writesBack {
            if let compared, case let comparison = unsafeDowncast(compared, to: SavedValue<State>.self),
                comparison.knowsLast
            {
                before = comparison.lastBoxed
            } else {
                before = binding.access.boxed(value)
            }
        }
        let result: Result
        do {
            result = try body(&value)
        } catch {
            noteChange(
                through: binding, compared, before: before, apart: apart, keepingBefore: keepingBefore,
                row: notes.row)
            tell(&notes)
            throw error
        }
        noteChange(
            through: binding, compared, before: before, apart: apart, keepingBefore: keepingBefore,
            row: notes.row)
        tell(&notes)
        return result
    }

    /// What the last change through a binding left, in `notes`. Inlined, as `noteChange`.
    @inline(__always)
    private func tell(_ notes: inout DraftChangeNotes) {
        notes.before = lastChange?.before
        notes.changedValue = lastChangeChangedValue
        notes.isDirty = isDirty
        if let origin = notes.origin { notes.isAtOrigin = lastChangeLeft(origin) }
    }

    /// What a change through `binding` leaves: `lastChange`, and the value's comparison (when
    /// the draft compares values one by one). Inlined, as a `defer` was not: a function of its
    /// own looked up the draft's metadata again.
    @inline(__always)
    private mutating func noteChange(
        through binding: StateBinding<State>, _ compared: AnyObject?, before: Any?, apart: Bool,
        keepingBefore: Bool, row: RowPath?
    ) {
        lastChangeIsCompared = compared != nil
        if let compared {
            comparesAll = false
            if let row { unsafeDowncast(compared, to: SavedValue<State>.self).row = row }
            lastChange = (
                before, noteChange(in: unsafeDowncast(compared, to: SavedValue<State>.self), apart: apart)
            )
        } else if keepingBefore {
            lastChange = (before, binding.access.boxed(value))
        } else {
            lastChange = nil
        }
    }

    /// Copies of the comparisons, for this draft alone: another draft shares the ones it had.
    private mutating func ownComparisons() {
        comparisonsOwner = ComparisonsOwner()
        touched = touched.mapValues { unsafeDowncast($0, to: SavedValue<State>.self).copy() }
        lastTouched = nil
        lastComparison = nil
    }

    /// The comparison of the value `binding` names, made on its first change since the save.
    private mutating func comparison(of binding: StateBinding<State>, apart: Bool) -> SavedValue<State> {
        if binding.keyPath === lastTouched, let lastComparison { return lastComparison }
        let comparison: SavedValue<State>
        if let found = touched[binding.keyPath] {
            comparison = unsafeDowncast(found, to: SavedValue<State>.self)
        } else {
            comparison = binding.access.saved(saved)
            // Untouched since the save, and no other binding reaches it: it is the saved value.
            comparison.knowsLast = apart
            touched[binding.keyPath] = comparison
        }
        lastTouched = binding.keyPath
        lastComparison = comparison
        return comparison
    }

    /// Notes the value after a change through the binding of `comparison`, read once: whether
    /// it differs from the saved one. Where bindings may overlap, every other value changed
    /// since the save is compared again.
    private mutating func noteChange(in comparison: SavedValue<State>, apart: Bool) -> Any {
        let (after, differs, unchanged) = comparison.readAfterChange(value)
        lastChangeChangedValue = unchanged.map { !$0 }
        note(differs, in: comparison)
        valuesCompared &+= 1
        guard !apart, touched.count > 1 else { return after }
        for other in touched.values where other !== comparison {
            let other = unsafeDowncast(other, to: SavedValue<State>.self)
            note(other.differs(in: value), in: other)
        }
        valuesCompared &+= touched.count - 1
        return after
    }

    private mutating func note(_ differs: Bool, in comparison: SavedValue<State>) {
        guard differs != comparison.differed else { return }
        comparison.differed = differs
        differing += differs ? 1 : -1
    }

    /// Whether the last change through a binding left its value equal to `boxed` (nil when the
    /// draft did not read it): one cast, where comparing two boxes took two.
    ///
    /// ```swift
    /// draft.change(StateBinding(\.name)) { $0.name = "Ada" }
    /// draft.lastChangeLeft("Ada")  // true
    /// ```
    public func lastChangeLeft(_ boxed: Any) -> Bool? {
        guard lastChangeIsCompared, let lastComparison else { return nil }
        return lastComparison.lastEquals(boxed)
    }

    /// The values that differ from the saved ones, each with the row its last change was made on,
    /// in no order: what a save would change, found without comparing the whole state. Nil when
    /// not known so: after a change no binding describes, or a change through a binding no row
    /// was noted for (`DraftChangeNotes.row`).
    package var changedRows: [(keyPath: AnyKeyPath, row: RowPath)]? {
        guard !comparesAll else { return nil }
        var rows: [(keyPath: AnyKeyPath, row: RowPath)] = []
        for (keyPath, comparison) in touched {
            let comparison = unsafeDowncast(comparison, to: SavedValue<State>.self)
            guard comparison.differed else { continue }
            guard let row = comparison.row else { return nil }
            rows.append((keyPath, row))
        }
        return rows
    }

    /// What the form's rules found for `saved`, as far as they were asked (`Form.findProblems`):
    /// a save asks again only the rows changed since (on a 100,000-row spec, 0.9 s of asking
    /// every row at each Ctrl-S). A new one at each save (the editor fills in what it found for
    /// the state it saved). A reference, so that filling it in is no change of the draft.
    package private(set) var savedProblems = SavedProblems()

    /// Makes the draft the saved state.
    public mutating func save() {
        saved = value
        savedProblems = SavedProblems()
        forgetChanges()
    }

    /// Drops the draft's changes.
    public mutating func cancel() {
        value = saved
        forgetChanges()
    }

    private mutating func forgetChanges() {
        touched = [:]
        differing = 0
        lastTouched = nil
        lastComparison = nil
        lastChange = nil
        lastChangeChangedValue = nil
        lastChangeIsCompared = false
        comparesAll = false
    }
}

/// What `Draft.change(_:apart:keepingBefore:notes:_:)` learnt of a change through a binding.
/// Not generic, so that reading it costs no metadata lookup.
public struct DraftChangeNotes {
    /// A value to compare the changed one with after the change (the value typing started from).
    public var origin: Any?
    /// The bound value before the change, when kept (`Draft.lastChange`'s `before`).
    public var before: Any?
    /// Whether the change changed its value, when known (`Draft.lastChangeChangedValue`).
    public var changedValue: Bool?
    /// Whether the value after the change equals `origin`, when the draft could tell without
    /// reading it again (`Draft.lastChangeLeft(_:)`).
    public var isAtOrigin: Bool?
    /// `Draft.isDirty` after the change; nil for a change without a binding.
    public var isDirty: Bool?
    /// The row the change is made on, told by the caller: where `Draft.changedRows` finds the
    /// value.
    package var row: RowPath?

    public init(origin: Any? = nil) {
        self.origin = origin
    }
}

/// What the rules found for a draft's saved state (`Draft.savedProblems`).
package final class SavedProblems {
    package var findings = RuleFindings()
    package init() {}
}

/// What copies of one draft share until one of them changes a value (see
/// `Draft.comparisonsOwner`): not generic, so that checking it costs no metadata lookup.
private final class ComparisonsOwner {}
