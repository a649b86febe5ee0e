import FormCore
import Testing

private struct Pair: Equatable {
    var left = false
    var right = false
    var list = [1, 2, 3]
}

@Suite("Draft changes through bindings")
struct DraftChangeTests {
    @Test("a change through a binding makes the draft dirty, and undoing it clean")
    func bindingTracksOneValue() {
        var draft = Draft(Pair())
        draft.change(StateBinding(\Pair.left)) { $0.left = true }
        #expect(draft.isDirty)
        draft.change(StateBinding(\Pair.left)) { $0.left = false }
        #expect(!draft.isDirty)
    }

    @Test("the notes of a change say what the draft says after it, and whether it is back at an origin")
    func notesTellWhatTheDraftKnows() {
        var draft = Draft(Pair())
        let binding = StateBinding(\Pair.left)
        var notes = DraftChangeNotes(origin: false)
        draft.change(binding, apart: true, keepingBefore: true, notes: &notes) { $0.left = true }
        #expect(notes.before as? Bool == false)
        #expect(notes.changedValue == draft.lastChangeChangedValue)
        #expect(notes.isAtOrigin == false)
        notes = DraftChangeNotes(origin: false)
        draft.change(binding, apart: true, notes: &notes) { $0.left = false }
        #expect(notes.changedValue == true)
        #expect(notes.isAtOrigin == true)
        #expect(notes.isAtOrigin == draft.lastChangeLeft(false))
        // No binding: nothing is known of one value.
        notes = DraftChangeNotes(origin: false)
        draft.change(nil, notes: &notes) { $0.right = true }
        #expect(notes.before == nil && notes.changedValue == nil && notes.isAtOrigin == nil)
    }

    @Test("two values changed: clean only when both are back")
    func twoBindings() {
        var draft = Draft(Pair())
        draft.change(StateBinding(\Pair.left)) { $0.left = true }
        draft.change(StateBinding(\Pair.right)) { $0.right = true }
        draft.change(StateBinding(\Pair.left)) { $0.left = false }
        #expect(draft.isDirty)
        draft.change(StateBinding(\Pair.right)) { $0.right = false }
        #expect(!draft.isDirty)
    }

    @Test(
        "a binding to an element added since the save: the draft compares the whole state, and reads no saved element"
    )
    func bindingToANewElement() {
        var draft = Draft(Pair())
        draft.value.list.append(4)
        // The saved list has no fourth element: its value there cannot be read.
        draft.change(StateBinding(\Pair.list[3])) { $0.list[3] = 5 }
        #expect(draft.isDirty)
        draft.value.list.removeLast()
        #expect(!draft.isDirty)
        draft.save()
        draft.change(StateBinding(\Pair.list[0])) { $0.list[0] = 9 }
        #expect(draft.isDirty)
        draft.change(StateBinding(\Pair.list[0])) { $0.list[0] = 1 }
        #expect(!draft.isDirty)
    }

    @Test("a change without a binding compares the whole state, until save or cancel")
    func untrackedChangeComparesAll() {
        var draft = Draft(Pair())
        draft.change(nil) { $0.list.append(4) }
        #expect(draft.isDirty)
        // A tracked change after it must not hide it.
        draft.change(StateBinding(\Pair.left)) { $0.left = true }
        draft.change(StateBinding(\Pair.left)) { $0.left = false }
        #expect(draft.isDirty)
        draft.value.list.removeLast()
        #expect(!draft.isDirty)
        draft.value.right = true
        draft.save()
        #expect(!draft.isDirty)
        #expect(draft.saved.right)
        draft.change(StateBinding(\Pair.left)) { $0.left = true }
        draft.cancel()
        #expect(!draft.isDirty)
        #expect(!draft.value.left)
    }

    @Test("setting the value directly is seen, even between tracked changes")
    func directSetIsSeen() {
        var draft = Draft(Pair())
        draft.change(StateBinding(\Pair.left)) { $0.left = true }
        draft.value.right = true
        draft.change(StateBinding(\Pair.left)) { $0.left = false }
        #expect(draft.isDirty)
        draft.cancel()
        #expect(draft.value == Pair())
        #expect(!draft.isDirty)
    }

    @Test("overlapping bindings: a change through one is seen by the other's comparison")
    func overlappingBindings() {
        var draft = Draft(Pair())
        draft.change(StateBinding(\Pair.list)) { $0.list = [9, 2, 3] }
        #expect(draft.isDirty)
        draft.change(StateBinding(\Pair.list[0])) { $0.list[0] = 1 }
        #expect(!draft.isDirty, "the list is as saved again")
        draft.change(StateBinding(\Pair.list)) { $0.list = [1, 2, 4] }
        #expect(draft.isDirty)
        draft.change(StateBinding(\Pair.list[2]), keepingBefore: true) { $0.list[2] = 3 }
        #expect(draft.lastChange?.before as? Int == 4, "read again: another binding changed it")
        #expect(!draft.isDirty)
    }

    @Test("the last change gives the value before and after it; apart, the one before is known unread")
    func lastChange() {
        for apart in [false, true] {
            var draft = Draft(Pair())
            let left = StateBinding(\Pair.left)
            draft.change(left, apart: apart, keepingBefore: true) { $0.left = true }
            #expect(draft.lastChange?.before as? Bool == false)
            #expect(draft.lastChange?.after as? Bool == true)
            #expect(draft.lastChangeLeft(true) == true)
            #expect(draft.lastChangeLeft(false) == false)
            draft.change(StateBinding(\Pair.right), apart: apart, keepingBefore: true) { $0.right = true }
            draft.change(left, apart: apart, keepingBefore: true) { $0.left = false }
            #expect(draft.lastChange?.before as? Bool == true)
            #expect(draft.isDirty, "right is still on")
            draft.change(nil) { $0.right = false }
            #expect(draft.lastChange == nil)
            #expect(!draft.isDirty)
        }
    }

    private struct Refused: Error {}

    @Test("a copy of a draft is a value: changes to one leave what the other knows of its values")
    func copiesAreValues() {
        let left = StateBinding(\Pair.left)
        for apart in [true, false] {
            var draft = Draft(Pair())
            draft.change(left, apart: apart) { $0.left = true }
            // A form a row opens keeps the draft as it was, to put back on a discard.
            let opened = draft
            draft.change(left, apart: apart) { $0.left = false }
            #expect(!draft.isDirty)
            var back = opened
            #expect(back.isDirty)
            back.change(left, apart: apart, keepingBefore: true) { $0.left = true }
            #expect(back.isDirty)
            if apart {
                #expect(back.lastChangeChangedValue == false, "the copy knew its value was already true")
            }
            back.change(left, apart: apart) { $0.left = false }
            #expect(!back.isDirty, "apart: \(apart)")
            // And the first is untouched by the copy's changes.
            draft.change(left, apart: apart) { $0.left = true }
            #expect(draft.isDirty)
            draft.change(left, apart: apart) { $0.left = false }
            #expect(!draft.isDirty)
        }
    }

    @Test("a change that throws after changing the value is still noted")
    func throwingChange() {
        var draft = Draft(Pair())
        #expect(throws: Refused.self) {
            try draft.change(StateBinding(\Pair.left), apart: true, keepingBefore: true) { state in
                state.left = true
                throw Refused()
            }
        }
        #expect(draft.isDirty)
        #expect(draft.lastChange?.after as? Bool == true)
        draft.change(StateBinding(\Pair.left), apart: true) { $0.left = false }
        #expect(!draft.isDirty)
        #expect(draft.lastChangeChangedValue == true)
    }
}
