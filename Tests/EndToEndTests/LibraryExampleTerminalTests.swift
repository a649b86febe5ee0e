import Foundation
import Testing

/// The README's library example (`Examples/HotspotExample`: one import, one call) as a person
/// uses it: it saves at 80x24; killed with -9 in the middle of an edit at 40x12, the next run
/// offers the unsaved changes back, and saving them removes the journal.
@Suite(.serialized) struct LibraryExampleTerminalTests {
    /// The example, built beside formtui.
    private func exampleBinary() throws -> String {
        let formtui = URL(fileURLWithPath: try TmuxHarness.formtuiBinary())
        let path = formtui.deletingLastPathComponent().appendingPathComponent("HotspotExample").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw TmuxHarness.Failure(description: "HotspotExample is not built beside \(formtui.path)")
        }
        return path
    }

    /// The example's state, as its file holds it.
    private struct Hotspot: Decodable, Equatable {
        var enabled: Bool
        var password: String
        var networkName: String
    }

    private func savedState(_ folder: ScratchFolder) throws -> Hotspot {
        try JSONDecoder().decode(
            Hotspot.self, from: Data(contentsOf: URL(fileURLWithPath: folder.path("hotspot.json"))))
    }

    @Test func savesThenResumesAfterKillDashNine() throws {
        let binary = shellQuoted(try exampleBinary())
        let folder = try ScratchFolder()

        // Saves at 80x24: the switch, a password typed into its editor.
        let first = try folder.runInTmux("\(binary)\necho \"status $?\"")
        defer { first.close() }
        try first.waitFor(text: "Space Toggle")
        try first.sendKeys("Space", "Down", "Enter")
        try first.waitFor(text: "Enter or Ctrl-S keeps it")
        try first.sendText("hunter2222")
        try first.sendKeys("Enter")
        try first.waitFor(text: "● modified")
        try first.sendKeys("C-s")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: first)
        let afterSave = try first.capture(history: true)
        #expect(
            afterSave.contains("Saved.\nstatus 0"), "the terminal is back, the result printed: \(afterSave)")
        #expect(
            try savedState(folder) == Hotspot(enabled: true, password: "hunter2222", networkName: "My Phone"))
        first.close()
        try FileManager.default.removeItem(atPath: folder.path("done"))

        // An edit at 40x12, journaled, then kill -9.
        let second = try folder.runInTmux("exec \(binary)", width: 40, height: 12)
        defer { second.close() }
        try second.waitFor(text: "Network Name")
        try second.sendKeys("Down", "Down", "C-u")
        try second.sendText("Garage")
        try second.waitFor(text: "● modified")
        let deadline = ContinuousClock.now + .seconds(5)
        while !folder.read(".hotspot.json.draft").contains("Garage") {
            guard ContinuousClock.now < deadline else {
                throw TmuxHarness.Failure(description: "no journal of the edit:\n\(try second.capture())")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        try killDashNine(second)
        second.close()
        #expect(try savedState(folder).networkName == "My Phone", "the kill saved nothing")

        // The next run offers the edit back; resumed and saved, the journal goes.
        let third = try folder.runInTmux("\(binary)\necho \"status $?\"", width: 40, height: 12)
        defer { third.close() }
        try third.waitFor(text: "Unsaved changes from")
        #expect(try third.capture().contains("y Resume"))
        try third.sendText("y")
        let resumed = try third.waitFor(text: "Garage")
        #expect(resumed.contains("● modified"), "\(resumed)")
        try third.sendKeys("C-s")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: third)
        let afterResume = try third.capture(history: true)
        #expect(afterResume.contains("Saved.\nstatus 0"), "\(afterResume)")
        #expect(
            try savedState(folder) == Hotspot(enabled: true, password: "hunter2222", networkName: "Garage"))
        #expect(!folder.exists(".hotspot.json.draft"), "a save removes the journal")
    }

    @Test func aStopSignalGivesTheTerminalBackAndKeepsTheEdit() throws {
        let binary = shellQuoted(try exampleBinary())
        let folder = try ScratchFolder()
        // Not `exec`: tmux sometimes never reaps a pane's own process that ends on SIGTERM (seen
        // as a zombie for 16 s, formtui's demos alike), so the shell waits for it and says its status.
        let tmux = try folder.runInTmux("\(binary)\necho \"status $?\"")
        defer { tmux.close() }
        try tmux.waitFor(text: "Space Toggle")
        try tmux.sendKeys("Space")
        try tmux.waitFor(text: "● modified")
        let example = try #require(
            ProcessState.descendant(of: try tmux.panePID(), named: "HotspotExample"), "the example's process")
        kill(example, SIGTERM)
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        let screen = try tmux.capture(history: true)
        #expect(
            screen.contains("Nothing saved.\nstatus 0"),
            "the run answered, the terminal is back and the example ended with status 0: \(screen)")
        #expect(!screen.contains("Space Toggle"), "\(screen)")
        #expect(
            folder.read(".hotspot.json.draft").contains("\"enabled\": true"), "written as the run stopped")
        #expect(!folder.exists("hotspot.json"))
    }
}

/// `Form.run` under `TERM=dumb` asks line by line, as `formtui` does: the library example piped
/// answers saves them with no escape sequence written.
@Suite struct LibraryExampleLineModeTests {
    @Test func theExampleAnsweredLineByLineSaves() throws {
        let folder = try ScratchFolder()
        let formtui = URL(fileURLWithPath: try TmuxHarness.formtuiBinary())
        let example = formtui.deletingLastPathComponent().appendingPathComponent("HotspotExample").path
        // The switch on, a password, the network name kept, then save.
        try "y\nsecret-pass\n\ny\n".write(toFile: folder.path("answers"), atomically: true, encoding: .utf8)
        var environment = folder.environment
        environment["TERM"] = "dumb"
        let result = try TmuxHarness.runProcess(
            "/bin/sh", ["-c", "cd \(shellQuoted(folder.url.path)) && exec \(shellQuoted(example))"],
            environment: environment, standardInput: folder.path("answers"), timeout: .seconds(30))
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "Saved.\n", "\(result.output)")
        #expect(result.error.contains("Personal Hotspot"), "\(result.error)")
        #expect(!result.output.utf8.contains(0x1B) && !result.error.utf8.contains(0x1B))
        let saved = folder.read("hotspot.json")
        #expect(saved.contains("\"enabled\" : true") || saved.contains("\"enabled\": true"), "\(saved)")
        #expect(saved.contains("secret-pass"), "\(saved)")
    }
}
