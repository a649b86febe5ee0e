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
}
