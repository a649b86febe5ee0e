import Foundation
import Testing

/// `--inline`: the form drawn in a few lines below the shell's output, in a real terminal (tmux).
/// What was printed before stays above it and in the scrollback; at the end the lines are cleared
/// (or hold a `--keep` summary) and the shell goes on right below; signals restore the tty.
@Suite(.serialized) struct InlineTerminalTests {
    static let spec = """
        title: Deploy
        sections:
          - header: Target
            rows:
              - {id: name, type: text, title: Name, default: web}
              - {id: tls, type: switch, title: TLS, default: true}
        """

    /// The pane's lines, trailing blanks, trailing empty lines and tmux's "Pane is dead" line
    /// left out.
    private func lines(_ screen: String) -> [String] {
        var lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop(while: { $0 == " " }).reversed())
        }
        while let last = lines.last, last == "" || last.hasPrefix("Pane is dead") { lines.removeLast() }
        return lines
    }

    /// The pane's history and screen from the line `MARK` on (tmux's remain-on-exit pushes a line
    /// of the screen into the history when the pane's command ends).
    private func fromMark(_ tmux: TmuxHarness) throws -> [String] {
        let all = lines(try tmux.capture(history: true))
        return all.lastIndex(of: "MARK").map { Array(all[$0...]) } ?? all
    }

    private func start(_ script: String, folder: ScratchFolder, width: Int = 80, height: Int = 24) throws
        -> TmuxHarness
    {
        try Self.spec.write(toFile: folder.path("spec.yaml"), atomically: true, encoding: .utf8)
        return try folder.runInTmux(script, width: width, height: height)
    }

    @Test func theFormSitsBelowWhatWasPrintedAndLeavesNothingBehind() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try start(
            """
            stty -a > before
            printf 'MARK\\n'
            \(shellQuoted(binary)) form --inline --height 10 spec.yaml
            echo "STATUS=$?"
            stty -a > after
            """, folder: folder)
        defer { tmux.close() }
        let running = lines(try tmux.waitFor(text: "Save"))
        #expect(running.first == "MARK", "\(running)")
        #expect(
            running.count >= 2 && running[1].contains("Deploy"), "the title not right below MARK:\n\(running)"
        )
        #expect(running.count <= 11, "more than 10 lines taken:\n\(running)")
        #expect(running.contains { $0.contains("Name") } && running.contains { $0.contains("TLS") })

        try tmux.sendKeys("Escape")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        let after = try fromMark(tmux)
        #expect(
            after == ["MARK", "STATUS=1"], "the area not cleared, or the shell not right below:\n\(after)")
        #expect(folder.read("before") == folder.read("after"), "stty -a changed")
    }

    @Test func keepLeavesASummaryAndTheAnswersFollow() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try start(
            """
            printf 'MARK\\n'
            \(shellQuoted(binary)) form --inline --height 8 --keep --format env spec.yaml
            echo "STATUS=$?"
            """, folder: folder)
        defer { tmux.close() }
        _ = try tmux.waitFor(text: "Save")
        try tmux.sendKeys("C-s")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        let after = try fromMark(tmux)
        #expect(Array(after.prefix(2)) == ["MARK", "✔ Deploy: saved"], "\(after)")
        #expect(after.last == "STATUS=0", "\(after)")
        #expect(after.contains { $0.contains("name=") || $0.contains("NAME=") }, "no answers:\n\(after)")
    }

    @Test func nearTheBottomTheScreenScrollsAndTheScrollbackKeepsEverything() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try start(
            """
            seq 30
            \(shellQuoted(binary)) form --inline --height 10 spec.yaml
            echo "STATUS=$?"
            """, folder: folder)
        defer { tmux.close() }
        let running = lines(try tmux.waitFor(text: "Save"))
        #expect(running.count == 24, "\(running)")
        #expect(running.count == 24 && running[13] == "30" && running[14].contains("Deploy"), "\(running)")
        let history = lines(try tmux.capture(history: true))
        let numbers = history.filter { Int($0) != nil }
        #expect(numbers == (1...30).map(String.init), "the scrollback lost lines:\n\(history)")

        try tmux.sendKeys("Escape")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        let after = lines(try tmux.capture(history: true))
        #expect(after.filter { Int($0) != nil } == (1...30).map(String.init))
        let end = after.firstIndex(of: "30").map { Array(after[($0 + 1)...]) }
        #expect(end == ["STATUS=1"], "\(after)")
    }

    /// SIGTERM (sent by another process) and Ctrl-C: the tty's modes as before, the area cleared.
    @Test(arguments: ["TERM", "INT"]) func aStopSignalRestoresTheTerminal(signal: String) throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        // The wrapper shell traps the signals so that it lives on to record what happened; the form
        // runs in a subshell that writes its pid first (not exec'd by tmux itself).
        let tmux = try start(
            """
            trap : INT TERM
            stty -a > before
            printf 'MARK\\n'
            sh -c 'echo $$ > pid; exec "$0" form --inline --height 10 spec.yaml' \(shellQuoted(binary))
            echo "STATUS=$?"
            stty -a > after
            """, folder: folder)
        defer { tmux.close() }
        _ = try tmux.waitFor(text: "Save")
        // Proves the form takes keys before the signal.
        try tmux.sendKeys("Down")
        #expect(try tmux.format("#{mouse_sgr_flag}#{mouse_standard_flag}") == "11")
        if signal == "TERM" {
            let pid = try #require(Int32(folder.read("pid").trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(kill(pid, SIGTERM) == 0)
        } else {
            try tmux.sendKeys("C-c")
        }
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        let after = try fromMark(tmux)
        let status = signal == "TERM" ? 143 : 130
        #expect(after == ["MARK", "STATUS=\(status)"], "\(after)")
        #expect(try tmux.format("#{mouse_sgr_flag}#{mouse_standard_flag}") == "00", "mouse reports left on")
        #expect(folder.read("before") == folder.read("after"), "stty -a changed")
    }

    /// Fewer rows, then more columns: the area is cleared and drawn again at the new size. (A
    /// narrower window, which tmux answers by rewrapping the lines already drawn, is in
    /// `InlineAnchoringTests`.)
    @Test func aResizeRepaintsTheArea() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try start(
            """
            seq 12
            printf 'MARK\\n'
            \(shellQuoted(binary)) form --inline --height 10 spec.yaml
            echo "STATUS=$?"
            """, folder: folder)
        defer { tmux.close() }
        _ = try tmux.waitFor(text: "Save")
        try tmux.resize(width: 80, height: 16)
        try tmux.sendKeys("Down")
        // The help line of a focused switch, drawn after the resize.
        _ = try tmux.waitFor(text: "Toggle")
        try tmux.resize(width: 100, height: 20)
        // The value column moves right with the width: the area was drawn again.
        let wide = lines(try tmux.waitFor(text: "TLS                                   "))
        #expect(wide.filter { $0.contains("Deploy") }.count == 1, "the old area left behind:\n\(wide)")
        let running = try fromMark(tmux)
        #expect(running.count == 11 && running[1] == " Deploy", "\(running)")
        try tmux.sendKeys("Escape")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        let after = try fromMark(tmux)
        #expect(after == ["MARK", "STATUS=1"], "\(after)")
    }

    /// Ctrl-Z under a shell with job control: the area cleared and the tty as before while the
    /// shell has it; `fg` draws the form again below the shell's lines.
    @Test func suspendClearsTheAreaAndResumeDrawsItAgain() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try start(
            """
            cat > jobs.sh <<'END'
            set -m
            stty -a > before
            printf 'MARK\\n'
            "$1" form --inline --height 8 spec.yaml
            stopped=$?
            stty -a > suspended
            echo "STOPPED=$stopped"
            read -r go
            fg
            echo "STATUS=$?"
            stty -a > after
            END
            bash jobs.sh \(shellQuoted(binary))
            """, folder: folder)
        defer { tmux.close() }
        _ = try tmux.waitFor(text: "Save")
        try tmux.sendKeys("C-z")
        let stopped = lines(try tmux.waitFor(text: "STOPPED=148"))
        #expect(
            !stopped.contains { $0.contains("Deploy") || $0.contains("Save") }, "not cleared:\n\(stopped)")
        #expect(folder.read("suspended") == folder.read("before"), "stty -a differs while stopped")
        #expect(
            try tmux.format("#{mouse_sgr_flag}#{mouse_standard_flag}") == "00",
            "mouse reports on while stopped")
        try tmux.sendKeys("Enter")  // the script runs `fg`
        let back = lines(try tmux.waitFor(text: "Save"))
        #expect(
            try tmux.format("#{mouse_sgr_flag}#{mouse_standard_flag}") == "11",
            "mouse reports not asked again")
        let stoppedLine = try #require(back.firstIndex { $0.hasPrefix("STOPPED=") })
        let title = try #require(back.firstIndex(of: " Deploy"), "\(back)")
        #expect(title > stoppedLine, "not drawn below the shell's lines:\n\(back)")
        try tmux.sendKeys("Down")
        _ = try tmux.waitFor(text: "Toggle")
        try tmux.sendKeys("Escape")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        let after = try fromMark(tmux)
        #expect(after.first == "MARK" && after.last == "STATUS=1", "\(after)")
        #expect(!after.contains { $0.contains("Deploy") || $0.contains("Save") }, "not cleared:\n\(after)")
        #expect(folder.read("after") == folder.read("before"), "stty -a changed")
    }

    /// A crash (a Swift trap) clears the area, restores the tty, and Swift's message follows.
    @Test func aCrashClearsTheAreaAndRestoresTheTerminal() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try start(
            """
            stty -a > before
            printf 'MARK\\n'
            \(shellQuoted(binary)) debug-crash --inline
            echo "STATUS=$?"
            stty -a > after
            """, folder: folder)
        defer { tmux.close() }
        try folder.waitForFile("done", timeout: .seconds(40), tmux: tmux)
        let after = try fromMark(tmux)
        #expect(after.first == "MARK", "\(after)")
        #expect(!after.contains { $0.contains("crash test") }, "the area not cleared:\n\(after)")
        #expect(after.contains { $0.contains("Fatal error: deliberate crash for testing") }, "\(after)")
        #expect(try tmux.format("#{mouse_sgr_flag}#{mouse_standard_flag}") == "00", "mouse reports left on")
        let status = after.last { $0.hasPrefix("STATUS=") }.flatMap { Int($0.dropFirst(7)) } ?? 0
        #expect(status > 128, "\(after)")
        #expect(folder.read("before") == folder.read("after"), "stty -a changed")
    }

    @Test func aBadHeightIsRefused() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try start(
            """
            \(shellQuoted(binary)) form --height 0 spec.yaml 2> err
            echo "STATUS=$?"
            """, folder: folder)
        defer { tmux.close() }
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        #expect(
            folder.read("err").contains("--height must be a number of lines or a share like 40%, not '0'"))
        let after = lines(try tmux.capture(history: true))
        #expect(after.last == "STATUS=64", "\(after)")
    }
}
