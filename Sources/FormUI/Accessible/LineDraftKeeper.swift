import FormCore

/// Keeps the journal of a line session's unsaved answers, as `DraftKeeper` does for the form on
/// the screen: written before the session waits for an answer, when something changed (or the
/// question moved on, once there is a journal: a resume goes on at the question it waits for);
/// removed once nothing is unsaved (a save, "leave without saving", answers changed back).
/// Where the journal lives is the caller's (`write`, `remove`).
///
/// Answers already waiting (a pipe's, typed ahead) are taken without a write between them, up
/// to `longestDelay`: each write encodes the whole state, which for a long piped list of
/// answers cost more than the answers themselves. Nothing is lost that way that the pipe does
/// not still hold.
///
/// A session asks its keeper only while it edits (`.edit`); a form a button opens on the same
/// store is handed the same keeper (the preferences' "Edit Preferences").
///
/// ```swift
/// let keeper = LineDraftKeeper(
///     store: store, write: { try journal.write(draft: $0.draft, saved: $0.saved, basedOn: base,
///                                               form: $0.form, focus: nil) },
///     remove: { journal.remove() })
/// session.drafts = keeper
/// ```
package final class LineDraftKeeper<State: Equatable> {
    /// The store whose unsaved answers are kept.
    package let store: StateStore<State>
    private let write: (DraftSnapshot<State>) throws -> Void
    private let remove: () -> Void
    /// Whether a journal may be on disk: written by this keeper, or resumed from.
    package private(set) var journalMayExist: Bool
    /// Whether the journal was there before this session (it resumed it): the end of a pipe
    /// then keeps it, as it holds answers the pipe did not give.
    package let resumed: Bool
    /// Why the last write failed, while writes fail: said once.
    private var failure: String?
    /// Whether the draft changed since it was last written (or the last write failed).
    private var changed = false
    /// The focus the journal holds.
    private var writtenFocus: RowPath?
    /// Since when a write was due but put off for answers already waiting.
    private var dueSince: ContinuousClock.Instant?
    /// The longest a write is put off while answers keep waiting.
    package var longestDelay: Duration = .seconds(2)
    /// What time it is; tests set their own.
    package var clock: () -> ContinuousClock.Instant = { ContinuousClock.now }

    /// - Parameters:
    ///   - journalExists: true when the session resumed a journal, so that a save or a "leave
    ///     without saving" removes it even if no answer changes anything first.
    ///   - write: replaces the journal with a snapshot.
    ///   - remove: deletes the journal; called only when one may exist.
    package init(
        store: StateStore<State>, journalExists: Bool = false,
        write: @escaping (DraftSnapshot<State>) throws -> Void, remove: @escaping () -> Void
    ) {
        self.store = store
        self.journalMayExist = journalExists
        self.resumed = journalExists
        self.write = write
        self.remove = remove
    }

    /// The draft changed: it is written before the next wait for an answer.
    package func noteChange() {
        changed = true
    }

    /// Before waiting for an answer: writes the journal when it is due, unless an answer is
    /// already waiting (`answerWaiting`) and the write was put off for less than `longestDelay`.
    /// What to tell the user, if anything (see `keep`).
    package func flush(
        _ draft: State, of form: Form<State>, focus: RowPath?, answerWaiting: Bool
    ) -> String? {
        guard changed || (journalMayExist && focus != writtenFocus) else { return nil }
        if answerWaiting {
            let now = clock()
            let since = dueSince ?? now
            dueSince = since
            if now - since < longestDelay { return nil }
        }
        dueSince = nil
        return keep(draft, of: form, focus: focus)
    }

    /// Writes the unsaved answers of `form` (secrets put back to their saved values), or removes
    /// the journal when nothing may be kept. What to tell the user, if anything: a failure, the
    /// first time, and the first success after one.
    package func keep(_ draft: State, of form: Form<State>, focus: RowPath?) -> String? {
        let saved = store.value
        let concealed = draft == saved ? saved : form.concealing(in: draft, keeping: saved)
        guard concealed != saved else {
            clear()
            return nil
        }
        do {
            try write(DraftSnapshot(draft: concealed, saved: saved, form: form.title, focus: focus))
            journalMayExist = true
            changed = false
            writtenFocus = focus
            defer { failure = nil }
            return failure == nil ? nil : "Unsaved answers are kept again."
        } catch {
            defer { failure = "\(error)" }
            return failure == nil ? "Unsaved answers cannot be kept: \(error)" : nil
        }
    }

    /// Removes the journal, if one may exist: the answers were saved or left.
    package func clear() {
        changed = false
        dueSince = nil
        guard journalMayExist else { return }
        remove()
        journalMayExist = false
    }
}
