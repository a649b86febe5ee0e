import Foundation
import Testing

/// The README shows what builds: its library example is the example target's source, verbatim.
@Suite struct ReadmeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func libraryExampleIsTheCompiledOne() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let example = try String(
            contentsOf: Self.root.appendingPathComponent("Examples/HotspotExample/main.swift"),
            encoding: .utf8)
        #expect(readme.contains("```swift\n" + example + "```"))
        // One import, one call.
        #expect(example.hasPrefix("import FormTUI\n\n"))
        #expect(example.contains("try form.run(savingTo:"))
    }

    @Test func exampleCommandsNeverTouchTheRealState() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        // `formtui edit` keeps no state file: EditReadmeTests holds its commands to copies.
        for line in readme.split(separator: "\n")
        where line.hasPrefix("formtui ") && !line.contains("--help") && !line.hasPrefix("formtui edit ") {
            #expect(line.contains("--state"), "\(line)")
        }
    }

    /// Every command a shell block of the documentation shows that opens a form (a demo, or
    /// `form`, whose draft goes under ~/.config without it) passes `--state`, wherever on its line
    /// it starts (`answers=$(formtui form …)`, after `;`), its `\` continuations joined.
    @Test(arguments: ["README.md", "demos/README.md", "docs/look.md", "docs/inline-design.md"])
    func shellCommandsNeverTouchTheRealState(file: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
        let forms = /formtui (preferences|hotspot|registration|showcase|large|form)\b/
        var inShell = false
        var command = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inShell = line == "```sh"
                continue
            }
            guard inShell else { continue }
            // What follows ` #` is a comment (`make run   # starts `formtui preferences``).
            command += line.firstRange(of: " #").map { line[..<$0.lowerBound] } ?? line
            if line.hasSuffix("\\") { continue }
            defer { command = "" }
            guard command.contains(forms), !command.contains("--help") else { continue }
            #expect(command.contains("--state"), "\(file): \(command)")
        }
    }
}

extension ReadmeTests {
    @Test func customRowExampleIsTheCompiledOne() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/CustomRowTests/ReadmeRatingRow.swift"),
            encoding: .utf8)
        let snippet = try #require(source.components(separatedBy: "import FormUI\n\n").last)
        #expect(readme.contains("```swift\n" + snippet + "```"))
    }
}

extension ReadmeTests {
    @Test(arguments: [
        "Tests/CustomRowTests/ReadmeEditorTests.swift", "Tests/FormTUITests/ReadmeTesterTests.swift",
    ])
    func testedExampleIsTheOneShown(file: String) throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
        let start = try #require(source.range(of: "// README begin\n"))
        let end = try #require(source.range(of: "        // README end"))
        let snippet = source[start.upperBound..<end.lowerBound].split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .map { $0.dropFirst(8) }.joined(separator: "\n")
        #expect(readme.contains("```swift\n" + snippet + "```"))
    }
}
