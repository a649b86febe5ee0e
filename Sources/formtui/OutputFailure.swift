import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Output that could not be written (the answers or frames on standard output, a `--record`
/// file, a snapshot, `--print-state`): a full disk or a closed file must not pass for success.
/// The first failure is kept; when the command ends, it is told on standard error and the exit
/// status becomes `status` (4), whatever the session's was. The state is saved during the session,
/// before any of these outputs, so nothing the person saved is lost.
///
/// ```swift
/// if !DescriptorWriting.written(text, to: STDOUT_FILENO) { OutputFailure.note("standard output") }
/// exit(OutputFailure.status(after: 0))  // 4, after "formtui: cannot write standard output: …"
/// ```
enum OutputFailure {
    /// The exit status of a run whose output could not all be written.
    static let status: Int32 = 4

    private static let first = Mutex<String?>(nil)

    /// Notes that writing `what` failed, with `errno`'s reason (only the first is kept).
    static func note(_ what: String, code: Int32 = errno) {
        let reason = String(cString: strerror(code))
        first.withLock { first in
            if first == nil { first = "cannot write \(what): \(reason)" }
        }
    }

    /// `status`, or `OutputFailure.status` after saying what could not be written (a signal's
    /// status stays: it says more).
    static func status(after status: Int32) -> Int32 {
        guard let message = first.withLock({ $0 }) else { return status }
        StandardStreams.error("formtui: \(message)\n")
        return status >= 128 ? status : Self.status
    }
}
