import FormTestSupport
import Foundation
import Testing

/// Build/resident-pages.py, which writes into a built `formtui` where its start's pages begin and
/// end, and Sources/CResidentPages, which splits the binary's mappings there first thing in `main`. Played
/// on a copy of the test build: the script itself runs the patched copy and fails when it did not
/// split its mappings, so a zero status with stretches written is the proof.
struct ResidentPagesTests {
    static let script = CommandLineTests.packageRoot.appendingPathComponent("Build/resident-pages.py").path

    private func patch(_ binary: String, hotNames: String, in folder: ScratchFolder) throws
        -> TmuxHarness.ProcessResult
    {
        let hot = folder.path("startup.hot")
        try hotNames.write(toFile: hot, atomically: true, encoding: .utf8)
        return try TmuxHarness.runProcess(
            "/usr/bin/env", ["python3", Self.script, binary, hot], environment: folder.environment,
            timeout: .seconds(300))
    }

    @Test func aPatchedBinarySplitsItsMappingsFirstThingInMain() throws {
        let folder = try ScratchFolder()
        let copy = folder.path("formtui")
        try FileManager.default.copyItem(atPath: try TmuxHarness.formtuiBinary(), toPath: copy)
        // Two functions of different starts (masks): two runs between cold ones, two stretches at least.
        let result = try patch(copy, hotNames: "1 main\n2 ts_begin\n", in: folder)
        #expect(result.status == 0, "\(result.output)\(result.error)")
        let marked = result.output.split(separator: " ").firstIndex(of: "stretches").map {
            Int(result.output.split(separator: " ")[$0 - 1]) ?? 0
        }
        #expect((marked ?? 0) >= 2, "\(result.output)")
        // Still the same program: it plays a walkthrough as before.
        let demos = CommandLineTests.packageRoot.appendingPathComponent("demos")
        let played = try TmuxHarness.runProcess(
            copy,
            [
                "preferences", "--headless", "--script",
                demos.appendingPathComponent("preferences.keys").path,
                "--state", folder.path("state.json"),
            ], environment: folder.environment, timeout: .seconds(60))
        #expect(played.status == 0 || played.status == 1, "\(played.error)")
        #expect(played.output.contains("Preferences"), "\(played.output)")
    }

    @Test func withoutItsListTheBinaryIsLeftAsItIs() throws {
        let folder = try ScratchFolder()
        let copy = folder.path("formtui")
        try FileManager.default.copyItem(atPath: try TmuxHarness.formtuiBinary(), toPath: copy)
        let before = try Data(contentsOf: URL(fileURLWithPath: copy))
        let result = try TmuxHarness.runProcess(
            "/usr/bin/env", ["python3", Self.script, copy, folder.path("missing.hot")],
            environment: folder.environment, timeout: .seconds(120))
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("left as it is"), "\(result.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before)
    }
}
