import Foundation
import Testing

/// Undo, redo, the review before saving and the jump search in a real terminal (tmux): the keys
/// as a terminal sends them (Alt-U as Esc u, Ctrl-_ as 0x1F).
@Suite(.serialized) struct UndoReviewJumpTerminalTests {
    static let serverSetup = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("demos/forms/server-setup.yaml").path

    @Test("Ctrl-G 'port' Enter focuses the SSH port; typing there, then Alt-U, leaves the form unmodified")
    func jumpThenUndo() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try folder.runInTmux(
            """
            \(shellQuoted(binary)) form \(shellQuoted(Self.serverSetup)) --state s.json > answers.json
            echo $? > status
            """)
        defer { tmux.close() }
        try tmux.waitFor(text: "Hostname")
        try tmux.sendKeys("C-g")
        try tmux.waitFor(text: "Jump to:")
        try tmux.sendText("port")
        try tmux.waitFor(text: "Host › SSH port")
        try tmux.sendKeys("Enter")
        try tmux.waitFor(text: "> SSH port")
        try tmux.sendText("0")
        try tmux.waitFor(text: "220")
        try tmux.waitFor(text: "● modified")
        #expect(try tmux.capture().contains("Alt-U Undo"))
        try tmux.sendKeys("M-u")
        try tmux.waitFor(text: "Alt-E Redo")
        let screen = try tmux.capture()
        #expect(!screen.contains("● modified"))
        #expect(!screen.contains("220"))
        try tmux.sendKeys("M-e")
        try tmux.waitFor(text: "220")
        // Ctrl-_ (what Ctrl-/ sends too) undoes as well.
        try tmux.sendKeys("C-_")
        try tmux.waitFor(text: "Alt-E Redo")
        #expect(!(try tmux.capture()).contains("● modified"))
        try tmux.sendKeys("Escape")
        try folder.waitForFile("status", timeout: .seconds(10), tmux: tmux)
        #expect(folder.read("status") == "1\n", "nothing changed: Esc leaves at once")
    }

    @Test(
        "--review: Ctrl-S lists the changed rows with old → new; Enter goes back to one; Ctrl-S there saves")
    func review() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try folder.runInTmux(
            """
            \(shellQuoted(binary)) form --review \(shellQuoted(Self.serverSetup)) --state s.json > answers.json
            echo $? > status
            """)
        defer { tmux.close() }
        try tmux.waitFor(text: "Hostname")
        try tmux.sendText("db-02")
        try tmux.sendKeys("Down")
        try tmux.sendText("0")
        // Validation comes first: the certificate's rows are required, so TLS goes off.
        try tmux.sendKeys("C-s")
        try tmux.waitFor(text: "Not saved: 2 rows need attention.")
        try tmux.sendKeys("C-g")
        try tmux.sendText("tls")
        try tmux.waitFor(text: "Software › TLS certificate")
        try tmux.sendKeys("Enter", "Space", "C-s")
        try tmux.waitFor(text: "Review changes")
        let screen = try tmux.capture()
        #expect(screen.contains("3 changes will be saved:"))
        #expect(screen.contains("On → Off"))
        #expect(screen.contains("(empty) → db-02"))
        #expect(screen.contains("22 → 220"))
        #expect(!screen.contains("Workers"), "only the changed rows")
        try tmux.sendKeys("Down", "Enter")
        try tmux.waitFor(text: "> SSH port")
        try tmux.sendKeys("C-s")
        try tmux.waitFor(text: "Review changes")
        try tmux.sendKeys("C-s")
        try folder.waitForFile("status", timeout: .seconds(10), tmux: tmux)
        #expect(folder.read("status") == "0\n")
        let answers = try #require(
            try JSONSerialization.jsonObject(with: Data(folder.read("answers.json").utf8)) as? [String: Any])
        #expect(answers["hostname"] as? String == "db-02")
        #expect(answers["port"] as? Int == 220)
        #expect(answers["tls"] as? Bool == false)
    }
}
