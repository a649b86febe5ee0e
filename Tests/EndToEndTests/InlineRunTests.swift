import Foundation
import Testing

/// Inline mode from the library (`Form.run` with `.inline`) and recorded (`--record`), in a
/// real terminal (tmux).
@Suite(.serialized) struct InlineRunTests {
    private func lines(_ screen: String) -> [String] {
        var lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop(while: { $0 == " " }).reversed())
        }
        while let last = lines.last, last == "" || last.hasPrefix("Pane is dead") { lines.removeLast() }
        return lines
    }

    /// `Examples/InlineExample`, built beside formtui: a two-row form run with
    /// `.inline(height: .lines(8))`, which prints what was saved.
    private func exampleBinary() throws -> String {
        let formtui = URL(fileURLWithPath: try TmuxHarness.formtuiBinary())
        let path = formtui.deletingLastPathComponent().appendingPathComponent("InlineExample").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw TmuxHarness.Failure(description: "InlineExample is not built beside \(formtui.path)")
        }
        return path
    }

    @Test func formRunInlineLeavesWhatWasAboveAndReturnsTheResult() throws {
        let example = try exampleBinary()
        let folder = try ScratchFolder()
        let tmux = try folder.runInTmux(
            """
            printf 'MARK\\n'
            \(shellQuoted(example))
            echo "STATUS=$?"
            """)
        defer { tmux.close() }
        let running = lines(try tmux.waitFor(text: "TLS"))
        #expect(Array(running.prefix(2)) == ["MARK", " Deploy"], "\(running)")
        #expect(running.count <= 9, "more than 8 lines taken:\n\(running)")
        try tmux.sendKeys("Down", "Space")
        _ = try tmux.waitFor(text: "○── Off")
        try tmux.sendKeys("C-s")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        let after = lines(try tmux.capture(history: true)).filter { !$0.isEmpty }
        #expect(after == ["MARK", "Deploy web, TLS off", "STATUS=0"], "\(after)")
    }

    @Test func formRunInlineCancelledSavesNothing() throws {
        let example = try exampleBinary()
        let folder = try ScratchFolder()
        let tmux = try folder.runInTmux(
            """
            printf 'MARK\\nabc'
            \(shellQuoted(example))
            echo "STATUS=$?"
            """, width: 40, height: 12)
        defer { tmux.close() }
        let running = lines(try tmux.waitFor(text: "TLS"))
        #expect(Array(running.prefix(3)) == ["MARK", "abc", " Deploy"], "\(running)")
        try tmux.sendKeys("Escape")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        let after = lines(try tmux.capture(history: true)).filter { !$0.isEmpty }
        #expect(after == ["MARK", "abc", "Not deployed.", "STATUS=0"], "\(after)")
    }

    /// The recording is what drew the form, byte for byte (the terminal's log, without the
    /// questions asked of it), in a cast the size of the area; played in a terminal of that
    /// size, it shows the form as the person last saw it.
    @Test func anInlineFormIsRecordedAsTheBytesThatDrewIt() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        try InlineTerminalTests.spec.write(
            toFile: folder.path("spec.yaml"), atomically: true, encoding: .utf8)
        let command =
            "\(shellQuoted(binary)) form --inline --height 8 --theme dark --record r.cast spec.yaml"
        let tmux = try folder.runInTmux(
            """
            printf 'MARK\\n'
            \(try TerminalRecordingTests.scriptPath()) -q -e -O term.log -c \(shellQuoted(command))
            echo "STATUS=$?"
            """)
        defer { tmux.close() }
        _ = try tmux.waitFor(text: "Save")
        try tmux.sendKeys("Down")
        let live = lines(try tmux.waitFor(text: "Toggle"))
        let area = Array(live.drop { $0 != "MARK" }.dropFirst().prefix(8))
        try tmux.sendKeys("Escape")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        #expect(lines(try tmux.capture(history: true)).filter { !$0.isEmpty } == ["MARK", "STATUS=1"])

        let cast = try TerminalRecordingTests.readCast(folder.path("r.cast"))
        #expect(cast.header["width"] as? Int == 80)
        #expect(cast.header["height"] as? Int == 8)
        let log = try TerminalRecordingTests.sentBytes(inLog: folder.path("term.log"))
        let query = Data("\u{1B}[6n\u{1B}[c".utf8)
        var sent = Data()
        var rest = log[...]
        while let found = rest.range(of: query) {
            sent += rest[..<found.lowerBound]
            rest = rest[found.upperBound...]
        }
        sent += rest
        #expect(log.count - sent.count == query.count, "the position asked once")
        #expect(Data(cast.output.joined().utf8) == sent, "the recording is what drew the form")
        #expect(cast.output.last?.contains("\u{1B}[?25h") == true, "the way out, last")

        // Played without the way out, in a terminal of the cast's size.
        let frames = cast.output.dropLast().joined()
        try frames.write(toFile: folder.path("frames"), atomically: true, encoding: .utf8)
        let player = try folder.runInTmux("cat frames; touch played; sleep 30", width: 80, height: 8)
        defer { player.close() }
        try folder.waitForFile("played", timeout: .seconds(10), tmux: player)
        let played = lines(try player.capture())
        #expect(played == area, "\(played)\n\(area)")
    }
}
