import FormCore

/// A save that found the stored copy changed since it was read (another program, or another
/// session, saved it): the person chooses to reload it, to overwrite it, or to go on editing.
extension FormEditor {
    /// The question, with what the save found kept for the answer.
    func askAboutStoredChange(_ changed: StoredStateChanged<State>) -> FormEffect {
        storedChange = changed
        return .confirm(
            FormConfirmation(
                action: .reloadStored, title: "Saved elsewhere meanwhile",
                message:
                    "\(form.title) was saved by another program since it was opened. Reload takes in its version and keeps your changes where they do not collide; overwrite replaces it with yours.",
                confirmLabel: "Reload", cancelLabel: "Cancel",
                alternative: .init(key: "o", label: "Overwrite", action: .overwriteStored)))
    }

    /// Takes the stored copy in: it becomes what the form was read from (the review's old
    /// values), and the draft is the person's changes on top of it. Nothing is saved yet.
    func reloadStored() -> FormEffect? {
        guard let changed = storedChange else { return nil }
        storedChange = nil
        let merged = changed.merge(store.value, draft.value)
        changed.accept()
        store.adoptStored(changed.theirs)
        var reloaded = Draft(changed.theirs)
        reloaded.value = merged
        draft = reloaded
        history.clear()
        revalidateMarkedRows()
        return .show(
            message: "Reloaded: your changes are kept where they did not collide; Ctrl-S saves.",
            isError: false)
    }
}
