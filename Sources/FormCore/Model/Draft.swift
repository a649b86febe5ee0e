/// The saved state and a draft copy that edits go to: Save commits the draft, Cancel drops it.
///
/// ```swift
/// var draft = Draft(Preferences())
/// draft.value.playSounds = false
/// draft.isDirty // true
/// draft.cancel() // draft.value == draft.saved again
/// ```
public struct Draft<State: Equatable> {
    /// The state as last saved; changes only on `save()`.
    public private(set) var saved: State
    /// The state being edited.
    public var value: State

    public init(_ saved: State) {
        self.saved = saved
        self.value = saved
    }

    /// Whether the draft differs from the saved state.
    public var isDirty: Bool { value != saved }

    /// Makes the draft the saved state.
    public mutating func save() { saved = value }

    /// Drops the draft's changes.
    public mutating func cancel() { value = saved }
}
