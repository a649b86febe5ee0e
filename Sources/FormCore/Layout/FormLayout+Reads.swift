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

    /// Whether every row of the group at `path` offers the same hints (`FormRow.hasFixedHints`):
    /// such a row takes no typed text and opens no picker in place, whatever the state.
    package func hasFixedHints(_ path: RowPath) -> Bool {
        guard let found = spans.firstIndex(where: { $0.section == path.section }), path.group >= 0,
            path.group < spans[found].sharedHints.count
        else { return false }
        return spans[found].sharedHints[path.group] != nil
    }
}
