/// A run of rows inside a section whose length follows the state: one row, a row that may be
/// hidden, or a row repeated over a collection.
///
/// A group never builds all its rows: it tells how many there are and makes the one asked for,
/// so a form can repeat a row over a million elements and draw only the ones on screen.
public struct RowGroup<State>: RowGroupConvertible {
    /// How many rows the group has for a state.
    public let count: (State) -> Int
    /// The row at an index below `count(state)`.
    public let row: (State, Int) -> any FormRow<State>
    /// The lines its row takes, for a group of one row; nil for repeated rows (one line each).
    public var height: ((State) -> Int)?
    /// While this holds, the group's rows are drawn dim, skipped by focus and not validated.
    public var isDisabled: ((State) -> Bool)?
    /// How elements are added, deleted and moved, for a `ForEach` that allows it.
    public var editing: ArrayEditing<State>?
    /// The positions of the rows whose text matches a filter, for a list that can be filtered.
    public var matches: ((State, String) -> [Int])?
    /// For a list whose `matches` are found lazily (the first screenful at a key, the rest a slice
    /// at a time): finds a slice more for a filter, and says whether it read anything (false once
    /// all are known). The app calls it while no key waits.
    package var findMoreMatches: ((State, String) -> Bool)?
    /// Whether some matches of a filter are still to be found (see `findMoreMatches`).
    package var matchesArePending: ((State, String) -> Bool)?
    /// The secret members its rows edit, hidden or shown (see `SecretRow`), known without a state.
    public var secrets: [SecretMember<State>] = []
    /// Whether `secrets` are all its rows hold, and none of them opens a form: a walk for
    /// secrets (at each draft write) then makes none of its rows. A spec's rows, which are
    /// made only when first shown, say so.
    public var secretsAreKnown = false
    /// What `count` answers for every state, when that is known without a state (a row on its
    /// own, a `ForEach` over a fixed collection): a layout then does not call it. Must equal
    /// `count(state)` for every state; anything that wraps `count` leaves it nil.
    package var fixedCount: Int?
    /// Whether its rows can answer a validation message (see `FormRow.validates`); a save skips
    /// the group's rows when they cannot. A group that makes its rows lazily says it from what
    /// the row will be (a spec's rows), and must then make rows that answer nothing where it
    /// says false.
    package var validates = true
    /// For a group whose rows are all of one kind with fixed hints (`FormRow.hasFixedHints`):
    /// those hints, learnt from the first row asked and shared by every row.
    var sharedHints: SharedHints?

    /// `row` in a class, made once with the group: a layout reaches it through a reference.
    let maker: RowMaker<State>

    public init(
        count: @escaping (State) -> Int,
        row: @escaping (State, Int) -> any FormRow<State>
    ) {
        self.count = count
        self.row = row
        self.maker = RowMaker(row)
    }

    public var rowGroup: RowGroup<State> { self }

    /// The group seen through a filter: only the rows that match, in order.
    func filtered(by text: String) -> RowGroup<State> {
        guard let matches, !text.isEmpty else { return self }
        let row = self.row
        var group = RowGroup(
            count: { matches($0, text).count },
            row: { state, index in row(state, matches(state, text)[index]) })
        group.isDisabled = isDisabled
        group.secrets = secrets
        group.validates = validates
        group.sharedHints = sharedHints
        return group
    }
}

/// How a group makes its rows, boxed: a layout keeps one reference per group instead of copying
/// the generic `RowGroup` out of its array (which asks the runtime for its metadata) or boxing
/// its closure anew for each layout.
final class RowMaker<State> {
    let row: (State, Int) -> any FormRow<State>
    init(_ row: @escaping (State, Int) -> any FormRow<State>) { self.row = row }
}

/// The hints every row of a group offers, when they are the same on every row: a held ↓ down a
/// list of a million switches asks for them on every key, and making each row to ask would
/// instantiate its key paths (most of such a key's work). Not generic, so that reading it costs
/// no metadata lookup.
final class SharedHints {
    /// What the first row asked answered; nil until then.
    var hints: [RowHint]?
}

/// How the rows of a `ForEach` add, delete and move the elements they show.
public struct ArrayEditing<State> {
    /// Names an element in questions and messages ("Delete this device?").
    public var noun: String
    /// What "Review changes" calls the array (a list row's own title); nil: its section's
    /// header, or the noun.
    public var title: String?
    /// How many elements there are: the group's rows past them (its add row) are not elements.
    public var count: (State) -> Int
    public var insert: (inout State, Int) -> Void
    public var remove: (inout State, Int) -> Void
    public var move: (inout State, Int, Int) -> Void

    public init(
        noun: String, count: @escaping (State) -> Int, insert: @escaping (inout State, Int) -> Void,
        remove: @escaping (inout State, Int) -> Void, move: @escaping (inout State, Int, Int) -> Void
    ) {
        self.noun = noun
        self.count = count
        self.insert = insert
        self.remove = remove
        self.move = move
    }
}

/// Anything a section's row builder takes: a row, a row with a visibility rule, a `ForEach`.
public protocol RowGroupConvertible<State> {
    associatedtype State
    var rowGroup: RowGroup<State> { get }
}

extension RowGroupConvertible {
    /// The rows, drawn dim and passed over by focus and validation while `isDisabled` holds.
    ///
    /// ```swift
    /// ForEach(\.devices) { index, _ in Toggle("Device \(index + 1)", \.devices[index].on) }
    ///     .disabled(when: \.locked)
    /// ```
    public func disabled(when isDisabled: @escaping (State) -> Bool) -> RowGroup<State> {
        var group = rowGroup
        let previous = group.isDisabled
        group.isDisabled = previous.map { previous in { previous($0) || isDisabled($0) } } ?? isDisabled
        return group
    }

    /// The rows, shown only while `isVisible` holds for the state (and any condition they had).
    ///
    /// ```swift
    /// ForEach(\.devices) { index, _ in Toggle("Device \(index + 1)", \.devices[index].on) }
    ///     .visible(when: \.showDevices)
    /// ```
    public func visible(when isVisible: @escaping (State) -> Bool) -> RowGroup<State> {
        let wrapped = rowGroup
        let count = wrapped.count
        var group = RowGroup(count: { isVisible($0) ? count($0) : 0 }, row: wrapped.row)
        group.height = wrapped.height
        group.isDisabled = wrapped.isDisabled
        group.editing = wrapped.editing
        group.matches = wrapped.matches
        group.findMoreMatches = wrapped.findMoreMatches
        group.matchesArePending = wrapped.matchesArePending
        group.secrets = wrapped.secrets
        group.secretsAreKnown = wrapped.secretsAreKnown
        group.validates = wrapped.validates
        group.sharedHints = wrapped.sharedHints
        return group
    }
}

extension FormRow {
    /// A row on its own is a group of one.
    public var rowGroup: RowGroup<State> {
        // Boxed once here, not at every call of `row`: a row larger than an existential's
        // inline buffer would be allocated anew each time.
        let row: any FormRow<State> = self
        let typed = self
        var group = RowGroup(count: { _ in 1 }, row: { _, _ in row })
        group.fixedCount = 1
        group.height = { typed.height(in: $0) }
        group.secrets = typed.secretMembers
        return group
    }

    /// The row, shown only while `isVisible` holds for the state. Modifiers go in any order:
    /// `.visible(when:)`, `.disabled(when:)`, `.validate(_:)` and `.required()` mean the same
    /// whichever comes first.
    ///
    /// ```swift
    /// PasswordRow("Password", \.password).visible(when: \.enabled)
    /// ```
    public func visible(when isVisible: @escaping (State) -> Bool) -> ConditionalRow<Self> {
        ConditionalRow(row: self, isVisible: isVisible)
    }

    /// The row, drawn dim and passed over by focus and validation while `isDisabled` holds.
    ///
    /// ```swift
    /// TextRow("Proxy", \.proxy).disabled(when: { !$0.useProxy })
    /// ```
    public func disabled(when isDisabled: @escaping (State) -> Bool) -> ConditionalRow<Self> {
        ConditionalRow(row: self, isDisabled: isDisabled)
    }
}

/// A row with conditions on the state: shown only while `visible(when:)` holds, drawn dim while
/// `disabled(when:)` holds. What `.visible(when:)` and `.disabled(when:)` answer on a row.
///
/// It takes every modifier a row takes, so they go in any order with the same meaning: the
/// row's own modifiers (`.validate(_:)`, `.required()`) apply to the row inside, two visibility
/// conditions must both hold, and either of two disabling conditions disables it.
///
/// ```swift
/// TextRow("Proxy", \.proxy)
///     .disabled(when: \.offline)
///     .visible(when: \.useProxy)
///     .validate { $0.proxy.isEmpty ? "A proxy is needed." : nil }
/// ```
public struct ConditionalRow<Row: FormRow>: RowGroupConvertible {
    public typealias State = Row.State
    /// The row itself, with its own modifiers.
    public let row: Row
    let isVisible: ((State) -> Bool)?
    let isDisabled: ((State) -> Bool)?

    init(row: Row, isVisible: ((State) -> Bool)? = nil, isDisabled: ((State) -> Bool)? = nil) {
        self.row = row
        self.isVisible = isVisible
        self.isDisabled = isDisabled
    }

    public var rowGroup: RowGroup<State> {
        let row = self.row
        let boxed: any FormRow<State> = row
        let isVisible = self.isVisible
        var group = RowGroup(
            count: isVisible.map { isVisible in { isVisible($0) ? 1 : 0 } } ?? { _ in 1 },
            row: { _, _ in boxed })
        group.fixedCount = isVisible == nil ? 1 : nil
        group.height = { row.height(in: $0) }
        // Known while the row is hidden: a password typed, then hidden by a switch, is still one.
        group.secrets = row.secretMembers
        group.isDisabled = isDisabled
        return group
    }

    /// The row, shown only while `isVisible` holds too.
    public func visible(when isVisible: @escaping (State) -> Bool) -> Self {
        let previous = self.isVisible
        return ConditionalRow(
            row: row, isVisible: previous.map { previous in { previous($0) && isVisible($0) } } ?? isVisible,
            isDisabled: isDisabled)
    }

    /// The row, disabled while `isDisabled` holds too.
    public func disabled(when isDisabled: @escaping (State) -> Bool) -> Self {
        let previous = self.isDisabled
        return ConditionalRow(
            row: row, isVisible: isVisible,
            isDisabled: previous.map { previous in { previous($0) || isDisabled($0) } } ?? isDisabled)
    }

    /// The row with a rule about its value (see `FormRow.validate(_:)`), under the same conditions.
    public func validate(_ rule: @escaping (State) -> String?) -> ConditionalRow<ValidatedRow<Row>> {
        ConditionalRow<ValidatedRow<Row>>(
            row: row.validate(rule), isVisible: isVisible, isDisabled: isDisabled)
    }

    /// The row with its title marked as required (see `ValidatedRow.required(_:)`), under the
    /// same conditions.
    public func required(_ required: Bool = true) -> ConditionalRow<ValidatedRow<Row>> {
        ConditionalRow<ValidatedRow<Row>>(
            row: row.required(required), isVisible: isVisible, isDisabled: isDisabled)
    }

    /// A second rule, after the first: the row stays a `ValidatedRow` of the same base.
    public func validate<Base>(_ rule: @escaping (State) -> String?) -> Self where Row == ValidatedRow<Base> {
        ConditionalRow(row: row.validate(rule), isVisible: isVisible, isDisabled: isDisabled)
    }

    /// Marks the title of a row that has rules already.
    public func required<Base>(_ required: Bool = true) -> Self where Row == ValidatedRow<Base> {
        ConditionalRow(row: row.required(required), isVisible: isVisible, isDisabled: isDisabled)
    }
}
