/// Why the real terminal could not be started, as one line that says what to do.
///
/// The CLI prints it as `formtui: <message>` and exits with status 2. The message names the
/// running program (`formtui`, or the program that runs a form with `Form.run`).
///
/// ```swift
/// do {
///     terminal = try NcursesTerminal()
/// } catch {
///     print("formtui: \(error.message)")
/// }
/// ```
public enum TerminalStartError: Error, Hashable, Sendable, CustomStringConvertible {
    case standardInputNotATerminal
    case standardOutputNotATerminal
    /// Asked to draw on `/dev/tty`, and the process has no controlling terminal.
    case noControllingTerminal
    case terminalTypeNotSet
    /// terminfo has no entry for this TERM value.
    case unknownTerminalType(String)
    /// No terminfo database could be found at all.
    case noTerminfoDatabase(String)
    /// The terminal cannot move the cursor (TERM=dumb, a hardcopy terminal).
    case noCursorAddressing(String)
    /// Another `NcursesTerminal` is running in this process.
    case alreadyRunning
    /// ncurses refused to start on this terminal.
    case cannotStart(String)

    /// The problem and the fix, without a prefix.
    public var message: String {
        let program = RunningProgram.name ?? "it"
        let setTerm = "set TERM to your terminal type, e.g. TERM=xterm-256color"
        switch self {
        case .standardInputNotATerminal:
            return
                "standard input is not a terminal; run \(program) in a terminal, without redirecting its input"
        case .standardOutputNotATerminal:
            return
                "standard output is not a terminal; run \(program) in a terminal, without redirecting its output"
        case .noControllingTerminal:
            return "no terminal to draw the form on (/dev/tty cannot be opened); run \(program) in a terminal"
        case .terminalTypeNotSet:
            return "TERM is not set; \(setTerm)"
        case .unknownTerminalType(let term):
            return "TERM=\(term) is not a terminal type known to terminfo; \(setTerm), "
                + "or install its terminfo entry (Debian: ncurses-term)"
        case .noTerminfoDatabase(let term):
            return "no terminfo database found for TERM=\(term); install one (Debian: ncurses-base) "
                + "or set TERMINFO to its folder"
        case .noCursorAddressing(let term):
            return "TERM=\(term) cannot move the cursor, which a full-screen form needs; \(setTerm)"
        case .alreadyRunning:
            return "the terminal is already in use by this program; stop the running NcursesTerminal first"
        case .cannotStart(let term):
            return "could not start the terminal with TERM=\(term); \(setTerm)"
        }
    }

    public var description: String { message }
}
