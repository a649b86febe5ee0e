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

    /// How a form asked line by line ended.
    enum Outcome: Equatable {
        /// Its session saved (or, browsing, committed something): `session.didSave`.
        case saved
        /// Left without saving, or the answers ended.
        case notSaved
        /// Stopped: the terminal the answers came from closed (128 + SIGHUP).
        case stopped(status: Int32)
    }

    /// Asks the form of `screen` on standard input (or, when standard input held the spec, the
    /// controlling terminal) and standard error; nil when there is nowhere to read answers from.
    ///
    /// With `drafts` (the state file and the state read from it), unsaved answers are journaled
    /// beside the file after every answer and offered back at the next start, as the screen
    /// does; `editor` names the editing form a journal may belong to when it is not the
    /// screen's own (`DemoCommand.editor`).
    static func run<State: Codable & Equatable>(
        screen: FormScreen<State>, drafts: (statePath: String, saved: State)?,
        editor: (String) -> FormScreen<State>? = { _ in nil }, specFromStandardInput: Bool = false
    ) -> Outcome? {
        var descriptor: Int32 = STDIN_FILENO
        if specFromStandardInput {
            descriptor = open("/dev/tty", O_RDONLY)
            guard descriptor >= 0 else { return nil }
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        let session = AccessibleSession(
            screen: screen, input: StandardLines(descriptor: descriptor),
            output: StandardErrorLines.questions(forAnswersFrom: descriptor))
        let hold = drafts.map {
            DraftRecovery.attach(to: session, statePath: $0.statePath, saved: $0.saved, editor: editor)
        }
        defer { hold?.end() }
        let status = HangUp.status(
            afterLines: session.run(), inputEnded: session.inputEnded,
            fromTerminal: session.input.isInteractive,
            descriptor: descriptor)
        if status >= 128 { return .stopped(status: status) }
        return session.didSave ? .saved : .notSaved
    }
}
