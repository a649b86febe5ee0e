#if canImport(Glibc)
    import Glibc
#endif

/// What a stop signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT) does to a line session that keeps a
/// journal: the journal is written after every answer, so there is nothing left to write; the
/// lock file goes, a line says the answers are kept (when they are), and the program exits with
/// 128 + the signal, as the full-screen mode does (129 for a closed terminal). Ctrl-C and
/// Ctrl-\ (SIGINT, SIGQUIT), which the full-screen mode reads as keys, end it by the signal
/// itself, as before: the shell then knows it was interrupted (a script stops).
///
/// Only signals left to their default action are taken (and SIGQUIT from Swift's backtracer):
/// one the program ignores (`nohup`) or handles itself stays so. A secret being typed gets its echo back first (`StandardLines`).
///
/// ```swift
/// LineStops.begin(lockPath: lock.path)
/// defer { LineStops.end() }
/// ```
package enum LineStops {
    /// Takes the stop signals left to their default action, until `end()`.
    package static func begin(lockPath: String?) {
        end()
        if let lockPath {
            stopLockPath = strdup(lockPath)
            FatalSignals.removeOnFatalSignal(lockPath: lockPath)
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = stopLineSession
        sigemptyset(&action.sa_mask)
        for signal in lineStopSignals { sigaddset(&action.sa_mask, signal) }
        for signal in lineStopSignals {
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0 else { continue }
            let isDefault =
                current.sa_flags & SA_SIGINFO == 0 && current.__sigaction_handler.sa_handler == nil
            // SIGQUIT also when Swift's runtime holds it: its backtrace over the question, after
            // which the program carried on, is no way to honour Ctrl-\ (the full screen takes it
            // the same way). Ignored (`nohup`), it stays ignored.
            let isIgnored =
                current.sa_flags & SA_SIGINFO == 0
                && unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == 1  // SIG_IGN
            guard isDefault || (signal == SIGQUIT && !isIgnored) else { continue }
            if sigaction(signal, &action, stopPrevious + Int(signal)) == 0 { stopTaken.append(signal) }
        }
    }

    /// Gives the signals back their default action and forgets the lock file.
    package static func end() {
        for signal in stopTaken { sigaction(signal, stopPrevious + Int(signal), nil) }
        stopTaken = []
        stopJournalKept = 0
        let path = stopLockPath
        stopLockPath = nil
        if let path { FatalSignals.forgetLock(String(cString: path)) }
        free(path)
    }

    /// Whether a journal holds the answers now: a stop then says they are kept.
    package static func noteJournal(kept: Bool) {
        stopJournalKept = kept ? 1 : 0
    }

    /// Runs `body` with the stop signals held back, so that a journal is never left half
    /// replaced (a temporary file beside it) by a stop in the middle of its write.
    package static func holding<Result, Failure>(_ body: () throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        var held = sigset_t()
        var before = sigset_t()
        sigemptyset(&held)
        for signal in lineStopSignals { sigaddset(&held, signal) }
        sigprocmask(SIG_BLOCK, &held, &before)
        defer { sigprocmask(SIG_SETMASK, &before, nil) }
        return try body()
    }
}

private let lineStopSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

// Set only while no handler of ours is installed, or (the flag) as one aligned word.
nonisolated(unsafe) private var stopLockPath: UnsafeMutablePointer<CChar>?
nonisolated(unsafe) private var stopJournalKept: Int32 = 0
nonisolated(unsafe) private var stopTaken: [Int32] = []
/// The actions before ours, by signal number (NSIG: signals 1 to 64).
nonisolated(unsafe) private let stopPrevious = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)

private func stopLineSession(_ signal: Int32) {
    // Only async-signal-safe calls, and no global to initialize: a literal, unlink, _exit.
    if stopJournalKept != 0 {
        let text: StaticString =
            "\nStopped: the answers given so far are kept, and offered back at the next start.\n"
        _ = write(STDERR_FILENO, text.utf8Start, text.utf8CodeUnitCount)
    }
    if let path = stopLockPath { unlink(path) }
    guard signal == SIGINT || signal == SIGQUIT else { _exit(128 + signal) }
    // Ctrl-C and Ctrl-\ end the program by the signal itself, as they did before it kept a
    // journal: a shell running it in a script then stops the script too, as for any program.
    var action = sigaction()
    action.__sigaction_handler.sa_handler = nil  // SIG_DFL
    sigemptyset(&action.sa_mask)
    sigaction(signal, &action, nil)
    var own = sigset_t()
    sigemptyset(&own)
    sigaddset(&own, signal)
    raise(signal)
    sigprocmask(SIG_UNBLOCK, &own, nil)
    _exit(128 + signal)
}
