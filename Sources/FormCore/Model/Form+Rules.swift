/// What a form's rules found for one state, as far as they were asked: a walk of the rows that
/// goes on where it stopped (`Form.findProblems(_:in:rows:)`), so that the rules of a large
/// form are asked a slice at a time while the person reads it, not all at the Ctrl-S.
package struct RuleFindings: Sendable {
    /// What is wrong, by row, among the rows asked so far.
    package var messages: [RowPath: String] = [:]
    /// The first row not asked yet; nil once every row was.
    package var next: RowPath? = RowPath(section: 0, group: 0, index: 0)
    /// How many rows the walk asked: a test's count of the work.
    package var rowsAsked = 0

    package init() {}

    /// Whether every row was asked.
    package var isComplete: Bool { next == nil }
}

extension Form {
    /// Asks up to `budget` more rows of `findings`' walk for `state` (always the same state),
    /// from where it stopped, up to the section `end` (nil: to the end of the form);
    /// `validationMessages(for:)` is the whole walk at once.
    package func findProblems(
        _ findings: inout RuleFindings, in state: State, rows budget: Int, endingBefore end: Int? = nil
    ) {
        var left = budget
        let end = end ?? sections.count
        // Each section and group read where it lies: in code not specialised for the state,
        // `sections[i]` and `groups[i]` copy them out, a dozen references retained and released
        // for each group (see `FormLayout.init`).
        sections.withUnsafeBufferPointer { sections in
            while let next = findings.next {
                guard next.section < end else {
                    findings.next = nil
                    return
                }
                // Entering the section: is it asked at all.
                let entering =
                    next.group < sections[next.section].groups.count && next.group == 0 && next.index == 0
                if entering,
                    !sections[next.section].isVisible(state) || sections[next.section].isDisabled(state)
                {
                    findings.next = RowPath(section: next.section + 1, group: 0, index: 0)
                    continue
                }
                guard next.group < sections[next.section].groups.count else {
                    findings.next = RowPath(section: next.section + 1, group: 0, index: 0)
                    continue
                }
                let stopped = sections[next.section].groups.withUnsafeBufferPointer { groups -> Bool in
                    let group = next.group
                    let count =
                        groups[group].validates && groups[group].isDisabled?(state) != true
                        ? max(0, groups[group].count(state)) : 0
                    var index = next.index
                    while index < count {
                        if left == 0 {
                            findings.next = RowPath(section: next.section, group: group, index: index)
                            return true
                        }
                        let path = RowPath(section: next.section, group: group, index: index)
                        if let message = groups[group].row(state, index).validate(in: state) {
                            findings.messages[path] = message
                        }
                        findings.rowsAsked += 1
                        left -= 1
                        index += 1
                    }
                    return false
                }
                if stopped { return }
                findings.next = RowPath(section: next.section, group: next.group + 1, index: 0)
            }
        }
    }

    /// Whether every section says what its lines read (`Section.layoutReads`), so that a save
    /// can ask only the rows changed since the rules' walk: each section read where it lies
    /// (see `FormLayout.init`), as this is asked before each slice of the walk.
    package var sectionsTellTheirReads: Bool {
        sections.withUnsafeBufferPointer { sections in
            for index in 0..<sections.count where sections[index].layoutReads == nil { return false }
            return true
        }
    }

    /// What the rules say of the one row at `path` for `state`, as the whole walk would: nil
    /// where it is fine, hidden, disabled or gone.
    package func problem(at path: RowPath, in state: State) -> String? {
        guard path.section < sections.count else { return nil }
        let section = sections[path.section]
        guard path.group < section.groups.count, section.isVisible(state), !section.isDisabled(state) else {
            return nil
        }
        let group = section.groups[path.group]
        guard group.validates, group.isDisabled?(state) != true, path.index < group.count(state) else {
            return nil
        }
        return group.row(state, path.index).validate(in: state)
    }

    /// The rules' findings for `state`, from `saved` (complete findings for the saved state)
    /// and the rows changed since (`Draft.changedRows`): a section whose `layoutReads` names a
    /// changed value is asked whole, every other section only at the changed rows. Nil where
    /// only the whole walk can tell: a section that does not say what it reads, a form whose
    /// rows do not read apart.
    package func problems(
        in state: State, saved: RuleFindings, changed: [(keyPath: AnyKeyPath, row: RowPath)],
        asked: inout Int
    ) -> [RowPath: String]? {
        guard rowsReadApart, saved.isComplete else { return nil }
        let keyPaths = Set(changed.map(\.keyPath))
        var wholeSections = Set<Int>()
        for index in sections.indices {
            guard let reads = sections[index].layoutReads else { return nil }
            if !reads.isDisjoint(with: keyPaths) { wholeSections.insert(index) }
        }
        var messages = saved.messages
        for (path, _) in saved.messages where wholeSections.contains(path.section) {
            messages[path] = nil
        }
        for section in wholeSections {
            var findings = RuleFindings()
            findings.next = RowPath(section: section, group: 0, index: 0)
            findProblems(&findings, in: state, rows: .max, endingBefore: section + 1)
            asked += findings.rowsAsked
            messages.merge(findings.messages) { _, new in new }
        }
        for (_, path) in changed where !wholeSections.contains(path.section) {
            messages[path] = problem(at: path, in: state)
            asked += 1
        }
        return messages
    }
}
