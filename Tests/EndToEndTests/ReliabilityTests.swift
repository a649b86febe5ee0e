import Foundation
import Testing

/// Nothing a spec, a file or a second session does crashes `formtui`, hangs it or loses a draft
/// (issue 23): deep nesting, huge numbers and backtracking patterns are refused with their place
/// and status 3; pipes, FIFOs, /dev/stdin and /dev/null are read wherever a file is; a 100 MB
/// values file is refused by its size; recordings and pictures are private.
struct ReliabilityTests {
    static let spec = """
        title: Sign up
        sections:
          - rows:
              - {id: name, type: text, title: Name}
              - {id: code, type: text, title: Code, pattern: '(a+)+$'}
        """

    private func folderWithSpec() throws -> ScratchFolder {
        let folder = try ScratchFolder()
        try Self.spec.write(toFile: folder.path("s.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    /// `command` run by bash in `folder`, `formtui` standing for the binary.
    private func shell(_ command: String, in folder: ScratchFolder, timeout: Duration = .seconds(20)) throws
        -> TmuxHarness.ProcessResult
    {
        let binary = try TmuxHarness.formtuiBinary()
        var environment = folder.environment
        environment["FORMTUI"] = binary
        return try TmuxHarness.runProcess(
            "/bin/bash",
            ["-c", "cd \"$1\" && formtui() { \"$FORMTUI\" \"$@\"; }\n\(command)", "bash", folder.url.path],
            environment: environment, timeout: timeout)
    }

    @Test func pipesFIFOsStdinAndDevNullAreReadWhereverAFileIs() throws {
        let folder = try folderWithSpec()
        let substituted = try shell(
            #"formtui form s.yaml --headless --script <(echo ctrl-s) --values <(echo '{"name": "Ada"}')"#,
            in: folder)
        #expect(substituted.status == 0, "\(substituted.error)")
        #expect(substituted.output.contains(#""name": "Ada""#), "\(substituted.output)")

        let fifo = try shell(
            #"mkfifo v.fifo; (echo '{"name": "Bo"}' > v.fifo &); formtui form s.yaml --headless --script <(echo ctrl-s) --values v.fifo"#,
            in: folder)
        #expect(fifo.status == 0, "\(fifo.error)")
        #expect(fifo.output.contains(#""name": "Bo""#), "\(fifo.output)")

        let stdin = try shell(
            #"echo '{"name": "Cy"}' | formtui form s.yaml --headless --script <(echo ctrl-s) --values /dev/stdin"#,
            in: folder)
        #expect(stdin.status == 0, "\(stdin.error)")
        #expect(stdin.output.contains(#""name": "Cy""#), "\(stdin.output)")

        let null = try shell(
            "formtui form s.yaml --headless --script <(echo ctrl-s) --values /dev/null --state /dev/null; echo \"status $?\"; test -c /dev/null && echo still-a-device",
            in: folder)
        #expect(null.output.contains("status 0"), "\(null.error)")
        #expect(null.output.contains("still-a-device"))
    }

    @Test func aHundredMegabyteValuesFileIsRefusedByItsSize() throws {
        let folder = try folderWithSpec()
        let start = ContinuousClock.now
        let result = try shell(
            "truncate -s 100M big.json && formtui form s.yaml --headless --script <(echo ctrl-s) --values big.json",
            in: folder)
        #expect(result.status == 3, "\(result.error)")
        #expect(result.error.contains("larger than the limit of 16 MB (100 MB)"), "\(result.error)")
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test(arguments: ["spec", "values", "state"])
    func aFileNestedThousandsDeepIsRefusedWithItsPlace(file: String) throws {
        let folder = try folderWithSpec()
        let deep = String(repeating: "[", count: 4_700) + String(repeating: "]", count: 4_700)
        let (spec, option) =
            file == "spec"
            ? ("deep.yaml", "")
            : ("s.yaml", "--\(file) deep.json")
        try "title: x\nsections: \(deep)\n".write(
            toFile: folder.path("deep.yaml"), atomically: true, encoding: .utf8)
        try "{\"name\": \(deep)}".write(toFile: folder.path("deep.json"), atomically: true, encoding: .utf8)
        let result = try shell(
            "formtui form \(spec) --headless --script <(echo ctrl-s) \(option)", in: folder)
        #expect(!result.signaled, "crashed with signal \(result.status)")
        #expect(result.status == 3, "\(result.error)")
        let place = file == "spec" ? "deep.yaml:2:" : "deep.json:1:"
        #expect(result.error.contains(place), "\(result.error)")
        // 4,700 levels stop the reader at its own stated limit (YAML 256, JSON 1,000 levels).
        #expect(result.error.contains("nest") && result.error.contains("deep"), "\(result.error)")
        #expect(result.error.contains("the limit") || result.error.contains("the most this reader follows"))
    }

    @Test(arguments: ["max: 1e308", "step: 1e20", "min: -1e300", "default: 9223372036854775807"])
    func aNumberBeyondWhatARowHoldsIsRefusedNotTrapped(rule: String) throws {
        let folder = try ScratchFolder()
        for kind in ["number", "stepper", "slider"] {
            try "sections:\n  - rows:\n      - {id: n, type: \(kind), title: N, \(rule)}\n".write(
                toFile: folder.path("n.yaml"), atomically: true, encoding: .utf8)
            let result = try shell("formtui form n.yaml --headless --script <(echo ctrl-s)", in: folder)
            #expect(!result.signaled, "\(kind) \(rule): signal \(result.status)")
            #expect(result.status == 3, "\(kind) \(rule): \(result.error)")
            #expect(result.error.contains("n.yaml:3:"), "\(result.error)")
        }
    }

    @Test func aBacktrackingPatternNeverFreezesTheForm() throws {
        let folder = try folderWithSpec()
        let start = ContinuousClock.now
        let text = String(repeating: "a", count: 30) + "!"
        let result = try shell(
            "formtui form s.yaml --headless --script <(echo down ctrl-s snapshot) --values <(echo '{\"code\": \"\(text)\"}')",
            in: folder, timeout: .seconds(30))
        #expect(!result.signaled)
        #expect(result.output.contains("Not in the expected form."), "\(result.output)")
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test func recordingsAndPicturesArePrivate() throws {
        let folder = try folderWithSpec()
        let result = try shell(
            "umask 022; formtui form s.yaml --headless --script <(echo snapshot ctrl-s) --record x.cast --snapshot-format svg --snapshot-dir pics",
            in: folder)
        #expect(result.status == 0, "\(result.error)")
        let recording = try FileManager.default.attributesOfItem(atPath: folder.path("x.cast"))
        #expect((recording[.posixPermissions] as? Int) == 0o600)
        let pictures = try FileManager.default.contentsOfDirectory(atPath: folder.path("pics"))
        #expect(!pictures.isEmpty)
        for picture in pictures {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.path("pics/\(picture)"))
            #expect((attributes[.posixPermissions] as? Int) == 0o600, "\(picture)")
        }
    }

    @Test func aStateFolderIsCalledTheStateFile() throws {
        let folder = try folderWithSpec()
        let result = try shell(
            "mkdir d; formtui form s.yaml --headless --script <(echo ctrl-s) --state d", in: folder)
        #expect(result.status == 3)
        #expect(result.error.contains("the state file is a folder"), "\(result.error)")
        #expect(!result.error.contains("values file"))
    }
}
