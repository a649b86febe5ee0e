import FormTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// Writes to standard output and error without buffering, so that what the program printed is
/// out before it exits (and stays in order with what the terminal restore writes).
enum StandardStreams {
    /// A failed write is noted (`OutputFailure`): the run then ends with a message and status 4.
    static func output(_ text: String) {
        if !DescriptorWriting.written(text, to: STDOUT_FILENO) { OutputFailure.note("standard output") }
    }
    static func error(_ text: String) { DescriptorWriting.write(text, to: STDERR_FILENO) }
}
