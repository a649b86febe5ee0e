import FormCore

/// A row a save would change, as "Review changes" lists it.
public struct ReviewedChange: Equatable, Sendable {
    /// The header of the row's section ("" for none), and the forms the row is inside of
    /// ("Advanced › "), so that two rows of one title tell apart.
    public var section: String
    public var title: String
    /// The values as shown: secrets as bullets, long ones cut with "…". For a list, `old` is ""
    /// and `new` says what was added and removed ("+ c  − a").
    public var old: String
    public var new: String
    /// The row of the form the change is in (for a row of a nested form, the row that opens it).
    public var path: RowPath
    /// Whether the change is to an editable list (`new` then says what was added and removed).
    public var isList = false

    /// What the review shows after the title: "Off → On", or a list's "+ c  − a".
    public var summary: String { isList ? new : "\(old) → \(new)" }
}

/// What a review shows of one value: at most this many columns of it.
let reviewValueColumns = 30

extension FormEditor {
    /// Every row whose value the draft changed from the saved state, in the order of the form,
    /// rows of nested forms included. Compares the rows shown for the draft: a row's binding when
    /// it has one (cheap), else what its cell would show.
    public func changes() -> [ReviewedChange] {
        var found: [ReviewedChange] = []
        collectChanges(in: form, prefix: "", at: nil, into: &found, depth: 0)
        return found
    }

    private func collectChanges(
        in form: Form<State>, prefix: String, at parent: RowPath?, into found: inout [ReviewedChange],
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
                        found.append(change)
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
                    let old: String
                    let new: String
                    if let binding = row.binding {
                        guard binding.differs(saved, value) else { continue }
                        (old, new) = (Self.reviewText(row, in: saved), Self.reviewText(row, in: value))
                    } else {
                        (old, new) = (Self.reviewText(row, in: saved), Self.reviewText(row, in: value))
                        guard old != new else { continue }
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
                    found.append(
                        ReviewedChange(
                            section: header, title: row.title, old: shown.0, new: shown.1, path: path))
                }
            }
        }
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
        var removed = old
        var added: [String] = []
        for text in new {
            if let index = removed.firstIndex(of: text) {
                removed.remove(at: index)
            } else {
                added.append(text)
            }
        }
        let parts = added.map { "+ \($0)" } + removed.map { "− \($0)" }
        let summary = parts.isEmpty ? "reordered" : parts.joined(separator: "  ")
        let title = header.isEmpty ? editing.noun : header
        return ReviewedChange(
            section: header, title: title, old: "",
            new: TextWidth.truncate(summary, to: reviewValueColumns * 2),
            path: path, isList: true)
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
