import FormCore
import FormTestSupport
import FormUI
import Testing

@testable import FormDemos

struct PersistError: Error, CustomStringConvertible {
    var description: String { "disk full" }
}

final class PersistLog {
    var saved: [Preferences] = []
}

@Suite("Preferences: save and cancel over a draft")
struct PreferencesFlowTests {
    let size = Size(width: 80, height: 24)

    @Test("Ctrl-S saves the draft: the store and the persisted file get Play Sounds off")
    func saveCommits() throws {
        let log = PersistLog()
        let session = PreferencesSession(size: size) { log.saved.append($0) }
        try session.play("enter down space ctrl-s")
        #expect(session.store.value == Preferences(autoRefresh: true, playSounds: false, showPhotos: true))
        #expect(log.saved == [session.store.value])
        #expect(session.app.stack.count == 1)
        #expect(
            session.transcript.contains(
                "Play Sounds                   No"))
    }

    @Test("Esc then y discards: nothing is saved or persisted")
    func cancelDiscards() throws {
        let log = PersistLog()
        let session = PreferencesSession(size: size) { log.saved.append($0) }
        try session.play("enter down space space space esc y")
        #expect(session.store.value == Preferences())
        #expect(log.saved.isEmpty)
        #expect(session.app.stack.count == 1)
    }

    @Test("Esc then n keeps editing with the changes, and they can still be saved")
    func cancelThenKeepEditing() throws {
        let session = PreferencesSession(size: size)
        try session.play("enter space esc n")
        #expect(session.app.stack.count == 2)
        #expect(session.transcript.contains("● modified"))
        #expect(session.store.value == Preferences())
        try session.play("ctrl-s")
        #expect(session.store.value.autoRefresh == false)
    }

    @Test("Esc without changes leaves at once, without asking")
    func escapeUnchanged() throws {
        let session = PreferencesSession(size: size)
        try session.play("enter space space esc")
        #expect(session.app.stack.count == 1)
    }

    @Test("a failed write keeps the draft on screen and says why")
    func failedSave() throws {
        let session = PreferencesSession(size: size) { _ in throw PersistError() }
        try session.play("enter down down space ctrl-s")
        #expect(session.store.value == Preferences())
        #expect(session.app.stack.count == 2)
        #expect(session.transcript.contains("Not saved: disk full"))
        #expect(session.transcript.contains("○── Off"))
    }

    @Test("saved values come back in a new form, and the summary reads them", arguments: ["q", "esc"])
    func reopenAndQuit(quitKey: String) throws {
        let session = PreferencesSession(
            saved: Preferences(autoRefresh: false, playSounds: true, showPhotos: false), size: size)
        try session.play("enter snapshot esc")
        let form = session.snapshots[0]
        #expect(
            form.contains("Auto Refresh                  ○── Off"))
        #expect(
            form.contains("Show Photos                   ○── Off"))
        #expect(form.contains("Items load when you ask."))
        try session.play(quitKey)
        #expect(session.app.exitStatus == 0)
    }

    @Test("Enter and Space both flip a switch; left and right set it")
    func switchKeys() throws {
        let session = PreferencesSession(size: size)
        try session.play("enter enter")
        #expect(
            session.transcript.contains(
                "> Auto Refresh                  ○── Off"))
        try session.play("space left")
        #expect(session.transcript.contains("○── Off"))
        try session.play("right ctrl-s")
        #expect(session.store.value.autoRefresh == true)
    }
}
