import Foundation
import Testing

/// The line mode of the real binary: answers piped in give what the full-screen form gives for
/// the same answers, with no escape sequence anywhere; in a terminal it asks and hides secrets.
@Suite(.serialized) struct AccessibleModeTests {
    /// The answers of `demos/forms/registration.keys`, one a line (Enter keeps the birthday
    /// unset and the newsletter on), and y to save.
    static let registrationAnswers =
        "Ada Lovelace\nada@example.org\nanalytical\n36\n\nSweden\n\n+46 70 123 45 67\ny\n"

    /// Runs `arguments` with `answers` as standard input (a file) and `environment` changes.
    static func run(
        _ arguments: [String], answers: String, folder: ScratchFolder, environment changes: [String: String?]
    ) throws -> TmuxHarness.ProcessResult {
        try answers.write(toFile: folder.path("answers"), atomically: true, encoding: .utf8)
        var environment = folder.environment
        environment["TZ"] = "UTC"
        for (name, value) in changes { environment[name] = value }
        return try TmuxHarness.runProcess(
            try TmuxHarness.formtuiBinary(), arguments, environment: environment,
            standardInput: folder.path("answers"), timeout: .seconds(20))
    }

    static func hasEscape(_ text: String) -> Bool { text.utf8.contains(0x1B) }

    /// Types the registration's name and email in the terminal, up to its password question.
    static func answerUpToThePassword(_ tmux: TmuxHarness) throws {
        try tmux.waitFor(text: "Full Name (required): empty.")
        try tmux.sendText("Ada Lovelace")
        try tmux.sendKeys("Enter")
        try tmux.waitFor(text: "Email (required)")
        try tmux.sendText("ada@example.org")
        try tmux.sendKeys("Enter")
        try tmux.waitFor(text: "Password (required)")
    }

    /// Answers the rest of the registration once the password is given (Sweden, the rest kept)
    /// and saves.
    static func answerAfterThePassword(_ tmux: TmuxHarness) throws {
        for answer in ["", "", "Sweden", "", "", "y"] {
            // The country once it is asked for: typed ahead, under load it was echoed before
            // its question, and the question then did not show it ("SwedenBirthday: not set.").
            if answer == "Sweden" { _ = try tmux.waitFor(text: "or a name:", timeout: .seconds(30)) }
            if !answer.isEmpty { try tmux.sendText(answer) }
            try tmux.sendKeys("Enter")
        }
    }

    /// Types the password, which must not show, answers the rest, and waits for the form to end
    /// with status 0 (the script writes `done` and `status`).
    static func answerThePasswordUnseenAndTheRest(_ tmux: TmuxHarness, folder: ScratchFolder) throws {
        try tmux.sendText("analytical")
        try tmux.sendKeys("Enter")
        let screen = try tmux.waitFor(text: "Age: empty.")
        #expect(!screen.contains("analytical"), "\(screen)")
        try answerAfterThePassword(tmux)
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        #expect(folder.read("status") == "0\n")
    }

    @Test(arguments: [["TERM": "dumb"], ["TERM": nil], ["FORMTUI_ACCESSIBLE": "1"]] as [[String: String?]])
    func theRegistrationSpecAnsweredLineByLinePrintsWhatTheScreenPrints(environment: [String: String?]) throws
    {
        let folder = try ScratchFolder()
        let spec = FormCommandTests.forms.appendingPathComponent("registration.yaml").path
        let lines = try Self.run(
            ["form", spec], answers: Self.registrationAnswers, folder: folder, environment: environment)
        #expect(lines.status == 0, "\(lines.error)")
        // The full-screen form, driven by keys that give the same answers.
        let screen = try Self.run(
            [
                "form", spec, "--headless", "--script",
                FormCommandTests.forms.appendingPathComponent("registration.keys").path,
            ], answers: "", folder: folder, environment: [:])
        #expect(screen.status == 0, "\(screen.error)")
        let screenJSON = try #require(screen.output.split(separator: "\n").last)
        #expect(lines.output == screenJSON + "\n")
        #expect(!Self.hasEscape(lines.output) && !Self.hasEscape(lines.error))
        #expect(lines.error.contains("Full Name (required): empty.") && lines.error.hasSuffix("Saved.\n"))
        // The secret is never written back.
        #expect(!lines.error.contains("analytical"))
    }

    /// The whole conversation for `demos/forms/registration.answers` (a wrong email corrected, the
    /// countries listed on `?`, one chosen by the start of its name) is kept in
    /// `registration.lines`; `FORMTUI_UPDATE_GOLDEN=1` rewrites it. Its answers are the ones
    /// `registration.keys` gives on screen.
    @Test func theRegistrationConversationIsAsRecorded() throws {
        let folder = try ScratchFolder()
        let forms = FormCommandTests.forms
        let answers = try String(
            contentsOf: forms.appendingPathComponent("registration.answers"), encoding: .utf8)
        let result = try Self.run(
            ["form", forms.appendingPathComponent("registration.yaml").path], answers: answers,
            folder: folder,
            environment: ["TERM": "dumb"])
        #expect(result.status == 0, "\(result.error)")
        let screen = try String(contentsOf: forms.appendingPathComponent("registration.out"), encoding: .utf8)
        #expect(result.output == (screen.split(separator: "\n").last.map { $0 + "\n" } ?? ""))
        let recorded = forms.appendingPathComponent("registration.lines")
        if ProcessInfo.processInfo.environment["FORMTUI_UPDATE_GOLDEN"] == "1" {
            try result.error.write(to: recorded, atomically: true, encoding: .utf8)
        }
        #expect(result.error == (try String(contentsOf: recorded, encoding: .utf8)))
        #expect(!Self.hasEscape(result.error))
    }

    @Test func leavingWithoutSavingIsStatus1AndPrintsNothing() throws {
        let folder = try ScratchFolder()
        let spec = FormCommandTests.forms.appendingPathComponent("registration.yaml").path
        let answers = Self.registrationAnswers.replacingOccurrences(of: "\ny\n", with: "\nn\n")
        let refused = try Self.run(
            ["form", spec], answers: answers, folder: folder, environment: ["TERM": "dumb"])
        #expect(refused.status == 1 && refused.output.isEmpty, "\(refused.error)")
        let cut = try Self.run(
            ["form", spec], answers: "Ada\n", folder: folder, environment: ["TERM": "dumb"])
        #expect(cut.status == 1 && cut.output.isEmpty && cut.error.hasSuffix("Not saved: the input ended.\n"))
    }

    @Test func aDemoSavesItsStateAsTheScreenDoes() throws {
        let folder = try ScratchFolder()
        // Edit Preferences, Auto Refresh off, the rest kept, saved.
        let result = try Self.run(
            ["preferences", "--accessible", "--state", folder.path("p.json")], answers: "y\nn\n\n\ny\n",
            folder: folder, environment: [:])
        #expect(result.status == 0, "\(result.error)")
        #expect(!Self.hasEscape(result.output + result.error))
        let saved =
            try JSONSerialization.jsonObject(with: Data(folder.read("p.json").utf8)) as? [String: Bool]
        #expect(saved == ["autoRefresh": false, "playSounds": true, "showPhotos": true])
        // Not pressing the button saves nothing: status 1, as a session that ends unsaved.
        let untouched = try Self.run(
            ["preferences", "--accessible", "--state", folder.path("q.json")], answers: "n\n", folder: folder,
            environment: [:])
        #expect(untouched.status == 1 && !folder.exists("q.json"))
    }

    @Test func theShowcaseIsAskedToTheEndWithoutAnEscape() throws {
        let folder = try ScratchFolder()
        // Every question kept as it is (Enter), the save question included: nothing changed.
        let kept = try Self.run(
            ["showcase", "--accessible", "--state", folder.path("s.json"), "--now", "2026-11-23T12:00:00Z"],
            answers: String(repeating: "\n", count: 40), folder: folder, environment: [:])
        #expect(!Self.hasEscape(kept.output + kept.error))
        #expect(kept.error.contains("Rating: 4 of 5 stars.\nType a number from 0 to 5"), "\(kept.error)")
        #expect(kept.error.contains("Sync Every (min): 15 (disabled)\n"))
        #expect(kept.status == 1 && kept.error.hasSuffix("No changes to save.\n"), "\(kept.error)")
        // The rating (the 23rd question) changed, and saved.
        let answers = String(repeating: "\n", count: 22) + "2\n" + String(repeating: "\n", count: 3)
        let changed = try Self.run(
            ["showcase", "--accessible", "--state", folder.path("s.json"), "--now", "2026-11-23T12:00:00Z"],
            answers: answers, folder: folder, environment: [:])
        #expect(changed.status == 0 && changed.error.hasSuffix("Saved.\n"), "\(changed.error)")
        #expect(
            folder.read("s.json").contains("\"rating\" : 2")
                || folder.read("s.json").contains("\"rating\": 2"))
    }

    @Test func inATerminalASecretIsNotShownAsItIsTyped() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let spec = FormCommandTests.forms.appendingPathComponent("registration.yaml").path
        let tmux = try folder.runInTmux(
            """
            stty -a > before
            TERM=dumb \(shellQuoted(binary)) form \(shellQuoted(spec)) > out
            echo $? > status
            stty -a > after
            """)
        defer { tmux.close() }
        try Self.answerUpToThePassword(tmux)
        try Self.answerThePasswordUnseenAndTheRest(tmux, folder: folder)
        #expect(folder.read("out").contains("\"password\": \"analytical\""))
        // Echo is back on after the secret (the country typed shows), and the shell's terminal
        // settings are as they were.
        let after = try tmux.capture(history: true)
        #expect(after.contains("Saved."))
        #expect(after.contains("or a name: Sweden\n"), "\(after)")
        #expect(folder.read("before") == folder.read("after"), "stty -a changed")
        #expect(folder.read("after").contains(" echo "), "\(folder.read("after"))")
    }

    @Test func ctrlZAtASecretGivesTheShellItsEchoAndFgHidesTheSecretAgain() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let spec = FormCommandTests.forms.appendingPathComponent("registration.yaml").path
        // A shell with job control: it reads a line while the form is stopped, then runs `fg`.
        try """
        set -m
        TERM=dumb \(shellQuoted(binary)) form \(shellQuoted(spec)) > out
        echo $? > stopped
        IFS= read -r line
        printf '%s' "$line" > typed
        fg
        echo $? > status
        """.write(toFile: folder.path("jobs.sh"), atomically: true, encoding: .utf8)
        let tmux = try folder.runInTmux("bash jobs.sh")
        defer {
            if let pid = ProcessState.descendant(of: (try? tmux.panePID()) ?? 0, named: "registration.yaml") {
                kill(pid, SIGKILL)
            }
            tmux.close()
        }
        try Self.answerUpToThePassword(tmux)
        try tmux.sendKeys("C-z")
        try folder.waitForFile("stopped", timeout: .seconds(10), tmux: tmux)
        #expect(folder.read("stopped") == "148\n", "not stopped by SIGTSTP")
        // The shell's line is echoed: the echo was given back at the stop.
        try tmux.sendText("shown-at-the-shell")
        try tmux.sendKeys("Enter")
        try folder.waitForFile("typed", timeout: .seconds(10), tmux: tmux)
        #expect(try tmux.capture().contains("shown-at-the-shell"))
        // After `fg` the password is still asked, and still not shown as it is typed.
        try tmux.sendText("analytical")
        try tmux.sendKeys("Enter")
        let screen = try tmux.waitFor(text: "Age: empty.")
        #expect(!screen.contains("analytical"), "\(screen)")
    }

    @Test func aHangUpIgnoredByTheCallerStaysIgnoredAtASecret() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let spec = FormCommandTests.forms.appendingPathComponent("registration.yaml").path
        // As under nohup: the shell ignores SIGHUP, and so does the program it starts.
        let tmux = try folder.runInTmux(
            """
            trap '' HUP
            TERM=dumb \(shellQuoted(binary)) form \(shellQuoted(spec)) > out
            echo $? > status
            """)
        defer { tmux.close() }
        try Self.answerUpToThePassword(tmux)
        let formtui = try #require(
            ProcessState.descendant(of: try tmux.panePID(), named: "registration.yaml"))
        kill(formtui, SIGHUP)
        // Still asking, the echo still off: it did not die of the hang-up it ignores.
        try Self.answerThePasswordUnseenAndTheRest(tmux, folder: folder)
    }
}
