import Foundation
import Testing

/// `formtui edit` in a terminal (tmux) as a person meets it: a file another program changed
/// while it was open asks reload, overwrite or cancel; an edit killed with -9 is offered back at
/// the next `formtui edit` of the file, from the user's state folder, never beside the file; the
/// README's library example edits a file in one call.
@Suite(.serialized) struct EditTerminalTests {
    static let schema = """
        {"type": "object", "properties": {
          "name": {"type": "string", "title": "Name"},
          "port": {"type": "integer", "title": "Port"}}}
        """
    static let text = "# the service\nname: web   # shown on the dashboard\nport: 8080\n"

    private func folder() throws -> ScratchFolder {
        let folder = try ScratchFolder()
        try Self.schema.write(toFile: folder.path("schema.json"), atomically: true, encoding: .utf8)
        try Self.text.write(toFile: folder.path("service.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    /// `formtui edit service.yaml` in tmux, its drafts in the scratch folder's `state`.
    private func start(
        _ folder: ScratchFolder, _ options: String = "", width: Int = 80, height: Int = 24,
        waitingFor first: String = "Port"
    ) throws -> TmuxHarness {
        let binary = shellQuoted(try TmuxHarness.formtuiBinary())
        let tmux = try folder.runInTmux(
            "XDG_STATE_HOME=\"$PWD/state\" \(binary) edit service.yaml --schema schema.json \(options)\necho $? > status",
            width: width, height: height)
        try tmux.waitFor(text: first, timeout: .seconds(15))
        return tmux
    }

    /// The service file with its name changed, every other byte as it was.
    private static func renamed(_ name: String) -> String {
        text.replacingOccurrences(of: "name: web ", with: "name: \(name) ")
    }

    /// Waits for the run to end with status 0, having saved `expected`.
    private func expectSaved(_ expected: String, in folder: ScratchFolder, tmux: TmuxHarness) throws {
        try folder.waitForFile("status", timeout: .seconds(10), tmux: tmux)
        #expect(folder.read("status") == "0\n")
        #expect(folder.read("service.yaml") == expected)
    }

    /// Another program's write: a new file renamed over the old one.
    private func replace(in folder: ScratchFolder, with text: String) throws {
        try text.write(toFile: folder.path("service.yaml.new"), atomically: false, encoding: .utf8)
        #expect(rename(folder.path("service.yaml.new"), folder.path("service.yaml")) == 0)
    }

    @Test("changed on disk while open: reload takes theirs with the person's change on top")
    func reloadKeepsBothChanges() throws {
        let folder = try folder()
        let tmux = try start(folder)
        defer { tmux.close() }
        try tmux.sendText("x")
        try tmux.waitFor(text: "webx")
        let theirs = Self.text.replacingOccurrences(of: "8080", with: "9090") + "debug: true\n"
        try replace(in: folder, with: theirs)
        try tmux.sendKeys("C-s")
        try tmux.waitFor(text: "Saved elsewhere meanwhile")
        #expect(folder.read("service.yaml") == theirs, "theirs was overwritten")
        try tmux.sendText("y")
        try tmux.waitFor(text: "Reloaded")
        try tmux.sendKeys("C-s")
        try expectSaved(
            theirs.replacingOccurrences(of: "name: web ", with: "name: webx "), in: folder, tmux: tmux)
    }

    @Test("changed on disk while open: cancel writes nothing, overwrite writes the person's version")
    func cancelThenOverwrite() throws {
        let folder = try folder()
        let tmux = try start(folder)
        defer { tmux.close() }
        try tmux.sendText("x")
        try tmux.waitFor(text: "webx")
        let theirs = Self.text.replacingOccurrences(of: "8080", with: "9090")
        try replace(in: folder, with: theirs)
        try tmux.sendKeys("C-s")
        try tmux.waitFor(text: "Saved elsewhere meanwhile")
        try tmux.sendText("n")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(folder.read("service.yaml") == theirs)
        try tmux.sendKeys("C-s")
        try tmux.waitFor(text: "Saved elsewhere meanwhile")
        try tmux.sendText("o")
        try expectSaved(Self.renamed("webx"), in: folder, tmux: tmux)
    }

    @Test("deleted while open: the save asks, and overwrite writes the file anew")
    func deletedWhileOpen() throws {
        let folder = try folder()
        let tmux = try start(folder)
        defer { tmux.close() }
        try tmux.sendText("x")
        try tmux.waitFor(text: "webx")
        try FileManager.default.removeItem(atPath: folder.path("service.yaml"))
        try tmux.sendKeys("C-s")
        try tmux.waitFor(text: "Saved elsewhere meanwhile")
        #expect(!folder.exists("service.yaml"))
        try tmux.sendText("o")
        try expectSaved(Self.renamed("webx"), in: folder, tmux: tmux)
    }

    @Test(
        "line by line, a file changed meanwhile is refused, and --force writes over it",
        arguments: ["", "--force"])
    func theLineModeRefusesUnlessForced(force: String) throws {
        let folder = try folder()
        let tmux = try start(folder, "--accessible \(force)", waitingFor: "Name: web")
        defer { tmux.close() }
        let theirs = Self.text.replacingOccurrences(of: "8080", with: "9090")
        try replace(in: folder, with: theirs)
        try tmux.sendText("api")
        try tmux.sendKeys("Enter")
        try tmux.waitFor(text: "Port: 8080")
        try tmux.sendKeys("Enter")
        try tmux.waitFor(text: "Save?")
        try tmux.sendText("y")
        try tmux.sendKeys("Enter")
        if force.isEmpty {
            try tmux.waitFor(text: "--force writes over it")
            #expect(folder.read("service.yaml") == theirs)
        } else {
            try expectSaved(Self.renamed("api"), in: folder, tmux: tmux)
        }
    }

    @Test("killed with -9 mid-edit at 40x12: the next edit of the file offers the draft back")
    func aKilledEditIsOfferedBack() throws {
        let folder = try folder()
        let first = try start(folder, width: 40, height: 12)
        defer { first.close() }
        try first.sendText("x")
        try first.waitFor(text: "● modified")
        // The journal is in the state folder, never beside the file.
        let drafts = folder.path("state/formtui/edits")
        let deadline = ContinuousClock.now + .seconds(5)
        func journal() -> String {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: drafts)) ?? []
            return names.filter { $0.hasSuffix(".draft") }.map { folder.read("state/formtui/edits/\($0)") }
                .joined()
        }
        while !journal().contains("webx") {
            guard ContinuousClock.now < deadline else {
                throw TmuxHarness.Failure(description: "no journal of the edit:\n\(try first.capture())")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let beside = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(!beside.contains { $0.contains("draft") }, "\(beside)")
        try killDashNine(first)
        first.close()
        #expect(folder.read("service.yaml") == Self.text, "the kill wrote nothing")
        try? FileManager.default.removeItem(atPath: folder.path("done"))

        let second = try start(folder, width: 40, height: 12, waitingFor: "Unsaved changes from")
        defer { second.close() }
        try second.sendText("y")
        try second.waitFor(text: "webx")
        try second.sendKeys("C-s")
        try expectSaved(Self.renamed("webx"), in: folder, tmux: second)
        #expect(journal().isEmpty, "a save removes the journal")
    }

    @Test(
        "a read-only file at 80x24 and 40x12: the title bar says so, typing and Ctrl-S are refused on the help line, moving and leaving work",
        arguments: [(80, 24), (40, 12)])
    func aReadOnlyFileRefusesEveryChange(size: (width: Int, height: Int)) throws {
        let folder = try folder()
        #expect(chmod(folder.path("service.yaml"), 0o444) == 0)
        let tmux = try start(folder, width: size.width, height: size.height)
        defer { tmux.close() }
        let opened = try tmux.capture()
        #expect(opened.split(separator: "\n").first?.hasSuffix("read-only") == true, "\(opened)")
        #expect(opened.contains("Esc Quit") && !opened.contains("Save"), "\(opened)")
        try tmux.sendText("x")
        let refused = try tmux.waitFor(text: "service.yaml is read-only.")
        #expect(!refused.contains("webx") && !refused.contains("modified"), "\(refused)")
        try tmux.sendKeys("Down")
        try tmux.waitFor(text: "> Port")
        try tmux.sendKeys("C-s")
        try tmux.waitFor(text: "service.yaml is read-only.")
        try tmux.sendKeys("Escape")
        try folder.waitForFile("status", timeout: .seconds(10), tmux: tmux)
        #expect(folder.read("status") == "1\n")
        #expect(folder.read("service.yaml") == Self.text)
    }

    @Test("the README's library example: Form.edit opens the file, Ctrl-S saves only the change")
    func theLibraryExampleEditsAFile() throws {
        let formtui = URL(fileURLWithPath: try TmuxHarness.formtuiBinary())
        let example = formtui.deletingLastPathComponent().appendingPathComponent("EditExample").path
        guard FileManager.default.isExecutableFile(atPath: example) else {
            throw TmuxHarness.Failure(description: "EditExample is not built beside \(formtui.path)")
        }
        let folder = try folder()
        let tmux = try folder.runInTmux(
            "XDG_STATE_HOME=\"$PWD/state\" \(shellQuoted(example)) service.yaml schema.json\necho \"status $?\""
        )
        defer { tmux.close() }
        try tmux.waitFor(text: "Port", timeout: .seconds(15))
        try tmux.sendKeys("Down", "C-u")
        try tmux.sendText("8443")
        try tmux.waitFor(text: "● modified")
        try tmux.sendKeys("C-s")
        try folder.waitForFile("done", timeout: .seconds(30), tmux: tmux)
        let screen = try tmux.capture(history: true)
        #expect(screen.contains("Saved service.yaml ("), "\(screen)")
        #expect(screen.contains("status 0"), "\(screen)")
        #expect(folder.read("service.yaml") == Self.text.replacingOccurrences(of: "8080", with: "8443"))
    }
}
