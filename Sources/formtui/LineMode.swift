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
        if settings.accessible || environment["FORMTUI_ACCESSIBLE"] == "1" { return true }
        guard settings.script == nil, !settings.headless else { return false }
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

    /// Asks `form` on standard input and error; whether it was saved.
    static func run<State: Equatable>(
        form: Form<State>, store: StateStore<State>
    ) -> Bool {
        let session = AccessibleSession(
            form: form, store: store, input: StandardLines(), output: StandardErrorLines())
        _ = session.run()
        return session.didSave
    }
}
