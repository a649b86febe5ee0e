import FormCore

extension FormEditor {
    /// Adds, deletes (after asking) or moves the focused element of an editable array.
    func editList(_ command: Command, in layout: FormLayout<State>) -> FormEffect? {
        if let refusal = readOnlyRefusal() { return refusal }
        guard let row = focusedRow(in: layout), let editing = layout.group(of: row.path)?.editing else {
            return nil
        }
        let path = row.path
        var state = draft.value
        let count = editing.count(state)
        switch command {
        case .addElement:
            // After the focused element; on the add row, at the end.
            let index = min(path.index + 1, count)
            editing.insert(&state, index)
            let effect = apply(state, at: path)
            moveFocus(to: path.at(index))
            return effect
        case .deleteElement:
            guard path.index < count else { return nil }
            // A text is named by what it holds (not a secret, not an empty one).
            let field = row.row.anyContent(in: state) as? TextFieldContent
            let shown = field.flatMap { $0.isSecure || $0.text.isEmpty ? nil : $0.text }
            let named =
                shown.map { "\(editing.noun) “\(TextWidth.truncate($0, to: 30))”" } ?? "this \(editing.noun)"
            return .confirm(
                FormConfirmation(
                    action: .deleteElement(path), title: "Delete \(named)?",
                    message: mode == .edit ? "Cancelling the form brings it back." : "This cannot be undone.",
                    confirmLabel: "Delete", cancelLabel: "Keep"))
        case .moveElementUp, .moveElementDown:
            let target = path.index + (command == .moveElementUp ? -1 : 1)
            guard path.index < count, target >= 0, target < count else { return nil }
            editing.move(&state, path.index, target)
            let effect = apply(state, at: path)
            moveFocus(to: path.at(target))
            return effect
        default:
            return nil
        }
    }

    /// A character or paste typed on the add row of a list of text rows: a new entry at the end,
    /// focused, and the key decided again there, so that it is the entry's first character
    /// (typing `www.example.org` there gives that entry, not `mple.org` after an `a`).
    func startEntry(
        with key: Key, on focused: (path: RowPath, row: any FormRow<State>), in layout: FormLayout<State>,
        isRoot: Bool
    ) -> KeyDecision? {
        switch key {
        case .character(let character) where character != " " && !ControlCharacters.isControl(character):
            break
        case .paste:
            break
        default:
            return nil
        }
        guard !layout.isDisabled(focused.path), let group = layout.group(of: focused.path),
            let editing = group.editing
        else { return nil }
        let count = editing.count(draft.value)
        guard focused.path.index >= count else { return nil }
        var added = draft.value
        editing.insert(&added, count)
        // A list of switches or forms takes no text: `a` adds there as a command.
        guard group.row(added, count).textInput(in: added) != nil else { return nil }
        if let refusal = readOnlyRefusal() { return .done(refusal) }
        apply(added, at: focused.path)
        moveFocus(to: focused.path.at(count))
        return decide(key, isRoot: isRoot)
    }

    /// A letter typed on a row that opens a list or a form of its own, which takes no typing
    /// in place: it says where typing goes, rather than doing nothing.
    func typingHint(for key: Key, on focused: (path: RowPath, row: any FormRow<State>)?) -> FormEffect? {
        guard case .character(let character) = key, character != " ",
            !ControlCharacters.isControl(character), let focused,
            focused.row.destination(in: draft.value) != nil
        else { return nil }
        return .show(message: "Enter opens it to type.", isError: false)
    }

    /// Enter on the last entry of a list of text rows, with text in it, adds the next entry
    /// (on an empty last entry it moves on, out of the list).
    func addAfterLastEntry(
        _ focused: (path: RowPath, row: any FormRow<State>), text: String, in layout: FormLayout<State>
    ) -> KeyDecision? {
        guard !text.isEmpty, let editing = layout.group(of: focused.path)?.editing,
            focused.path.index == editing.count(draft.value) - 1
        else { return nil }
        return .done(editList(.addElement, in: layout))
    }

    /// Deletes the element at `path` (confirmed), and puts focus on the one that takes its place.
    func deleteElement(at path: RowPath) -> FormEffect? {
        guard let editing = layout.group(of: path)?.editing else { return nil }
        var state = draft.value
        guard path.index < editing.count(state) else { return nil }
        editing.remove(&state, path.index)
        let effect = apply(state, at: path)
        // The next element takes its place; after the last one, the one before it.
        let remaining = editing.count(draft.value)
        moveFocus(to: path.at(path.index < remaining ? path.index : max(0, path.index - 1)))
        return effect
    }
}

extension RowPath {
    /// The row at `index` of the same group.
    fileprivate func at(_ index: Int) -> RowPath {
        RowPath(section: section, group: group, index: index)
    }
}
