import Foundation
import Testing

/// `formtui preferences` in a real terminal (tmux, 80x24), used as a new user would: each screen is
/// compared with the headless rendering of the same state, so the terminal shows exactly what the
/// golden-tested renderer drew.
@Suite(.serialized) struct PreferencesTerminalTests {
    @Test func saveWritesTheFileAndCancelLeavesItUnchanged() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try folder.runInTmux(
            """
            stty -a > before
            \(shellQuoted(binary)) preferences --state p.json
            echo $? > status
            stty -a > after
            """)
        defer { tmux.close() }
        try tmux.waitFor(text: "Edit Preferences")
        #expect(try tmux.format("#{cursor_y}") == "6", "the cursor sits on the focused row")

        // Open the form, turn Play Sounds off, save.
        try tmux.sendKeys("Enter")
        try tmux.waitFor(text: "Space Toggle")
        try tmux.sendKeys("Down", "Space")
        try tmux.waitFor(text: "● modified")
        #expect(try tmux.format("#{cursor_y}") == "5")
        try tmux.sendKeys("C-s")
        try tmux.waitFor(text: "Saved.")
        let saved = try Data(contentsOf: URL(fileURLWithPath: folder.path("p.json")))
        let values = try #require(try JSONSerialization.jsonObject(with: saved) as? [String: Bool])
        #expect(values == ["autoRefresh": true, "playSounds": false, "showPhotos": true])
        #expect(String(decoding: saved, as: UTF8.self).contains("\"playSounds\": false"))
        let mode = try FileManager.default.attributesOfItem(atPath: folder.path("p.json"))[.posixPermissions]
        #expect((mode as? Int) == 0o600)

        // Open it again, change something, cancel and discard: the file stays as it was.
        try tmux.sendKeys("Enter")
        try tmux.waitFor(text: "Space Toggle")
        try tmux.sendKeys("Space")
        try tmux.waitFor(text: "● modified")
        try tmux.sendKeys("Escape")
        try tmux.waitFor(text: "Discard changes?")
        try tmux.sendText("y")
        try tmux.waitFor(text: "q Quit")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("p.json"))) == saved)

        // The summary on screen is the headless rendering of the saved state.
        try expectScreen(tmux, equals: headless(binary, folder, width: 80, height: 24))

        // Resize to 40x12 and back: redrawn at each size, exactly as rendered headless.
        try tmux.resize(width: 40, height: 12)
        let small = try headless(binary, folder, width: 40, height: 12)
        try waitForScreen(tmux, equals: small)
        try tmux.resize(width: 80, height: 24)
        try waitForScreen(tmux, equals: try headless(binary, folder, width: 80, height: 24))

        // Quit: status 0, the terminal modes as before.
        try tmux.sendText("q")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        #expect(folder.read("status") == "0\n")
        #expect(folder.read("before") == folder.read("after"), "stty -a changed")
        #expect(try tmux.format("#{alternate_on}") == "0")
    }

    @Test func focusRunsAcrossTheRowAndNoColorDropsColors() throws {
        let binary = try TmuxHarness.formtuiBinary()
        for noColor in [false, true] {
            let folder = try ScratchFolder()
            // Pinned both ways: the test must not depend on the NO_COLOR of whoever runs it.
            let setting = noColor ? "env NO_COLOR=1 " : "env -u NO_COLOR "
            let tmux = try folder.runInTmux("\(setting)\(shellQuoted(binary)) preferences --state p.json")
            defer { tmux.close() }
            try tmux.waitFor(text: "Edit Preferences")
            let screen = try tmux.capture(escapes: true)
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            let focused = try #require(lines.first { $0.contains("Edit Preferences") })
            // The marker starts the row's focus: reverse video and bold without colors, the
            // theme's focus background with them; and the row goes on in it past the title.
            let mark = try #require(focused.firstMatch(of: /\x1b\[([0-9;]*)m>/))
            let after = focused[mark.range.upperBound...]
            if noColor {
                let attributes = mark.1.split(separator: ";")
                #expect(attributes.contains("7") && attributes.contains("1"), "reverse and bold: \(focused)")
            } else {
                #expect(focused.contains("48;5;237"), "the dark theme's focus background: \(focused)")
                #expect(!after.contains(/\x1b\[49m/), "the background runs across the row: \(focused)")
            }
            // tmux writes default colors (39, 49) after every reset whatever the program drew, so only
            // an actual color (30-37, 40-47, 90-97, 38;…, 48;…) counts.
            let colored = screen.contains(/\x1b\[([0-9;]*;)?(3[0-7]|4[0-7]|9[0-7]|38|48)(;|m)/)
            #expect(
                colored == !noColor,
                "NO_COLOR=\(noColor): colors \(colored ? "present" : "absent"):\n\(screen.debugDescription)")
        }
    }

    /// The screen that `formtui preferences` draws for the state in `folder`, rendered headless.
    private func headless(_ binary: String, _ folder: ScratchFolder, width: Int, height: Int) throws
        -> [String]
    {
        let script = folder.path("snapshot.keys")
        try "snapshot\n".write(toFile: script, atomically: true, encoding: .utf8)
        let result = try TmuxHarness.runProcess(
            binary,
            [
                "preferences", "--headless", "--size", "\(width)x\(height)", "--script", script, "--state",
                folder.path("p.json"),
            ],
            environment: folder.environment, timeout: .seconds(10))
        #expect(result.status == 1, "a look that saves nothing: \(result.error)")
        return Array(
            result.output.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().map(
                String.init))
    }

    private func screenLines(_ tmux: TmuxHarness) throws -> [String] {
        try trimmed(tmux.capture().split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    private func trimmed(_ lines: [String]) -> [String] {
        var lines = lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    private func expectScreen(_ tmux: TmuxHarness, equals expected: [String]) throws {
        let actual = try screenLines(tmux)
        #expect(actual == trimmed(expected), "terminal:\n\(actual.joined(separator: "\n"))")
    }

    /// A resize reaches the program asynchronously: wait for the redraw, then compare.
    private func waitForScreen(_ tmux: TmuxHarness, equals expected: [String]) throws {
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline, try screenLines(tmux) != trimmed(expected) {
            Thread.sleep(forTimeInterval: 0.05)
        }
        try expectScreen(tmux, equals: expected)
    }
}
