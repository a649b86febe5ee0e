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

/// Wires a session's journal of unsaved changes, on the screen or in the line mode: at start,
/// offers what an earlier session left (or says why it cannot be used); then keeps the journal of
/// the form being edited (one `DraftKeeper` either way).
///
/// One session keeps a state file's journal (`DraftLock`): a second one says whose it is and
/// keeps none. A journal that cannot be applied (damaged, or its state file changed since) is
/// moved aside at once, beside the state file, and the user is asked whether to delete it: it is
/// theirs, and left in place it would be overwritten by this session's first edit.
///
/// ```swift
/// DraftRecovery.attach(to: app, store: store, statePath: path, saved: saved, editor: { _ in nil })
///
/// let hold = DraftRecovery.attach(to: session, statePath: path, saved: saved, editor: { _ in nil })
/// defer { hold.end() }
/// _ = session.run()
/// ```
package enum DraftRecovery {
    /// What a session finds at start: its journal and what it holds, or another session's pid.
    private enum Start<State: Codable> {
        case held(pid: Int32?)
        case ready(lock: DraftLock?, journal: DraftJournal<State>, recovery: DraftJournal<State>.Recovery)
    }

    private static func start<State: Codable>(statePath: String, saved: State) -> Start<State> {
        let lock: DraftLock?
        switch waitForLock(statePath: statePath) {
        case .acquired(let acquired): lock = acquired
        case .held(let pid): return .held(pid: pid)
        case .unavailable: lock = nil
        }
        let journal = DraftJournal<State>(statePath: statePath)
        return .ready(lock: lock, journal: journal, recovery: journal.recover(saved: saved))
    }

    /// The focus a journal holds, as a row's path.
    private static func focus(_ entry: DraftJournal<some Codable>.Entry) -> RowPath? {
        entry.focus.flatMap { $0.count == 3 ? RowPath(section: $0[0], group: $0[1], index: $0[2]) : nil }
    }

    // MARK: The screen

    /// - Parameters:
    ///   - saved: the state as read from `statePath` at start.
    ///   - editor: the editing screen of the form with this title, pushed on resume; nil when
    ///     the first screen is that form (it is restored in place) or there is no such form.
    package static func attach<State: Codable & Equatable>(
        to app: App, store: StateStore<State>, statePath: String, saved: State,
        editor: (String) -> FormScreen<State>?
    ) {
        // A second session says whose the journal is and keeps none, so that it never
        // overwrites or deletes the first one's unsaved changes.
        let lock: DraftLock?
        let journal: DraftJournal<State>
        let recovery: DraftJournal<State>.Recovery
        switch start(statePath: statePath, saved: saved) {
        case .held(let pid):
            app.show(message: heldMessage(pid: pid), isError: true)
            return
        case .ready(let held, let found, let recovered): (lock, journal, recovery) = (held, found, recovered)
        }
        var resumed = false
        switch recovery {
        case .none:
            break
        case .found(let entry):
            let screen = editor(entry.form) ?? rootEditor(of: app, titled: entry.form, store: store)
            guard let screen else {
                setAside(journal, reason: "no form is called \(entry.form)", time: entry.time, app: app)
                break
            }
            resumed = true
            let focus = focus(entry)
            app.push(
                DraftOfferScreen(
                    time: DraftJournal<State>.describe(entry.time), form: entry.form,
                    onResume: { navigator in
                        if !app.stack.contains(where: { $0 === screen }) { navigator.push(screen) }
                        screen.restore(draft: entry.draft, focus: focus)
                    },
                    onDiscard: { navigator in
                        journal.remove()
                        navigator.show(message: "Unsaved changes discarded.", isError: false)
                    }))
        case .unusable(let reason, let time):
            setAside(journal, reason: reason, time: time, app: app)
        }

        let keeper = DraftKeeper(
            store: store, journalExists: resumed,
            write: writer(of: journal, saved: saved),
            remove: { journal.remove() })
        keeper.attach(to: app)
        // After the keeper, so that its last write is done under the lock.
        if let lock { app.idleTasks.append(LockRelease(lock: lock)) }
    }

    /// The lock of `statePath`'s journal. A session whose terminal just closed is still writing
    /// its draft: it lets go in moments, so a held lock is tried again for a second.
    package static func waitForLock(statePath: String) -> DraftLock.Outcome {
        var outcome = DraftLock.acquire(statePath: statePath)
        let deadline = ContinuousClock.now + .seconds(1)
        while case .held = outcome, ContinuousClock.now < deadline {
            usleep(20_000)
            outcome = DraftLock.acquire(statePath: statePath)
        }
        if case .acquired(let lock) = outcome { FatalSignals.removeOnFatalSignal(lockPath: lock.path) }
        return outcome
    }

    /// What a second session of a state file is told.
    package static func heldMessage(pid: Int32?) -> String {
        // Named as this program is: most likely the other one is another run of it.
        let program = RunningProgram.name ?? "program"
        return
            "This form is open in another \(program)\(pid.map { " (pid \($0))" } ?? ""): changes made here are kept only when saved."
    }

    /// Writes a keeper's snapshots into `journal`. The journal records which state file it was
    /// based on: the one read at start (`saved`) until the session saves, then the one it wrote.
    package static func writer<State: Codable & Equatable>(
        of journal: DraftJournal<State>, saved: State
    ) -> (DraftSnapshot<State>) throws -> Void {
        let statePath = journal.statePath
        var base = (state: saved, fingerprint: DraftJournal<State>.fingerprint(ofFileAt: statePath))
        return { snapshot in
            if snapshot.saved != base.state {
                base = (snapshot.saved, DraftJournal<State>.fingerprint(ofFileAt: statePath))
            }
            try journal.write(
                draft: snapshot.draft, saved: snapshot.saved, basedOn: base.fingerprint, form: snapshot.form,
                focus: snapshot.focus.map { [$0.section, $0.group, $0.index] })
        }
    }

    /// Lets go of the journal's lock when the app stops.
    private final class LockRelease: IdleTask {
        let lock: DraftLock
        init(lock: DraftLock) { self.lock = lock }
        func idle(at now: ContinuousClock.Instant) -> ContinuousClock.Instant? { nil }
        func finish() {
            FatalSignals.forgetLock(lock.path)
            lock.release()
        }
    }

    /// The first screen, when it is the editing form with that title.
    private static func rootEditor<State: Equatable>(
        of app: App, titled title: String, store: StateStore<State>
    )
        -> FormScreen<State>?
    {
        guard let root = app.stack.first as? FormScreen<State>, root.store === store, root.mode == .edit,
            root.form.title == title
        else { return nil }
        return root
    }

    private static func setAside<State>(
        _ journal: DraftJournal<State>, reason: String, time: Date?, app: App
    ) {
        let when = time.map { " from \(DraftJournal<State>.describe($0))" } ?? ""
        guard let aside = journal.setAside() else {
            app.show(
                message: "Unsaved changes\(when) were not applied (\(reason)); they are in \(journal.path).",
                isError: true)
            return
        }
        app.push(
            ConfirmScreen(
                title: "Unsaved changes not applied",
                message: "The changes\(when) were not applied: \(reason). They were moved to \(aside).",
                confirmLabel: "Delete them", cancelLabel: "Keep them"
            ) { navigator in
                try? FileManager.default.removeItem(atPath: aside)
                navigator.show(message: "Deleted \(aside).", isError: false)
            })
    }

    // MARK: The line mode

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

    /// The line mode's: the same lock and journal, the same offer, asked as plain lines before
    /// the form's first question. While the session runs, a stop signal lets go of the lock and
    /// exits with 128 + the signal (`LineStops`); the journal is already written, after every
    /// answer.
    ///
    /// - Parameters:
    ///   - saved: the state as read from `statePath` at start.
    ///   - editor: the editing screen of the form with this title, asked first on resume; nil
    ///     when the session's own form is that form (it goes on in place) or there is no such form.
    package static func attach<State: Codable & Equatable>(
        to session: AccessibleSession<State>, statePath: String, saved: State,
        editor: (String) -> FormScreen<State>?
    ) -> Hold {
        let lock: DraftLock?
        let journal: DraftJournal<State>
        let recovery: DraftJournal<State>.Recovery
        switch start(statePath: statePath, saved: saved) {
        case .held(let pid):
            // Said after the form's opening lines, where the offer would be.
            session.beforeQuestions = {
                session.say(heldMessage(pid: pid))
                return (false, false)
            }
            return Hold(lock: nil)
        case .ready(let held, let found, let recovered): (lock, journal, recovery) = (held, found, recovered)
        }
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
            let focus = focus(entry)
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
        let write = writer(of: journal, saved: saved)
        session.drafts = DraftKeeper(
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
