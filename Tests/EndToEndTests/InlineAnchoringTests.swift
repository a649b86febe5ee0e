import Foundation
import Testing

/// `--inline` where the area's place on the screen matters, in a real terminal (tmux): a window
/// made narrower (tmux rewraps the lines already drawn) and wider again leaves one form and
/// everything printed before; text on the cursor's line stays; clicks land on the rows they
/// point at.
@Suite(.serialized) struct InlineAnchoringTests {
    private func lines(_ screen: String) -> [String] {
        var lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop(while: { $0 == " " }).reversed())
        }
        while let last = lines.last, last == "" || last.hasPrefix("Pane is dead") { lines.removeLast() }
        return lines
    }

    private func start(_ script: String, folder: ScratchFolder, width: Int = 80, height: Int = 24) throws
        -> TmuxHarness
    {
        try InlineTerminalTests.spec.write(
            toFile: folder.path("spec.yaml"), atomically: true, encoding: .utf8)
        return try folder.runInTmux(script, width: width, height: height)
    }

    /// Polls the history and screen until `done` holds of its non-empty lines (or 5 s), and
    /// returns them.
    private func settle(_ tmux: TmuxHarness, _ done: ([String]) -> Bool) throws -> [String] {
        let deadline = ContinuousClock.now + .seconds(5)
        while true {
            let all = lines(try tmux.capture(history: true)).filter { !$0.isEmpty }
            if done(all) || ContinuousClock.now > deadline { return all }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Waits until the frame on the screen is whole: the cursor back on the first column of the
    /// form's first line (` Deploy`), where it is parked between frames. A resize that tmux makes
    /// while a frame is still arriving rewraps lines the frame then moves over as they were.
    private func waitUntilParked(_ tmux: TmuxHarness) throws {
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            let screen = try tmux.capture().split(separator: "\n", omittingEmptySubsequences: false)
            if let top = screen.firstIndex(of: " Deploy"),
                try tmux.format("#{cursor_x},#{cursor_y}") == "0,\(top)"
            {
                return
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw TmuxHarness.Failure(description: "the cursor never came back to the form's first line")
    }

    /// The form's lines at a width, as drawn below `seq 12` and MARK: nothing else in the
    /// history or on the screen, each once.
    private func expected(valueColumn: Int, help: String) -> [String] {
        func row(_ title: String, _ value: String) -> String {
            title + String(repeating: " ", count: valueColumn - title.count) + value
        }
        return (1...12).map(String.init) + [
            "MARK", " Deploy", " TARGET", row("> Name", "web"), row("  TLS", "━━● On"), " " + help,
        ]
    }

    /// Colors off (`NO_COLOR`, the sandbox's own default pinned): the title bar and the focused
    /// row are reversed blanks to the last column, text of the line that tmux rewraps; the most
    /// lines a narrowing adds. Each narrowing here adds fewer than there are lines above the form.
    @Test func aNarrowerWindowAndAWiderOneLeaveOneFormAndEverythingAbove() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try start(
            """
            export NO_COLOR=1
            seq 12
            printf 'MARK\\n'
            \(shellQuoted(binary)) form --inline --height 10 spec.yaml
            echo "STATUS=$?"
            """, folder: folder)
        defer { tmux.close() }
        _ = try tmux.waitFor(text: "Save")
        try waitUntilParked(tmux)
        let full = "↑↓ Move  Type to edit  ^S Save  Esc Cancel"
        // The value column and the help line follow the width: each step is drawn anew.
        for (width, column, help) in [
            (40, 16, "Type to edit  ^S Save  Esc Cancel"), (100, 40, full), (90, 36, full), (80, 32, full),
        ] {
            try tmux.resize(width: width, height: 24)
            let want = expected(valueColumn: column, help: help)
            let seen = try settle(tmux) { $0 == want }
            #expect(seen == want, "at \(width) columns")
            try waitUntilParked(tmux)
        }
        try tmux.sendKeys("Escape")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        let after = lines(try tmux.capture(history: true)).filter { !$0.isEmpty }
        #expect(after == (1...12).map(String.init) + ["MARK", "STATUS=1"], "\(after)")
    }

    /// tmux keeps the bottom of the screen in place when it rewraps: a form right below the
    /// first line, made narrower, moves up past the top, and the lines pushed off go to the
    /// history as they were, out of any program's reach (colors off: the most lines rewrapped).
    /// What stays on the screen is one form, drawn at the new width from the top.
    @Test func aNarrowerWindowWithTheFormAtTheTopLeavesOneFormOnTheScreen() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try start(
            """
            export NO_COLOR=1
            printf 'MARK\\n'
            \(shellQuoted(binary)) form --inline --height 10 spec.yaml
            echo "STATUS=$?"
            """, folder: folder)
        defer { tmux.close() }
        _ = try tmux.waitFor(text: "Save")
        try waitUntilParked(tmux)
        try tmux.resize(width: 40, height: 24)
        let want = [" Deploy", " TARGET", "> Name          web", "  TLS           ━━● On"]
        let help = " Type to edit  ^S Save  Esc Cancel"
        func onScreen() throws -> [String] { lines(try tmux.capture()).filter { !$0.isEmpty } }
        let deadline = ContinuousClock.now + .seconds(5)
        var screen = try onScreen()
        while screen.filter({ $0 != "MARK" }) != want + [help], ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            screen = try onScreen()
        }
        #expect(screen.filter { $0 != "MARK" } == want + [help], "\(screen)")
        let all = lines(try tmux.capture(history: true))
        #expect(all.filter { $0 == "MARK" }.count == 1, "\(all)")
        try tmux.sendKeys("Escape")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        // Only the title bar went to the history; the rest was cleared.
        let after = lines(try tmux.capture(history: true)).filter { !$0.isEmpty }
        #expect(!after.contains { $0.contains("TLS") || $0.contains("Save") }, "\(after)")
        #expect(after.last == "STATUS=1", "\(after)")
    }

    /// `printf 'abc'` leaves the cursor after the text: the form begins on the next line and
    /// the text is still there after it.
    @Test func textOnTheCursorsLineStays() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try start(
            """
            printf 'MARK\\nabc'
            \(shellQuoted(binary)) form --inline --height 8 spec.yaml
            echo "STATUS=$?"
            """, folder: folder)
        defer { tmux.close() }
        let running = lines(try tmux.waitFor(text: "Save"))
        #expect(Array(running.prefix(3)) == ["MARK", "abc", " Deploy"], "\(running)")
        try tmux.sendKeys("Escape")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        let after = lines(try tmux.capture(history: true)).filter { !$0.isEmpty }
        #expect(after == ["MARK", "abc", "STATUS=1"], "\(after)")
    }

    /// The terminal is asked for mouse reports; a click on MARK (above the area) does nothing, a
    /// click on the switch's row focuses and flips it; at the end reporting is off again.
    @Test func aClickOnARowOfTheAreaActsOnThatRow() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try start(
            """
            seq 5
            printf 'MARK\\n'
            \(shellQuoted(binary)) form --inline --height 8 --format env spec.yaml > answers
            echo "STATUS=$?"
            """, folder: folder)
        defer { tmux.close() }
        let running = lines(try tmux.waitFor(text: "Save"))
        let tlsRow = try #require(running.firstIndex { $0.hasPrefix("  TLS") }, "\(running)")
        let markRow = try #require(running.firstIndex(of: "MARK"))
        #expect(try tmux.format("#{mouse_sgr_flag}#{mouse_standard_flag}") == "11", "reporting asked for")
        // SGR reports count from 1: press and release on MARK, then on TLS's title.
        try tmux.sendText("\u{1B}[<0;3;\(markRow + 1)M\u{1B}[<0;3;\(markRow + 1)m")
        try tmux.sendText("\u{1B}[<0;4;\(tlsRow + 1)M\u{1B}[<0;4;\(tlsRow + 1)m")
        let clicked = lines(try tmux.waitFor(text: "○── Off"))
        #expect(clicked[tlsRow].hasPrefix("> TLS"), "\(clicked)")
        #expect(clicked[markRow] == "MARK", "\(clicked)")
        #expect(clicked.filter { $0.hasPrefix(">") }.count == 1, "one row focused:\n\(clicked)")
        try tmux.sendKeys("C-s")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        #expect(folder.read("answers").contains("TLS=false") || folder.read("answers").contains("tls=false"))
        let after = lines(try tmux.capture(history: true)).filter { !$0.isEmpty }
        #expect(Array(after.suffix(2)) == ["MARK", "STATUS=0"], "\(after)")
        #expect(try tmux.format("#{mouse_sgr_flag}#{mouse_standard_flag}") == "00", "reporting off again")
    }

    /// The wheel over the area scrolls the showcase's list as in the full screen (the focus
    /// follows, never off the screen), and back; the title bar and MARK stay.
    @Test func theWheelScrollsTheList() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try start(
            """
            printf 'MARK\\n'
            \(shellQuoted(binary)) showcase --inline --height 12 --state showcase.json
            echo "STATUS=$?"
            """, folder: folder)
        defer { tmux.close() }
        let first = lines(try tmux.waitFor(text: "Notifications"))
        #expect(Array(first.prefix(2)) == ["MARK", " Showcase"], "\(first)")
        // Over the area's fifth line (screen row 5, from 1 in SGR's count: 6).
        for _ in 0..<3 { try tmux.sendText("\u{1B}[<65;10;6M") }
        let scrolled = try settle(tmux) { !$0.contains { $0.contains("Notifications") } }
        #expect(!scrolled.contains { $0.contains("Notifications") }, "not scrolled:\n\(scrolled)")
        let screen = lines(try tmux.capture())
        #expect(Array(screen.prefix(2)) == ["MARK", " Showcase"], "\(screen)")
        #expect(screen.filter { $0.hasPrefix(">") }.count == 1, "the focus on the screen:\n\(screen)")
        for _ in 0..<3 { try tmux.sendText("\u{1B}[<64;10;6M") }
        let back = try settle(tmux) { $0.contains { $0.contains("Notifications") } }
        #expect(back.contains { $0.contains("Notifications") }, "not scrolled back:\n\(back)")
        try tmux.sendKeys("Escape")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
    }

    /// `--no-mouse`: nothing asked of the terminal, and a report that arrives anyway is no click.
    @Test func noMouseLeavesTheMouseToTheTerminal() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try start(
            """
            printf 'MARK\\n'
            \(shellQuoted(binary)) form --inline --height 8 --no-mouse spec.yaml
            echo "STATUS=$?"
            """, folder: folder)
        defer { tmux.close() }
        let running = lines(try tmux.waitFor(text: "Save"))
        let tlsRow = try #require(running.firstIndex { $0.hasPrefix("  TLS") }, "\(running)")
        #expect(try tmux.format("#{mouse_sgr_flag}#{mouse_standard_flag}") == "00")
        try tmux.sendText("\u{1B}[<0;4;\(tlsRow + 1)M\u{1B}[<0;4;\(tlsRow + 1)m")
        // The keys after it arrive, so the report did too: focus moved by Down, the switch unflipped.
        try tmux.sendKeys("Down")
        let moved = lines(try tmux.waitFor(text: "Toggle"))
        #expect(moved[tlsRow].hasPrefix("> TLS") && moved[tlsRow].hasSuffix("━━● On"), "\(moved)")
        try tmux.sendKeys("Escape")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
    }
}
