import FormCore

extension AccessibleSession {
    /// What of a form can be asked, in outline: for each group, whether its rows are shown and
    /// enabled, and how many there are. No row is made, so it costs a few closure calls a group,
    /// whatever the length of a list.
    struct Outline: Equatable {
        /// By section, then group: how many rows can be asked (0 when hidden or disabled).
        var counts: [[Int]]
    }

    func outline(of form: Form<State>) -> Outline {
        var counts: [[Int]] = []
        counts.reserveCapacity(form.sections.count)
        for sectionIndex in form.sections.indices { counts.append(askable(in: form.sections[sectionIndex])) }
        return Outline(counts: counts)
    }

    /// The outline after one change through `keyPath`, from the one before it: on a form whose
    /// rows read apart, only the sections whose lines read `keyPath` (or say nothing of what
    /// they read) are walked again, so an answer costs the same in a form of any length.
    func outline(of form: Form<State>, updating old: Outline, through keyPath: AnyKeyPath) -> Outline {
        guard form.rowsReadApart, old.counts.count == form.sections.count else { return outline(of: form) }
        var outline = old
        for sectionIndex in form.sections.indices {
            let section = form.sections[sectionIndex]
            if let reads = section.layoutReads, !reads.contains(keyPath) { continue }
            outline.counts[sectionIndex] = askable(in: section)
        }
        return outline
    }

    /// How many rows of each group of `section` can be asked now.
    private func askable(in section: Section<State>) -> [Int] {
        let state = draft.value
        var row = [Int](repeating: 0, count: section.groups.count)
        guard section.isVisible(state), !section.isDisabled(state) else { return row }
        // Through the buffer: a group is a struct of closures, and copying each one (as `map`
        // and a subscript do, unoptimized) was most of an answer's cost in a form of thousands
        // of rows.
        section.groups.withUnsafeBufferPointer { groups in
            for index in groups.indices where groups[index].isDisabled?(state) != true {
                row[index] = groups[index].count(state)
            }
        }
        return row
    }

    /// Asks the rows the answer to the row at `current` showed (or enabled) since `old`: those
    /// before it when `inOrder` (the rows after it are still to come), else all of them (a row
    /// asked again from the summary). Each is announced as a new question, and may show rows of
    /// its own.
    func askRevealed(
        in form: Form<State>, since old: Outline, by current: RowPath, inOrder: Bool, depth: Int = 0
    ) {
        // Deep enough for any chain of conditions, and finite for one that never settles.
        guard depth < 16, !inputEnded else { return }
        let now = outline(of: form)
        guard now != old else { return }
        var revealed: [RowPath] = []
        for (sectionIndex, counts) in now.counts.enumerated() {
            let section = form.sections[sectionIndex]
            for (groupIndex, count) in counts.enumerated() {
                let before =
                    old.counts.indices.contains(sectionIndex) ? old.counts[sectionIndex][groupIndex] : 0
                // A list that grows by the user's own adding is asked as it grows.
                let editing = section.groups[groupIndex].editing
                guard count > before, editing == nil || before == 0 else { continue }
                let end = editing.map { min(count, $0.count(draft.value)) } ?? count
                for index in before..<max(before, end) {
                    let path = RowPath(section: sectionIndex, group: groupIndex, index: index)
                    if inOrder, path >= current { break }
                    revealed.append(path)
                }
            }
        }
        var sectionSaid: Int?
        for path in revealed where !inputEnded {
            let section = form.sections[path.section]
            let group = section.groups[path.group]
            // Asked in turn, an earlier new question may have hidden this one again.
            guard section.isVisible(draft.value), !section.isDisabled(draft.value),
                group.isDisabled?(draft.value) != true, path.index < group.count(draft.value)
            else { continue }
            let row = group.row(draft.value, path.index)
            if sectionSaid != path.section, path.section != current.section,
                let header = section.header(draft.value), !header.isEmpty
            {
                say("New in section \(header):")
                sectionSaid = path.section
            }
            let before = outline(of: form)
            // A label is read out too: it says something about the answers around it.
            announcement = row.isFocusable ? "New question: " : "New: "
            _ = ask(row, at: path, disabled: false, editing: group.editing)
            announcement = ""
            askRevealed(in: form, since: before, by: current, inOrder: inOrder, depth: depth + 1)
        }
        // Asked in order, the questions go on where they were: said when they went elsewhere.
        if inOrder, depth == 0, sectionSaid != nil, !inputEnded,
            let header = form.sections[current.section].header(draft.value), !header.isEmpty
        {
            say("Back in section \(header).")
        }
    }

    /// `text`, after the announcement waiting for the next question (which it then no longer is).
    func announced(_ text: String) -> String {
        defer { announcement = "" }
        return announcement + text
    }
}
