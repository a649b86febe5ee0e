/// Work the app does when it has nothing else to do: after a frame is drawn and no event is
/// waiting, never between a key and its frame. A journal of unsaved changes is one.
///
/// At each idle moment the app calls `idle(at:)` on every task; a task answers when it wants to
/// be called again if no event comes first (a debounced write), or nil. The app waits for input
/// no longer than that. Before `run` returns (a quit, the end of input, a stop signal) every
/// task's `finish()` runs, so that nothing a task still holds is lost.
///
/// ```swift
/// final class Autosave: IdleTask {
///     var pending = false
///     func idle(at now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
///         if pending { write(); pending = false }
///         return nil
///     }
///     func finish() { if pending { write() } }
/// }
/// app.idleTasks.append(Autosave())
/// ```
public protocol IdleTask: AnyObject {
    /// Does what is due at `now`; returns a later time to be called again without an event.
    func idle(at now: ContinuousClock.Instant) -> ContinuousClock.Instant?
    /// The app is about to stop: do now whatever is pending.
    func finish()
}
