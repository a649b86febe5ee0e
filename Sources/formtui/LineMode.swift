import FormCore
import FormTUI
import FormTerminal
import FormUI

#if canImport(Glibc)
    import Glibc
#endif

/// The accessible line mode: when a session chooses it (the rule is `AccessibleMode`'s, which
/// `Form.run` follows too), and a form asked in it on standard input and standard error.
enum LineMode {
    /// Whether the session asks line by line: `--accessible`, `FORMTUI_ACCESSIBLE=1`, or a
    /// terminal type that cannot be drawn on (`TERM` dumb or unset) when a person or a pipe gives
    /// the answers (not a key script).
    /// The variables `isChosen` reads: read by name, not as the whole environment (a tenth of a
    /// start).
    static let environmentNames = ["FORMTUI_ACCESSIBLE", "TERM"]

    static func isChosen(_ settings: SessionSettings, environment: [String: String]) -> Bool {
        AccessibleMode.isChosen(
            requested: settings.accessible, scripted: settings.script != nil || settings.headless,
            environment: environment)
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
