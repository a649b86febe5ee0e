import Foundation
import Testing

/// The real binary on a real (tmux) terminal: refusing terminals it cannot use, giving the
/// terminal back intact after a crash or a stop signal, and reading Esc without delay.
@Suite(.serialized) struct TerminalStartTests {
    struct UnusableTerminal: CustomTestStringConvertible, Sendable {
        /// Put before the command in the shell, to set up TERM.
        var setting: String
        var expected: String
        /// Put after the command.
        var arguments = ""
        var testDescription: String { setting }
    }

    // With TERM unset or dumb a person gets the line mode (AccessibleModeTests); a key script,
    // which needs the screen, is still refused there.
    static let unusableTerminals = [
        UnusableTerminal(setting: "env -u TERM", expected: "TERM is not set", arguments: "--script x.keys"),
        UnusableTerminal(
            setting: "env TERM=dumb", expected: "TERM=dumb cannot move the cursor",
            arguments: "--script x.keys"),
    ]

    /// A TERM terminfo does not know (kitty's over ssh to a host without its entry) is drawn as
    /// xterm-256color, with a note, when its name or its answer says it is an xterm (tmux answers
    /// the device attributes).
    @Test(arguments: ["xterm-kitty-nonexistent", "nonexistent-term"])
    func anUnknownTerminalTypeThatIsAnXtermIsDrawnAsOne(_ term: String) throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try folder.runInTmux(
            """
            env TERM=\(term) \(shellQuoted(binary)) preferences --state p.json 2> err
            echo $? > status
            """)
        defer { tmux.close() }
        try tmux.waitFor(text: "Edit Preferences", timeout: .seconds(10))
        try tmux.sendKeys("Escape")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        let error = folder.read("err")
        #expect(folder.read("status") == "1\n", "left with Esc, not refused (2): \(error)")
        #expect(
            error == "formtui: TERM=\(term) is not known to terminfo here; drawing as xterm-256color "
                + "(install its terminfo entry to use its own)\n", "stderr: \(error)")
    }

    /// An unknown TERM on a terminal that cannot be asked (answers from a pipe) is asked line by
    /// line, not refused.
    @Test func anUnknownTerminalTypeThatCannotBeAskedGetsTheLineMode() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        try "title: T\nsections:\n  - rows:\n      - {id: name, type: text, title: Name}\n".write(
            toFile: folder.path("t.yaml"), atomically: true, encoding: .utf8)
        let tmux = try folder.runInTmux(
            """
            printf 'Ada\\ny\\n' | env TERM=nonexistent-term \(shellQuoted(binary)) form t.yaml > out 2> err
            echo $? > status
            """)
        defer { tmux.close() }
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        #expect(folder.read("status") == "0\n", "stderr: \(folder.read("err"))")
        #expect(folder.read("out") == #"{"name": "Ada"}"# + "\n")
    }

    @Test func refusesWhenStandardInputIsNotATerminal() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let started = ContinuousClock.now
        // Standard input /dev/null, output a file: neither is a terminal, and stdin is checked first.
        let result = try TmuxHarness.runProcess(
            binary, ["preferences", "--state", folder.path("p.json")],
            environment: folder.environment, timeout: .seconds(10))
        let elapsed = ContinuousClock.now - started
        #expect(result.status == 2 && !result.signaled)
        #expect(result.error.hasSuffix("\n") && result.error.split(separator: "\n").count == 1)
        #expect(result.error.hasPrefix("formtui: standard input is not a terminal"))
        #expect(elapsed < .seconds(1))
        #expect(!folder.exists("p.json"))
    }

    @Test(arguments: unusableTerminals)
    func refusesAnUnusableTerminalType(_ terminal: UnusableTerminal) throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        // Inside tmux, so that stdin and stdout are terminals and TERM is what is checked.
        let tmux = try folder.runInTmux(
            """
            start=$(date +%s%N)
            echo down > x.keys
            \(terminal.setting) \(shellQuoted(binary)) preferences --state p.json \(terminal.arguments) 2> err
            echo $? > status
            end=$(date +%s%N)
            echo $(( (end - start) / 1000000 )) > milliseconds
            """)
        defer { tmux.close() }
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        let error = folder.read("err")
        #expect(folder.read("status") == "2\n")
        #expect(error.hasSuffix("\n") && error.split(separator: "\n").count == 1, "stderr: \(error)")
        #expect(error.hasPrefix("formtui: \(terminal.expected)"), "stderr: \(error)")
        let milliseconds = Int(folder.read("milliseconds").trimmingCharacters(in: .whitespacesAndNewlines))
        #expect((milliseconds ?? .max) < 1000)
    }

    @Test func crashRestoresTheTerminalAndShowsTheFatalError() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try folder.runInTmux(
            """
            stty -a > before
            start=$(date +%s%N)
            \(shellQuoted(binary)) debug-crash
            echo $? > status
            end=$(date +%s%N)
            echo $(( (end - start) / 1000000 )) > milliseconds
            stty -a > after
            """)
        defer { tmux.close() }
        // The hang bound only: how long the crash took is measured in the shell and checked below.
        try folder.waitForFile("done", timeout: .seconds(40), tmux: tmux)
        // Swift's backtracer waits 30 s at its "Press space to interact" prompt unless the crash
        // handler answers it; answered, start-up, crash and backtrace take about 0.1 s here (1 s
        // on a loaded machine). 5 s leaves room for a slow machine and still catches the 30 s.
        let milliseconds = Int(folder.read("milliseconds").trimmingCharacters(in: .whitespacesAndNewlines))
        #expect((milliseconds ?? .max) < 5000, "the crash took \(milliseconds ?? -1) ms to end")
        // The backtrace that follows may have scrolled the line off the screen.
        let screen = try tmux.capture(history: true)
        #expect(screen.contains("Fatal error: deliberate crash for testing"), "screen:\n\(screen)")
        #expect(try tmux.format("#{alternate_on}") == "0", "still on the alternate screen")
        #expect(folder.read("before") == folder.read("after"), "stty -a changed")
        let status = Int(folder.read("status").trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(status > 128, "the crash should end the process by its signal, got status \(status)")
    }

    @Test func interruptRestoresTheTerminal() throws {
        let (folder, tmux) = try startPreferences()
        defer { tmux.close() }
        try tmux.sendKeys("C-c")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        #expect(folder.read("status") == "130\n")
        #expect(folder.read("before") == folder.read("after"), "stty -a changed")
        #expect(try tmux.format("#{alternate_on}") == "0")
    }

    @Test func terminateRestoresTheTerminal() throws {
        let (folder, tmux) = try startPreferences()
        defer { tmux.close() }
        let formtui = try #require(
            childProcesses(of: try tmux.panePID()).first, "formtui's process not found")
        kill(formtui, SIGTERM)
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        #expect(folder.read("status") == "143\n")
        #expect(folder.read("before") == folder.read("after"), "stty -a changed")
    }

    @Test func hangupRestoresTheTerminal() throws {
        let (folder, tmux) = try startPreferences()
        defer { tmux.close() }
        let formtui = try #require(
            childProcesses(of: try tmux.panePID()).first, "formtui's process not found")
        kill(formtui, SIGHUP)
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        #expect(folder.read("status") == "129\n")
        #expect(folder.read("before") == folder.read("after"), "stty -a changed")
        #expect(try tmux.format("#{alternate_on}") == "0")
    }

    /// Esc alone must not wait for ncurses' default ESCDELAY (1 s) before it counts.
    @Test func escapeIsHandledPromptly() throws {
        let (folder, tmux) = try startPreferences()
        defer { tmux.close() }
        var best = Duration.seconds(60)
        // The best of three, so that a busy machine does not fail the test.
        for _ in 0..<3 {
            // The edit form without changes: Esc goes straight back to the summary.
            try tmux.sendKeys("Enter")
            try tmux.waitFor(text: "Space Toggle")
            let started = ContinuousClock.now
            try tmux.sendKeys("Escape")
            let deadline = started + .seconds(5)
            var screen = try tmux.capture()
            while !screen.contains("q Quit") {
                guard ContinuousClock.now < deadline else {
                    throw TmuxHarness.Failure(description: "Esc did not close the form; screen:\n\(screen)")
                }
                Thread.sleep(forTimeInterval: 0.005)
                screen = try tmux.capture()
            }
            best = min(best, ContinuousClock.now - started)
        }
        #expect(best < .milliseconds(500), "Esc took \(best) at best")
        try tmux.sendText("q")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        #expect(folder.read("status") == "1\n", "quit without saving")
    }

    /// `formtui preferences` running in tmux, with `stty -a` taken before and after it.
    private func startPreferences() throws -> (ScratchFolder, TmuxHarness) {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        // The wrapper shell ignores the signals meant for formtui (a trap, unlike an ignore,
        // is not inherited), so that it lives on to record the exit status and the tty modes.
        let tmux = try folder.runInTmux(
            """
            trap : INT TERM HUP
            stty -a > before
            \(shellQuoted(binary)) preferences --state p.json
            echo $? > status
            stty -a > after
            """)
        do {
            try tmux.waitFor(text: "Edit Preferences")
        } catch {
            tmux.close()
            throw error
        }
        return (folder, tmux)
    }

    private func childProcesses(of pid: Int32) -> [Int32] {
        let path = "/proc/\(pid)/task/\(pid)/children"
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { Int32($0) }
    }
}
