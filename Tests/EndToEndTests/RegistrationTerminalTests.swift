import Foundation
import Testing

/// `formtui registration` in a real terminal, as a new user would: the empty form refused, every
/// row filled in (the birthday in its picker, the country filtered), saved, read back after a
/// restart; a cancel that leaves the file byte for byte.
@Suite(.serialized) struct RegistrationTerminalTests {
    @Test func filledInSavedAndReadBack() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try folder.runInTmux(
            """
            \(shellQuoted(binary)) registration --state r.json
            echo $? > status
            """)
        defer { tmux.close() }
        try tmux.waitFor(text: "Enable 2FA")
        try tmux.sendKeys("C-s")
        try tmux.waitFor(text: "Not saved: 5 rows need attention.")
        #expect(try tmux.capture().contains("! Your name is needed."))
        try tmux.sendText("Ada Lovelace")
        try tmux.sendKeys("Enter")
        try tmux.sendText("ada@example.com")
        try tmux.sendKeys("Enter")
        try tmux.sendText("secret123")
        try tmux.sendKeys("Enter", "Enter")
        // The picker opens thirty years back; the year typed.
        try tmux.waitFor(text: "Change Day")
        try tmux.sendKeys("Right", "Right")
        try tmux.sendText("1815")
        try tmux.waitFor(text: "1815")
        try tmux.sendKeys("Enter", "Down", "Enter")
        try tmux.waitFor(text: "Afghanistan")
        try tmux.sendText("swe")
        try tmux.waitFor(text: "Country / swe")
        try tmux.sendKeys("Enter")
        try tmux.waitFor(text: "Sweden ›")
        #expect(!(try tmux.capture()).contains("secret123"))
        try tmux.sendKeys("Down", "Space", "C-s")
        try tmux.waitFor(text: "Review changes")
        try tmux.sendKeys("C-s")
        try folder.waitForFile("status", timeout: .seconds(10), tmux: tmux)
        #expect(folder.read("status") == "0\n")
        let saved = try Data(contentsOf: URL(fileURLWithPath: folder.path("r.json")))
        let values = try #require(try JSONSerialization.jsonObject(with: saved) as? [String: Any])
        #expect(values["fullName"] as? String == "Ada Lovelace")
        #expect(values["email"] as? String == "ada@example.com")
        #expect(values["password"] as? String == "secret123")
        #expect(values["country"] as? String == "Sweden")
        #expect(values["twoFactor"] as? Bool == true)
        #expect((values["birthday"] as? String)?.hasPrefix("1815-") == true)

        // Read back after a restart, then a cancel with changes leaves the file as it was.
        let before = try Data(contentsOf: URL(fileURLWithPath: folder.path("r.json")))
        let again = try folder.runInTmux(
            """
            \(shellQuoted(binary)) registration --state r.json
            echo $? > status2
            """)
        defer { again.close() }
        try again.waitFor(text: "Sweden ›")
        #expect(try again.capture().contains("Ada Lovelace"))
        try again.sendText("x")
        try again.waitFor(text: "Ada Lovelacex")
        try again.sendKeys("Escape")
        try again.waitFor(text: "Discard changes?")
        try again.sendKeys("y")
        try folder.waitForFile("status2", timeout: .seconds(10), tmux: again)
        #expect(folder.read("status2") == "1\n", "cancelled: exit status 1")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("r.json"))) == before)
    }
}
