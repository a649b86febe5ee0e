import Foundation
import Testing

/// Ctrl-Z and `fg` on the real binary, under a shell with job control: the shell gets the terminal
/// as it was (normal screen, cursor shown, bracketed paste off), and formtui gets its screen back.
@Suite(.serialized) struct SuspendTests {
    @Test func suspendGivesTheShellAPlainTerminalAndResumeTakesTheScreenBack() throws {
        let session = try JobControlSession()
        defer { session.close() }
        let tmux = session.tmux
        try tmux.waitFor(text: "Edit Preferences")
        let cursorBefore = try tmux.format("#{cursor_flag}")
        #expect(try MouseTerminalTests.mouseFlags(tmux) == "11", "mouse reporting is off")

        try tmux.sendKeys("C-z")
        try session.folder.waitForFile("stopped-status", timeout: .seconds(5), tmux: tmux)
        #expect(session.folder.read("stopped-status") == "148\n", "not stopped by SIGTSTP")
        #expect(try tmux.format("#{alternate_on}") == "0", "still on the alternate screen")
        #expect(try tmux.format("#{cursor_flag}") == "1", "the cursor is hidden at the shell")
        #expect(try MouseTerminalTests.mouseFlags(tmux) == "00", "the shell gets mouse reports")
        #expect(session.folder.read("suspended") == session.folder.read("before"), "stty -a differs")

        // The shell reads a line: pasted with bracketed paste still on, it would hold the markers.
        try tmux.pasteBracketed("hello")
        try tmux.sendKeys("Enter")
        try session.folder.waitForFile("pasted", timeout: .seconds(5), tmux: tmux)
        #expect(
            session.folder.read("pasted") == "hello",
            "the shell read \(session.folder.read("pasted").debugDescription)")

        // The script now runs `fg`.
        try tmux.waitFor(text: "Edit Preferences")
        #expect(try tmux.format("#{alternate_on}") == "1", "not back on the alternate screen")
        #expect(try tmux.format("#{cursor_flag}") == cursorBefore, "the cursor's visibility changed")
        #expect(try MouseTerminalTests.mouseFlags(tmux) == "11", "mouse reporting not back on")

        // Bracketed paste is on again: a pasted "y" does not answer the dialog, so the "n" typed
        // after it goes back to the modified form (typed, "y" would discard it and "n" do nothing).
        try tmux.sendKeys("Enter")
        try tmux.waitFor(text: "Space Toggle")
        try tmux.sendKeys("Space")
        try tmux.waitFor(text: "● modified")
        try tmux.sendKeys("Escape")
        try tmux.waitFor(text: "Discard changes?")
        try tmux.pasteBracketed("y")
        try tmux.sendText("n")
        // The dialog itself shows "● modified" in the header: wait for the dialog to close, then
        // look at what is under it (the home screen, had the pasted "y" discarded the changes).
        let form = try tmux.waitUntilGone(text: "Discard changes?")
        #expect(form.contains("● modified"), "the pasted y answered the dialog:\n\(form)")

        try tmux.sendKeys("Escape")
        try tmux.waitFor(text: "Discard changes?")
        try tmux.sendText("y")
        try tmux.waitFor(text: "q Quit")
        try tmux.sendText("q")
        // The shell waits for a line before it ends: tmux hides the cursor of a dead pane.
        try session.folder.waitForFile("status", timeout: .seconds(5), tmux: tmux)
        #expect(session.folder.read("status") == "1\n", "quit without saving")
        try session.folder.waitForFile("after", timeout: .seconds(5), tmux: tmux)
        #expect(try tmux.format("#{cursor_flag}") == "1", "the cursor stayed hidden")
        try tmux.sendKeys("Enter")
        try session.folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        #expect(session.folder.read("after") == session.folder.read("before"), "stty -a changed")
    }

    /// ncurses used to ignore SIGTSTP while it drew a frame, so a Ctrl-Z typed then was lost.
    /// Ctrl-S (with IXON turned back on from outside) holds the output, so that formtui is stuck
    /// in the middle of drawing when the Ctrl-Z comes.
    @Test func controlZWhileAFrameIsDrawnIsNotLost() throws {
        let session = try JobControlSession()
        defer { session.close() }
        let tmux = session.tmux
        try tmux.waitFor(text: "Edit Preferences")
        let formtui = try session.formtuiProcess()

        let tty = try tmux.format("#{pane_tty}")
        let stty = try TmuxHarness.runProcess(
            "/bin/sh", ["-c", "stty -F \(shellQuoted(tty)) ixon"], timeout: .seconds(5))
        try #require(stty.status == 0, "stty: \(stty.error)")
        let before = try #require(ProcessState.io(formtui), "no /proc/\(formtui)/io")
        try tmux.sendKeys("C-s")
        // Enter opens the edit form: formtui reads it, then blocks writing the frame.
        try tmux.sendKeys("Enter")
        let deadline = ContinuousClock.now + .seconds(5)
        while (ProcessState.io(formtui)?.read ?? 0) <= before.read {
            guard ContinuousClock.now < deadline else {
                throw TmuxHarness.Failure(description: "formtui did not read the Enter")
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        Thread.sleep(forTimeInterval: 0.2)
        // The frame is put together first and sent in one write, which the terminal holds.
        let state = ProcessState.state(formtui)
        let writing = ProcessState.blockedWrite(formtui)
        guard let writing, ProcessState.openFile(formtui, descriptor: writing) == tty, state == "S" else {
            throw TmuxHarness.Failure(
                description:
                    "the frame was not held: formtui is \(writing.map { "writing to \($0)" } ?? "not writing"), "
                    + "state \(state.map(String.init) ?? "gone")")
        }

        try tmux.sendKeys("C-z")
        try tmux.sendKeys("C-q")
        try session.folder.waitForFile("stopped-status", timeout: .seconds(5), tmux: tmux)
        #expect(session.folder.read("stopped-status") == "148\n")
        #expect(try tmux.format("#{alternate_on}") == "0")

        try tmux.sendText("go")
        try tmux.sendKeys("Enter")
        try tmux.waitFor(text: "Space Toggle")
        try tmux.sendKeys("Escape")
        try tmux.waitFor(text: "q Quit")
        try tmux.sendText("q")
        try session.folder.waitForFile("status", timeout: .seconds(5), tmux: tmux)
        #expect(session.folder.read("status") == "1\n", "quit without saving")
        try tmux.sendKeys("Enter")
        try session.folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        #expect(session.folder.read("after") == session.folder.read("before"), "stty -a changed")
    }
}

/// `formtui preferences` run by bash with job control (`set -m`), as from an interactive shell:
/// Ctrl-Z stops formtui alone and bash carries on. The script records the status of the stop
/// (`stopped-status`, 148 for SIGTSTP) and the tty modes (`suspended`), reads one line into
/// `pasted`, then brings formtui back with `fg`, records its exit (`status`, `after`) and waits for
/// one more line before it ends.
private final class JobControlSession {
    let folder: ScratchFolder
    let tmux: TmuxHarness

    init() throws {
        let binary = try TmuxHarness.formtuiBinary()
        folder = try ScratchFolder()
        let script = """
            set -m
            stty -a > before
            \(shellQuoted(binary)) preferences --state p.json
            stopped=$?
            stty -a > suspended
            echo $stopped > stopped-status.new
            mv stopped-status.new stopped-status
            IFS= read -r line
            printf '%s' "$line" > pasted.new
            mv pasted.new pasted
            fg
            echo $? > status.new
            mv status.new status
            stty -a > after.new
            mv after.new after
            read -r ignored
            """
        try script.write(toFile: folder.path("jobs.sh"), atomically: true, encoding: .utf8)
        tmux = try folder.runInTmux("bash jobs.sh")
    }

    /// formtui's process id (under sh, then bash).
    func formtuiProcess() throws -> Int32 {
        guard let pid = runningFormtui() else {
            throw TmuxHarness.Failure(description: "formtui's process not found")
        }
        return pid
    }

    /// Kills the tmux server; formtui first, should a failed test have left it stopped.
    func close() {
        if let pid = runningFormtui() { kill(pid, SIGKILL) }
        tmux.close()
    }

    private func runningFormtui() -> Int32? {
        guard let pane = try? tmux.panePID() else { return nil }
        return ProcessState.descendant(of: pane, named: "preferences --state")
    }
}
