import FormCore

/// A row a save would change, as "Review changes" lists it.
public struct ReviewedChange: Equatable, Sendable {
    /// The header of the row's section ("" for none), and the forms the row is inside of
    /// ("Advanced › "), so that two rows of one title tell apart.
    public var section: String
    public var title: String
    /// The values as shown, long ones cut with "…". For a list, a multiple selection or a
    /// multiline text, `old` is "" and `new` says what was added and removed ("+ c  − a"); for a
    /// secret, `old` is "" and `new` says "set", "changed" or "cleared", never the secret.
    public var old: String
    public var new: String
    /// The row of the form the change is in (for a row of a nested form, the row that opens it).
    public var path: RowPath
    /// Whether `new` alone says what changed (a list's "+ c  − a", a secret's "changed").
    public var isList = false

    /// What the review shows after the title: "Off → On", or a list's "+ c  − a".
    public var summary: String { isList ? new : "\(old) → \(new)" }
}

/// What a review shows of one value: at most this many columns of it.
let reviewValueColumns = 30

/// The changes found so far, and the values they are of: a value two rows edit (a row, and the
/// same value in a form a row opens) is listed once.
private struct FoundChanges {
    var changes: [ReviewedChange] = []
    var seen: Set<AnyKeyPath> = []
}

extension FormEditor {
    /// Every row whose value the draft changed from the saved state, in the order of the form,
    /// rows of nested forms included. Compares the rows shown for the draft: a row's binding when
    /// it has one (cheap), else what its cell would show.
    ///
    /// Where the draft knows the rows changed since the save (`Draft.changedRows`: every change
    /// went through a row's binding, on a form whose rows read apart), only those rows are
    /// compared; else every row. Every row took 0.3 s of a Ctrl-S on a 100,000-row spec.
    public func changes() -> [ReviewedChange] {
        if let changes = changesOfChangedRows() { return changes }
        var found = FoundChanges()
        collectChanges(in: form, prefix: "", at: nil, into: &found, depth: 0)
        return found.changes
    }

    /// The changes of the rows the draft knows changed, in the order of the form; nil where it
    /// cannot tell so (a row no longer where its change was made).
    private func changesOfChangedRows() -> [ReviewedChange]? {
        guard form.rowsReadApart, let changed = draft.changedRows else { return nil }
        let saved = draft.saved
        let value = draft.value
        var changes: [ReviewedChange] = []
        var listed: Set<RowPath> = []
        for (keyPath, path) in changed.sorted(by: { $0.row < $1.row }) {
            guard path.section < form.sections.count else { return nil }
            let section = form.sections[path.section]
            guard section.isVisible(value) else { continue }
            guard path.group < section.groups.count else { return nil }
            let group = section.groups[path.group]
            let header = section.header(value) ?? ""
            if let editing = group.editing {
                // An item of an editable list: the list's change, once.
                let listPath = RowPath(section: path.section, group: path.group, index: 0)
                guard listed.insert(listPath).inserted else { continue }
                rowsComparedForReview += 1
                if let change = listChange(group, editing, header: header, path: listPath) {
                    changes.append(change)
                }
                continue
            }
            let count = group.count(value)
            let compared = count == group.count(saved) || count <= 1 ? count : 0
            guard path.index < compared else { continue }
            let row = group.row(value, path.index)
            guard row.isFocusable else { continue }
            guard let binding = row.binding, binding.keyPath == keyPath else { return nil }
            rowsComparedForReview += 1
            if let change = Self.change(of: row, header: header, path: path, from: saved, to: value) {
                changes.append(change)
            }
        }
        return changes
    }

    private func collectChanges(
        in form: Form<State>, prefix: String, at parent: RowPath?, into found: inout FoundChanges,
        depth: Int
    ) {
        let saved = draft.saved
        let value = draft.value
        for (sectionIndex, section) in form.sections.enumerated() where section.isVisible(value) {
            let header = [prefix, section.header(value) ?? ""].filter { !$0.isEmpty }.joined(separator: " › ")
            for (groupIndex, group) in section.groups.enumerated() {
                let count = group.count(value)
                if let editing = group.editing {
                    let path = parent ?? RowPath(section: sectionIndex, group: groupIndex, index: 0)
                    if let change = listChange(group, editing, header: header, path: path) {
                        found.changes.append(change)
                    }
                    continue
                }
                // A list whose length follows the state compares the rows both states have.
                let compared = count == group.count(saved) || count <= 1 ? count : 0
                for index in 0..<compared {
                    let row = group.row(value, index)
                    // A row that cannot take focus (a label) shows what other rows hold.
                    guard row.isFocusable else { continue }
                    let path = parent ?? RowPath(section: sectionIndex, group: groupIndex, index: index)
                    if row.binding == nil, row.textEditor(in: value) == nil, depth < 4,
                        let destination = row.destination(in: value)
                    {
                        // A nested form: its rows, under its title.
                        collectChanges(
                            in: destination, prefix: prefix.isEmpty ? row.title : "\(prefix) › \(row.title)",
                            at: path, into: &found,
                            depth: depth + 1)
                        continue
                    }
                    rowsComparedForReview += 1
                    if let binding = row.binding {
                        guard binding.differs(saved, value) else { continue }
                        // A nested form that edits a value a row outside it shows too (a
                        // summary row and its detail) lists it once.
                        guard found.seen.insert(binding.keyPath).inserted else { continue }
                    }
                    if let change = Self.change(of: row, header: header, path: path, from: saved, to: value) {
                        found.changes.append(change)
                    }
                }
            }
        }
    }

    /// How the row at `path` changed from `saved` to `value`: nil when it did not. A row with a
    /// binding is asked only once its value is known to differ.
    private static func change(
        of row: any FormRow<State>, header: String, path: RowPath, from saved: State, to value: State
    ) -> ReviewedChange? {
        let old: String
        let new: String
        if row.binding != nil {
            if let change = partsChange(of: row, from: saved, to: value) {
                return ReviewedChange(
                    section: header, title: row.title, old: "", new: change, path: path, isList: true)
            }
            (old, new) = (reviewText(row, in: saved), reviewText(row, in: value))
        } else {
            // Without a binding, only parts tell whether a value changed (a secret shows the
            // same bullets either way).
            if row.secretMembers.isEmpty, let oldParts = row.reviewParts(in: saved),
                let newParts = row.reviewParts(in: value)
            {
                guard oldParts != newParts else { return nil }
                let change = addedAndRemoved(from: oldParts, to: newParts)
                return ReviewedChange(
                    section: header, title: row.title, old: "", new: change, path: path, isList: true)
            }
            (old, new) = (reviewText(row, in: saved), reviewText(row, in: value))
            guard old != new else { return nil }
        }
        var shown = (
            TextWidth.truncate(old, to: reviewValueColumns),
            TextWidth.truncate(new, to: reviewValueColumns)
        )
        // Values that differ only past the cut show their ends instead.
        if shown.0 == shown.1 {
            shown = (
                TextWidth.truncateHead(old, to: reviewValueColumns),
                TextWidth.truncateHead(new, to: reviewValueColumns)
            )
        }
        return ReviewedChange(section: header, title: row.title, old: shown.0, new: shown.1, path: path)
    }

    /// An editable list's change: the texts added and removed, or that it was reordered.
    private func listChange(
        _ group: RowGroup<State>, _ editing: ArrayEditing<State>, header: String, path: RowPath
    ) -> ReviewedChange? {
        func texts(_ state: State) -> [String] {
            (0..<editing.count(state)).map { Self.reviewText(group.row(state, $0), in: state) }
        }
        let old = texts(draft.saved)
        let new = texts(draft.value)
        guard old != new else { return nil }
        let title = editing.title ?? (header.isEmpty ? editing.noun : header)
        return ReviewedChange(
            section: header, title: title, old: "", new: Self.addedAndRemoved(from: old, to: new),
            path: path, isList: true)
    }

    /// "+ c  − a": what `new` has that `old` has not, then the reverse, each counted as often
    /// as it appears; "reordered" when they hold the same.
    static func addedAndRemoved(from old: [String], to new: [String]) -> String {
        var removed = old
        var added: [String] = []
        for text in new {
            if let index = removed.firstIndex(of: text) {
                removed.remove(at: index)
            } else {
                added.append(text)
            }
        }
        let cut = { TextWidth.truncate($0, to: reviewValueColumns) }
        let parts = added.map { "+ \(cut($0))" } + removed.map { "− \(cut($0))" }
        let summary = parts.isEmpty ? "reordered" : parts.joined(separator: "  ")
        return TextWidth.truncate(summary, to: reviewValueColumns * 2)
    }

    /// What changed in a row whose value has parts, said without its old and new value whole:
    /// a secret "set", "changed" or "cleared"; a multiple selection's options and a multiline
    /// text's lines added and removed. Nil for a row of one plain value.
    static func partsChange(of row: any FormRow<State>, from saved: State, to value: State) -> String? {
        if !row.secretMembers.isEmpty {
            switch (isSet(row, in: saved), isSet(row, in: value)) {
            case (false, true): return "set"
            case (true, false): return "cleared"
            default: return "changed"
            }
        }
        if let old = row.reviewParts(in: saved), let new = row.reviewParts(in: value) {
            return addedAndRemoved(from: old, to: new)
        }
        return nil
    }

    /// Whether a secret row holds a secret: whether its text, or else what it shows, is empty.
    private static func isSet(_ row: any FormRow<State>, in state: State) -> Bool {
        let content = row.anyContent(in: state)
        if let text = content as? TextFieldContent { return !text.text.isEmpty }
        return !content.rowText.value.isEmpty
    }

    /// A row's value as the review shows it: a secret as bullets, never its text.
    static func reviewText(_ row: any FormRow<State>, in state: State) -> String {
        if !row.secretMembers.isEmpty { return "••••••" }
        return reviewText(of: row.content(in: state))
    }

    private static func reviewText(of content: any RowContent) -> String {
        switch content {
        case let toggle as ToggleContent: return toggle.isOn ? "On" : "Off"
        case let text as TextFieldContent:
            if text.isSecure { return text.text.isEmpty ? "(empty)" : "••••••" }
            return text.text.isEmpty ? "(empty)" : text.text
        case let text as MultilineTextContent:
            let joined = text.lines.joined(separator: " ⏎ ")
            return joined.isEmpty ? "(empty)" : joined
        case let stepper as StepperContent: return stepper.value
        case let slider as SliderContent: return slider.value
        case let value as ValueContent: return value.value.isEmpty ? "(none)" : value.value
        case let picker as PickerValueContent: return picker.isPlaceholder ? "(none)" : picker.value
        case let segmented as SegmentedContent:
            return segmented.selected.flatMap {
                segmented.segments.indices.contains($0) ? segmented.segments[$0] : nil
            }
                ?? "(none)"
        case let check as CheckContent: return check.isChecked ? "Checked" : "Not checked"
        default:
            // A custom row's content: its value as text ("★★★★☆").
            let value = content.rowText.value
            return value.isEmpty ? "(none)" : value
        }
    }
}
