import Foundation
import Testing

/// `formtui showcase` in a real terminal at 80x24: rows of many kinds edited, saved, read back after
/// a restart, and a cancel that leaves the file byte for byte; the secret never on screen.
@Suite(.serialized) struct ShowcaseTerminalTests {
    @Test func editedSavedReadBackAndCancelled() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try folder.runInTmux(
            """
            \(shellQuoted(binary)) showcase --state s.json
            echo $? > status
            """)
        defer { tmux.close() }
        try tmux.waitFor(text: "Notifications")
        try tmux.sendKeys("Space", "Down", "C-u")
        try tmux.sendText("grace")
        try tmux.sendKeys("Down")
        try tmux.sendText("t0ken-s3cret")
        try tmux.waitFor(text: "••••••••••••")
        #expect(!(try tmux.capture()).contains("s3cret"))
        // Guests (a stepper) and Volume (a slider), then the alarm's hour in its wheel.
        try tmux.sendKeys("Down", "Down", "Down", "Down", "Down", "Right", "Down", "PageUp")
        try tmux.waitFor(text: "80 %")
        try tmux.sendKeys("Down", "Enter", "Down", "Enter")
        try tmux.waitFor(text: "08:00")
        // Theme (segmented) and the rating (the custom row), far below.
        try tmux.sendKeys("Down", "Down", "Down", "Down", "Down", "Left")
        try tmux.waitFor(text: "Light │[Dark]│ Auto")
        // End is the button row; up past the party (the summary is a label) to the rating.
        try tmux.sendKeys("End", "Up", "Up")
        try tmux.sendText("5")
        try tmux.waitFor(text: "★★★★★")
        try tmux.sendKeys("C-s")
        try tmux.waitFor(text: "Review changes")
        #expect(!(try tmux.capture()).contains("s3cret"), "a secret reviewed as bullets")
        try tmux.sendKeys("C-s")
        try folder.waitForFile("status", timeout: .seconds(10), tmux: tmux)
        #expect(folder.read("status") == "0\n")
        let saved = try Data(contentsOf: URL(fileURLWithPath: folder.path("s.json")))
        let values = try #require(try JSONSerialization.jsonObject(with: saved) as? [String: Any])
        #expect(values["notifications"] as? Bool == false)
        #expect(values["nickname"] as? String == "grace")
        #expect(values["apiToken"] as? String == "t0ken-s3cret")
        #expect(values["guests"] as? Int == 3)
        #expect(values["volume"] as? Int == 80)
        #expect(values["alarm"] as? String == "1970-01-01T08:00:00Z")
        #expect(values["theme"] as? String == "Dark")
        #expect(values["rating"] as? Int == 5)

        let again = try folder.runInTmux(
            """
            \(shellQuoted(binary)) showcase --state s.json
            echo $? > status2
            """)
        defer { again.close() }
        try again.waitFor(text: "grace")
        #expect(try again.capture().contains("○── Off"))
        try again.sendKeys("Space")
        try again.waitFor(text: "● modified")
        try again.sendKeys("Escape")
        try again.waitFor(text: "Discard changes?")
        try again.sendKeys("y")
        try folder.waitForFile("status2", timeout: .seconds(10), tmux: again)
        #expect(folder.read("status2") == "1\n", "cancelled: exit status 1")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("s.json"))) == saved)
    }
}
