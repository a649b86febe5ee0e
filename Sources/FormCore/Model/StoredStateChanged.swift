/// What a store's persist hook throws when the stored copy changed since it was read (another
/// program, or another session of this one, saved it meanwhile): saving now would silently undo
/// their change. The form then asks: reload theirs (keeping the person's changes where they do
/// not collide, `merged`), overwrite it (`overwrite`, then save again), or cancel.
///
/// ```swift
/// let store = StateStore(saved) { state in
///     if file.changedSinceRead {
///         throw StoredStateChanged(theirs: file.stored, merge: merge, overwrite: { file.forgetChange() })
///     }
///     try file.save(state)
/// }
/// ```
// Unchecked: `Error` asks for Sendable, but this is thrown by a store's hook and caught by the
// editor that called it, on the one thread that runs the form; it is never sent anywhere.
public struct StoredStateChanged<State>: Error, CustomStringConvertible, @unchecked Sendable {
    /// The stored state as it is now.
    public let theirs: State
    /// The person's state (`mine`, edited from `base`) with theirs taken in wherever the person
    /// left the base's value as it was.
    public let merge: (_ base: State, _ mine: State) -> State
    /// Makes the next save overwrite the stored copy as it is now, and takes theirs as what was
    /// read (a reload does so too).
    public let accept: () -> Void

    public init(theirs: State, merge: @escaping (State, State) -> State, accept: @escaping () -> Void) {
        self.theirs = theirs
        self.merge = merge
        self.accept = accept
    }

    public var description: String { "the saved file changed since it was read (another program saved it)" }
}
