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

/// Keeps a journal of the unsaved changes of the form that edits a store, on the screen and in
/// the line mode alike: one writer of one journal, which it removes once nothing is unsaved (a
/// save, a cancel or "leave without saving", changes undone), telling the user once when writes
/// fail and once when they work again.
///
/// On the screen (`attach(to:)`), it is written at idle moments: once the draft has stayed as it
/// is for `interval` (a pause in typing), or `longestDelay` after a change while keys keep
/// coming; never between a key and its frame; and once more when the app stops (a quit, a stop
/// signal, the terminal closing). Written after a pause rather than at the first key: typing a
/// word, or flipping a switch on and off again, writes nothing until it settles. What a kill
/// with no chance to write can lose is the last `longestDelay` of changes at most.
///
/// In the line mode (`AccessibleSession.drafts`), it is written before the session waits for an
/// answer (`flush(_:of:focus:answerWaiting:)`), when something changed or the question moved on
/// once there is a journal: a resume goes on at the question it waits for. Answers already
/// waiting (a pipe's, typed ahead) are taken without a write between them, up to `longestDelay`.
///
/// On the screen the keeper finds the form itself: the topmost `FormScreen` on the app's stack
/// that edits `store` (mode `.edit`, not nested), whoever pushed it. It follows the form through
/// `FormScreen.onDraftChange`, which it sets, and reads the draft only when it writes: a copy of
/// the draft kept between keys would make the next key copy the state. Where the journal lives
/// is the app's choice (`write`, `remove`); with FormPersistence:
///
/// ```swift
/// let journal = DraftJournal<Preferences>(statePath: file.path)
/// let base = DraftJournal<Preferences>.fingerprint(ofFileAt: file.path)
/// let keeper = DraftKeeper(
///     store: store,
///     write: { try journal.write(draft: $0.draft, saved: $0.saved, basedOn: base, form: $0.form,
///                                focus: $0.focus.map { [$0.section, $0.group, $0.index] }) },
///     remove: { journal.remove() })
/// keeper.attach(to: app)  // or, for a line session: session.drafts = keeper
/// ```
package final class DraftKeeper<State: Equatable>: IdleTask {
    package let store: StateStore<State>
    /// How long the draft stays unchanged before it is written (on the screen).
    package let interval: Duration
    /// The longest a change waits to be written while changes (keys, waiting answers) keep coming.
    package var longestDelay: Duration
    private let write: (DraftSnapshot<State>) throws -> Void
    private let remove: () -> Void
    private weak var app: App?
    private weak var screen: FormScreen<State>?
    /// The form followed on the screen and its focus last reported; nil without a form.
    private var latest: Latest?
    /// What the form last reported. A class, updated in place: the form reports on every move of
    /// focus, and storing a fresh optional tuple there asked the runtime for the tuple's type
    /// metadata each time (a tenth of a held Down).
    private final class Latest {
        var focus: RowPath?
        let form: Form<State>
        /// The form's secret members, when no state changes them: found once, not per write.
        let secrets: [SecretMember<State>]?

        init(focus: RowPath?, form: Form<State>) {
            self.focus = focus
            self.form = form
            self.secrets = form.fixedSecretMembers
        }
    }
    /// Whether the draft changed since the journal was last written or removed.
    private var pending = false {
        didSet { if !pending { pendingSince = nil } }
    }
    /// When the draft last changed, and when it first changed since the last write.
    private var changedAt: ContinuousClock.Instant?
    private var pendingSince: ContinuousClock.Instant?
    /// After a failed write: when to try again.
    private var retryAt: ContinuousClock.Instant?
    /// Whether a journal may be on disk: written by this keeper, or resumed from.
    package private(set) var journalMayExist: Bool
    /// Whether the journal was there before this session (it resumed it): the end of a line
    /// session's pipe then keeps it, as it holds answers the pipe did not give.
    package let resumed: Bool
    /// The focus the journal holds (the line mode writes again when the question moves on).
    private var writtenFocus: RowPath?
    /// `App.stackChanges` when the stack was last searched for the form.
    private var followedChanges: Int?
    /// Why the last write failed, while writes fail; the user is told once.
    package private(set) var failure: String?

    /// - Parameters:
    ///   - store: the store whose editing form is journaled.
    ///   - interval: how long the draft stays unchanged before it is written (on the screen).
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
        self.resumed = journalExists
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
        found.onDraftChange = { [weak self, unowned found] _, focus in
            guard let self else { return }
            if let latest = self.latest {
                latest.focus = focus
            } else {
                self.latest = Latest(focus: focus, form: form)
            }
            self.noteScreenChange()
            // Saved or discarded: the journal goes now, not after the frame that says so, so
            // that no crash in between can offer changes that were dealt with.
            if !found.isModified { self.clear() }
        }
        latest = Latest(focus: found.focusedRow, form: form)
        // A form with unsaved changes (resumed, say) is kept; an unchanged one waits for a change.
        if found.isModified { noteScreenChange() } else { clear() }
    }

    /// What time it is when a change is noted; tests set their own.
    package var clock: () -> ContinuousClock.Instant = { ContinuousClock.now }

    /// The form's draft changed now: the write waits for the draft to settle.
    private func noteScreenChange() {
        let now = clock()
        changedAt = now
        if !pending {
            pending = true
            pendingSince = now
        }
    }

    private func flush(at now: ContinuousClock.Instant) {
        guard let latest, let screen else {
            clear()
            return
        }
        switch keep(screen.draft.value, of: latest.form, focus: latest.focus, secrets: latest.secrets) {
        case .written(let again):
            pending = false
            retryAt = nil
            if again { app?.show(message: "Unsaved changes are kept again.", isError: false) }
        case .removed:
            break
        case .failed(let error, let first):
            // Said at the first failure, and again at each retry once a key took the message
            // away: the user sees it for as long as the changes cannot be kept.
            if first || app?.isShowingMessage == false {
                app?.show(message: "Unsaved changes cannot be kept: \(error)", isError: true)
            }
            retryAt = now + interval
        }
    }

    // MARK: The line mode

    /// A line session's draft changed: it is written before the next wait for an answer.
    package func noteChange() {
        pending = true
    }

    /// Since when a line session's write was due but put off for answers already waiting.
    private var deferredSince: ContinuousClock.Instant?

    /// Before a line session waits for an answer: writes the journal when it is due, unless an
    /// answer is already waiting (`answerWaiting`) and the write was put off for less than
    /// `longestDelay`. What to tell the user, if anything (see `keep(_:of:focus:)`).
    package func flush(
        _ draft: State, of form: Form<State>, focus: RowPath?, answerWaiting: Bool
    ) -> String? {
        guard pending || (journalMayExist && focus != writtenFocus) else { return nil }
        if answerWaiting {
            let now = clock()
            let since = deferredSince ?? now
            deferredSince = since
            if now - since < longestDelay { return nil }
        }
        deferredSince = nil
        switch keep(draft, of: form, focus: focus) {
        case .written(let again):
            pending = false
            return again ? "Unsaved answers are kept again." : nil
        case .removed: return nil
        case .failed(let error, let first): return first ? "Unsaved answers cannot be kept: \(error)" : nil
        }
    }

    // MARK: Writing

    /// What `keep` did.
    package enum Kept: Equatable {
        /// Wrote the journal; `again` after failed writes.
        case written(again: Bool)
        /// Nothing may be kept (nothing unsaved, or only secrets): the journal went.
        case removed
        /// The write failed, for the first time since one worked or not.
        case failed(String, first: Bool)
    }

    /// Writes the unsaved changes of `form` (secrets put back to their saved values), or removes
    /// the journal when nothing may be kept. `secrets`: the form's, when known
    /// (`Form.fixedSecretMembers`); nil asks the form for them.
    @discardableResult
    package func keep(
        _ draft: State, of form: Form<State>, focus: RowPath?, secrets: [SecretMember<State>]? = nil
    ) -> Kept {
        let saved = store.value
        // Compared once per write, not per key: a draft that differs only in secrets has
        // nothing that may be kept.
        let concealed =
            draft == saved
            ? saved
            : form.concealing(in: draft, keeping: saved, secrets: secrets ?? form.secretMembers(in: draft))
        guard concealed != saved else {
            clear()
            return .removed
        }
        do {
            try write(DraftSnapshot(draft: concealed, saved: saved, form: form.title, focus: focus))
            journalMayExist = true
            writtenFocus = focus
            defer { failure = nil }
            return .written(again: failure != nil)
        } catch {
            defer { failure = "\(error)" }
            return .failed("\(error)", first: failure == nil)
        }
    }

    /// Removes the journal, if one may exist: the changes were saved or left.
    package func clear() {
        pending = false
        retryAt = nil
        deferredSince = nil
        guard journalMayExist else { return }
        remove()
        journalMayExist = false
    }
}
