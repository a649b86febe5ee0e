import Foundation
import Testing

/// A signal that ends formtui (a crash, or one it has no use for: SIGUSR1, SIGPIPE, SIGALRM…) in
/// each mode, sent while the form waits, at a pty: the shell gets back the terminal as it was
/// (stty -a the same: echo and line editing on after a secret question), the normal screen with
/// the mouse not reported, and no lock file is left; the status is the signal's.
@Suite(.serialized) struct FatalSignalTests {
    static let spec = """
        title: Signals
        sections:
          - rows:
              - {id: token, type: secure, title: Token}
              - {id: name, type: text, title: Name}
        """

    @Test(
        "the terminal is restored and the lock removed before the signal ends the program",
        arguments: [
            ("--accessible", SIGSEGV), ("--accessible", SIGABRT), ("--accessible", SIGUSR1),
            ("--accessible", SIGALRM), ("--accessible", SIGPIPE), ("", SIGUSR1), ("", SIGPIPE),
            ("", SIGXCPU), ("--inline", SIGUSR2), ("--inline", SIGVTALRM), ("--inline", SIGPROF),
        ])
    func restoredBeforeTheSignalActs(mode: String, signal: Int32) throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        try Self.spec.write(toFile: folder.path("s.yaml"), atomically: true, encoding: .utf8)
        let tmux = try folder.runInTmux(
            """
            stty -a > before
            \(shellQuoted(binary)) form s.yaml --state st.json \(mode)
            echo $? > status
            stty -a > after
            touch probed
            sleep 30
            """)
        defer { tmux.close() }
        // At the secret question in the line mode (its echo is off), at the form otherwise.
        try tmux.waitFor(text: mode == "--accessible" ? "not shown as typed" : "Token", timeout: .seconds(15))
        let lock = folder.path(".st.json.lock")
        let deadline = ContinuousClock.now + .seconds(5)
        while !FileManager.default.fileExists(atPath: lock), ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(FileManager.default.fileExists(atPath: lock), "the session holds no lock")
        let shell = try tmux.panePID()
        let children =
            (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        let program = try #require(children.split(separator: " ").first.flatMap { Int32($0) })
        kill(program, signal)
        // The shell lives on meanwhile: a pane whose program ended says nothing of its modes.
        try folder.waitForFile("probed", timeout: .seconds(40), tmux: tmux)
        #expect(folder.read("status") == "\(128 + signal)\n", "status \(folder.read("status"))")
        #expect(folder.read("before") == folder.read("after"), "stty -a changed:\n\(folder.read("after"))")
        #expect(try tmux.format("#{alternate_on}") == "0", "still on the alternate screen")
        #expect(try tmux.format("#{mouse_any_flag}") == "0", "the mouse is still reported")
        #expect(try tmux.format("#{cursor_flag}") == "1", "the cursor is hidden")
        #expect(!FileManager.default.fileExists(atPath: lock), "the lock file was left")
    }
}
