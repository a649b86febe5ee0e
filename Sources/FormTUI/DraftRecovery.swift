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

/// Wires a session's journal of unsaved changes: at start, offers what an earlier session left
/// (or says why it cannot be used); then keeps the journal of the form being edited.
///
/// A journal that cannot be applied (damaged, or its state file changed since) is moved aside
/// at once, beside the state file, and the user is asked whether to delete it: it is theirs, and
/// left in place it would be overwritten by this session's first edit.
package enum DraftRecovery {
    /// - Parameters:
    ///   - saved: the state as read from `statePath` at start.
    ///   - editor: the editing screen of the form with this title, pushed on resume; nil when
    ///     the first screen is that form (it is restored in place) or there is no such form.
    package static func attach<State: Codable & Equatable>(
        to app: App, store: StateStore<State>, statePath: String, saved: State,
        editor: (String) -> FormScreen<State>?
    ) {
        // One session keeps a state file's journal: a second one says whose it is and keeps none,
        // so that it never overwrites or deletes the first one's unsaved changes.
        var lock: DraftLock?
        switch waitForLock(statePath: statePath) {
        case .acquired(let acquired): lock = acquired
        case .held(let pid):
            app.show(message: heldMessage(pid: pid), isError: true)
            return
        case .unavailable: lock = nil
        }
        let journal = DraftJournal<State>(statePath: statePath)
        var resumed = false
        switch journal.recover(saved: saved) {
        case .none:
            break
        case .found(let entry):
            let screen = editor(entry.form) ?? rootEditor(of: app, titled: entry.form, store: store)
            guard let screen else {
                setAside(journal, reason: "no form is called \(entry.form)", time: entry.time, app: app)
                break
            }
            resumed = true
            let focus = entry.focus.flatMap {
                $0.count == 3 ? RowPath(section: $0[0], group: $0[1], index: $0[2]) : nil
            }
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
}
