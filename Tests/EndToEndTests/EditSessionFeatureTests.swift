import Foundation
import Testing

/// What every formtui form has, in `formtui edit`: answers piped line by line, a recording and
/// SVG snapshots in a theme, headless; the mouse and the inline mode in a terminal.
@Suite(.serialized) struct EditSessionFeatureTests {
    static let text = "// mine\n{\n  \"size\": 14,  // points\n  \"wrap\": true\n}\n"
    static let schema = """
        {"type": "object", "properties": {
          "size": {"type": "integer", "title": "Size"}, "wrap": {"type": "boolean", "title": "Wrap"}}}
        """

    private func folder() throws -> ScratchFolder {
        let folder = try ScratchFolder()
        try Self.text.write(toFile: folder.path("settings.json"), atomically: true, encoding: .utf8)
        try Self.schema.write(toFile: folder.path("schema.json"), atomically: true, encoding: .utf8)
        return folder
    }

    private func environment(_ folder: ScratchFolder) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = folder.path("state")
        return environment
    }

    @Test func answersPipedLineByLineAreSaved() throws {
        let folder = try folder()
        try "18\n\ny\n".write(toFile: folder.path("answers"), atomically: true, encoding: .utf8)
        let result = try TmuxHarness.runProcess(
            try TmuxHarness.formtuiBinary(),
            ["edit", folder.path("settings.json"), "--schema", folder.path("schema.json"), "--accessible"],
            environment: environment(folder), standardInput: folder.path("answers"), timeout: .seconds(20))
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("Size: 14.") && result.error.contains("Saved."), "\(result.error)")
        #expect(folder.read("settings.json") == Self.text.replacingOccurrences(of: "14", with: "18"))
    }

    @Test func aRecordingAndSVGSnapshotsInATheme() throws {
        let folder = try folder()
        try "snapshot as open\ndown space\nctrl-s\n".write(
            toFile: folder.path("k.keys"), atomically: true, encoding: .utf8)
        let result = try TmuxHarness.runProcess(
            try TmuxHarness.formtuiBinary(),
            [
                "edit", folder.path("settings.json"), "--schema", folder.path("schema.json"), "--headless",
                "--script", folder.path("k.keys"), "--record", folder.path("s.cast"), "--theme", "dark",
                "--snapshot-format", "svg", "--snapshot-dir", folder.path("shots"),
            ], environment: environment(folder), timeout: .seconds(20))
        #expect(result.status == 0, "\(result.error)")
        #expect(folder.read("shots/k-open.svg").contains("<svg"))
        #expect(folder.read("shots/k-open.svg").contains("settings.json"))
        let cast = folder.read("s.cast").split(separator: "\n")
        #expect(cast.first?.contains("\"version\": 2") == true)
        #expect(cast.count >= 3, "a header and a frame a key")
        #expect(folder.read("settings.json") == Self.text.replacingOccurrences(of: "true", with: "false"))
    }

    @Test func aClickInlineFlipsASwitchAndTheSaveLeavesASummary() throws {
        let folder = try folder()
        let binary = shellQuoted(try TmuxHarness.formtuiBinary())
        let tmux = try folder.runInTmux(
            "echo before\nXDG_STATE_HOME=\"$PWD/state\" \(binary) edit settings.json --schema schema.json --inline --keep\necho \"status $?\""
        )
        defer { tmux.close() }
        let screen = try tmux.waitFor(text: "Wrap", timeout: .seconds(15))
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let row = try #require(lines.firstIndex { $0.contains("Wrap") })
        #expect(lines.first == "before", "inline: what was printed stays above")
        // SGR counts columns and rows from 1: a click on the Wrap switch flips it.
        try tmux.sendText("\u{1B}[<0;6;\(row + 1)M\u{1B}[<0;6;\(row + 1)m")
        try tmux.waitFor(text: "○── Off")
        try tmux.sendKeys("C-s")
        try folder.waitForFile("done", timeout: .seconds(10), tmux: tmux)
        let after = try tmux.capture()
        #expect(after.contains("settings.json: saved") && after.contains("status 0"), "\(after)")
        #expect(folder.read("settings.json") == Self.text.replacingOccurrences(of: "true", with: "false"))
    }
}
