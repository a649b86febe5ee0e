import Foundation
import Testing

/// Ctrl-\ (SIGQUIT) on the real binary: like Ctrl-C, it ends formtui with the terminal restored,
/// rather than Swift's runtime drawing a backtrace over the form and the form carrying on.
@Suite(.serialized) struct QuitSignalTests {
    @Test func controlBackslashQuitsAndRestoresTheTerminal() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        // The wrapper shell only traps the signals (a trap, unlike an ignore, is not inherited), so
        // that it lives on to record the exit status and the tty modes.
        let tmux = try folder.runInTmux(
            """
            trap : INT TERM HUP QUIT
            stty -a > before
            \(shellQuoted(binary)) preferences --state p.json
            echo $? > status
            stty -a > after
            """)
        defer { tmux.close() }
        try tmux.waitFor(text: "Edit Preferences")

        try tmux.sendKeys("C-\\")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        #expect(folder.read("status") == "131\n")
        #expect(folder.read("before") == folder.read("after"), "stty -a changed")
        #expect(try tmux.format("#{alternate_on}") == "0", "still on the alternate screen")
        let screen = try tmux.capture(history: true)
        #expect(!screen.contains("crashed") && !screen.contains("Thread 0"), "a backtrace:\n\(screen)")
    }
}
