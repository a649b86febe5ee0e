#if canImport(Glibc)
    import Glibc
#endif

/// Puts the controlling terminal (`/dev/tty`) on standard input and output while a form is
/// shown, when they are not a terminal themselves (`answers=$(formtui form spec.yaml)`), and
/// puts the originals back afterwards, as `dialog` and `gum` do.
///
/// The descriptors are moved rather than handing ncurses another `FILE`: the crash and signal
/// restore writes to descriptors 0 and 1, and must reach the terminal the form is drawn on.
struct ControllingTerminal {
    private var saved: [(descriptor: Int32, copy: Int32)] = []

    /// Opens `/dev/tty` for the descriptors that are not a terminal; throws when there is no
    /// controlling terminal at all.
    init() throws(TerminalStartError) {
        let needed = [STDIN_FILENO, STDOUT_FILENO].filter { isatty($0) != 1 }
        guard !needed.isEmpty else { return }
        let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard tty >= 0 else { throw .noControllingTerminal }
        defer { close(tty) }
        for descriptor in needed {
            let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 10)
            guard copy >= 0, dup2(tty, descriptor) >= 0 else {
                if copy >= 0 { close(copy) }
                restore()
                throw .noControllingTerminal
            }
            saved.append((descriptor, copy))
        }
    }

    /// Puts the original standard input and output back.
    mutating func restore() {
        fflush(nil)
        for (descriptor, copy) in saved.reversed() {
            dup2(copy, descriptor)
            close(copy)
        }
        saved = []
    }
}
