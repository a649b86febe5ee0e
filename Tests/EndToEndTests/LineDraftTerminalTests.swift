import Foundation
import Testing

/// The line mode's journal in the real binary: answers piped in, the program killed with -9
/// halfway, and the next run offers them back and prints what an uninterrupted run prints; a
/// second run meanwhile is told the form is open; a closed terminal (SIGHUP) exits 129 and keeps
/// the answers, as the full-screen form does.
@Suite(.serialized) struct LineDraftTerminalTests {
    static let spec = FormCommandTests.forms.appendingPathComponent("registration.yaml").path
    /// The registration's first four answers: name, email, password, age.
    static let firstAnswers = "Ada Lovelace\nada@example.org\nanalytical\n36\n"
    /// After "Resume them?": yes; from the birthday on (the question it waited for), then the
    /// password again at the save (a secret is never journaled), then save.
    static let resumedAnswers = "y\n\nSweden\n\n+46 70 123 45 67\ny\nanalytical\ny\n"

    static func environment(_ folder: ScratchFolder) -> [String: String] {
        var environment = folder.environment
        environment["TERM"] = "dumb"
        environment["TZ"] = "UTC"
        return environment
    }

    /// Waits until the journal beside `s.json` holds the age.
    static func waitForJournal(_ folder: ScratchFolder, tmux: TmuxHarness? = nil) throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !folder.read(".s.json.draft").contains("\"age\"") {
            guard ContinuousClock.now < deadline else {
                throw TmuxHarness.Failure(
                    description:
                        "no journal: \(folder.read(".s.json.draft"))\n\((try? tmux?.capture()) ?? "")")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    @Test func pipedAnswersKilledHalfwayAreOfferedBackAndGiveTheSameAnswers() throws {
        let folder = try ScratchFolder()
        let binary = try TmuxHarness.formtuiBinary()
        // The whole registration at once, for the answers it prints.
        try (Self.firstAnswers + "\nSweden\n\n+46 70 123 45 67\ny\n").write(
            toFile: folder.path("all"), atomically: true, encoding: .utf8)
        let whole = try TmuxHarness.runProcess(
            binary, ["form", Self.spec, "--state", folder.path("whole.json")],
            environment: Self.environment(folder), standardInput: folder.path("all"), timeout: .seconds(20))
        #expect(whole.status == 0, "\(whole.error)")

        // The first four answers through a pipe that stays open: the program waits for the fifth.
        let first = Process()
        first.executableURL = URL(fileURLWithPath: binary)
        first.arguments = ["form", Self.spec, "--state", folder.path("s.json")]
        first.environment = Self.environment(folder)
        let answers = Pipe()
        first.standardInput = answers
        first.standardOutput = FileHandle.nullDevice
        _ = FileManager.default.createFile(atPath: folder.path("err1"), contents: nil)
        first.standardError = try FileHandle(forWritingTo: folder.url.appendingPathComponent("err1"))
        try first.run()
        defer {
            if first.isRunning { kill(first.processIdentifier, SIGKILL) }
        }
        answers.fileHandleForWriting.write(Data(Self.firstAnswers.utf8))
        try Self.waitForJournal(folder)
        #expect(!folder.read(".s.json.draft").contains("analytical"), "a secret is never journaled")

        // A second run meanwhile is told, and offered nothing.
        try "".write(toFile: folder.path("none"), atomically: true, encoding: .utf8)
        let second = try TmuxHarness.runProcess(
            binary, ["form", Self.spec, "--state", folder.path("s.json")],
            environment: Self.environment(folder), standardInput: folder.path("none"), timeout: .seconds(20))
        #expect(
            second.error.contains(
                "This form is open in another formtui (pid \(first.processIdentifier)): changes made here are kept only when saved."
            ), "\(second.error)")
        #expect(!second.error.contains("Resume them?") && second.status == 1)

        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        #expect(first.terminationReason == .uncaughtSignal && first.terminationStatus == SIGKILL)
        #expect(folder.exists(".s.json.draft"))

        try Self.resumedAnswers.write(toFile: folder.path("rest"), atomically: true, encoding: .utf8)
        let resumed = try TmuxHarness.runProcess(
            binary, ["form", Self.spec, "--state", folder.path("s.json")],
            environment: Self.environment(folder), standardInput: folder.path("rest"), timeout: .seconds(20))
        #expect(resumed.status == 0, "\(resumed.error)")
        #expect(resumed.output == whole.output, "\(resumed.error)")
        #expect(
            resumed.error.contains("before its answers were saved.\nResume them? Type y"), "\(resumed.error)")
        #expect(resumed.error.contains("Going on from Birthday"))
        #expect(!resumed.output.utf8.contains(0x1B) && !resumed.error.utf8.contains(0x1B))
        #expect(!folder.exists(".s.json.draft") && !folder.exists(".s.json.lock"), "a save leaves no journal")
    }

    @Test func aClosedTerminalExits129AndTheNextRunResumes() throws {
        let folder = try ScratchFolder()
        let binary = try TmuxHarness.formtuiBinary()
        let command = "TERM=dumb TZ=UTC \(shellQuoted(binary)) form \(shellQuoted(Self.spec)) --state s.json"
        let tmux = try folder.runInTmux(
            """
            \(command) > out1 2> err1
            echo $? > status1
            \(command) > out2
            echo $? > status2
            """)
        defer { tmux.close() }
        let formtui = try #require(
            try {
                let deadline = ContinuousClock.now + .seconds(10)
                while ContinuousClock.now < deadline {
                    if let pid = ProcessState.descendant(of: try tmux.panePID(), named: "registration.yaml") {
                        return pid
                    }
                    Thread.sleep(forTimeInterval: 0.05)
                }
                return nil
            }())
        for answer in Self.firstAnswers.split(separator: "\n") {
            try tmux.sendText(String(answer))
            try tmux.sendKeys("Enter")
        }
        try Self.waitForJournal(folder, tmux: tmux)
        kill(formtui, SIGHUP)
        try folder.waitForFile("status1", timeout: .seconds(10), tmux: tmux)
        #expect(folder.read("status1") == "129\n", "\(folder.read("err1"))")
        #expect(
            folder.read("err1").hasSuffix(
                "\nStopped: the answers given so far are kept, and offered back at the next start.\n"))
        #expect(folder.exists(".s.json.draft"))
        // The lock went with it: if there is one, the next run (started at once) holds it.
        #expect(!folder.read(".s.json.lock").hasPrefix("\(formtui)\n"))
        try tmux.waitFor(text: "Resume them?")
        for answer in Self.resumedAnswers.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        {
            if !answer.isEmpty { try tmux.sendText(String(answer)) }
            try tmux.sendKeys("Enter")
        }
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        let screen = try tmux.capture(history: true)
        #expect(folder.read("status2") == "0\n", "\(screen)")
        #expect(folder.read("out2").contains("\"age\": 36, \"birthday\": null, \"country\": \"Sweden\""))
        #expect(!folder.exists(".s.json.draft"))
    }

    @Test func aTerminalThatClosesUnderAnIgnoredHangUpStillExits129AndKeepsTheAnswers() throws {
        let folder = try ScratchFolder()
        let binary = try TmuxHarness.formtuiBinary()
        // As under nohup: no SIGHUP comes, only the end of the terminal's input.
        let tmux = try folder.runInTmux(
            """
            trap '' HUP
            TERM=dumb TZ=UTC \(shellQuoted(binary)) form \(shellQuoted(Self.spec)) --state s.json > out
            echo $? > status
            """)
        defer { tmux.close() }
        try tmux.waitFor(text: "Full Name (required): empty.")
        for answer in Self.firstAnswers.split(separator: "\n") {
            try tmux.sendText(String(answer))
            try tmux.sendKeys("Enter")
        }
        try Self.waitForJournal(folder, tmux: tmux)
        tmux.close()
        try folder.waitForFile("status", timeout: .seconds(10), tmux: tmux)
        #expect(folder.read("status") == "129\n")
        #expect(folder.read(".s.json.draft").contains("\"age\""), "a closed terminal keeps the answers")
    }

    @Test func theLibrarysLineModeKeepsAJournalToo() throws {
        let folder = try ScratchFolder()
        let formtui = URL(fileURLWithPath: try TmuxHarness.formtuiBinary())
        let example = formtui.deletingLastPathComponent().appendingPathComponent("HotspotExample").path
        // `Form.run(savingTo:)` in hotspot.json: the switch on, then killed at the password.
        let first = Process()
        first.executableURL = URL(fileURLWithPath: example)
        first.currentDirectoryURL = folder.url
        first.environment = Self.environment(folder)
        let answers = Pipe()
        first.standardInput = answers
        first.standardOutput = FileHandle.nullDevice
        first.standardError = FileHandle.nullDevice
        try first.run()
        defer {
            if first.isRunning { kill(first.processIdentifier, SIGKILL) }
        }
        answers.fileHandleForWriting.write(Data("y\n".utf8))
        let deadline = ContinuousClock.now + .seconds(10)
        while !folder.read(".hotspot.json.draft").contains("\"enabled\": true") {
            guard ContinuousClock.now < deadline else {
                throw TmuxHarness.Failure(description: "no journal: \(folder.read(".hotspot.json.draft"))")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        // Resumed at the password (Enter), answered, saved.
        try "\nsecret-pass\n\ny\n".write(toFile: folder.path("rest"), atomically: true, encoding: .utf8)
        let resumed = try TmuxHarness.runProcess(
            "/bin/sh", ["-c", "cd \(shellQuoted(folder.url.path)) && exec \(shellQuoted(example))"],
            environment: Self.environment(folder), standardInput: folder.path("rest"), timeout: .seconds(30))
        #expect(resumed.status == 0 && resumed.output == "Saved.\n", "\(resumed.error)")
        #expect(
            resumed.error.contains("Resume them?") && resumed.error.contains("Going on from Wi-Fi Password"))
        #expect(folder.read("hotspot.json").contains("secret-pass"))
        #expect(!folder.exists(".hotspot.json.draft"))
    }
}
