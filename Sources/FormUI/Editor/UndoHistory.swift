import FormCore

/// The steps a form's draft can be taken back and forth by: what each change replaced, not a copy
/// of the state. A change a row's binding describes keeps the one value it replaced (a `Bool`, a
/// `String`) with the binding; any other change (a list's element added or moved, a nested form
/// kept) keeps the state it replaced, which shares its storage with the draft wherever the
/// change did not reach. So a thousand switches flipped in a list of a million cost a thousand
/// small steps.
///
/// Undoing a step swaps: the value it kept goes back into the draft and the value it replaces is
/// kept instead, as the redo step. A save is the floor: it clears both stacks.
///
/// Not generic, so that recording a step on the key path costs no metadata lookup: the state's
/// types are in `Any` boxes, unboxed by the generic editor when a step is undone.
final class UndoHistory {
    /// One change: where it was, and what undoing it puts back.
    struct Step {
        /// The row that changed, where focus goes when the step is undone or redone.
        var path: RowPath?
        /// The `StateBinding<State>` of the one value that changed; nil when `value` is the state.
        var binding: Any?
        /// The value (or state) that undoing the step puts back.
        var value: Any
        /// Typing in one text row on one visit: further typing there adds to this step.
        var isTyping = false
    }

    /// At most this many steps are kept; the oldest go first.
    let limit: Int
    private(set) var undoSteps: [Step] = []
    private(set) var redoSteps: [Step] = []

    init(limit: Int = 10_000) {
        self.limit = limit
    }

    var canUndo: Bool { !undoSteps.isEmpty }
    var canRedo: Bool { !redoSteps.isEmpty }
    var count: Int { undoSteps.count }

    /// Adds a change; what could be redone goes, as in every editor.
    func record(_ step: Step) {
        if undoSteps.count >= limit { undoSteps.removeFirst(undoSteps.count - limit + 1) }
        undoSteps.append(step)
        if !redoSteps.isEmpty { redoSteps.removeAll() }
    }

    /// Whether the last step is typing in the row at `path` that more typing adds to.
    func isTyping(at path: RowPath) -> Bool {
        guard let last = undoSteps.last else { return false }
        return last.isTyping && last.path == path
    }

    /// Ends the typing step, if the last step is one: the next typing is a step of its own.
    func endTyping() {
        if undoSteps.last?.isTyping == true { undoSteps[undoSteps.count - 1].isTyping = false }
    }

    func popUndo() -> Step? { undoSteps.popLast() }
    func popRedo() -> Step? { redoSteps.popLast() }
    func pushUndo(_ step: Step) { undoSteps.append(step) }
    func pushRedo(_ step: Step) { redoSteps.append(step) }

    /// Forgets every step (a save, a draft restored or dropped).
    func clear() {
        if !undoSteps.isEmpty { undoSteps.removeAll() }
        if !redoSteps.isEmpty { redoSteps.removeAll() }
    }
}

/// Whether two boxed values are equal, when their type can say (an unequatable value never is).
func boxedValuesEqual(_ lhs: Any, _ rhs: Any) -> Bool {
    guard let lhs = lhs as? any Equatable else { return false }
    return lhs.isEqual(toBoxed: rhs)
}

extension Equatable {
    fileprivate func isEqual(toBoxed other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
