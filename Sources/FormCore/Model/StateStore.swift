/// The committed state of an app, shared by its screens, with a hook that persists each commit.
///
/// A form that edits opens a `Draft` from `value`; saving calls `commit`, which persists first and
/// changes `value` only when that worked, so a failed write loses nothing.
///
/// ```swift
/// let store = StateStore(Preferences()) { try file.save($0) }
/// try store.commit(edited)
/// ```
public final class StateStore<State: Equatable> {
    public private(set) var value: State
    private let persist: (State) throws -> Void

    public init(_ value: State, persist: @escaping (State) throws -> Void = { _ in }) {
        self.value = value
        self.persist = persist
    }

    /// Persists `state`, then makes it the committed value.
    public func commit(_ state: State) throws {
        try persist(state)
        value = state
    }

    /// Takes `stored` as the committed value without persisting it: it is what is stored already
    /// (another program saved it, and the person chose to reload it; see `StoredStateChanged`).
    public func adoptStored(_ stored: State) {
        value = stored
    }
}
