import Foundation
import Testing

/// Terminals that are not a modern xterm: a locale that is not UTF-8 gets ASCII in the same
/// columns, and a terminal without an alternate screen is left clean for the shell.
@Suite(.serialized) struct PlainTerminalTests {
    @Test func withoutAUTF8LocaleEveryCellIsASCIIInTheSameColumns() throws {
        let utf8 = try screens(locale: "C.UTF-8")
        let plain = try screens(locale: "C")
        #expect(utf8.contains { screen in screen.unicodeScalars.contains { !$0.isASCII } })
        // A switch on and a switch off stay apart without their words.
        #expect(plain[1].contains("==* On"), "\(plain[1])")
        #expect(plain[2].contains("o-- Off"), "\(plain[2])")
        for (fancy, ascii) in zip(utf8, plain) {
            let nonASCII = ascii.unicodeScalars.filter { !$0.isASCII }
            #expect(nonASCII.isEmpty, "not ASCII: \(String(String.UnicodeScalarView(nonASCII)))\n\(ascii)")
            let fancyLines = fancy.split(separator: "\n", omittingEmptySubsequences: false)
            let asciiLines = ascii.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(fancyLines.count == asciiLines.count)
            // The help line names arrows in words, which takes more columns: `^v` read as Ctrl-V.
            let help = fancyLines.lastIndex { $0.contains("Esc") || $0.contains("Quit") } ?? fancyLines.count
            if help < asciiLines.count {
                #expect(!asciiLines[help].contains("^v"), "\(asciiLines[help])")
                #expect(
                    !fancyLines[help].contains("↑↓") || asciiLines[help].contains("Up/Dn"),
                    "\(asciiLines[help])")
            }
            for (index, (fancyLine, asciiLine)) in zip(fancyLines, asciiLines).enumerated()
            where index != help {
                // Same columns: only the characters that are not ASCII changed.
                let same =
                    fancyLine.count == asciiLine.count
                    && zip(fancyLine, asciiLine).allSatisfy { !$0.0.isASCII || $0.0 == $0.1 }
                #expect(same, "\n\(fancyLine)\n\(asciiLine)")
            }
        }
    }

    /// vt100 has no alternate screen: the last frame would stay above the shell's next prompt.
    @Test func withoutAnAlternateScreenTheScreenIsClearedOnExit() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try folder.runInTmux(
            """
            stty -a > before
            TERM=vt100 \(shellQuoted(binary)) preferences --state p.json
            echo $? > status
            stty -a > after
            echo "the shell goes on"
            touch printed
            read -r ignored
            """)
        defer { tmux.close() }
        try tmux.waitFor(text: "Edit Preferences")
        try tmux.sendText("q")
        // The shell then waits for a line: the screen of a dead pane gets tmux's own message.
        try folder.waitForFile("printed", timeout: .seconds(5), tmux: tmux)
        let screen = try tmux.waitFor(text: "the shell goes on")
        try tmux.sendKeys("Enter")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        #expect(folder.read("status") == "1\n", "quit without saving")
        #expect(folder.read("before") == folder.read("after"), "stty -a changed")
        let lines = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.filter { !$0.isEmpty } == ["the shell goes on"], "screen:\n\(screen)")
        #expect(lines.first == "the shell goes on", "the prompt does not start at the top:\n\(screen)")
    }

    /// The screen once it shows `text` and two captures 100 ms apart agree: on a busy machine a
    /// capture can catch a frame half drawn.
    private func settledScreen(_ tmux: TmuxHarness, showing text: String) throws -> String {
        var screen = try tmux.waitFor(text: text)
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            let next = try tmux.capture()
            if next == screen { return screen }
            screen = next
        }
        throw TmuxHarness.Failure(description: "the screen kept changing; last screen:\n\(screen)")
    }

    /// The summary, the edit form, and the edit form with a change, under `locale`.
    private func screens(locale: String) throws -> [String] {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try folder.runInTmux(
            """
            env -u LC_ALL -u LC_CTYPE LANG=\(locale) \(shellQuoted(binary)) preferences --state p.json
            echo $? > status
            """)
        defer { tmux.close() }
        var result = [try settledScreen(tmux, showing: "q Quit")]
        try tmux.sendKeys("Enter")
        result.append(try settledScreen(tmux, showing: "Space Toggle"))
        try tmux.sendKeys("Space")
        result.append(try settledScreen(tmux, showing: "modified"))
        try tmux.sendKeys("Escape")
        try tmux.waitFor(text: "Discard changes?")
        try tmux.sendText("y")
        try tmux.waitFor(text: "q Quit")
        try tmux.sendText("q")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        #expect(folder.read("status") == "1\n", "quit without saving")
        return result
    }
}
