import CTerminalSupport
import FormUI

#if canImport(Glibc)
    import Glibc
#endif

/// The line mode's answers from standard input (a terminal, a pipe, a file), read a line at a
/// time; a secret line is read with the terminal's echo off, and the echo comes back on every
/// way out of the read: the line's end, the input's end, and a stop signal (which then goes on
/// to stop the program as it would have).
///
/// ```swift
/// let session = AccessibleSession(form: form, store: store, input: StandardLines(), output: StandardErrorLines())
/// ```
public final class StandardLines: LineReading {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var atEnd = false

    /// `descriptor` 0 is standard input.
    public init(descriptor: Int32 = 0) {
        self.descriptor = descriptor
        isInteractive = isatty(descriptor) == 1
    }

    /// Whether the answers come from a terminal, as it was at the start: a terminal that closes
    /// is no terminal any more (`isatty` fails), but its answers were a person's all the same.
    public let isInteractive: Bool

    /// Whether a line is already read ahead, or the descriptor has input waiting (a pipe's, or
    /// a line typed ahead at a terminal).
    public var hasAnswerWaiting: Bool {
        if buffer.contains(UInt8(ascii: "\n")) { return true }
        guard !atEnd else { return false }
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&watched, 1, 0) > 0 && watched.revents & Int16(POLLIN) != 0
    }

    public func readLine(secret: Bool) -> String? {
        readLine(secret: secret, asking: {})
    }

    /// The echo goes off before `ask` writes the question: a line typed as soon as the question
    /// shows (or while the program is slow to go on) is never echoed. At a terminal, a stop
    /// (Ctrl-Z) and `fg` ask again: the shell's lines meanwhile have pushed the question away.
    public func readLine(secret: Bool, asking ask: () -> Void) -> String? {
        let hidden = secret && isInteractive && EchoGuard.turnOff(descriptor)
        defer { if hidden { EchoGuard.restore() } }
        let continuing = isInteractive ? ContinueWatch() : nil
        defer { continuing?.end() }
        ask()
        while true {
            if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(buffer[..<end])
                buffer.removeSubrange(...end)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            if atEnd {
                guard !buffer.isEmpty else { return nil }
                defer { buffer = [] }
                return String(decoding: buffer, as: UTF8.self)
            }
            if continuing?.takeContinued() == true { ask() }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR {
                if continuing?.takeContinued() == true { ask() }
                continue
            }
            if count <= 0 {
                atEnd = true
                continue
            }
            buffer += chunk[..<count]
        }
    }
}

/// The line mode's questions on standard error, written at once: standard output stays the
/// answers' (`formtui form`'s JSON).
public final class StandardErrorLines: LineWriting {
    private let descriptor: Int32
    /// Whether `descriptor` was opened here, to be closed with it.
    private let owned: Bool

    /// Standard error, written unbuffered.
    public init() {
        descriptor = STDERR_FILENO
        owned = false
    }

    private init(terminal: Int32) {
        descriptor = terminal
        owned = true
    }

    deinit { if owned { close(descriptor) } }

    /// Where the questions go for answers read from `answers`: standard error, or the terminal
    /// itself when the answers are typed there but standard error goes elsewhere (`2>log`): the
    /// person typing must hear the questions.
    package static func questions(forAnswersFrom answers: Int32) -> StandardErrorLines {
        guard isatty(answers) == 1, isatty(STDERR_FILENO) != 1 else { return StandardErrorLines() }
        let terminal = open("/dev/tty", O_WRONLY | O_CLOEXEC)
        return terminal >= 0 ? StandardErrorLines(terminal: terminal) : StandardErrorLines()
    }

    public func write(_ text: String) {
        DescriptorWriting.write(text, to: descriptor)
    }
}

/// The terminal settings from before the echo was turned off, for a signal handler to put back.
/// Written only while no handler can run (before the handlers are set, after they are reset).
nonisolated(unsafe) private var savedSettings = termios()
/// The settings with the echo off, put back when the program goes on after a signal (Ctrl-Z,
/// then `fg`; a handler of its own that returned).
nonisolated(unsafe) private var hiddenSettings = termios()
nonisolated(unsafe) private var savedDescriptor: Int32 = -1

private let stopSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP]

/// The program's own action for each signal (a handler, ignore, or the default), put back after
/// the secret and run by ours: a library's caller may handle Ctrl-C itself. By signal number;
/// allocated at the first secret, before any handler of ours can run.
nonisolated(unsafe) private let previousActions = UnsafeMutablePointer<sigaction>.allocate(
    capacity: 65)  // NSIG: signals 1 to 64
nonisolated(unsafe) private var echoAction: sigaction = {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = restoreEchoAndSignal
    sigemptyset(&action.sa_mask)
    // No SA_RESTART: after a stop and `fg` the read ends with EINTR, and the question is asked
    // again (see `ContinueWatch`); any other interrupted read is simply read again.
    action.sa_flags = 0
    return action
}()

private func restoreEchoAndSignal(_ signal: Int32) {
    // Only async-signal-safe calls: the echo back on, then the signal does what the program
    // made it do (by default: die, or stop).
    if savedDescriptor >= 0 { tcsetattr(savedDescriptor, TCSANOW, &savedSettings) }
    sigaction(signal, previousActions + Int(signal), nil)
    raise(signal)
    // The signal is blocked while its handler runs: let it act now rather than on return, so
    // that a stop comes back here at `fg`.
    var own = sigset_t()
    sigemptyset(&own)
    sigaddset(&own, signal)
    sigprocmask(SIG_UNBLOCK, &own, nil)
    // Still running (stopped and continued, or the program's handler returned): the secret is
    // still being typed, so the echo goes off again.
    guard savedDescriptor >= 0 else { return }
    sigaction(signal, &echoAction, nil)
    tcsetattr(savedDescriptor, TCSANOW, &hiddenSettings)
}

/// Turns a terminal's echo off for one secret line, and on again.
enum EchoGuard {
    static func turnOff(_ descriptor: Int32) -> Bool {
        var settings = termios()
        guard tcgetattr(descriptor, &settings) == 0 else { return false }
        // A crash, or a signal that ends the program, puts these settings back too (`FatalSignals`).
        _ = ts_fatal_hold_modes(descriptor)
        savedSettings = settings
        savedDescriptor = descriptor
        settings.c_lflag &= ~tcflag_t(ECHO)
        hiddenSettings = settings
        for stop in stopSignals { sigaction(stop, &echoAction, previousActions + Int(stop)) }
        return tcsetattr(descriptor, TCSANOW, &settings) == 0
    }

    static func restore() {
        tcsetattr(savedDescriptor, TCSANOW, &savedSettings)
        ts_fatal_release_modes()
        for stop in stopSignals { sigaction(stop, previousActions + Int(stop), nil) }
        savedDescriptor = -1
    }
}

/// Set by SIGCONT while a line is read at a terminal.
nonisolated(unsafe) private var continuedDuringRead: sig_atomic_t = 0

private func noteContinued(_: Int32) { continuedDuringRead = 1 }

/// SIGCONT noted while a line is read, by a handler without SA_RESTART: the read then ends with
/// EINTR when the program goes on after a stop, and the question can be asked again. SIGCONT is
/// let through to the reading thread meanwhile (a dispatch queue's thread blocks it). The
/// program's own action for SIGCONT, and the thread's mask, are put back after the line.
private struct ContinueWatch {
    private var previous = sigaction()
    private var previousMask = sigset_t()
    private let installed: Bool

    init() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = noteContinued
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        installed = sigaction(SIGCONT, &action, &previous) == 0
        var continueOnly = sigset_t()
        sigemptyset(&continueOnly)
        sigaddset(&continueOnly, SIGCONT)
        pthread_sigmask(SIG_UNBLOCK, &continueOnly, &previousMask)
        // A continue from before this line is not this line's.
        continuedDuringRead = 0
    }

    /// Whether the program was continued since the last call.
    func takeContinued() -> Bool {
        defer { continuedDuringRead = 0 }
        return continuedDuringRead != 0
    }

    func end() {
        var mask = previousMask
        pthread_sigmask(SIG_SETMASK, &mask, nil)
        guard installed else { return }
        var previous = previous
        sigaction(SIGCONT, &previous, nil)
    }
}
