import Foundation
import Testing

/// The DocC articles show what builds: their code is a test target's source, verbatim.
@Suite struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private func text(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// What follows the imports of a source file.
    private func snippet(_ path: String) throws -> String {
        try #require(try text(path).components(separatedBy: "import FormUI\n\n").last)
    }

    @Test func customRowArticleShowsTheCompiledRow() throws {
        let article = try text("Sources/FormCore/Documentation.docc/CustomRows.md")
        #expect(
            article.contains(
                "```swift\n" + (try snippet("Tests/CustomRowTests/ReadmeRatingRow.swift")) + "```"))
    }

    /// The one-import example, once the FormTUI module is there (its article is in its catalog).
    @Test(
        .enabled(
            if: FileManager.default.fileExists(
                atPath: root.appendingPathComponent("Sources/FormTUI/FormTUI.swift").path)))
    func gettingStartedShowsTheCompiledExample() throws {
        let article = try text("Sources/FormTUI/Documentation.docc/GettingStarted.md")
        #expect(article.contains("```swift\n" + (try text("Examples/HotspotExample/main.swift")) + "```"))
    }

    @Test func customCellArticleShowsTheCompiledCell() throws {
        let article = try text("Sources/FormUI/Documentation.docc/CustomCells.md")
        #expect(
            article.contains(
                "```swift\n" + (try snippet("Tests/CustomRowTests/DocPaletteCell.swift")) + "```"))
    }
}
