import FormTUI
import Testing

/// The public tester: keys and scripts in; the screen, the draft and the result out.
@Suite struct FormTesterTests {
    @Test func theResultIsNilWhileTheFormIsOpen() throws {
        let tester = FormTester(hotspotForm(), state: Hotspot())
        #expect(try tester.play("space") == nil)
        #expect(tester.result == nil)
        #expect(tester.draft.enabled)
        #expect(tester.saved == Hotspot(), "nothing is committed before Ctrl-S")
        #expect(tester.lines.first?.contains("● modified") == true, "\(tester.text)")
    }

    @Test func escapeAfterAChangeAsksThenCancels() throws {
        let tester = FormTester(hotspotForm(), state: Hotspot())
        try tester.play("space esc")
        #expect(tester.text.contains("Discard changes?"), "\(tester.text)")
        #expect(tester.result == nil)
        try tester.play("y")
        #expect(tester.result == .cancelled)
        #expect(tester.result?.exitStatus == 1)
        #expect(tester.saved == Hotspot())
    }

    @Test func aRefusedSaveKeepsTheFormOpenAndSaysWhy() throws {
        let tester = FormTester(hotspotForm(), state: Hotspot(), size: Size(width: 40, height: 12))
        try tester.play("space ctrl-s")
        #expect(tester.result == nil)
        #expect(tester.lines.last?.contains("Not saved: One row needs attention.") == true, "\(tester.text)")
        #expect(tester.text.contains("At least 8 characters."))
    }

    @Test func keysAndTextPressedOneByOne() {
        let tester = FormTester(hotspotForm(), state: Hotspot(enabled: true))
        tester.press(.down, .down)
        tester.press(.control("u"))
        tester.type("Lab")
        #expect(tester.draft.networkName == "Lab")
        tester.press(.control("s"))
        #expect(tester.result == nil, "the empty password is refused")
        tester.press(.enter)  // focus went to the password, which needs attention
        tester.type("long enough")
        tester.press(.enter, .control("s"))
        #expect(tester.result == .saved(Hotspot(enabled: true, password: "long enough", networkName: "Lab")))
        #expect(tester.result?.savedState == tester.saved)
    }

    @Test func snapshotsAndResizesFollowTheScript() throws {
        let tester = FormTester(hotspotForm(), state: Hotspot())
        try tester.play("snapshot resize 40x12 space snapshot")
        #expect(tester.snapshots.count == 2)
        #expect(
            tester.snapshots[0].hasPrefix("--- snapshot 1 (80x24, cursor 0,2) ---"), "\(tester.snapshots[0])")
        #expect(tester.snapshots[1].hasPrefix("--- snapshot 2 (40x12"), "\(tester.snapshots[1])")
        #expect(tester.snapshots[1].contains("Wi-Fi Password"))
        #expect(tester.size == Size(width: 40, height: 12))
    }

    @Test func aFailedPersistIsShownAndTheDraftStays() throws {
        struct DiskFull: Error, CustomStringConvertible { var description: String { "the disk is full" } }
        let tester = FormTester(hotspotForm(), state: Hotspot(enabled: true, password: "12345678")) { _ in
            throw DiskFull()
        }
        try tester.play("down down \"!\" ctrl-s")
        #expect(tester.result == nil)
        #expect(tester.text.contains("Not saved: the disk is full"), "\(tester.text)")
        #expect(tester.draft.networkName == "My Phone!")
    }

    @Test func aBadScriptSaysWhereAndPlaysNothing() {
        let tester = FormTester(hotspotForm(), state: Hotspot())
        #expect(throws: (any Error).self) { try tester.play("space\nfrobnicate") }
        #expect(!tester.draft.enabled, "the script's first line was not played")
    }
}
