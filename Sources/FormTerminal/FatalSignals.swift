import CTerminalSupport

/// What a signal that ends the program (a crash, or SIGUSR1, SIGPIPE, SIGALRM… left to their
/// default) undoes first, in every mode: the lock file of the journal is removed, and a secret
/// question's echo comes back (`StandardLines`); a full-screen or inline session gives the
/// screen back before that. The signal then ends the program as it would have.
///
/// ```swift
/// FatalSignals.removeOnFatalSignal(lockPath: lock.path)
/// defer { FatalSignals.forgetLock(lock.path) }
/// ```
package enum FatalSignals {
    /// Removes `lockPath` if a fatal signal arrives before `forgetLock`.
    package static func removeOnFatalSignal(lockPath: String) {
        ts_fatal_set_lock(lockPath)
    }

    /// The lock at `lockPath` is released the ordinary way: nothing to remove any more.
    package static func forgetLock(_ lockPath: String) {
        ts_fatal_clear_lock(lockPath)
    }
}
