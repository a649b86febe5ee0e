import FormCore
import FormPersistence
import FormTerminal
import FormUI

#if canImport(Glibc)
    import Glibc
#endif

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `DraftRecovery` for the line mode: the same lock and journal, the same offer, asked as plain
/// lines before the form's first question. A second session of the state file is told in a line
/// and keeps no journal; a journal that cannot be applied is moved aside and the user asked
/// whether to delete it. While the session runs, a stop signal lets go of the lock and exits
/// with 128 + the signal (`LineStops`); the journal is already written, after every answer.
///
/// ```swift
/// let hold = LineDraftRecovery.attach(to: session, statePath: path, saved: saved, editor: { _ in nil })
/// defer { hold.end() }
/// _ = session.run()
/// ```
package enum LineDraftRecovery {
    /// What a session holds while it runs: the journal's lock and the stop signals.
    package final class Hold {
        private let lock: DraftLock?
        private var ended = false

        init(lock: DraftLock?) {
            self.lock = lock
            LineStops.begin(lockPath: lock?.path)
        }

        /// Lets go of both (once).
        package func end() {
            guard !ended else { return }
            ended = true
            LineStops.end()
            lock?.release()
        }

        deinit { end() }
    }

    /// - Parameters:
    ///   - saved: the state as read from `statePath` at start.
    ///   - editor: the editing screen of the form with this title, asked first on resume; nil
    ///     when the session's own form is that form (it goes on in place) or there is no such form.
    package static func attach<State: Codable & Equatable>(
        to session: AccessibleSession<State>, statePath: String, saved: State,
        editor: (String) -> FormScreen<State>?
    ) -> Hold {
        let lock: DraftLock?
        switch DraftRecovery.waitForLock(statePath: statePath) {
        case .acquired(let acquired): lock = acquired
        case .held(let pid):
            // Said after the form's opening lines, where the offer would be.
            session.beforeQuestions = {
                session.say(DraftRecovery.heldMessage(pid: pid))
                return (false, false)
            }
            return Hold(lock: nil)
        case .unavailable: lock = nil
        }
        let journal = DraftJournal<State>(statePath: statePath)
        let recovery = journal.recover(saved: saved)
        // The form a journal belongs to, when a button of the session's form opens it.
        var screen: FormScreen<State>?
        if case .found(let entry) = recovery, session.mode != .edit || session.form.title != entry.form {
            screen = editor(entry.form).flatMap { $0.store === session.store ? $0 : nil }
        }
        session.beforeQuestions = { offer(recovery, of: journal, to: session, saved: saved, editor: screen) }
        return Hold(lock: lock)
    }

    /// Offers an earlier session's journal, and gives `session` its keeper; whether a form it
    /// resumed (one the session's button opens) saved. Asked after the form's opening lines.
    private static func offer<State: Codable & Equatable>(
        _ recovery: DraftJournal<State>.Recovery, of journal: DraftJournal<State>,
        to session: AccessibleSession<State>, saved: State, editor screen: FormScreen<State>?
    ) -> (saved: Bool, inputEnded: Bool) {
        var resumed = false
        var opened: AccessibleSession<State>?
        switch recovery {
        case .none:
            break
        case .found(let entry):
            let inPlace = session.mode == .edit && session.form.title == entry.form
            guard inPlace || screen != nil else {
                setAside(
                    journal, reason: "no form is called \(entry.form)", time: entry.time, session: session)
                break
            }
            let time = DraftJournal<State>.describe(entry.time)
            session.say("\(entry.form) was closed at \(time) before its answers were saved.")
            let yes = session.askYesNo(
                "Resume them? Type y to go on with them, n to discard them (Enter: y): ", enter: true)
            // The input ended before an answer: the journal stays, for a session that can answer.
            guard !session.inputEnded else { return (false, true) }
            guard yes else {
                journal.remove()
                session.say("Unsaved answers discarded.")
                break
            }
            resumed = true
            let focus = entry.focus.flatMap {
                $0.count == 3 ? RowPath(section: $0[0], group: $0[1], index: $0[2]) : nil
            }
            if let screen {
                opened = AccessibleSession(screen: screen, input: session.input, output: session.output)
                opened?.introduces = false
                opened?.resume(entry.draft, at: focus)
            } else {
                session.resume(entry.draft, at: focus)
            }
        case .unusable(let reason, let time):
            setAside(journal, reason: reason, time: time, session: session)
        }
        let write = DraftRecovery.writer(of: journal, saved: saved)
        session.drafts = LineDraftKeeper(
            store: session.store, journalExists: resumed,
            write: { snapshot in
                try LineStops.holding { try write(snapshot) }
                LineStops.noteJournal(kept: true)
            },
            remove: {
                journal.remove()
                LineStops.noteJournal(kept: false)
            })
        LineStops.noteJournal(kept: resumed)
        guard let opened else { return (false, false) }
        opened.drafts = session.drafts
        return (opened.run() == 0, opened.inputEnded)
    }

    private static func setAside<State>(
        _ journal: DraftJournal<State>, reason: String, time: Date?,
        session: AccessibleSession<some Equatable>
    ) {
        let when = time.map { " from \(DraftJournal<State>.describe($0))" } ?? ""
        guard let aside = journal.setAside() else {
            session.say("Unsaved answers\(when) were not applied (\(reason)); they are in \(journal.path).")
            return
        }
        session.say("Unsaved answers\(when) were not applied: \(reason). They were moved to \(aside).")
        if session.askYesNo("Delete them? (y or n, Enter: n): ") {
            unlink(aside)
            session.say("Deleted \(aside).")
        }
    }
}
