import Foundation
import Testing

/// Unsaved changes outlive the process: `formtui preferences` killed with -9, or its terminal
/// closed (SIGHUP), offers them at the next start; resuming shows them, Ctrl-S saves them and the
/// journal goes. A password typed into the hotspot never reaches the journal.
@Suite(.serialized) struct DraftResumeTerminalTests {
    /// Waits until the journal holds both flips.
    private func waitForJournal(_ folder: ScratchFolder, tmux: TmuxHarness?) throws -> String {
        let deadline = ContinuousClock.now + .seconds(5)
        while true {
            let text = folder.read(".p.json.draft")
            if text.contains("\"autoRefresh\": false"), text.contains("\"playSounds\": false") { return text }
            guard ContinuousClock.now < deadline else {
                throw TmuxHarness.Failure(
                    description:
                        "the journal did not get both changes: \(text)\n\((try? tmux?.capture()) ?? "")")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Starts again, resumes, checks the screen and saves.
    private func resumeAndSave(_ binary: String, _ folder: ScratchFolder) throws {
        let tmux = try folder.runInTmux("\(shellQuoted(binary)) preferences --state p.json\necho $? > status")
        defer { tmux.close() }
        try tmux.waitFor(text: "Unsaved changes from")
        #expect(try tmux.capture().contains("y Resume"))
        try tmux.sendText("y")
        try tmux.waitFor(text: "● modified")
        // The whole frame, not one caught halfway through being drawn.
        let screen = try tmux.waitFor(text: "Show Photos")
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let auto = try #require(lines.first { $0.contains("Auto Refresh") })
        let sounds = try #require(lines.firstIndex { $0.contains("Play Sounds") })
        #expect(auto.contains("○── Off"), "\(screen)")
        #expect(lines[sounds].contains("○── Off"), "\(screen)")
        #expect(lines[sounds].hasPrefix(">"), "focus is on the last row changed: \(screen)")
        #expect(try tmux.format("#{cursor_y}") == "\(sounds)")
        try tmux.sendKeys("C-s")
        try tmux.waitFor(text: "Saved.")
        let saved = try Data(contentsOf: URL(fileURLWithPath: folder.path("p.json")))
        let values = try #require(try JSONSerialization.jsonObject(with: saved) as? [String: Bool])
        #expect(values == ["autoRefresh": false, "playSounds": false, "showPhotos": true])
        #expect(!folder.exists(".p.json.draft"), "a save removes the journal")
        try tmux.sendText("q")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        #expect(folder.read("status") == "0\n")
    }

    @Test func resumesAfterKillDashNine() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try folder.runInTmux("exec \(shellQuoted(binary)) preferences --state p.json")
        defer { tmux.close() }
        try tmux.flipTwoPreferences()
        let journal = try waitForJournal(folder, tmux: tmux)
        #expect(journal.contains("\"form\": \"Edit Preferences\""))
        let mode = try FileManager.default.attributesOfItem(atPath: folder.path(".p.json.draft"))[
            .posixPermissions]
        #expect((mode as? Int) == 0o600)
        try killDashNine(tmux)
        tmux.close()
        try resumeAndSave(binary, folder)
    }

    @Test func resumesAfterTheTerminalCloses() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try folder.runInTmux("exec \(shellQuoted(binary)) preferences --state p.json")
        try tmux.flipTwoPreferences()
        // Closed at once: the second flip may still wait for its debounced write, which the
        // hang-up must make.
        tmux.close()
        _ = try waitForJournal(folder, tmux: nil)
        try resumeAndSave(binary, folder)
    }

    @Test func discardDeletesTheJournalAndKeepsTheFile() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let first = try folder.runInTmux("exec \(shellQuoted(binary)) preferences --state p.json")
        try first.flipTwoPreferences()
        _ = try waitForJournal(folder, tmux: first)
        first.close()
        let tmux = try folder.runInTmux("\(shellQuoted(binary)) preferences --state p.json")
        defer { tmux.close() }
        try tmux.waitFor(text: "Unsaved changes from")
        try tmux.sendText("n")
        try tmux.waitFor(text: "Unsaved changes discarded.")
        #expect(!folder.exists(".p.json.draft"))
        #expect(!folder.exists("p.json"), "nothing was saved")
    }

    @Test func aJournalForAChangedFileIsNotApplied() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let first = try folder.runInTmux("exec \(shellQuoted(binary)) preferences --state p.json")
        try first.flipTwoPreferences()
        let journal = try waitForJournal(folder, tmux: first)
        first.close()
        // Another program saves the file meanwhile.
        try #"{"autoRefresh": true, "playSounds": true, "showPhotos": false}"#.write(
            toFile: folder.path("p.json"), atomically: true, encoding: .utf8)
        let tmux = try folder.runInTmux("\(shellQuoted(binary)) preferences --state p.json")
        defer { tmux.close() }
        let screen = try tmux.waitFor(text: "Unsaved changes not applied")
        #expect(screen.contains("p.json changed"), "\(screen)")
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
            .filter { $0.hasPrefix(".p.json.draft.") }
        #expect(aside.count == 1, "the journal is kept aside: \(aside)")
        #expect(!folder.exists(".p.json.draft"))
        #expect(aside.first.map { folder.read($0) } == journal)
        try tmux.sendText("n")
        try tmux.waitFor(text: "q Quit")
        #expect(try tmux.capture().contains("Show Photos") == true)
        #expect(aside.allSatisfy { folder.exists($0) }, "keeping it keeps it")
    }

    @Test func aTypedPasswordNeverReachesTheJournal() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try folder.runInTmux("exec \(shellQuoted(binary)) hotspot --state h.json")
        defer { tmux.close() }
        try tmux.waitFor(text: "Personal Hotspot")
        try tmux.sendKeys("Space")
        try tmux.waitFor(text: "Network Name")
        try tmux.sendKeys("Down", "Enter")
        try tmux.waitFor(text: "Enter or Ctrl-S keeps it")
        try tmux.sendText("hunter2-secret")
        try tmux.sendKeys("Enter")
        try tmux.waitFor(text: "Network Name")
        try tmux.sendKeys("Down", "C-u")
        try tmux.sendText("Attic")
        try tmux.waitFor(text: "Attic")
        let deadline = ContinuousClock.now + .seconds(5)
        while !folder.read(".h.json.draft").contains("Attic"), ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        try killDashNine(tmux)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.path(".h.json.draft")))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("Attic"))
        #expect(text.contains("\"enabled\": true"))
        #expect(bytes.range(of: Data("hunter2".utf8)) == nil, "the password is not in the journal: \(text)")
    }
}

/// Kills the pane's program with SIGKILL and waits until it is gone or a zombie: tmux's own
/// report of the end sometimes never comes (3.3a marks a pane dead when its terminal closes,
/// and may not record the status).
func killDashNine(_ tmux: TmuxHarness) throws {
    let pid = try tmux.panePID()
    kill(pid, SIGKILL)
    let deadline = ContinuousClock.now + .seconds(10)
    while let state = ProcessState.state(pid), state != "Z", ContinuousClock.now < deadline {
        usleep(10_000)
    }
    let state = ProcessState.state(pid)
    #expect(
        state == nil || state == "Z",
        "the program still runs after kill -9 (state \(String(describing: state)))")
}
