import Foundation
import Testing

/// A state file replaced on disk while the form is open (another program's atomic write, or a
/// second formtui session saving first) is never overwritten without a word: the screen asks
/// (reload keeps both sides' changes where they do not collide, overwrite, cancel); the line
/// mode and headless runs refuse without --force.
@Suite(.serialized) struct StoredChangeTests {
    static let spec = """
        title: Deploy
        sections:
          - rows:
              - {id: app, type: text, title: App, default: web}
              - {id: env, type: text, title: Env, default: dev}
        """

    private func folder() throws -> ScratchFolder {
        let folder = try ScratchFolder()
        try Self.spec.write(toFile: folder.path("s.yaml"), atomically: true, encoding: .utf8)
        try #"{"app": "web", "env": "dev"}"#.write(
            toFile: folder.path("st.json"), atomically: true, encoding: .utf8)
        return folder
    }

    /// Another program's write: a new file renamed over the old one.
    private func replace(in folder: ScratchFolder, with text: String) throws {
        try text.write(toFile: folder.path("st.json.new"), atomically: false, encoding: .utf8)
        #expect(rename(folder.path("st.json.new"), folder.path("st.json")) == 0)
    }

    private func saved(_ folder: ScratchFolder) throws -> [String: String] {
        let object = try JSONSerialization.jsonObject(with: Data(folder.read("st.json").utf8))
        return (object as? [String: String]) ?? [:]
    }

    private func start(_ folder: ScratchFolder, _ options: String = "") throws -> TmuxHarness {
        let binary = try TmuxHarness.formtuiBinary()
        let tmux = try folder.runInTmux(
            "\(shellQuoted(binary)) form s.yaml --state st.json \(options) > out\necho $? > status")
        try tmux.waitFor(text: "Deploy", timeout: .seconds(15))
        return tmux
    }

    /// Types "x" after the app's name, lets another program save env = prod, then asks to save:
    /// the screen must ask what to do.
    private func typeThenSaveAfterTheirs(_ folder: ScratchFolder, _ tmux: TmuxHarness) throws {
        try tmux.sendText("x")
        try tmux.waitFor(text: "webx")
        try replace(in: folder, with: #"{"app": "web", "env": "prod"}"#)
        try tmux.sendKeys("C-s")
        try tmux.waitFor(text: "Saved elsewhere meanwhile")
    }

    @Test("replaced between two keys, a save asks; reload keeps both changes, then saves")
    func reloadMerges() throws {
        let folder = try folder()
        let tmux = try start(folder)
        defer { tmux.close() }
        try typeThenSaveAfterTheirs(folder, tmux)
        #expect(try saved(folder) == ["app": "web", "env": "prod"], "theirs was overwritten")
        try tmux.sendText("y")
        try tmux.waitFor(text: "prod")
        try tmux.sendKeys("C-s")
        try folder.waitForFile("status", timeout: .seconds(10), tmux: tmux)
        #expect(folder.read("status") == "0\n")
        #expect(try saved(folder) == ["app": "webx", "env": "prod"])
    }

    @Test("overwrite saves the person's version; cancel saves nothing and keeps editing")
    func overwriteAndCancel() throws {
        let folder = try folder()
        let tmux = try start(folder)
        defer { tmux.close() }
        try typeThenSaveAfterTheirs(folder, tmux)
        try tmux.sendText("n")
        // The question is gone (the cancel arrived) before the file is checked for no change.
        try tmux.waitUntilGone(text: "Saved elsewhere meanwhile")
        #expect(try saved(folder) == ["app": "web", "env": "prod"])
        try tmux.sendKeys("C-s")
        try tmux.waitFor(text: "Saved elsewhere meanwhile")
        try tmux.sendText("o")
        try folder.waitForFile("status", timeout: .seconds(10), tmux: tmux)
        #expect(folder.read("status") == "0\n")
        #expect(try saved(folder) == ["app": "webx", "env": "dev"])
    }

    @Test("the line mode refuses to save over it, and says --force does", arguments: ["", "--force"])
    func lineMode(force: String) throws {
        let folder = try folder()
        let tmux = try start(folder, "--accessible \(force)")
        defer { tmux.close() }
        try tmux.waitFor(text: "App")
        try replace(in: folder, with: #"{"app": "web", "env": "prod"}"#)
        try tmux.sendText("db")
        try tmux.sendKeys("Enter")
        try tmux.waitFor(text: "Env")
        try tmux.sendKeys("Enter")
        try tmux.waitFor(text: "Save?")
        try tmux.sendText("y")
        try tmux.sendKeys("Enter")
        if force.isEmpty {
            try tmux.waitFor(text: "--force does")
            #expect(try saved(folder) == ["app": "web", "env": "prod"])
        } else {
            try folder.waitForFile("status", timeout: .seconds(10), tmux: tmux)
            #expect(try saved(folder)["app"] == "db")
        }
    }
}
