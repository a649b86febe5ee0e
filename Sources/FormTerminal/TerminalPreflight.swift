import CNcursesw
import CTerminalSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The checks made before ncurses is touched, so that a terminal it cannot drive is refused with
/// a message instead of a garbled screen, a message printed by ncurses, or `exit(1)`.
enum TerminalPreflight {
    /// The terminal type to start with, or why there is none.
    static func terminalType(environment: [String: String]) throws(TerminalStartError) -> String {
        guard isatty(STDIN_FILENO) == 1 else { throw .standardInputNotATerminal }
        guard isatty(STDOUT_FILENO) == 1 else { throw .standardOutputNotATerminal }
        guard let term = environment["TERM"], !term.isEmpty else { throw .terminalTypeNotSet }
        switch ts_probe_terminal(term, STDOUT_FILENO) {
        case TS_TERMINAL_OK: return term
        case TS_TERMINAL_NO_DATABASE: throw .noTerminfoDatabase(term)
        case TS_TERMINAL_NO_CURSOR_ADDRESSING: throw .noCursorAddressing(term)
        case TS_TERMINAL_SESSION_RUNNING: throw .alreadyRunning
        default: throw .unknownTerminalType(term)
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
