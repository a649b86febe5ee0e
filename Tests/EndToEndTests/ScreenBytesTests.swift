import Foundation
import Testing

/// What a key costs the terminal, recorded (`--record`) in tmux: a Space on a switch writes the
/// cells that changed (the switch, the count, the title's mark) and nothing else, as ncurses'
/// comparison of the frame with the screen finds them: no move the cursor does not need. (Each
/// frame ends with ncurses' reset of the look, which keeps the terminal in its normal look for
/// whatever else writes to it.)
@Suite(.serialized) struct ScreenBytesTests {
    @Test func aSpaceWritesOnlyTheCellsThatChanged() throws {
        let folder = try ScratchFolder()
        let binary = try TmuxHarness.formtuiBinary()
        let tmux = try folder.runInTmux(
            "\(shellQuoted(binary)) large --rows 100 --record l.cast --state l.json; echo $? > status")
        defer { tmux.close() }
        try tmux.waitFor(text: "Item 2")
        try tmux.sendKeys("Space")
        try tmux.waitFor(text: "● modified")
        try tmux.sendKeys("Space")
        let deadline = ContinuousClock.now + .seconds(10)
        while try tmux.capture().contains("● modified"), ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(try !tmux.capture().contains("● modified"), "the second Space took the mark away")
        try tmux.sendKeys("Space")
        try tmux.waitFor(text: "● modified")
        // Leaving without saving: Esc, then y to discard.
        try tmux.sendKeys("Escape")
        try tmux.waitFor(text: "Discard")
        try tmux.sendKeys("y")
        try folder.waitForFile("done", timeout: .seconds(10), tmux: tmux)

        let cast = try TerminalRecordingTests.readCast(folder.path("l.cast"))
        // The third Space's frame: the last one that brings the mark back, before the way out.
        let frames = cast.output.dropLast()
        let space = try #require(frames.last { $0.contains("● modified") })
        #expect(space.utf8.count <= 120, "\(space.utf8.count) bytes: \(space.debugDescription)")
        #expect(!space.contains("Item"), "unchanged cells are not written: \(space.debugDescription)")
        let moves = space.components(separatedBy: "H").count - 1
        #expect(moves <= 4, "a move to each changed place and the cursor's: \(space.debugDescription)")
    }
}
