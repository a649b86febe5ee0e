import Foundation
import Testing

/// `--record` in a real terminal: the recording holds exactly the bytes the terminal was sent.
///
/// The program runs under util-linux `script`, inside tmux: `script` logs everything written to
/// its pty, independently of the program, and the recording's output events put together must be
/// that log, byte for byte, from the switch to the alternate screen to the switch back.
@Suite("Terminal recordings: the very bytes the terminal was sent", .serialized)
struct TerminalRecordingTests {
    @Test("A scripted session recorded in a terminal is what the terminal got, password masked")
    func scriptedSession() throws {
        let folder = try ScratchFolder()
        let binary = try TmuxHarness.formtuiBinary()
        let command =
            "\(shellQuoted(binary)) hotspot --script \(shellQuoted(ScriptedSessionTests.walkthrough("hotspot")))"
            + " --exit-after-script --key-delay 0 --record h.cast --state h.json"
        let tmux = try folder.runInTmux(
            "\(try Self.scriptPath()) -q -O term.log -c \(shellQuoted(command)); echo $? > status")
        defer { tmux.close() }
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        #expect(folder.read("status") == "0\n")

        let cast = try Self.readCast(folder.path("h.cast"))
        #expect(cast.header["width"] as? Int == 80)
        #expect(cast.header["height"] as? Int == 24)
        #expect(cast.header["version"] as? Int == 2)
        let sent = try Self.sentBytes(inLog: folder.path("term.log"))
        #expect(cast.output.count > 1, "the start, then frames")
        #expect(Data(cast.output.joined().utf8) == sent, "the recording is what the terminal was sent")
        #expect(cast.times == cast.times.sorted())

        let text = folder.read("h.cast")
        #expect(!text.contains("correct horse") && !text.contains("secret"), "the password only ever masked")
        #expect(text.contains("••••••••"))

        // The last output leaves the alternate screen; everything before it ends on the last frame.
        let last = try #require(cast.output.last)
        #expect(last.contains("\u{1B}[?1049l"))
        let transcript = ScriptedSessionTests.snapshots(
            of: try String(
                contentsOf: ScriptedSessionTests.demos.appendingPathComponent("hotspot.out"), encoding: .utf8)
        )
        var expected = try #require(transcript.last)
        while expected.count < 24 { expected.append("") }
        try checkWithAsciinema(cast, withoutLast: 1, lastScreen: expected, folder: folder)
    }

    @Test("A person's session recorded in a terminal: the start, each key's frame, the way out")
    func interactiveSession() throws {
        let folder = try ScratchFolder()
        let binary = try TmuxHarness.formtuiBinary()
        let command = "\(shellQuoted(binary)) preferences --record p.cast --state p.json"
        let tmux = try folder.runInTmux(
            "\(try Self.scriptPath()) -q -O term.log -c \(shellQuoted(command)); echo $? > status")
        defer { tmux.close() }
        try tmux.waitFor(text: "Edit Preferences")
        try tmux.sendKeys("Enter")
        try tmux.waitFor(text: "Preferences › Edit Preferences")
        try tmux.sendKeys("Down")
        try tmux.sendKeys("Space")
        try tmux.waitFor(text: "● modified")
        try tmux.resize(width: 90, height: 30)
        // The frame at the new size is recorded right after the size.
        let deadline = ContinuousClock.now + .seconds(5)
        while !folder.read("p.cast").contains("\"r\", \"90x30\"") && ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        try tmux.sendKeys("C-s")
        try tmux.waitFor(text: "Saved.")
        try tmux.sendKeys("q")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        #expect(folder.read("status") == "0\n")

        let cast = try Self.readCast(folder.path("p.cast"))
        let sent = try Self.sentBytes(inLog: folder.path("term.log"))
        #expect(Data(cast.output.joined().utf8) == sent, "the recording is what the terminal was sent")
        #expect(cast.resizes == ["90x30"], "the new size, before the frame drawn at it")
        #expect(cast.output.count >= 6, "the start, a frame per key, the way out: \(cast.output.count)")
    }

    // MARK: Reading recordings and logs

    struct Cast {
        var header: [String: Any]
        var times: [Double] = []
        var output: [String] = []
        var resizes: [String] = []
        /// Every event line as it is in the file, for writing a shortened copy.
        var lines: [String] = []
    }

    static func readCast(_ path: String) throws -> Cast {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        let first = try #require(lines.first)
        let header = try #require(
            try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        var cast = Cast(header: header)
        for line in lines.dropFirst() {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            cast.times.append(try #require(event[0] as? Double))
            let data = try #require(event[2] as? String)
            switch event[1] as? String {
            case "o": cast.output.append(data)
            case "r": cast.resizes.append(data)
            default: Issue.record("unexpected event \(line)")
            }
            cast.lines.append(line)
        }
        return cast
    }

    /// What the program wrote to its terminal, from `script`'s log: the log's first line
    /// ("Script started on …") and its last ("Script done on …") are `script`'s own.
    static func sentBytes(inLog path: String) throws -> Data {
        let log = try Data(contentsOf: URL(fileURLWithPath: path))
        let newline = UInt8(ascii: "\n")
        let firstNewline = try #require(log.firstIndex(of: newline))
        let trailer = try #require(log.range(of: Data("\nScript done".utf8), options: .backwards))
        return log[(firstNewline + 1)..<trailer.lowerBound]
    }

    static func scriptPath() throws -> String {
        for path in ["/usr/bin/script", "/bin/script"]
        where FileManager.default.isExecutableFile(atPath: path) {
            return path
        }
        throw TmuxHarness.Failure(
            description: "util-linux script is not installed (apt-get install bsdutils)")
    }

    /// When Debian's asciinema is installed (it is not required), `asciinema cat` of the recording
    /// without its last `count` events, in a terminal of the recorded size, leaves `lastScreen`.
    private func checkWithAsciinema(
        _ cast: Cast, withoutLast count: Int, lastScreen: [String], folder: ScratchFolder
    ) throws {
        guard
            let asciinema = ["/usr/bin/asciinema", "/usr/local/bin/asciinema"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return }
        let header = try String(contentsOfFile: folder.path("h.cast"), encoding: .utf8)
            .split(separator: "\n")[0]
        let shortened = ([String(header)] + cast.lines.dropLast(count)).joined(separator: "\n") + "\n"
        try shortened.write(toFile: folder.path("frames.cast"), atomically: true, encoding: .utf8)
        let tmux = try folder.runInTmux(
            "\(asciinema) cat frames.cast; echo $? > played; sleep 60", width: 80, height: 24)
        defer { tmux.close() }
        try folder.waitForFile("played", timeout: .seconds(20), tmux: tmux)
        #expect(folder.read("played") == "0\n")
        let screen = try tmux.capture().split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        #expect(Array(screen.prefix(24)) == lastScreen)
    }
}
