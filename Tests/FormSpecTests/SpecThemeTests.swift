import FormSpec
import FormUI
import Testing

/// A spec's `theme:` key, in every language: one of the themes, or an error with its place and
/// a "did you mean".
struct SpecThemeTests {
    static let names = Theme.all.map(\.name)

    @Test(arguments: [
        (SpecFormat.yaml, "title: T\ntheme: light\nsections:\n  - rows:\n      - {id: a, type: switch}\n"),
        (
            .json,
            #"{"title": "T", "theme": "high-contrast", "sections": [{"rows": [{"id": "a", "type": "switch"}]}]}"#
        ),
        (
            .toml,
            "title = \"T\"\ntheme = \"Classic\"\n[[sections]]\n[[sections.rows]]\nid = \"a\"\ntype = \"switch\"\n"
        ),
    ])
    func aSpecNamesItsTheme(format: SpecFormat, text: String) throws {
        let spec = try SpecReader.read(text: text, format: format, file: "t", themeNames: Self.names)
        let expected = ["yaml": "light", "json": "high-contrast", "toml": "classic"][format.rawValue]
        #expect(spec.theme == expected)
        #expect(spec.theme.flatMap(Theme.named) != nil)
    }

    @Test func withoutTheKeyThereIsNone() throws {
        let spec = try SpecReader.read(
            text: "sections:\n  - rows:\n      - {id: a, type: switch}\n", format: .yaml, file: "t",
            themeNames: Self.names)
        #expect(spec.theme == nil)
    }

    @Test(arguments: [
        ("theme: ligth\n", "unknown theme 'ligth'", "did you mean 'light'?"),
        (
            "theme: solarized\n", "unknown theme 'solarized'",
            "the themes are dark, light, high-contrast, classic"
        ),
        ("theme: [dark]\n", "'theme' must be text, not a list", nil),
    ])
    func anUnknownThemeIsRefusedWithItsPlace(line: String, says: String, hint: String?) {
        let text = "title: T\n" + line + "sections:\n  - rows:\n      - {id: a, type: switch}\n"
        do {
            _ = try SpecReader.read(text: text, format: .yaml, file: "t.yaml", themeNames: Self.names)
            Issue.record("'\(line)' was taken")
        } catch {
            #expect(error.description.hasPrefix("t.yaml:2:8: \(says)"), "\(error.description)")
            if let hint { #expect(error.description.contains(hint), "\(error.description)") }
        }
    }
}
