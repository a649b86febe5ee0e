import Foundation
import Testing

/// The `formtui edit` walkthroughs of demos/edit, played headless on a copy of each file: the
/// screens are the transcript's, and the file saved is the recorded one (only the values the
/// walkthrough changed differ from the original, every other byte kept).
struct EditDemoTests {
    static let demos = CommandLineTests.packageRoot.appendingPathComponent("demos/edit")

    @Test(arguments: [
        ("pyproject", "pyproject.toml", "pyproject"), ("ci", "ci.yml", "workflow"),
        ("settings", "settings.json", "settings"),
    ])
    func aWalkthroughPlaysAsRecordedAndSavesTheRecordedFile(name: String, file: String, schema: String) throws
    {
        let folder = try ScratchFolder()
        let original = try String(contentsOf: Self.demos.appendingPathComponent(file), encoding: .utf8)
        try original.write(toFile: folder.path(file), atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = folder.path("state")
        let result = try TmuxHarness.runProcess(
            try TmuxHarness.formtuiBinary(),
            [
                "edit", folder.path(file), "--schema",
                Self.demos.appendingPathComponent("\(schema).schema.json").path, "--review", "--headless",
                "--script", Self.demos.appendingPathComponent("\(name).keys").path,
            ], environment: environment, timeout: .seconds(60))
        #expect(result.status == 0, "\(result.error)")
        let transcript = try String(
            contentsOf: Self.demos.appendingPathComponent("\(name).out"), encoding: .utf8)
        #expect(result.output == transcript)
        let fileExtension = file.split(separator: ".").last.map(String.init) ?? ""
        let saved = try String(
            contentsOf: Self.demos.appendingPathComponent("\(name).saved.\(fileExtension)"), encoding: .utf8)
        #expect(folder.read(file) == saved)
        #expect(saved != original, "the walkthrough changes the file")
    }

    /// The original and the saved file differ only on the lines whose values the walkthrough set.
    @Test func theSavedFilesDifferOnlyInTheirChangedLines() throws {
        let pairs = [("pyproject.toml", "pyproject.saved.toml", 3), ("ci.yml", "ci.saved.yml", 3)]
        for (file, saved, changed) in pairs {
            let old = try String(contentsOf: Self.demos.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            let new = try String(contentsOf: Self.demos.appendingPathComponent(saved), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            #expect(old.count == new.count, "\(file)")
            #expect(zip(old, new).filter { $0 != $1 }.count == changed, "\(file)")
        }
    }
}

/// The README's `formtui edit` section: its library code is what builds and what the tests run,
/// and its commands work on copies, never on the demo files or a real configuration.
struct EditReadmeTests {
    static let root = CommandLineTests.packageRoot

    func readme() throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    }

    @Test func theLibraryCodeIsTheExampleAndTheTestedSnippet() throws {
        let readme = try readme()
        let example = try String(
            contentsOf: Self.root.appendingPathComponent("Examples/EditExample/main.swift"), encoding: .utf8)
        #expect(readme.contains("```swift\n" + example + "```"))
        #expect(example.contains("try Form.edit(file: file, schema:"))
        let source = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/FormEditTests/ConfigEditorTests.swift"),
            encoding: .utf8)
        let start = try #require(source.range(of: "// README begin\n"))
        let end = try #require(source.range(of: "        // README end"))
        let snippet = source[start.upperBound..<end.lowerBound].split(
            separator: "\n", omittingEmptySubsequences: false
        ).map { $0.dropFirst(8) }.joined(separator: "\n")
        #expect(readme.contains("```swift\n" + snippet + "```"))
    }

    @Test(arguments: ["README.md", "demos/README.md"])
    func editCommandsWorkOnCopies(file: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
        var inShell = false
        var found = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inShell = line == "```sh"
                continue
            }
            guard inShell, line.contains("formtui edit ") || line.contains("EditExample ") else { continue }
            found += 1
            #expect(line.contains("\"$tmp/"), "\(file): \(line)")
        }
        #expect(found > 0, "\(file) shows formtui edit")
    }
}
