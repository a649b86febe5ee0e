import FormCore
import FormTestSupport
import FormUI
import Testing

@testable import FormDemos

final class HotspotLog {
    var saved: [Hotspot] = []
}

@Suite("Hotspot: a pushed password editor, a section that follows the switch")
struct HotspotTests {
    typealias Session = FormDriver<Hotspot>

    @Test(
        "screens match their golden files",
        arguments: [Size(width: 80, height: 24), Size(width: 30, height: 10)])
    func golden(size: Size) throws {
        let session = Session(size: size)
        try session.play("snapshot space snapshot down enter snapshot")
        GoldenFile.check(session.snapshots[0], named: "hotspot-off-\(size).txt")
        GoldenFile.check(session.snapshots[1], named: "hotspot-on-\(size).txt")
        GoldenFile.check(session.snapshots[2], named: "hotspot-password-editor-\(size).txt")
    }

    @Test("the password editor saves into the form's draft; only Ctrl-S on the form writes")
    func editorSavesIntoDraft() throws {
        let log = HotspotLog()
        let session = Session(saved: Hotspot(enabled: true), size: Size(width: 80, height: 24)) {
            log.saved.append($0)
        }
        try session.play("down enter ctrl-u \"hunter22\" enter")
        #expect(session.app.stack.count == 1)
        #expect(log.saved.isEmpty)
        #expect(session.store.value.password == "")
        #expect(session.transcript.contains("● modified"))
        try session.play("ctrl-s")
        #expect(log.saved == [Hotspot(enabled: true, password: "hunter22", networkName: "My Phone")])
        #expect(session.app.exitStatus == 0)
    }

    @Test("Esc in the editor drops the new password (after asking), the form keeps the old one")
    func editorCancel() throws {
        let saved = Hotspot(enabled: true, password: "long enough")
        let session = Session(saved: saved, size: Size(width: 80, height: 24))
        try session.play("down enter \"xyz\" esc snapshot y")
        #expect(session.snapshots[0].contains("Discard changes?"))
        #expect(session.app.stack.count == 1)
        #expect(!session.transcript.contains("● modified"))
        try session.play("up space ctrl-s")
        #expect(session.store.value == Hotspot(enabled: false, password: "long enough"))
    }

    @Test("a short password is refused, in its editor and in the form; an empty name too")
    func validation() throws {
        let log = HotspotLog()
        let session = Session(size: Size(width: 80, height: 24)) { log.saved.append($0) }
        try session.play("space ctrl-s")
        #expect(log.saved.isEmpty)
        #expect(session.transcript.contains("! At least 8 characters."))
        try session.play("enter ctrl-u \"short\" enter")
        #expect(session.app.stack.count == 2)
        #expect(session.transcript.contains("! At least 8 characters."))
        try session.play("\" but longer\" enter down ctrl-u ctrl-s")
        #expect(session.transcript.contains("! A name is needed."))
        #expect(!session.transcript.contains("At least 8"))
        try session.play("\"Lab\" ctrl-s")
        #expect(log.saved == [Hotspot(enabled: true, password: "short but longer", networkName: "Lab")])
    }

    @Test("no screen ever shows the password, typed or saved")
    func passwordNeverShown() throws {
        let session = Session(
            saved: Hotspot(enabled: true, password: "s3cr3t-saved"), size: Size(width: 80, height: 24))
        try session.play("snapshot down snapshot enter snapshot \"typed-s3cr3t\" snapshot enter snapshot")
        for snapshot in session.snapshots {
            #expect(!snapshot.contains("s3cr3t"))
        }
        // The form shows a fixed number of bullets, so the length does not show either.
        #expect(session.snapshots[0].contains("•••••••• ›"))
    }

    @Test("turning the hotspot off hides its section and moves focus back to the switch")
    func hideSection() throws {
        let session = Session(saved: Hotspot(enabled: true), size: Size(width: 80, height: 24))
        try session.play("down down up up space")
        #expect(!session.transcript.contains("Network Name"))
        #expect(session.transcript.contains("> Personal Hotspot"))
        #expect(!session.transcript.contains("Personal Hotspot Enabled"))
    }
}
