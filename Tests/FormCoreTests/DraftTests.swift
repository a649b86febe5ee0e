import FormCore
import Testing

private struct Settings: Equatable {
    var sounds = true
    var name = "a"
}

private struct WriteFailed: Error {}

/// Records what a store tried to persist, and fails when asked to.
private final class PersistProbe {
    var attempts: [Settings] = []
    var fails = false

    func persist(_ state: Settings) throws {
        attempts.append(state)
        if fails { throw WriteFailed() }
    }
}

@Suite("Draft: edits go to a copy that save keeps and cancel drops")
struct DraftTests {
    @Test("A new draft is clean and its value is the saved state")
    func newDraftIsClean() {
        let draft = Draft(Settings(sounds: false, name: "x"))
        #expect(!draft.isDirty)
        #expect(draft.value == Settings(sounds: false, name: "x"))
        #expect(draft.saved == draft.value)
    }

    @Test("Editing the value makes the draft dirty and leaves saved alone")
    func editMakesDirty() {
        var draft = Draft(Settings())
        draft.value.sounds = false
        #expect(draft.isDirty)
        #expect(draft.saved == Settings())
    }

    @Test("Editing back to the saved value makes the draft clean again")
    func editBackIsClean() {
        var draft = Draft(Settings())
        draft.value.sounds = false
        draft.value.sounds = true
        #expect(!draft.isDirty)
    }

    @Test("Cancel leaves saved as it was and puts the value back to it")
    func cancelRestores() {
        var draft = Draft(Settings())
        draft.value.sounds = false
        draft.value.name = "edited"
        draft.cancel()
        #expect(draft.saved == Settings())
        #expect(draft.value == Settings())
        #expect(!draft.isDirty)
    }

    @Test("Save makes saved equal to the draft, and cancel after it keeps the saved edits")
    func saveKeeps() {
        var draft = Draft(Settings())
        draft.value.name = "edited"
        #expect(draft.isDirty)
        draft.save()
        #expect(draft.saved == Settings(sounds: true, name: "edited"))
        #expect(draft.value == draft.saved)
        #expect(!draft.isDirty)

        draft.value.sounds = false
        draft.cancel()
        #expect(draft.value == Settings(sounds: true, name: "edited"))
    }
}

@Suite("StateStore: a commit persists first and changes the value only when that worked")
struct StateStoreTests {
    @Test("A successful commit persists the state and makes it the value")
    func commitSucceeds() throws {
        let probe = PersistProbe()
        let store = StateStore(Settings(), persist: probe.persist)
        let edited = Settings(sounds: false, name: "b")
        try store.commit(edited)
        #expect(store.value == edited)
        #expect(probe.attempts == [edited])
    }

    @Test("A persist that throws leaves the value unchanged and passes the error on")
    func commitFails() {
        let probe = PersistProbe()
        probe.fails = true
        let store = StateStore(Settings(), persist: probe.persist)
        let edited = Settings(sounds: false, name: "b")
        #expect(throws: WriteFailed.self) { try store.commit(edited) }
        #expect(store.value == Settings())
        #expect(probe.attempts == [edited])
    }

    @Test("After a failed commit, a later successful one goes through")
    func commitRecovers() throws {
        let probe = PersistProbe()
        probe.fails = true
        let store = StateStore(Settings(), persist: probe.persist)
        #expect(throws: WriteFailed.self) { try store.commit(Settings(sounds: false)) }
        probe.fails = false
        try store.commit(Settings(sounds: false))
        #expect(store.value == Settings(sounds: false))
    }

    @Test("A store without a persist closure commits")
    func commitWithoutPersist() throws {
        let store = StateStore(Settings())
        try store.commit(Settings(name: "z"))
        #expect(store.value.name == "z")
    }
}
