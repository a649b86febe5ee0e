import FormTestSupport
import Foundation
import Testing

/// Walkthroughs as a person meets them: errors in a script, recordings, pictures, playback in a
/// real terminal that hands over.
@Suite("Scripted sessions: errors, recordings, snapshot formats, playback in a terminal")
struct ScriptedSessionTests {
    static let demos = CommandLineTests.packageRoot.appendingPathComponent("demos")

    static func walkthrough(_ demo: String) -> String {
        demos.appendingPathComponent("\(demo).keys").path
    }

    private func run(
        _ arguments: [String], in folder: ScratchFolder, standardInput: String = "/dev/null"
    ) throws -> TmuxHarness.ProcessResult {
        try TmuxHarness.runProcess(
            try TmuxHarness.formtuiBinary(), arguments, environment: folder.environment,
            standardInput: standardInput, timeout: .seconds(20))
    }

    /// The snapshots of a text transcript, each as its lines (the header left out).
    static func snapshots(of transcript: String) -> [[String]] {
        var result: [[String]] = []
        for line in transcript.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("--- saved state") { break }
            if line.hasPrefix("--- snapshot") {
                result.append([])
            } else if !result.isEmpty {
                result[result.count - 1].append(String(line))
            }
        }
        return result.map { lines in
            var lines = lines
            while lines.last == "" { lines.removeLast() }
            return lines
        }
    }

    static func withoutEscapes(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
    }

    @Test(
        "A bad script names file, line and column with a hint, exits 2, and nothing runs",
        arguments: [
            ("down\n  dwon\n", ":2:3: unknown key 'dwon'", "did you mean 'down'?"),
            ("down \"abc\n", ":1:6: unterminated quote \"", "end the text with \""),
            ("snapshot\nresize 80by24\n", ":2:8: resize needs a size like 100x30", "each from 1 to 1000"),
        ])
    func badScript(script: String, problem: String, hint: String) throws {
        let folder = try ScratchFolder()
        let path = folder.path("bad.keys")
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try run(
            ["preferences", "--headless", "--script", path, "--state", folder.path("p.json")], in: folder)
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("formtui: \(path)\(problem)"), "\(result.error)")
        #expect(result.error.contains(hint), "\(result.error)")
        #expect(result.output.isEmpty)
        #expect(!folder.exists("p.json"))
    }

    @Test("--script - reads the script from standard input")
    func scriptFromStandardInput() throws {
        let folder = try ScratchFolder()
        let result = try run(
            ["hotspot", "--headless", "--script", "-", "--state", folder.path("h.json"), "--print-state"],
            in: folder,
            standardInput: Self.walkthrough("hotspot"))
        #expect(result.status == 0, "\(result.error)")
        let expected = try String(
            contentsOf: Self.demos.appendingPathComponent("hotspot.out"), encoding: .utf8)
        #expect(TranscriptDiff.describe(expected: expected, actual: result.output) == nil)
        let bad = try run(["hotspot", "--headless", "--script", "-"], in: folder, standardInput: "/dev/null")
        #expect(bad.status == 1, "an empty script plays nothing and saves nothing: \(bad.error)")
    }

    @Test("A script that ends with unsaved changes says so on standard error; nothing is saved")
    func unsavedChanges() throws {
        let folder = try ScratchFolder()
        let path = folder.path("s.keys")
        try "space down enter \"half\" snapshot".write(toFile: path, atomically: true, encoding: .utf8)
        let result = try run(
            ["hotspot", "--headless", "--script", path, "--state", folder.path("h.json"), "--print-state"],
            in: folder)
        #expect(result.status == 1, "nothing saved")
        #expect(
            result.error.contains("the script ended with unsaved changes in Wi-Fi Password"),
            "\(result.error)")
        #expect(result.output.hasSuffix("--- saved state: none ---\n"))
        #expect(!folder.exists("h.json"))
    }

    @Test("A headless recording is asciicast v2 whose last frame is the last screen, password masked")
    func recording() throws {
        let folder = try ScratchFolder()
        let cast = folder.path("hotspot.cast")
        let result = try run(
            [
                "hotspot", "--headless", "--script", Self.walkthrough("hotspot"), "--state",
                folder.path("h.json"),
                "--record", cast, "--key-delay", "50",
            ],
            in: folder)
        #expect(result.status == 0, "\(result.error)")
        let lines = folder.read("hotspot.cast").split(separator: "\n").map(String.init)
        let header = try #require(
            try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 2)
        #expect(header["width"] as? Int == 80)
        #expect(header["height"] as? Int == 24)
        #expect(header["timestamp"] is Int)
        var times: [Double] = []
        var frames: [String] = []
        for line in lines.dropFirst() {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            times.append(try #require(event[0] as? Double))
            if event[1] as? String == "o" { frames.append(try #require(event[2] as? String)) }
        }
        #expect(times == times.sorted())
        #expect(try #require(times.last) > 1, "keys are paced at 50 ms: the session takes seconds")
        let screen = Self.rows(ofFrame: try #require(frames.last))
        let transcript = Self.snapshots(
            of: try String(contentsOf: Self.demos.appendingPathComponent("hotspot.out"), encoding: .utf8))
        var expected = try #require(transcript.last)
        while expected.count < 24 { expected.append("") }
        #expect(screen == expected)
        let text = folder.read("hotspot.cast")
        #expect(!text.contains("correct horse") && !text.contains("secret"), "the password only ever masked")
        #expect(text.contains("••••••••"))
        try checkWithAsciinema(cast, lastScreen: expected, folder: folder)
    }

    /// The rows a recorded frame draws: each starts with a move to its row's first column.
    static func rows(ofFrame frame: String) -> [String] {
        let start = try! NSRegularExpression(pattern: "\u{1B}\\[[0-9]+;1H")
        let text = frame as NSString
        let matches = start.matches(in: frame, range: NSRange(location: 0, length: text.length))
        return matches.enumerated().map { index, match in
            let end = index + 1 < matches.count ? matches[index + 1].range.location : text.length
            let from = match.range.location + match.range.length
            let row = withoutEscapes(text.substring(with: NSRange(location: from, length: end - from)))
            return row.replacingOccurrences(of: " +$", with: "", options: .regularExpression)
        }
    }

    /// When Debian's asciinema is installed (it is not required), `asciinema cat` in a terminal
    /// prints the recording, ending with the last screen.
    private func checkWithAsciinema(_ cast: String, lastScreen: [String], folder: ScratchFolder) throws {
        guard
            let asciinema = ["/usr/bin/asciinema", "/usr/local/bin/asciinema"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return }
        // asciinema cat reads /dev/tty: give it one.
        let tmux = try folder.runInTmux("\(asciinema) cat \(shellQuoted(cast)) > played; echo $? > status")
        defer { tmux.close() }
        try folder.waitForFile("done", timeout: .seconds(20), tmux: tmux)
        #expect(folder.read("status") == "0\n")
        let frames = folder.read("played").components(separatedBy: "\u{1B}[?25l")
        let rows = Self.rows(ofFrame: try #require(frames.last))
        #expect(rows == lastScreen)
    }

    @Test("--record to a path that cannot be written fails before anything runs")
    func unwritableRecording() throws {
        let folder = try ScratchFolder()
        let result = try run(
            [
                "hotspot", "--headless", "--script", Self.walkthrough("hotspot"), "--state",
                folder.path("h.json"),
                "--record", folder.path("missing/folder/x.cast"),
            ],
            in: folder)
        #expect(result.status == 2)
        #expect(result.error.contains("cannot write the recording"), "\(result.error)")
        #expect(result.output.isEmpty)
        #expect(!folder.exists("h.json"))
    }

    @Test("SVG snapshots: one file each, valid XML, every line of the screen as text")
    func svgSnapshots() throws {
        let folder = try ScratchFolder()
        let result = try run(
            [
                "registration", "--headless", "--script", Self.walkthrough("registration"), "--state",
                folder.path("r.json"),
                "--snapshot-format", "svg", "--snapshot-dir", folder.path("screens"),
            ],
            in: folder)
        #expect(result.status == 0, "\(result.error)")
        let transcript = Self.snapshots(
            of: try String(contentsOf: Self.demos.appendingPathComponent("registration.out"), encoding: .utf8)
        )
        // Each snapshot's file is printed after its header: by its number, or by the name the
        // script gives it (`snapshot as birthday-picker`).
        let paths = result.output.split(separator: "\n").filter { $0.hasSuffix(".svg") }.map(String.init)
        #expect(paths.count == transcript.count)
        #expect(paths.contains { $0.hasSuffix("/registration-birthday-picker.svg") })
        #expect(paths.first?.hasSuffix("/registration-01.svg") == true)
        for (path, screen) in zip(paths, transcript) {
            let lines = SVGText.lines(of: (try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
            #expect(lines != nil, "\(path) is not XML")
            #expect(lines == screen.filter { !$0.isEmpty }, "\(path)")
        }
    }

    @Test("ANSI snapshots read as the text transcript once the escapes are taken out")
    func ansiSnapshots() throws {
        let folder = try ScratchFolder()
        let result = try run(
            [
                "preferences", "--headless", "--script", Self.walkthrough("preferences"), "--state",
                folder.path("p.json"),
                "--snapshot-format", "ansi",
            ],
            in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.output.contains("\u{1B}[0;1;38;5;255;48;5;236m"), "the title bar in the theme's colors")
        let plain = Self.withoutEscapes(result.output).split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .map { $0.replacingOccurrences(of: " +$", with: "", options: .regularExpression) }
        let expected = try String(
            contentsOf: Self.demos.appendingPathComponent("preferences.out"), encoding: .utf8
        )
        .components(separatedBy: "--- saved state")[0]
        #expect(plain.joined(separator: "\n") == expected)
    }

    // MARK: In a terminal

    @Test(
        "Played in tmux with --exit-after-script, a walkthrough saves what it saves headless, byte for byte")
    func terminalMatchesHeadless() throws {
        let folder = try ScratchFolder()
        let binary = try TmuxHarness.formtuiBinary()
        let script = Self.walkthrough("showcase")
        let tmux = try folder.runInTmux(
            "\(shellQuoted(binary)) showcase --script \(shellQuoted(script)) --exit-after-script --key-delay 0 --state A.json; echo $? > status"
        )
        defer { tmux.close() }
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        #expect(folder.read("status") == "0\n")
        let headless = try run(
            ["showcase", "--headless", "--script", script, "--state", folder.path("B.json")], in: folder)
        #expect(headless.status == 0)
        let a = try Data(contentsOf: URL(fileURLWithPath: folder.path("A.json")))
        let b = try Data(contentsOf: URL(fileURLWithPath: folder.path("B.json")))
        #expect(a == b)
    }

    @Test("A key pressed during playback hands the form over as it is; the script plays no further")
    func keyHandsOver() throws {
        let folder = try ScratchFolder()
        let binary = try TmuxHarness.formtuiBinary()
        try "enter wait 20s space ctrl-s q".write(
            toFile: folder.path("slow.keys"), atomically: true, encoding: .utf8)
        let tmux = try folder.runInTmux(
            "\(shellQuoted(binary)) preferences --script slow.keys --key-delay 10 --record s.cast --state p.json; echo $? > status"
        )
        defer { tmux.close() }
        try tmux.waitFor(text: "Preferences › Edit Preferences")
        try tmux.sendKeys("x")
        try tmux.waitFor(text: "Playback stopped: the form is yours.")
        #expect(
            try tmux.capture().contains(
                "Auto Refresh                  ━━● On"))
        try tmux.sendKeys("Down", "Space")
        try tmux.waitFor(text: "● modified")
        try tmux.sendKeys("C-s")
        try tmux.waitFor(text: "Saved.")
        try tmux.sendKeys("q")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        #expect(folder.read("status") == "0\n")
        let state = folder.read("p.json")
        #expect(
            state.contains("\"autoRefresh\": true") && state.contains("\"playSounds\": false"), "\(state)")
        #expect(folder.read("s.cast").hasPrefix("{\"version\": 2, \"width\": 80, \"height\": 24"))
    }

    @Test("Ctrl-C stops playback with 130, and the end of a script hands over without --exit-after-script")
    func controlCAndEnd() throws {
        let folder = try ScratchFolder()
        let binary = try TmuxHarness.formtuiBinary()
        try "enter space".write(toFile: folder.path("short.keys"), atomically: true, encoding: .utf8)
        try "enter wait 20s space".write(toFile: folder.path("slow.keys"), atomically: true, encoding: .utf8)
        // The wrapper shell traps Ctrl-C's SIGINT (a trap is not inherited) to live on and record.
        let tmux = try folder.runInTmux(
            """
            trap : INT
            \(shellQuoted(binary)) preferences --script short.keys --key-delay 0 --state p.json; echo $? > first
            \(shellQuoted(binary)) preferences --script slow.keys --key-delay 0 --state p.json; echo $? > second
            """)
        defer { tmux.close() }
        try tmux.waitFor(text: "End of the script: the form is yours.")
        try tmux.sendKeys("Escape")
        try tmux.waitFor(text: "Discard changes?")
        try tmux.sendKeys("y")
        try tmux.waitFor(text: "Edit Preferences")
        try tmux.sendKeys("q")
        try folder.waitForFile("first", timeout: .seconds(10), tmux: tmux)
        try tmux.waitFor(text: "Preferences › Edit Preferences")
        try tmux.sendKeys("C-c")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        #expect(folder.read("first") == "1\n", "discarded: nothing saved")
        #expect(folder.read("second") == "130\n")
        #expect(!folder.exists("p.json"))
    }
}
