/// How a form run ended: saved (with the state as saved), cancelled, or stopped by a signal.
///
/// ```swift
/// switch try form.run(state: Hotspot()) {
/// case .saved(let hotspot): print("Saved \(hotspot.networkName).")
/// case .cancelled: print("Nothing saved.")
/// case .interrupted(let signal): exit(128 + signal)
/// }
/// ```
///
/// `exitStatus` gives the `formtui` command's status for each ending, for a program that wants
/// to end the way it does.
public enum FormResult<State> {
    /// Ctrl-S saved the form (with changes or without); the state as saved.
    case saved(State)
    /// The form was left without saving: Esc (after "Discard changes?" when something changed),
    /// the end of a key script with the form still open, or the task of an async `Form.run`
    /// cancelled.
    case cancelled
    /// A signal ended the run (Ctrl-C's SIGINT, SIGTERM, SIGHUP when the terminal closed,
    /// SIGQUIT). Unsaved changes are in the draft journal, when the run keeps one.
    case interrupted(signal: Int32)

    /// The state as saved, or nil when the form was not saved.
    public var savedState: State? {
        guard case .saved(let state) = self else { return nil }
        return state
    }

    /// The exit status the `formtui` command gives this ending: 0 saved, 1 ended without saving,
    /// 128 + n stopped by signal n. (Where `Form.run` throws instead, the command says 2 for a
    /// `TerminalStartError` or a bad key script, and 3 for a `StateFileError`.)
    public var exitStatus: Int32 {
        switch self {
        case .saved: 0
        case .cancelled: 1
        case .interrupted(let signal): 128 + signal
        }
    }

    /// The ending of an app whose first screen edits the form: `status` is what `App.run`
    /// answered, `didSave` whether the form was saved.
    package init(status: Int32, didSave: Bool, saved: @autoclosure () -> State) {
        if status >= 128 {
            self = .interrupted(signal: status - 128)
        } else if didSave {
            self = .saved(saved())
        } else {
            self = .cancelled
        }
    }
}

extension FormResult: Equatable where State: Equatable {}
extension FormResult: Hashable where State: Hashable {}
extension FormResult: Sendable where State: Sendable {}
