import FormCore
import FormTerminal
import FormUI

#if canImport(Glibc)
    import Glibc
#endif

/// The accessible line mode: when it is chosen, and a form asked in it on standard input and
/// standard error.
enum LineMode {
    /// Whether the session asks line by line: `--accessible`, `FORMTUI_ACCESSIBLE=1`, or a
    /// terminal type that cannot be drawn on (`TERM` dumb or unset) when a person or a pipe gives
    /// the answers (not a key script).
    static func isChosen(_ settings: SessionSettings, environment: [String: String]) -> Bool {
        if settings.accessible { return true }
        // A key script needs the screen, whatever the environment asks for.
        guard settings.script == nil, !settings.headless else { return false }
        if environment["FORMTUI_ACCESSIBLE"] == "1" { return true }
        let term = environment["TERM"] ?? ""
        guard term.isEmpty || term == "dumb" else { return false }
        return isatty(STDIN_FILENO) == 1 || standardInputIsPipeOrFile()
    }

    private static func standardInputIsPipeOrFile() -> Bool {
        var info = stat()
        guard fstat(STDIN_FILENO, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind == S_IFIFO || kind == S_IFREG
    }

    /// Asks `form` on standard input (or, when standard input held the spec, the controlling
    /// terminal) and standard error; whether it was saved, nil when there is nowhere to read
    /// answers from.
    static func run<State: Equatable>(
        form: Form<State>, store: StateStore<State>, specFromStandardInput: Bool = false
    ) -> Bool? {
        var descriptor: Int32 = STDIN_FILENO
        if specFromStandardInput {
            descriptor = open("/dev/tty", O_RDONLY)
            guard descriptor >= 0 else { return nil }
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        let session = AccessibleSession(
            form: form, store: store, input: StandardLines(descriptor: descriptor),
            output: StandardErrorLines())
        _ = session.run()
        return session.didSave
    }
}
