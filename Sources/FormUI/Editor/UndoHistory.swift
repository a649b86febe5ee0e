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
    /// The undo steps are `undoStorage[undoStart...]`: the oldest are dropped by moving the start,
    /// and the storage is compacted once per `limit` drops, so a change costs the same however
    /// many steps are kept (shifting the whole array at each change was most of a key's time
    /// once the history was full).
    private var undoStorage: [Step] = []
    private var undoStart = 0
    private(set) var redoSteps: [Step] = []

    init(limit: Int = 10_000) {
        self.limit = limit
    }

    /// Steps recorded or redone less steps undone since the last `clear()`: unlike `count`,
    /// dropping the oldest steps leaves it as it is, so it marks a place in the history (where
    /// an inline picker opened) that later steps can be taken back to.
    private(set) var depth = 0

    var canUndo: Bool { count > 0 }
    var canRedo: Bool { !redoSteps.isEmpty }
    var count: Int { undoStorage.count - undoStart }
    /// The step an undo takes back next.
    var lastUndo: Step? { count > 0 ? undoStorage.last : nil }
    /// Its value alone (copying the step copies its boxes).
    var lastUndoValue: Any? { count > 0 ? undoStorage[undoStorage.count - 1].value : nil }

    /// Adds a change; what could be redone goes, as in every editor.
    func record(_ step: Step) {
        pushUndo(step)
        if !redoSteps.isEmpty { redoSteps.removeAll() }
    }

    /// Whether the last step is typing in the row at `path` that more typing adds to.
    func isTyping(at path: RowPath) -> Bool {
        guard let last = lastUndo else { return false }
        return last.isTyping && last.path == path
    }

    /// Whether the last step is typing in the row at `path` that kept the value it replaced
    /// through the row's binding (not the whole state).
    func isTypingValue(at path: RowPath) -> Bool {
        // In place: `lastUndo` copies the step, boxes and all.
        guard count > 0, let last = undoStorage.indices.last else { return false }
        return undoStorage[last].isTyping && undoStorage[last].path == path
            && undoStorage[last].binding != nil
    }

    /// Ends the typing step, if the last step is one: the next typing is a step of its own.
    func endTyping() {
        if lastUndo?.isTyping == true { undoStorage[undoStorage.count - 1].isTyping = false }
    }

    func popUndo() -> Step? {
        guard count > 0 else { return nil }
        depth -= 1
        return undoStorage.popLast()
    }
    func popRedo() -> Step? { redoSteps.popLast() }

    func pushUndo(_ step: Step) {
        undoStorage.append(step)
        depth += 1
        if count > limit { undoStart += 1 }
        if undoStart >= limit {
            undoStorage.removeFirst(undoStart)
            undoStart = 0
        }
    }

    func pushRedo(_ step: Step) { redoSteps.append(step) }

    /// Forgets every step (a save, a draft restored or dropped).
    func clear() {
        if !undoStorage.isEmpty { undoStorage.removeAll() }
        undoStart = 0
        depth = 0
        if !redoSteps.isEmpty { redoSteps.removeAll() }
    }
}
