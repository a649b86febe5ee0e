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
        for line in readme.split(separator: "\n") where line.hasPrefix("formtui ") && !line.contains("--help")
        {
            #expect(line.contains("--state"), "\(line)")
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
