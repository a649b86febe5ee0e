import FormCore

/// What a change replaced, noted before it runs so that it can be recorded after. Not generic:
/// its metadata would be looked up at each change.
enum UndoBefore {
    /// Nothing is recorded (a browsed form commits each change: there is no draft to undo).
    case none
    /// The bound value before the change.
    case value(Any)
    /// The whole state before the change (a binding whose value cannot be written back), boxed.
    case state(Any)
    /// Nothing read: the change is typing that adds to the typing step of its row, which keeps
    /// the value the typing started from.
    case typingContinues
}

extension FormEditor {
    /// Whether Alt-U has a change to take back.
    public var canUndo: Bool { history.canUndo }
    /// Whether Alt-E has an undone change to make again.
    public var canRedo: Bool { history.canRedo }

    /// Records the change through `binding` that the row at `path` just made, unless it left the
    /// value as it was. Typing adds to the step of the same visit to the row. `notes` are what
    /// the change told (`Draft.change(_:apart:keepingBefore:notes:_:)`).
    func recordChange(
        _ before: UndoBefore, through binding: StateBinding<State>, at path: RowPath, typing: Bool,
        notes: DraftChangeNotes
    ) {
        switch before {
        case .none:
            return
        case .state(let state):
            history.record(UndoHistory.Step(path: path, binding: nil, value: state, isTyping: false))
        case .typingContinues:
            if let isBack = notes.isAtOrigin {
                if isBack { _ = history.popUndo() }
            } else {
                typedBack(through: binding)
            }
        case .value(let old):
            if typing, history.isTyping(at: path) {
                typedBack(through: binding)
                return
            }
            // Known without comparing boxes when the draft knew the value before the change.
            if let changed = notes.changedValue {
                guard changed else { return }
            } else {
                guard !valueIsBack(to: old, through: binding) else { return }
            }
            history.record(UndoHistory.Step(path: path, binding: binding, value: old, isTyping: typing))
        }
    }

    /// Typed back to what the visit started from: no step is left.
    private func typedBack(through binding: StateBinding<State>) {
        if let first = history.lastUndo, valueIsBack(to: first.value, through: binding) {
            _ = history.popUndo()
        }
    }

    /// Whether the value `binding` names is `old` again after the change just made: compared
    /// with the value the draft read after it, not read again.
    private func valueIsBack(to old: Any, through binding: StateBinding<State>) -> Bool {
        if let left = draft.lastChangeLeft(old) { return left }
        if let after = draft.lastChange?.after { return binding.boxedValuesEqual(old, after) }
        return !binding.differsFromBoxed(old, draft.value)
    }

    /// Records a change no binding describes: the state it replaced.
    func recordChange(from state: State, at path: RowPath?, typing: Bool = false) {
        guard mode == .edit else { return }
        if typing, let path, history.isTyping(at: path) { return }
        history.record(UndoHistory.Step(path: path, binding: nil, value: state, isTyping: typing))
    }

    /// Takes back the last change to the draft (inside a text row being typed in, the typing of
    /// this visit first) and puts focus on its row. A save is the floor: nothing before it comes
    /// back.
    ///
    /// ```swift
    /// _ = editor.handle(.space, isRoot: true)                           // a switch flipped
    /// _ = editor.handle(.modified(.character("u"), .alt), isRoot: true) // and back
    /// ```
    public func undo() -> FormEffect? {
        guard mode == .edit else { return nil }
        guard let step = history.popUndo() else {
            return .show(message: "Nothing to undo.", isError: false)
        }
        history.pushRedo(swap(step))
        return reveal(step.path)
    }

    /// Makes the last undone change again, and puts focus on its row.
    public func redo() -> FormEffect? {
        guard mode == .edit else { return nil }
        guard let step = history.popRedo() else {
            return .show(message: "Nothing to redo.", isError: false)
        }
        history.pushUndo(swap(step))
        return reveal(step.path)
    }

    /// Takes back every step recorded since the history was `depth` steps deep, as if they had
    /// not been made: they cannot be redone (an inline picker cancelled with Esc).
    func takeBack(toDepth depth: Int) {
        while history.depth > depth, let step = history.popUndo() {
            _ = swap(step)
        }
    }

    /// Puts the step's value into the draft, and answers the step that puts back what it replaced.
    private func swap(_ step: UndoHistory.Step) -> UndoHistory.Step {
        // The text as typed and an open picker belong to the value being replaced.
        leaveRow()
        var back = step
        back.isTyping = false
        if let binding = step.binding as? StateBinding<State> {
            cachedLayout = nil
            draft.change(binding, apart: form.rowsReadApart) { state in
                // Through the binding: its closures, where it has them, not the key path.
                if let current = binding.undoValue(state) { back.value = current }
                binding.write(step.value, into: &state)
            }
        } else if let state = step.value as? State {
            back.value = draft.value
            draft.value = state
        }
        revalidateMarkedRows()
        return back
    }

    /// Focus on the row a step changed, when it is shown (a filter may hide it: then it is
    /// cleared first).
    private func reveal(_ path: RowPath?) -> FormEffect? {
        guard let path else { return nil }
        if layout.index(of: path) == nil, !filter.isEmpty { setFilter("") }
        moveFocus(to: path)
        return nil
    }
}
