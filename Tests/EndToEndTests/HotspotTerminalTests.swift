import Foundation
import Testing

/// `formtui hotspot` in a real terminal: text typed in place (UTF-8, Space and q included) and a
/// pushed password editor, saved to the file.
@Suite(.serialized) struct HotspotTerminalTests {
    @Test func typedTextAndAPushedEditorAreSaved() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try folder.runInTmux(
            """
            \(shellQuoted(binary)) hotspot --state h.json
            echo $? > status
            """)
        defer { tmux.close() }
        try tmux.waitFor(text: "Personal Hotspot")
        try tmux.sendKeys("Space")
        try tmux.waitFor(text: "Network Name")
        // The network name, typed in place: Space and q are text here, not commands.
        try tmux.sendKeys("Down", "Down", "C-u")
        try tmux.sendText("Café q 日本")
        try tmux.waitFor(text: "Café q 日本")
        let cursor = try tmux.format("#{cursor_x},#{cursor_y}")
        let screen = try tmux.capture()
        let row = try #require(
            screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                $0.contains("Café q 日本")
            })
        #expect(cursor.hasSuffix(",\(row)"), "the cursor is on the edited row: \(cursor)")
        // The password, in its own editor.
        try tmux.sendKeys("Up", "Enter")
        try tmux.waitFor(text: "Enter or Ctrl-S keeps it")
        try tmux.sendKeys("C-u")
        try tmux.sendText("pässwörd 42")
        try tmux.sendKeys("Enter")
        try tmux.waitFor(text: "Network Name")
        #expect(!(try tmux.capture()).contains("pässwörd"))
        try tmux.sendKeys("C-s")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        #expect(folder.read("status") == "0\n")
        let saved = try Data(contentsOf: URL(fileURLWithPath: folder.path("h.json")))
        let values = try #require(try JSONSerialization.jsonObject(with: saved) as? [String: Any])
        #expect(values["networkName"] as? String == "Café q 日本")
        #expect(values["password"] as? String == "pässwörd 42")
        #expect(values["enabled"] as? Bool == true)
    }
}
