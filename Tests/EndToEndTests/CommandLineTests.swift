import FormTestSupport
import Foundation
import Testing

/// The `formtui` command without a terminal: scripted sessions, bad state files, bad scripts, help.
struct CommandLineTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every walkthrough in demos/, played as `make demos` records it.
    static let demos = ["preferences", "hotspot", "registration", "showcase"]

    @Test(arguments: demos)
    func theWalkthroughPrintsItsTranscript(demo: String) throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let demos = Self.packageRoot.appendingPathComponent("demos")
        let result = try TmuxHarness.runProcess(
            binary,
            [
                demo, "--headless", "--script", demos.appendingPathComponent("\(demo).keys").path, "--state",
                folder.path("state.json"), "--print-state",
            ],
            environment: folder.environment, timeout: .seconds(20))
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.isEmpty, "\(result.error)")
        let expected = try String(contentsOf: demos.appendingPathComponent("\(demo).out"), encoding: .utf8)
        if let difference = TranscriptDiff.describe(expected: expected, actual: result.output) {
            Issue.record(
                "demos/\(demo).out differs (`make demos` re-records it if the change is meant):\n\(difference)"
            )
        }
    }

    @Test(arguments: [Array("{oops".utf8), [0x7B, 0xFF, 0xFE, 0x7D], Array("[1, 2]".utf8)])
    func aCorruptStateFileStopsWithStatus3AndIsNotTouched(bytes: [UInt8]) throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let statePath = folder.path("p.json")
        try Data(bytes).write(to: URL(fileURLWithPath: statePath))
        let script = folder.path("save.keys")
        try "enter space ctrl-s q".write(toFile: script, atomically: true, encoding: .utf8)
        for arguments in [["--headless", "--script", script], []] {
            let result = try TmuxHarness.runProcess(
                binary, ["preferences", "--state", statePath] + arguments,
                environment: folder.environment, timeout: .seconds(10))
            #expect(result.status == 3)
            #expect(
                result.error.hasPrefix("formtui: \(statePath) is not a valid state file"), "\(result.error)")
            #expect(result.error.split(separator: "\n").count == 1)
            #expect(try Data(contentsOf: URL(fileURLWithPath: statePath)) == Data(bytes))
        }
    }

    @Test func aBadScriptIsRefusedWithItsLineNumber() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let script = folder.path("bad.keys")
        try "down\nenter\nfrobnicate\n".write(toFile: script, atomically: true, encoding: .utf8)
        let result = try TmuxHarness.runProcess(
            binary, ["preferences", "--headless", "--script", script, "--state", folder.path("p.json")],
            environment: folder.environment, timeout: .seconds(10))
        #expect(result.status == 2)
        #expect(result.error.contains("bad.keys:3:1: unknown key 'frobnicate'"), "\(result.error)")
        #expect(!folder.exists("p.json"))
    }

    @Test func headlessNeedsAScript() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let result = try TmuxHarness.runProcess(binary, ["preferences", "--headless"], timeout: .seconds(10))
        #expect(result.status == 64)
        #expect(result.error.contains("--headless needs --script"))
    }

    @Test func helpListsTheDemosAndOptions() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let result = try TmuxHarness.runProcess(binary, ["--help"], timeout: .seconds(10))
        #expect(result.status == 0)
        for word in ["preferences", "--state", "--script", "--headless", "--size"] {
            #expect(result.output.contains(word), "help lacks \(word)")
        }
        #expect(!result.output.contains("debug-crash"))
    }

    @Test func theDefaultStateFileFollowsXDGConfigHome() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let script = folder.path("save.keys")
        try "enter space ctrl-s".write(toFile: script, atomically: true, encoding: .utf8)
        let result = try TmuxHarness.runProcess(
            binary, ["preferences", "--headless", "--script", script], environment: folder.environment,
            timeout: .seconds(10))
        #expect(result.status == 0, "\(result.error)")
        #expect(folder.read("formtui/preferences.json").contains("\"autoRefresh\": false"))
    }
}
