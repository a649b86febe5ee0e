import FormTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// Writes to standard output and error without buffering, so that what the program printed is
/// out before it exits (and stays in order with what the terminal restore writes).
enum StandardStreams {
    static func output(_ text: String) { DescriptorWriting.write(text, to: STDOUT_FILENO) }
    static func error(_ text: String) { DescriptorWriting.write(text, to: STDERR_FILENO) }
}
