import Foundation
import Testing

/// What a key and a wait cost the real binary in system calls, counted by Linux in /proc.
@Suite(.serialized) struct SystemCallTests {
    /// A Down redraws two rows: ncurses writes them into the held-back output once, and that goes
    /// to the terminal in one write. ncurses used to flush at every cursor move (a write per row)
    /// while the screen was in its initial state.
    @Test func aKeyCostsTwoWrites() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try folder.runInTmux("\(shellQuoted(binary)) large --rows 100 --state l.json")
        defer { tmux.close() }
        try tmux.waitFor(text: "> Item 1")
        let formtui = try #require(ProcessState.descendant(of: try tmux.panePID(), named: "large --rows"))
        let before = try #require(ProcessState.systemCalls(formtui))
        // Within the first screenful: each frame redraws two rows, never a scrolled list.
        let keys = 15
        for row in 2...(keys + 1) {
            try tmux.sendKeys("Down")
            try tmux.waitFor(text: "> Item \(row) ")
        }
        let after = try #require(ProcessState.systemCalls(formtui))
        let writes = after.writes - before.writes
        #expect(writes >= keys && writes <= 2 * keys, "\(writes) writes for \(keys) keys")
    }

    /// Nothing to do until a key or a signal comes: the program does not wake up to look at its
    /// signal flags (it used to, every 200 ms), since the signal handlers wake its wait.
    @Test func waitingForAKeyTakesNoWakeUps() throws {
        let folder = try ScratchFolder()
        let tmux = try folder.runPreferences()
        defer { tmux.close() }
        let formtui = try #require(
            ProcessState.descendant(of: try tmux.panePID(), named: "preferences --state"))
        Thread.sleep(forTimeInterval: 0.2)
        let before = try #require(ProcessState.wakeUps(formtui))
        Thread.sleep(forTimeInterval: 1.0)
        let after = try #require(ProcessState.wakeUps(formtui))
        #expect(after - before <= 1, "\(after - before) wake-ups in a second of waiting")

        // The wait still ends at once for a signal.
        kill(formtui, SIGTERM)
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        #expect(folder.read("status") == "143\n")
    }
}
