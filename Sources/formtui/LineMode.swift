import FormCore
import FormTUI
import FormTerminal
import FormUI

/// The accessible line mode: when a session chooses it (the rule is `AccessibleMode`'s, which
/// `Form.run` follows too), and a form asked in it on standard input and standard error.
enum LineMode {
    /// Whether the session asks line by line: `--accessible`, `FORMTUI_ACCESSIBLE=1`, or a
    /// terminal type that cannot be drawn on (`TERM` dumb or unset) when a person or a pipe gives
    /// the answers (not a key script).
    static func isChosen(_ settings: SessionSettings, environment: [String: String]) -> Bool {
        AccessibleMode.isChosen(
            requested: settings.accessible, scripted: settings.script != nil || settings.headless,
            environment: environment)
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
