import Foundation
import Testing

/// The mouse in a real terminal (tmux): reporting is turned on while formtui runs and off on every
/// way out (the end, a stop signal, a crash), and a click typed as the terminal sends it (an SGR
/// report, through `send-keys -l`) reaches the form through the program's own decoder.
@Suite(.serialized) struct MouseTerminalTests {
    /// tmux's view of the pane's mouse modes: SGR reporting (1006) and button reporting (1000).
    static func mouseFlags(_ tmux: TmuxHarness) throws -> String {
        try tmux.format("#{mouse_sgr_flag}#{mouse_standard_flag}")
    }

    /// Runs `command` in tmux; once it ends, `exited` appears and the pane stays for a look.
    static func start(_ command: String, in folder: ScratchFolder) throws -> TmuxHarness {
        try folder.runInTmux("\(command)\necho $? > status\ntouch exited\nsleep 30")
    }

    @Test func aClickFlipsASwitchAndReportingEndsWithTheProgram() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try Self.start("\(shellQuoted(binary)) showcase --state s.json", in: folder)
        defer { tmux.close() }
        try tmux.waitFor(text: "Notifications")
        #expect(try Self.mouseFlags(tmux) == "11")
        // The Notifications row is the third line; SGR counts columns and rows from 1.
        try tmux.sendText("\u{1B}[<0;6;3M\u{1B}[<0;6;3m")
        try tmux.waitFor(text: "○── Off")
        // The help line's "^S Save" item, clicked: the review, then its own Save.
        let help = try #require(try tmux.capture().split(separator: "\n").last.map(String.init))
        let column = try #require(help.range(of: "^S")).lowerBound.utf16Offset(in: help) + 1
        try tmux.sendText("\u{1B}[<0;\(column);24M")
        try tmux.waitFor(text: "Review changes")
        try tmux.sendKeys("C-s")
        try folder.waitForFile("exited", timeout: .seconds(10), tmux: tmux)
        #expect(folder.read("status") == "0\n")
        let saved = try JSONSerialization.jsonObject(with: Data(folder.read("s.json").utf8)) as? [String: Any]
        #expect(saved?["notifications"] as? Bool == false)
        #expect(try Self.mouseFlags(tmux) == "00")
    }

    @Test func noMouseLeavesTheMouseToTheTerminal() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try Self.start("\(shellQuoted(binary)) showcase --no-mouse --state s.json", in: folder)
        defer { tmux.close() }
        try tmux.waitFor(text: "Notifications")
        #expect(try Self.mouseFlags(tmux) == "00")
        try tmux.sendKeys("Escape")
        try folder.waitForFile("exited", timeout: .seconds(10), tmux: tmux)
    }

    @Test(arguments: ["TERM", "crash"])
    func reportingIsOffAfterAStopSignalOrACrash(_ ending: String) throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let command = ending == "crash" ? "debug-crash" : "showcase --state s.json"
        // A moment first, for the recording of what the program writes to start.
        let tmux = try Self.start("sleep 0.5; \(shellQuoted(binary)) \(command)", in: folder)
        defer { tmux.close() }
        try tmux.recordOutput(to: folder.path("written"))
        if ending == "crash" {
            try folder.waitForFile("exited", timeout: .seconds(40), tmux: tmux)
            // It turned reporting on, then the crash handler turned it off.
            let written = folder.read("written")
            let on = try #require(written.range(of: "\u{1B}[?1006h"), "never turned on")
            #expect(written[on.upperBound...].contains("\u{1B}[?1006l\u{1B}[?1000l"))
        } else {
            try tmux.waitFor(text: "Notifications")
            #expect(try Self.mouseFlags(tmux) == "11")
            let pid = try #require(Int32(try tmux.format("#{pane_pid}")))
            // The shell's child: formtui.
            let children = try TmuxHarness.runProcess(
                "/usr/bin/pgrep", ["-P", String(pid)], timeout: .seconds(5)
            ).output.split(separator: "\n").compactMap { Int32($0) }
            let child = try #require(children.first)
            kill(child, SIGTERM)
            try folder.waitForFile("exited", timeout: .seconds(10), tmux: tmux)
            #expect(folder.read("status") == "143\n")
        }
        #expect(try Self.mouseFlags(tmux) == "00")
    }
}
