import Foundation
import Testing

/// Keys with modifiers in a real terminal, typed into the hotspot's Network Name: Alt and Ctrl
/// move and delete by words as in a shell, and no Alt key types its letter or acts as Esc.
///
/// Under `tmux-256color` ncurses knows the modified keys (`kLFT5`, `kUP3`) and reports codes;
/// under `screen` it does not, and the bytes (`ESC [ 1 ; 5 D`) reach formtui's own decoder. Alt
/// plus a letter or Backspace comes as Esc and the key in both.
@Suite(.serialized) struct ModifiedKeysTerminalTests {
    @Test(arguments: ["tmux-256color", "screen"])
    func shellEditingKeysInTheNetworkName(term: String) throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let script = """
            cd \(shellQuoted(folder.url.path))
            \(shellQuoted(binary)) hotspot --state h.json
            echo $? > status
            touch done
            """
        try script.write(toFile: folder.path("run.sh"), atomically: true, encoding: .utf8)
        let tmux = try TmuxHarness(
            command: "sh \(shellQuoted(folder.path("run.sh")))", term: term,
            environment: ["XDG_CONFIG_HOME": folder.url.path, "LANG": "C.UTF-8"])
        defer { tmux.close() }
        try tmux.waitFor(text: "Personal Hotspot")
        try tmux.sendKeys("Space")
        try tmux.waitFor(text: "Network Name")
        try tmux.sendKeys("Down", "Down", "C-u")
        try tmux.sendText("alpha beta gamma")
        try waitForNetworkName("alpha beta gamma", in: tmux)

        // Each step ends by typing, so the screen proves the keys before it arrived and did what
        // they should, and nothing else: an Alt key typing its letter, Escape opening the discard
        // question, or the plain arrow moving the caret would all show in the text.
        try tmux.sendKeys("M-BSpace")
        try tmux.sendText("delta")
        try waitForNetworkName("alpha beta delta", in: tmux)

        try tmux.sendKeys("M-b", "C-Left")
        try tmux.sendText("X")
        try waitForNetworkName("alpha Xbeta delta", in: tmux)

        // Shift-Right is not Right: the caret stays.
        try tmux.sendKeys("S-Right")
        try tmux.sendText("Y")
        try waitForNetworkName("alpha XYbeta delta", in: tmux)

        // Alt-Up is not Up: the focus stays on the field.
        try tmux.sendKeys("M-Up")
        try tmux.sendText("Z")
        try waitForNetworkName("alpha XYZbeta delta", in: tmux)

        try tmux.sendKeys("C-Right")
        try tmux.sendText("!")
        try waitForNetworkName("alpha XYZbeta! delta", in: tmux)

        // Alt-q would quit from a list; in a text field it does nothing, and types no q.
        try tmux.sendKeys("M-f", "M-q")
        try tmux.sendText("?")
        try waitForNetworkName("alpha XYZbeta! delta?", in: tmux)

        try tmux.sendKeys("C-w")
        try tmux.sendText("end")
        try waitForNetworkName("alpha XYZbeta! end", in: tmux)

        // An enabled hotspot needs a password before it saves.
        try tmux.sendKeys("Up", "Enter")
        try tmux.waitFor(text: "Enter or Ctrl-S keeps it")
        try tmux.sendText("password 1")
        try tmux.sendKeys("Enter")
        try tmux.waitFor(text: "Network Name")
        try tmux.sendKeys("C-s")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        #expect(folder.read("status") == "0\n")
        let saved = try Data(contentsOf: URL(fileURLWithPath: folder.path("h.json")))
        let values = try #require(try JSONSerialization.jsonObject(with: saved) as? [String: Any])
        #expect(values["networkName"] as? String == "alpha XYZbeta! end")
    }

    /// Waits until the Network Name row shows exactly `expected`; throws with the screen if not.
    private func waitForNetworkName(_ expected: String, in tmux: TmuxHarness) throws {
        let deadline = ContinuousClock.now + .seconds(5)
        var screen = ""
        while ContinuousClock.now < deadline {
            screen = try tmux.capture()
            let row = screen.split(separator: "\n").first { $0.contains("Network Name") }
            let shown = row.map { $0.split(separator: "Network Name", maxSplits: 1).last ?? "" }
            if shown?.trimmingCharacters(in: .whitespaces) == expected { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw TmuxHarness.Failure(
            description: "the Network Name did not become \"\(expected)\"; last screen:\n\(screen)")
    }
}
