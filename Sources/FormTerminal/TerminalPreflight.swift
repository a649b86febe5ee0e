import CNcursesw
import CTerminalSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The checks made before ncurses is touched, so that a terminal it cannot drive is refused with
/// a message instead of a garbled screen, a message printed by ncurses, or `exit(1)`.
package enum TerminalPreflight {
    /// The terminal type to start with, or why there is none.
    static func terminalType(environment: [String: String]) throws(TerminalStartError) -> String {
        guard isatty(STDIN_FILENO) == 1 else { throw .standardInputNotATerminal }
        guard isatty(STDOUT_FILENO) == 1 else { throw .standardOutputNotATerminal }
        guard let term = environment["TERM"], !term.isEmpty else { throw .terminalTypeNotSet }
        let probe = ts_probe_terminal(term, STDOUT_FILENO)
        if probe == TS_TERMINAL_NO_DATABASE || probe == TS_TERMINAL_UNKNOWN,
            case .instead(let fallback) = choice(for: term)
        {
            // One line, left above the form (and after it): what was wrong and what is used.
            let program = RunningProgram.name ?? "formtui"
            let note =
                "\(program): TERM=\(term) is not known to terminfo here; drawing as \(fallback) "
                + "(install its terminfo entry to use its own)\n"
            let bytes = Array(note.utf8)
            _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            return fallback
        }
        switch probe {
        case TS_TERMINAL_OK: return term
        case TS_TERMINAL_NO_DATABASE: throw .noTerminfoDatabase(term)
        case TS_TERMINAL_NO_CURSOR_ADDRESSING: throw .noCursorAddressing(term)
        case TS_TERMINAL_SESSION_RUNNING: throw .alreadyRunning
        default: throw .unknownTerminalType(term)
        }
    }

    /// The terminal type that draws in place of one terminfo does not know: nearly every
    /// terminal today is an xterm at heart (kitty, foot, ghostty over ssh to a host without their
    /// entries).
    static let fallbackType = "xterm-256color"

    /// What a terminal type draws with.
    package enum TerminalTypeChoice: Equatable {
        /// Its own terminfo entry (or there is nothing to tell: another session runs).
        case itself
        /// `fallbackType`: terminfo does not know the type, but it is an xterm by its name or by
        /// its answer to a device-attributes question.
        case instead(String)
        /// No screen can be drawn (the type cannot move the cursor, or is unknown and answers like
        /// no xterm): the form is asked line by line.
        case lines
    }

    /// What `term` draws with on the terminal of `input` and `output`, which is asked (at most
    /// `TerminalBackground.timeout`) only for a type terminfo does not know and whose name does
    /// not say it is an xterm.
    package static func choice(
        for term: String, input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO
    ) -> TerminalTypeChoice {
        switch ts_probe_terminal(term, output) {
        case TS_TERMINAL_OK, TS_TERMINAL_SESSION_RUNNING: return .itself
        case TS_TERMINAL_NO_CURSOR_ADDRESSING: return .lines
        default: break
        }
        guard ts_probe_terminal(fallbackType, output) == TS_TERMINAL_OK else { return .lines }
        if term.lowercased().hasPrefix("xterm") || answersDeviceAttributes(input: input, output: output) {
            return .instead(fallbackType)
        }
        return .lines
    }

    /// Whether the terminal answers a device-attributes question (`ESC [ c`) as every xterm-like
    /// terminal does, within `TerminalBackground.timeout`.
    static func answersDeviceAttributes(input: Int32, output: Int32) -> Bool {
        guard isatty(output) == 1 else { return false }
        return TerminalBackground.quietly(input: input) { () -> Bool in
            var answer = DeviceAttributes()
            return answer.collect(
                asking: Array("\u{1B}[c".utf8), input: input, output: output,
                timeout: TerminalBackground.timeout) && answer.isComplete
        } ?? false
    }

    /// A device-attributes answer, `ESC [ ? … c`, read as it arrives.
    struct DeviceAttributes: TerminalAnswer {
        private var bytes: [UInt8] = []
        private(set) var isComplete = false

        mutating func feed(_ more: some Sequence<UInt8>) {
            bytes += more
            guard bytes.count < 1024 else { return }
            let start = Array("\u{1B}[?".utf8)
            if let found = (0..<max(0, bytes.count - start.count + 1)).first(where: {
                bytes[$0..<($0 + start.count)].elementsEqual(start)
            }), bytes[(found + start.count)...].contains(UInt8(ascii: "c")) {
                isComplete = true
            }
        }
    }

    /// Takes the user's locale, so that ncurses and `wcwidth` handle UTF-8 (without it CJK
    /// characters have no width). A locale that is not UTF-8, "C" included, is kept: it says the
    /// terminal may not show UTF-8, and the painter then draws ASCII stand-ins.
    static func adoptLocale() {
        setlocale(LC_ALL, "")
    }

    /// Whether the character set of the locale taken by `adoptLocale` is UTF-8.
    static func localeIsUTF8() -> Bool {
        let codeset = String(cString: formtui_codeset()).lowercased().filter { $0 != "-" && $0 != "_" }
        return codeset == "utf8"
    }

    /// Whether Swift's crash backtracer should keep its interactive prompt: only when asked for
    /// explicitly, since otherwise a crash in a terminal waits 30 s for a key.
    static func wantsInteractiveBacktrace(environment: [String: String]) -> Bool {
        guard let settings = environment["SWIFT_BACKTRACE"] else { return false }
        return settings.split(separator: ",").contains { setting in
            let parts = setting.split(separator: "=", maxSplits: 1).map {
                String($0.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
                    .lowercased()
            }
            return parts.count == 2 && parts[0] == "interactive"
                && ["yes", "on", "true", "1", "y", "t"].contains(parts[1])
        }
    }
}

extension TerminalPreflight {
    /// What both terminals do first, in order: the locale, the controlling terminal when asked
    /// (`/dev/tty` in place of redirected standard streams), the terminal type, and the
    /// safety net's start (`ts_begin`). Each failure undoes what came before it.
    static func begin(
        environment: [String: String], drawsOnControllingTerminal: Bool
    ) throws(TerminalStartError) -> (term: String, controlling: ControllingTerminal?) {
        adoptLocale()
        var controlling = drawsOnControllingTerminal ? try ControllingTerminal() : nil
        let term: String
        do {
            term = try terminalType(environment: environment)
        } catch {
            controlling?.restore()
            throw error
        }
        let keepBacktracePrompt = wantsInteractiveBacktrace(environment: environment)
        guard ts_begin(STDIN_FILENO, keepBacktracePrompt ? 0 : 1) == 0 else {
            controlling?.restore()
            throw .alreadyRunning
        }
        return (term, controlling)
    }
}
