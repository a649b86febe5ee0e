import FormCore

/// The unsaved changes of a form at one moment, ready for a journal: secrets are already put back
/// to their saved values (see `Form.concealing(in:keeping:)`).
package struct DraftSnapshot<State> {
    /// The draft, without what the user typed into secret rows.
    package var draft: State
    /// The committed state the draft differs from.
    package var saved: State
    /// The title of the form being edited.
    package var form: String
    /// The focused row.
    package var focus: RowPath?
}

/// Keeps a journal of the unsaved changes of the form that edits a store, written at idle
/// moments: once the draft has stayed as it is for `interval` (a pause in typing), or
/// `longestDelay` after a change while keys keep coming; never between a key and its frame; and
/// once more when the app stops (a quit, a stop signal, the terminal closing). When the form has
/// nothing unsaved (it was saved, cancelled, or changed back), the journal goes.
///
/// Written after a pause rather than at the first key: typing a word, or flipping a switch on
/// and off again, writes nothing until it settles (each write encodes the whole state and costs
/// a dozen system calls). What a kill with no chance to write can lose is the last
/// `longestDelay` of changes at most.
///
/// The keeper finds the form itself: the topmost `FormScreen` on the app's stack that edits
/// `store` (mode `.edit`, not nested), whoever pushed it. It reads the form's draft through
/// `FormScreen.onDraftChange`, which it sets. Where the journal lives is the app's choice
/// (`write`, `remove`); with FormPersistence:
///
/// ```swift
/// let journal = DraftJournal<Preferences>(statePath: file.path)
/// let base = DraftJournal<Preferences>.fingerprint(ofFileAt: file.path)
/// let keeper = DraftKeeper(
///     store: store,
///     write: { try journal.write(draft: $0.draft, saved: $0.saved, basedOn: base, form: $0.form,
///                                focus: $0.focus.map { [$0.section, $0.group, $0.index] }) },
///     remove: { journal.remove() })
/// keeper.attach(to: app)
/// ```
package final class DraftKeeper<State: Equatable>: IdleTask {
    package let store: StateStore<State>
    /// How long the draft stays unchanged before it is written.
    package let interval: Duration
    /// The longest a change waits to be written while changes keep coming.
    package let longestDelay: Duration
    private let write: (DraftSnapshot<State>) throws -> Void
    private let remove: () -> Void
    private weak var app: App?
    private weak var screen: FormScreen<State>?
    /// The draft and focus last reported, and the form they belong to; nil without a form.
    private var latest: Latest?
    /// What the form last reported. A class, updated in place: the form reports on every move of
    /// focus, and storing a fresh optional tuple there asked the runtime for the tuple's type
    /// metadata each time (a tenth of a held Down).
    private final class Latest {
        var draft: State
        var focus: RowPath?
        let form: Form<State>

        init(draft: State, focus: RowPath?, form: Form<State>) {
            self.draft = draft
            self.focus = focus
            self.form = form
        }
    }
    /// Whether `latest` changed since the journal was last written or removed.
    private var pending = false {
        didSet { if !pending { pendingSince = nil } }
    }
    /// When `latest` last changed, and when it first changed since the last write.
    private var changedAt: ContinuousClock.Instant?
    private var pendingSince: ContinuousClock.Instant?
    /// After a failed write: when to try again.
    private var retryAt: ContinuousClock.Instant?
    /// Whether a journal may be on disk: written by this keeper, or resumed from.
    private var journalMayExist: Bool
    /// `App.stackChanges` when the stack was last searched for the form.
    private var followedChanges: Int?
    /// Why the last write failed, while writes fail; the user is told once.
    package private(set) var failure: String?

    /// - Parameters:
    ///   - store: the store whose editing form is journaled.
    ///   - interval: how long the draft stays unchanged before it is written.
    ///   - longestDelay: the longest a change waits while changes keep coming.
    ///   - journalExists: true when the session starts from a journal (it resumed one), so that
    ///     a save or a cancel removes it even if nothing changes first.
    ///   - write: replaces the journal with a snapshot.
    ///   - remove: deletes the journal; called only when one may exist.
    package init(
        store: StateStore<State>, interval: Duration = .milliseconds(300),
        longestDelay: Duration = .seconds(2), journalExists: Bool = false,
        write: @escaping (DraftSnapshot<State>) throws -> Void, remove: @escaping () -> Void
    ) {
        self.store = store
        self.interval = interval
        self.longestDelay = longestDelay
        self.journalMayExist = journalExists
        self.write = write
        self.remove = remove
    }

    /// Runs the keeper at `app`'s idle moments, on the forms of its stack.
    package func attach(to app: App) {
        self.app = app
        app.idleTasks.append(self)
    }

    // MARK: IdleTask

    package func idle(at now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        follow()
        guard pending, let changedAt else { return nil }
        let due = retryAt ?? min(changedAt + interval, (pendingSince ?? changedAt) + longestDelay)
        if now < due { return due }
        flush(at: now)
        // A failed write is tried again, no more often than `interval`.
        return retryAt
    }

    package func finish() {
        follow()
        if pending { flush(at: .now) }
    }

    // MARK: Following the form

    /// Finds the form that edits the store now, and takes its draft when it is a new one.
    private func follow() {
        // Runs after every frame: the stack is searched only when a screen came or went.
        let changes = app?.stackChanges
        guard changes == nil || changes != followedChanges else { return }
        followedChanges = changes
        // A loop over the concrete array: a lazy chain of generic sequences here, in code not
        // specialised for the state, had the runtime look up each sequence's conformances by
        // name (a million instructions at the first frame).
        var found: FormScreen<State>?
        let stack = app?.stack ?? []
        for index in stack.indices.reversed() {
            guard let screen = stack[index] as? FormScreen<State>,
                screen.store === store, screen.mode == .edit, !screen.isNested
            else { continue }
            found = screen
            break
        }
        guard found !== screen else { return }
        screen?.onDraftChange = nil
        screen = found
        guard let found else {
            if latest != nil {
                // The form went: whatever it left unsaved was dealt with (saved or discarded).
                latest = nil
                clear()
            }
            return
        }
        let form = found.form
        found.onDraftChange = { [weak self, unowned found] draft, focus in
            guard let self else { return }
            if let latest = self.latest {
                latest.draft = draft
                latest.focus = focus
            } else {
                self.latest = Latest(draft: draft, focus: focus, form: form)
            }
            self.noteChange()
            // Saved or discarded: the journal goes now, not after the frame that says so, so
            // that no crash in between can offer changes that were dealt with.
            if !found.isModified { self.clear() }
        }
        latest = Latest(draft: found.draft.value, focus: found.focusedRow, form: form)
        // A form with unsaved changes (resumed, say) is kept; an unchanged one waits for a change.
        if found.isModified { noteChange() } else { clear() }
    }

    /// What time it is when a change is noted; tests set their own.
    var clock: () -> ContinuousClock.Instant = { ContinuousClock.now }

    /// `latest` changed now: the write waits for the draft to settle.
    private func noteChange() {
        let now = clock()
        changedAt = now
        if !pending {
            pending = true
            pendingSince = now
        }
    }

    private func flush(at now: ContinuousClock.Instant) {
        let saved = store.value
        guard let latest, latest.draft != saved else {
            clear()
            return
        }
        // Comparing once per write, not per key: a draft that differs only in secrets has
        // nothing that may be kept.
        let concealed = latest.form.concealing(in: latest.draft, keeping: saved)
        guard concealed != saved else {
            clear()
            return
        }
        do {
            try write(
                DraftSnapshot(draft: concealed, saved: saved, form: latest.form.title, focus: latest.focus))
            journalMayExist = true
            pending = false
            retryAt = nil
            if failure != nil { app?.show(message: "Unsaved changes are kept again.", isError: false) }
            failure = nil
        } catch {
            // Said at the first failure, and again at each retry once a key took the message
            // away: the user sees it for as long as the changes cannot be kept.
            if failure == nil || app?.isShowingMessage == false {
                app?.show(message: "Unsaved changes cannot be kept: \(error)", isError: true)
            }
            failure = "\(error)"
            retryAt = now + interval
        }
    }

    private func clear() {
        pending = false
        retryAt = nil
        guard journalMayExist else { return }
        remove()
        journalMayExist = false
    }
}
