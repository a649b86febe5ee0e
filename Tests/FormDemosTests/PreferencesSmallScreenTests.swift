import FormCore
import FormTestSupport
import FormUI
import Testing

@testable import FormDemos

@Suite("Preferences on small screens")
struct PreferencesSmallScreenTests {
    /// The row under the terminal cursor, checked to be inside the list and marked as focused.
    func focusedLine(_ transcript: String, size: Size) throws -> String {
        let lines = transcript.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = try #require(lines.first)
        let cursor = try #require(header.firstRange(of: /cursor (\d+),(\d+)/))
        let match = try #require(header[cursor].wholeMatch(of: /cursor (\d+),(\d+)/))
        let row = try #require(Int(match.output.2))
        #expect(row >= 1 && row <= size.height - 2, "cursor row \(row) is outside the list")
        let line = lines[row + 1]
        #expect(line.hasPrefix(">"), "the cursor's row is not the focused one: \(line)")
        return line
    }

    @Test(
        "the focused row and the cursor stay in the list at the smallest sizes",
        arguments: [Size(width: 20, height: 6), Size(width: 20, height: 7), Size(width: 24, height: 8)])
    func focusVisible(size: Size) throws {
        let session = PreferencesSession(size: size)
        try session.play("snapshot enter snapshot down snapshot down snapshot esc snapshot")
        #expect(try focusedLine(session.snapshots[0], size: size).contains("Edit"))
        #expect(try focusedLine(session.snapshots[1], size: size).contains("Auto"))
        #expect(try focusedLine(session.snapshots[2], size: size).contains("Play"))
        #expect(try focusedLine(session.snapshots[3], size: size).contains("Show"))
        #expect(try focusedLine(session.snapshots[4], size: size).contains("Edit"))
    }

    @Test("while the terminal is too small, keys do nothing")
    func keysIgnoredWhenTooSmall() throws {
        let log = PersistLog()
        let session = PreferencesSession(size: Size(width: 80, height: 24)) { log.saved.append($0) }
        try session.play("resize 19x5 snapshot enter space ctrl-s q resize 80x24")
        #expect(session.snapshots[0].contains("Terminal too small"))
        #expect(session.app.exitStatus == nil)
        #expect(session.app.stack.count == 1)
        #expect(log.saved.isEmpty)
        #expect(session.store.value == Preferences())
    }

    @Test("at 20x6 the discard box keeps its question and both choices, and n stays on the help line")
    func confirmAtMinimum() throws {
        let session = PreferencesSession(size: Size(width: 20, height: 6))
        try session.play("enter space esc snapshot")
        let screen = session.snapshots[0]
        #expect(screen.contains("Discard"))
        #expect(screen.contains("n Keep"))
        let help = try #require(screen.split(separator: "\n").last)
        #expect(help.contains("n Keep"), "help line: \(help)")
    }

    @Test("Ctrl-S without changes closes the form and writes nothing")
    func cleanSaveWritesNothing() throws {
        let log = PersistLog()
        let session = PreferencesSession(size: Size(width: 80, height: 24)) { log.saved.append($0) }
        try session.play("enter space space ctrl-s")
        #expect(log.saved.isEmpty)
        #expect(session.app.stack.count == 1)
        #expect(session.transcript.contains("No changes to save."))
    }
}
