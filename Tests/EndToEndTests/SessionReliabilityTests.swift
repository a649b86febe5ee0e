import Foundation
import Testing

/// Two sessions of one state file, and a terminal that closes (issue 23, points 5 and 9).
struct SessionReliabilityTests {

    private func waitFor(_ file: String, in folder: ScratchFolder, containing words: String) throws -> String
    {
        let deadline = ContinuousClock.now + .seconds(5)
        while true {
            let text = folder.read(file)
            if text.contains(words) { return text }
            guard ContinuousClock.now < deadline else {
                throw TmuxHarness.Failure(description: "\(file) never held \(words): '\(text)'")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    @Test func aSecondSessionSaysWhoseTheFormIsAndNeverTouchesTheFirstsDraft() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let first = try folder.runInTmux("exec \(shellQuoted(binary)) preferences --state p.json")
        defer { first.close() }
        try first.flipTwoPreferences()
        let journal = try waitFor(".p.json.draft", in: folder, containing: "\"playSounds\": false")

        let second = try folder.runInTmux("exec \(shellQuoted(binary)) preferences --state p.json")
        defer { second.close() }
        let screen = try second.waitFor(text: "open in another formtui (pid")
        #expect(!screen.contains("Unsaved changes from"), "the first's draft is not offered: \(screen)")
        // The second edits and saves: the first's journal stays as it was.
        try second.sendKeys("Enter")
        try second.waitFor(text: "Space Toggle")
        try second.sendKeys("Down", "Down", "Space", "C-s")
        _ = try waitFor("p.json", in: folder, containing: "showPhotos")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(folder.read(".p.json.draft") == journal, "the second session never wrote or removed it")
        second.close()
        #expect(folder.read(".p.json.draft") == journal)
    }

    @Test func aClosedTerminalAlwaysExits129AfterWritingTheDraft() throws {
        let binary = try TmuxHarness.formtuiBinary()
        for trial in 0..<3 {
            let folder = try ScratchFolder()
            // The shell ignores the hang-up so that it can write the status down.
            let tmux = try folder.runInTmux(
                "trap '' HUP; \(shellQuoted(binary)) preferences --state p.json; echo $? > status")
            try tmux.flipTwoPreferences()
            tmux.close()
            let status = try waitFor("status", in: folder, containing: "\n")
            #expect(status == "129\n", "trial \(trial)")
            let draft = try waitFor(".p.json.draft", in: folder, containing: "\"playSounds\": false")
            #expect(draft.contains("\"autoRefresh\": false"), "trial \(trial)")
        }
    }
}
