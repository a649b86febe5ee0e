import Foundation
import Testing

/// Pasted text in a real terminal (tmux bracketed paste): it is text, never key presses, so that
/// pasting "yes" cannot answer a dialog, a space cannot flip a switch and a `q` cannot quit.
@Suite(.serialized) struct PasteTests {
    /// How long a paste is given to reach the program and be drawn, if it had any effect.
    private static let settle = 0.3

    @Test func pasteNeitherAnswersTheDiscardDialogNorActsOnTheForm() throws {
        let folder = try ScratchFolder()
        let tmux = try folder.runPreferences()
        defer { tmux.close() }
        let stateBefore = folder.exists("p.json") ? folder.read("p.json") : nil

        // The edit form with a change in it.
        try tmux.sendKeys("Enter")
        try tmux.waitFor(text: "Space Toggle")
        try tmux.sendKeys("Space")
        let modified = try tmux.waitFor(text: "● modified")

        // One space, typed, would flip the switch back and the form would be clean again.
        try tmux.pasteBracketed("a note")
        Thread.sleep(forTimeInterval: Self.settle)
        #expect(try tmux.capture() == modified, "a paste acted on the form")

        // "y" typed would discard and "q" would then quit: pasted, the dialog stays.
        try tmux.sendKeys("Escape")
        let dialog = try tmux.waitFor(text: "Discard changes?")
        try tmux.pasteBracketed("yes q")
        Thread.sleep(forTimeInterval: Self.settle)
        #expect(try tmux.capture() == dialog, "a paste answered the dialog")
        #expect(try tmux.exit() == nil, "a paste quit formtui")
        #expect((folder.exists("p.json") ? folder.read("p.json") : nil) == stateBefore)

        // n keeps editing: the form as it was, still modified.
        try tmux.sendText("n")
        try waitForScreen(tmux, equals: modified)

        // Back on the summary (browse mode, where q quits), a paste does nothing either.
        try tmux.sendKeys("Escape")
        try tmux.waitFor(text: "Discard changes?")
        try tmux.sendText("y")
        let summary = try tmux.waitFor(text: "q Quit")
        try tmux.pasteBracketed("a quick note")
        Thread.sleep(forTimeInterval: Self.settle)
        #expect(try tmux.capture() == summary, "a paste acted on the summary")
        #expect(try tmux.exit() == nil, "a paste quit formtui")
        #expect((folder.exists("p.json") ? folder.read("p.json") : nil) == stateBefore)

        try tmux.sendText("q")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        #expect(folder.read("status") == "1\n", "quit without saving")
    }

    /// Waits until the screen is `expected`; throws with the last screen after 5 s.
    private func waitForScreen(_ tmux: TmuxHarness, equals expected: String) throws {
        let deadline = ContinuousClock.now + .seconds(5)
        var screen = try tmux.capture()
        while screen != expected {
            guard ContinuousClock.now < deadline else {
                throw TmuxHarness.Failure(
                    description: "the screen did not become:\n\(expected)\nlast screen:\n\(screen)")
            }
            Thread.sleep(forTimeInterval: 0.05)
            screen = try tmux.capture()
        }
    }
}
