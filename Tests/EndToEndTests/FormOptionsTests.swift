import Foundation
import Testing

/// Every option `formtui form --help` lists, as the demos take them: recordings, snapshots in
/// each format, `--print-state`, a script handing the form over in a terminal, and drafts that
/// outlive `kill -9`, with or without `--state`.
@Suite(.serialized) struct FormOptionsTests {
    static let spec = """
        title: Deploy
        sections:
          - header: "{app}: {replicas} replicas"
            rows:
              - {id: app, type: text, title: App, default: web}
              - {id: replicas, type: stepper, title: Replicas, min: 1, max: 9, default: 2}
              - {id: token, type: secure, title: Token}
        """

    private func folderWithSpec() throws -> ScratchFolder {
        let folder = try ScratchFolder()
        try Self.spec.write(toFile: folder.path("s.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    private func run(_ arguments: [String], in folder: ScratchFolder) throws -> TmuxHarness.ProcessResult {
        try TmuxHarness.runProcess(
            try TmuxHarness.formtuiBinary(), ["form", folder.path("s.yaml")] + arguments,
            environment: folder.environment, timeout: .seconds(20))
    }

    @Test func headlessRecordingsSnapshotsAndPrintState() throws {
        let folder = try folderWithSpec()
        try "down right snapshot ctrl-s".write(
            toFile: folder.path("k.keys"), atomically: true, encoding: .utf8)
        let keys = folder.path("k.keys")
        let recorded = try run(
            [
                "--headless", "--script", keys, "--record", folder.path("x.cast"), "--state",
                folder.path("st.json"),
                "--print-state",
            ], in: folder)
        #expect(recorded.status == 0, "\(recorded.error)")
        // The header follows the answers: a stepper moved to 3.
        #expect(recorded.output.contains("web: 3 replicas"), "\(recorded.output)")
        #expect(recorded.output.contains("--- saved state ---\n{"), "\(recorded.output)")
        #expect(recorded.output.hasSuffix("{\"app\": \"web\", \"replicas\": 3, \"token\": \"\"}\n"))
        let cast = folder.read("x.cast").split(separator: "\n")
        let header = try #require(
            try JSONSerialization.jsonObject(with: Data((cast.first ?? "").utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 2 && header["width"] as? Int == 80)
        #expect(cast.count > 2, "frames were recorded")
        #expect(folder.read("x.cast").contains("replicas"))
        try playsInAsciinema(folder.path("x.cast"), showing: "web: 3 replicas", folder: folder)

        let svg = try run(
            [
                "--headless", "--script", keys, "--snapshot-format", "svg", "--snapshot-dir",
                folder.path("pics"),
            ],
            in: folder)
        #expect(svg.status == 0, "\(svg.error)")
        let pictures = try FileManager.default.contentsOfDirectory(atPath: folder.path("pics")).sorted()
        #expect(pictures == ["k-01.svg"], "\(pictures)")
        #expect(
            folder.read("pics/k-01.svg").hasPrefix("<svg") || folder.read("pics/k-01.svg").contains("<svg"))

        // A script that is no file of its own (bash's `--script <(…)`, /dev/fd/63) names the
        // pictures for the spec, not for the pipe's number.
        let piped = try TmuxHarness.runProcess(
            "/bin/bash",
            [
                "-c",
                #""$0" form "$1" --headless --script <(cat "$2") --snapshot-format svg --snapshot-dir "$3""#,
                try TmuxHarness.formtuiBinary(), folder.path("s.yaml"), keys, folder.path("piped"),
            ],
            environment: folder.environment, timeout: .seconds(20))
        #expect(piped.status == 0, "\(piped.error)")
        let pipedPictures = try FileManager.default.contentsOfDirectory(atPath: folder.path("piped"))
        #expect(pipedPictures == ["s-01.svg"], "\(pipedPictures)")

        let ansi = try run(["--headless", "--script", keys, "--snapshot-format", "ansi"], in: folder)
        #expect(ansi.status == 0 && ansi.output.contains("\u{1B}["), "\(ansi.error)")
    }

    /// When asciinema is installed (`make test-deps` installs it), `asciinema cat` plays the
    /// recording through to `text`.
    private func playsInAsciinema(_ cast: String, showing text: String, folder: ScratchFolder) throws {
        guard
            let asciinema = ["/usr/bin/asciinema", "/usr/local/bin/asciinema"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return }
        // asciinema cat reads /dev/tty: give it one.
        let tmux = try folder.runInTmux(
            "\(asciinema) cat \(shellQuoted(cast)) > played; echo $? > played.status")
        defer { tmux.close() }
        try folder.waitForFile("done", timeout: .seconds(20), tmux: tmux)
        #expect(folder.read("played.status") == "0\n")
        #expect(folder.read("played").contains(text))
        try? FileManager.default.removeItem(atPath: folder.path("done"))
    }

    @Test func theStateIsWrittenWhenTheDefaultsAreSavedUnchanged() throws {
        let folder = try folderWithSpec()
        try "ctrl-s".write(toFile: folder.path("k"), atomically: true, encoding: .utf8)
        let saved = try run(
            ["--headless", "--script", folder.path("k"), "--state", folder.path("st.json")], in: folder)
        #expect(saved.status == 0, "\(saved.error)")
        #expect(folder.read("st.json").contains("\"replicas\": 2"), "\(folder.read("st.json"))")
    }

    @Test func anAnswersFileFromAnOlderSpecStillWorks() throws {
        let folder = try folderWithSpec()
        try "{\"app\": \"api\", \"region\": \"eu\"}".write(
            toFile: folder.path("old.json"), atomically: true, encoding: .utf8)
        try "ctrl-s".write(toFile: folder.path("k"), atomically: true, encoding: .utf8)
        let withValues = try run(
            ["--headless", "--script", folder.path("k"), "--values", folder.path("old.json")], in: folder)
        #expect(withValues.status == 0, "\(withValues.error)")
        #expect(withValues.output.hasSuffix("{\"app\": \"api\", \"replicas\": 2, \"token\": \"\"}\n"))
        #expect(
            withValues.error.contains("old.json:1:16: 'region' is no field of the form; it is left out"),
            "\(withValues.error)")
        // As a state file it is read without a word (a save keeps members it does not know).
        let asState = try run(
            ["--headless", "--script", folder.path("k"), "--state", folder.path("old.json")], in: folder)
        #expect(asState.status == 0, "\(asState.error)")
        #expect(asState.error.isEmpty, "\(asState.error)")
        #expect(asState.output.hasSuffix("{\"app\": \"api\", \"replicas\": 2, \"token\": \"\"}\n"))
    }

    @Test func aScriptInATerminalHandsTheFormOver() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try folderWithSpec()
        try "ctrl-u \"api\"".write(toFile: folder.path("k"), atomically: true, encoding: .utf8)
        let tmux = try folder.runInTmux(
            "\(shellQuoted(binary)) form s.yaml --script k --key-delay 0 --record t.cast > out; echo $? > status"
        )
        defer { tmux.close() }
        try tmux.waitFor(text: "api: 2 replicas", timeout: .seconds(10))
        // The script is over: the keys are the person's now.
        try tmux.sendKeys("Down", "Right")
        try tmux.waitFor(text: "api: 3 replicas")
        try tmux.sendKeys("C-s")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        #expect(folder.read("status") == "0\n")
        #expect(folder.read("out") == "{\"app\": \"api\", \"replicas\": 3, \"token\": \"\"}\n")
        #expect(
            folder.read("t.cast").hasPrefix("{\"version\": 2")
                || folder.read("t.cast").hasPrefix("{\"version\":2"))
        try? FileManager.default.removeItem(atPath: folder.path("done"))
        try playsInAsciinema(
            folder.path("t.cast"), showing: "End of the script: the form is yours.", folder: folder)
    }

    /// A number field refuses a paste it cannot take with a word, not silently.
    @Test func aNumberFieldSaysWhatItRefuses() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        try "sections:\n  - rows:\n      - {id: n, type: number, title: Count}\n".write(
            toFile: folder.path("n.yaml"), atomically: true, encoding: .utf8)
        let tmux = try folder.runInTmux(
            "\(shellQuoted(binary)) form n.yaml --state n.json > out; echo $? > status")
        defer { tmux.close() }
        try tmux.waitFor(text: "Count")
        try tmux.pasteBracketed("4\nx")
        try tmux.waitFor(text: "Digits only")
        try tmux.sendText("4")
        try tmux.waitFor(text: "● modified")
        try tmux.sendKeys("C-s")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        #expect(folder.read("out") == "{\"n\": 4}\n")
    }

    @Test func exitAfterScriptEndsTheFormUnsaved() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try folderWithSpec()
        try "ctrl-u \"api\"".write(toFile: folder.path("k"), atomically: true, encoding: .utf8)
        let tmux = try folder.runInTmux(
            "\(shellQuoted(binary)) form s.yaml --script k --key-delay 0 --exit-after-script > out; echo $? > status"
        )
        defer { tmux.close() }
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        #expect(folder.read("status") == "1\n")
        #expect(folder.read("out").isEmpty)
    }

    /// Types into the form, waits for the journal, kills the program with -9, and checks that the
    /// next start offers the answers back, resumes them and saves them.
    private func killAndResume(stateOption: String, journal: (ScratchFolder) -> String?) throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try folderWithSpec()
        let first = try folder.runInTmux("exec \(shellQuoted(binary)) form s.yaml \(stateOption) > out")
        defer { first.close() }
        try first.waitFor(text: "web: 2 replicas")
        try first.sendKeys("C-u")
        try first.sendText("half-done")
        try first.sendKeys("Down", "Tab", "hunter22")
        try first.waitFor(text: "half-done: 2 replicas")
        let deadline = ContinuousClock.now + .seconds(5)
        var text: String?
        while ContinuousClock.now < deadline {
            text = journal(folder)
            if text?.contains("half-done") == true { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let screen = (try? first.capture()) ?? ""
        #expect(text?.contains("half-done") == true, "no draft: \(screen)")
        #expect(text?.contains("hunter22") == false, "the secret stays out of the draft")
        // Not `waitForExit`: tmux may never report the end of a pane's own (exec'd) process.
        try killDashNine(first)
        first.close()

        let second = try folder.runInTmux(
            "\(shellQuoted(binary)) form s.yaml \(stateOption) > out; echo $? > status")
        defer { second.close() }
        try second.waitFor(text: "Unsaved changes from")
        try second.sendText("y")
        try second.waitFor(text: "half-done: 2 replicas")
        try second.sendKeys("C-s")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: second)
        #expect(folder.read("status") == "0\n")
        #expect(folder.read("out").hasPrefix("{\"app\": \"half-done\""), "\(folder.read("out"))")
        #expect(journal(folder) == nil, "a save removes the draft")
    }

    @Test func aDraftWithStateSurvivesKillDashNine() throws {
        try killAndResume(stateOption: "--state st.json") { folder in
            folder.exists(".st.json.draft") ? folder.read(".st.json.draft") : nil
        }
    }

    @Test func aDraftWithoutStateIsKeptForTheSameSpec() throws {
        try killAndResume(stateOption: "") { folder in
            let drafts = folder.path("formtui/forms")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: drafts)) ?? []
            return names.first { $0.hasSuffix(".draft") }.map { folder.read("formtui/forms/\($0)") }
        }
    }
}
