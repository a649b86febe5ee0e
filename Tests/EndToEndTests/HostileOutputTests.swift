import Foundation
import Testing

/// Outputs that cannot be written, inputs that are no files, folders made under any umask: the
/// cases a careless or hostile run finds (a full disk, a FIFO without a writer, `umask 000`).
@Suite(.serialized) struct HostileOutputTests {
    static let spec = """
        title: Deploy
        sections:
          - rows:
              - {id: app, type: text, title: App, default: web}
        """

    private func folder() throws -> ScratchFolder {
        let folder = try ScratchFolder()
        try Self.spec.write(toFile: folder.path("s.yaml"), atomically: true, encoding: .utf8)
        try "right x snapshot ctrl-s".write(toFile: folder.path("k.keys"), atomically: true, encoding: .utf8)
        return folder
    }

    /// `formtui form s.yaml --headless --script k.keys` and `extra`, through sh in `folder`.
    private func run(_ extra: String, in folder: ScratchFolder) throws -> TmuxHarness.ProcessResult {
        let binary = try TmuxHarness.formtuiBinary()
        return try TmuxHarness.runProcess(
            "/bin/sh",
            [
                "-c",
                "cd \(shellQuoted(folder.path(""))) && \(shellQuoted(binary)) form s.yaml --headless --script k.keys \(extra)",
            ],
            environment: folder.environment, timeout: .seconds(20))
    }

    @Test(
        "an output on a full disk ends with a message and status 4, the state saved first",
        arguments: [
            ("--state st.json > /dev/full", "standard output"),
            ("--state st.json --format env > /dev/full", "standard output"),
            ("--state st.json --record /dev/full", "/dev/full"),
            ("--state st.json --print-state > /dev/full", "standard output"),
        ])
    func fullDisk(extra: String, what: String) throws {
        let folder = try folder()
        let result = try run(extra, in: folder)
        #expect(result.status == 4, "status \(result.status): \(result.error)")
        #expect(result.error.contains("cannot write \(what): No space left on device"), "\(result.error)")
        #expect(folder.read("st.json").contains("\"webx\""), "the state was not saved")
    }

    @Test(
        "a FIFO without a writer as --values or --state is refused at once",
        arguments: ["--values", "--state"])
    func fifoIsRefused(option: String) throws {
        let folder = try folder()
        #expect(mkfifo(folder.path("fifo"), 0o600) == 0)
        let started = ContinuousClock.now
        let result = try run("\(option) fifo", in: folder)
        #expect(result.status == 3, "status \(result.status): \(result.error)")
        #expect(result.error.contains("nothing writes into this named pipe (FIFO)"), "\(result.error)")
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test("a values file from a pipe (no name on disk) still works")
    func anonymousPipe() throws {
        let folder = try folder()
        let binary = try TmuxHarness.formtuiBinary()
        let result = try TmuxHarness.runProcess(
            "/bin/sh",
            [
                "-c",
                "cd \(shellQuoted(folder.path(""))) && echo '{\"app\": \"db\"}' | \(shellQuoted(binary)) form s.yaml --headless --script k.keys --values /dev/stdin",
            ], environment: folder.environment, timeout: .seconds(20))
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("\"dbx\""), "\(result.output)")
    }

    @Test("the snapshot folder is made 0700 under umask 000")
    func snapshotFolderIsPrivate() throws {
        let folder = try folder()
        let binary = try TmuxHarness.formtuiBinary()
        let result = try TmuxHarness.runProcess(
            "/bin/sh",
            [
                "-c",
                "umask 000 && cd \(shellQuoted(folder.path(""))) && \(shellQuoted(binary)) form s.yaml --headless --script k.keys --snapshot-format svg --snapshot-dir pics/deep",
            ], environment: folder.environment, timeout: .seconds(20))
        #expect(result.status == 0, "\(result.error)")
        for made in ["pics", "pics/deep"] {
            var info = stat()
            #expect(stat(folder.path(made), &info) == 0)
            #expect(info.st_mode & 0o777 == 0o700, "\(made) is \(String(info.st_mode & 0o777, radix: 8))")
        }
    }
}
