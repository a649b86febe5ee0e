import FormUI
import Testing

@testable import FormDemos

@Suite("Preferences screens match their golden files")
struct PreferencesGoldenTests {
    @Test("summary and form", arguments: [Size(width: 80, height: 24), Size(width: 30, height: 10)])
    func summaryAndForm(size: Size) throws {
        let session = PreferencesSession(size: size)
        try session.play("snapshot enter snapshot")
        #expect(session.snapshots.count == 2)
        GoldenFile.check(session.snapshots[0], named: "summary-\(size).txt")
        GoldenFile.check(session.snapshots[1], named: "form-\(size).txt")
    }

    @Test("a changed form shows it is modified, and Esc asks before discarding")
    func modifiedAndConfirm() throws {
        let session = PreferencesSession(size: Size(width: 80, height: 24))
        try session.play("enter down space snapshot esc snapshot")
        GoldenFile.check(session.snapshots[0], named: "form-modified-80x24.txt")
        GoldenFile.check(session.snapshots[1], named: "confirm-discard-80x24.txt")
    }

    @Test("the confirm box fits a 30x10 terminal")
    func confirmSmall() throws {
        let session = PreferencesSession(size: Size(width: 30, height: 10))
        try session.play("enter space esc snapshot")
        GoldenFile.check(session.snapshots[0], named: "confirm-discard-30x10.txt")
    }

    @Test("after Ctrl-S the summary shows the saved values")
    func savedSummary() throws {
        let session = PreferencesSession(size: Size(width: 80, height: 24))
        try session.play("enter down space ctrl-s snapshot")
        GoldenFile.check(session.snapshots[0], named: "summary-after-save-80x24.txt")
    }

    @Test("a resize redraws the form at the new size, and back")
    func resize() throws {
        let session = PreferencesSession(size: Size(width: 80, height: 24))
        try session.play("enter snapshot resize 40x12 snapshot resize 80x24 snapshot")
        GoldenFile.check(session.snapshots[1], named: "form-resized-40x12.txt")
        // Back at 80x24 the screen is exactly what it was before the resize.
        #expect(
            session.snapshots[2].split(separator: "\n").dropFirst()
                == session.snapshots[0].split(separator: "\n").dropFirst())
    }
}
