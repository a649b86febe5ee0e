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
    /// The secret members its rows edit, hidden or shown (see `SecretRow`), known without a state.
    public var secrets: [SecretMember<State>] = []
    /// Whether the group keeps the rows it makes for as long as it lives (a `ForEach` over a
    /// fixed collection): a layout then asks it again rather than keeping them a second time.
    var keepsRows = false
    /// Whether its rows can answer a validation message (see `FormRow.validates`); a save skips
    /// the group's rows when they cannot.
    var validates = true
    /// For a group whose rows are all of one kind with fixed hints (`FormRow.hasFixedHints`):
    /// those hints, learnt from the first row asked and shared by every row.
    var sharedHints: SharedHints?

    public init(
        count: @escaping (State) -> Int,
        row: @escaping (State, Int) -> any FormRow<State>
    ) {
        self.count = count
        self.row = row
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
    /// Toggle("Use Cellular", \.cellular).visible(when: \.enabled).disabled(when: \.airplane)
    /// ```
    public func disabled(when isDisabled: @escaping (State) -> Bool) -> RowGroup<State> {
        var group = rowGroup
        let previous = group.isDisabled
        group.isDisabled = { previous?($0) == true || isDisabled($0) }
        return group
    }
}

extension FormRow {
    /// A row on its own is a group of one.
    public var rowGroup: RowGroup<State> {
        let row = self
        var group = RowGroup(count: { _ in 1 }, row: { _, _ in row })
        group.height = { row.height(in: $0) }
        group.secrets = row.secretMembers
        return group
    }

    /// The row, shown only while `isVisible` holds for the state.
    ///
    /// ```swift
    /// PasswordRow("Password", \.password).visible(when: \.enabled)
    /// ```
    public func visible(when isVisible: @escaping (State) -> Bool) -> ConditionalRow<State> {
        ConditionalRow(row: self, isVisible: isVisible)
    }

    /// The row, drawn dim and passed over by focus and validation while `isDisabled` holds.
    ///
    /// ```swift
    /// TextRow("Proxy", \.proxy).disabled(when: { !$0.useProxy })
    /// ```
    public func disabled(when isDisabled: @escaping (State) -> Bool) -> RowGroup<State> {
        var group = rowGroup
        group.isDisabled = isDisabled
        return group
    }
}

/// A row shown only while a condition on the state holds.
public struct ConditionalRow<State>: RowGroupConvertible {
    let row: any FormRow<State>
    let isVisible: (State) -> Bool

    public var rowGroup: RowGroup<State> {
        let row = self.row
        let isVisible = self.isVisible
        var group = RowGroup(count: { isVisible($0) ? 1 : 0 }, row: { _, _ in row })
        group.height = { row.height(in: $0) }
        // Known while the row is hidden: a password typed, then hidden by a switch, is still one.
        group.secrets = row.secretMembers
        return group
    }
}
