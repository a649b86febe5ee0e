extension FormLayout {
    /// Each section's `Section.layoutReads`. By index: a key path (`map(\.layoutReads)`) of a
    /// generic section, in code not specialised for the state, is instantiated at run time from
    /// its mangled name, a seventh of a small form's start.
    static func layoutReads(of form: Form<State>) -> [Set<AnyKeyPath>?] {
        var reads: [Set<AnyKeyPath>?] = []
        reads.reserveCapacity(form.sections.count)
        for section in 0..<form.sections.count { reads.append(form.sections[section].layoutReads) }
        return reads
    }

    /// Whether a change cannot reach a section whose layout reads `reads` (nil: anything).
    static func cannotReach(_ reads: Set<AnyKeyPath>?, _ changed: LayoutChange, _ apart: Bool) -> Bool {
        switch changed {
        case .none: return true
        case .any: return false
        // Only where different key paths name different values: else a change through
        // `\.items` reaches a section that reads `\.items[0]`.
        case .through(let keyPath):
            guard apart, let reads else { return false }
            return reads.isEmpty || !reads.contains(keyPath)
        }
    }

    /// Holds `saved` (the store's saved value) instead of the draft's state while the editor
    /// changes the draft in place: a layout kept through the change that still held the draft's
    /// value would make the change copy the state's storage. The layout is not read until
    /// `rebase` gives it the new state; when `rebase` refuses, the editor drops it.
    package func holdSavedStateDuringChange(_ saved: State) {
        state = saved
    }

    /// Takes `newState` as this layout's when the change from the state it was made for
    /// (`changed`, as `Form.layout(...reusing:changed:)` takes it) moves no line: every section
    /// the change can reach is shown or hidden as before, with as many rows in each group, the
    /// same rules and heights, a header where it had one and as many footer lines (wrapped by
    /// `wrapping`, the wrapping it was made with). Headers and footers that follow the state are
    /// made again.
    ///
    /// Answers how many row groups it asked, or nil, leaving the layout as it was (its state
    /// too), when a line may move, appear or go, a filter narrowed it or a picker is open: the
    /// editor then makes a new layout. Rows it made are forgotten: a row that its group does not
    /// keep may hold what it read of the state. `reuse`, this layout's `reuse` kept for the next
    /// layout, takes the new headers and footers.
    ///
    /// ```swift
    /// // A switch flipped whose section counts it in its header:
    /// layout.rebase(to: flipped, changed: .through(\Settings.wifi), wrapping: nil, reuse: nil)  // 1
    /// ```
    package func rebase(
        to newState: State, changed: LayoutChange, wrapping: NoteWrapping?, reuse: LayoutReuse?
    ) -> Int? {
        guard !isFiltered, expanded == nil else { return nil }
        // The headers and footers made again, by span (concrete types: no metadata to look up).
        var headers: [(span: Int, header: String?, footer: [String])] = []
        var nextSpan = 0
        var walked = 0
        let apart = form.rowsReadApart
        for sectionIndex in 0..<form.sections.count {
            guard !Self.cannotReach(reads[sectionIndex], changed, apart) else { continue }
            while nextSpan < spans.count, spans[nextSpan].section < sectionIndex { nextSpan += 1 }
            let isShown = nextSpan < spans.count && spans[nextSpan].section == sectionIndex
            let section = form.sections[sectionIndex]
            guard section.isVisible(newState) == isShown else { return nil }
            guard isShown else { continue }
            let span = spans[nextSpan]
            guard section.isDisabled(newState) == span.isDisabled else { return nil }
            if !span.fixedGroups {
                walked += section.groups.count
                guard Self.groupsStay(section.groups, in: span, for: newState) else { return nil }
            }
            let header = section.header(newState)
            let gap = spacious && nextSpan > 0 && header != nil ? 1 : 0
            let footer =
                section.footer(for: newState, filter: "").map { NoteWrapping.lines(of: $0, wrapping?.footer) }
                ?? []
            guard gap == span.gap, footer.count == span.footer.count else { return nil }
            if header != span.header || footer != span.footer {
                headers.append((nextSpan, header, footer))
            }
        }
        state = newState
        guard !headers.isEmpty else { return walked }
        // The reuse shares the array: let go of it, so that the array changes in place.
        reuse?.spans = []
        for (index, header, footer) in headers {
            // In place when no other layout holds the span (one made from this one took it
            // over where nothing changed, and may still be held).
            let isOwn = isKnownUniquelyReferenced(&spans[index])
            let old = spans[index]
            if isOwn {
                old.header = header
                old.footer = footer
            } else {
                spans[index] = LayoutSpan(
                    old, start: old.start, gap: old.gap, header: header, isDisabled: old.isDisabled,
                    footer: footer)
            }
        }
        reuse?.spans = spans
        return walked
    }

    /// Whether every row of the group at `path` offers the same hints (`FormRow.hasFixedHints`):
    /// such a row takes no typed text and opens no picker in place, whatever the state.
    package func hasFixedHints(_ path: RowPath) -> Bool {
        guard let found = spans.firstIndex(where: { $0.section == path.section }), path.group >= 0,
            path.group < spans[found].sharedHints.count
        else { return false }
        return spans[found].sharedHints[path.group] != nil
    }

    /// Whether `groups` have as many rows for `state` as `span` gives them, with the same rules
    /// and heights, as the layout counts them (`init`): a count, a rule asked only of a group
    /// with rows, the lines of a group of one row past its first. Apart from `rebase`, which
    /// then looks up no metadata of the groups where it need not ask them.
    @inline(never)
    private static func groupsStay(_ groups: [RowGroup<State>], in span: LayoutSpan, for state: State) -> Bool
    {
        guard groups.count == span.groupStarts.count else { return false }
        for groupIndex in 0..<groups.count {
            let group = groups[groupIndex]
            let first = span.groupStarts[groupIndex]
            let count = group.fixedCount ?? max(0, group.count(state))
            guard count == span.groupEnd(groupIndex) - first,
                (count > 0 && group.isDisabled?(state) == true) == span.disabledGroups[groupIndex]
            else { return false }
            if count == 1, let height = group.height {
                guard max(0, height(state) - 1) == span.rowLines(ofRow: first) else { return false }
            }
        }
        return true
    }
}
