import Foundation
import Testing

/// Pasted text in a real terminal (tmux bracketed paste): it is text, never key presses, so that
/// pasting "yes" cannot answer a dialog, a space cannot flip a switch and a `q` cannot quit.
@Suite(.serialized) struct PasteTests {
    /// How long a paste that formtui has read is given to be drawn, if it had any effect.
    private static let settle = 0.3

    /// Pastes `text` and waits until formtui has read it (its read count grew by the paste and
    /// its bracket markers), so that a screen found unchanged afterwards proves the paste did
    /// nothing, not that it had not arrived yet.
    private func paste(_ text: String, into tmux: TmuxHarness) throws {
        let shell = try tmux.panePID()
        let formtui = try #require(
            ProcessState.descendant(of: shell, named: "formtui"), "formtui's process not found")
        let before = try #require(ProcessState.io(formtui), "no /proc/\(formtui)/io")
        try tmux.pasteBracketed(text)
        let markers = "\u{1B}[200~\u{1B}[201~".utf8.count
        let deadline = ContinuousClock.now + .seconds(5)
        while (ProcessState.io(formtui)?.read ?? 0) < before.read + text.utf8.count + markers {
            guard ContinuousClock.now < deadline else {
                throw TmuxHarness.Failure(description: "formtui did not read the paste \"\(text)\"")
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        Thread.sleep(forTimeInterval: Self.settle)
    }

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
        try paste("a note", into: tmux)
        #expect(try tmux.capture() == modified, "a paste acted on the form")

        // "y" typed would discard and "q" would then quit: pasted, the dialog stays.
        try tmux.sendKeys("Escape")
        let dialog = try tmux.waitFor(text: "Discard changes?")
        try paste("yes q", into: tmux)
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
        try paste("a quick note", into: tmux)
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
