import Testing

@testable import FormEdit

/// A row's help reads a description's Markdown links as their words.
@Suite struct DescriptionLinksTests {
    @Test func aLinkIsItsWords() {
        #expect(DescriptionLinks.wordsOnly("See [the guide](https://example.com/guide).") == "See the guide.")
        #expect(
            DescriptionLinks.wordsOnly(
                "Files under the [examples directory](https://doc.rust-lang.org/a.html) are")
                == "Files under the examples directory are")
        #expect(DescriptionLinks.wordsOnly("![logo](logo.png) and [a](b)") == "logo and a")
        // Parentheses inside a target are balanced, as Markdown reads them.
        #expect(
            DescriptionLinks.wordsOnly("[Rust](https://en.wikipedia.org/wiki/Rust_(language)) rocks")
                == "Rust rocks")
        #expect(DescriptionLinks.wordsOnly("[outer [inner](x) end]") == "[outer inner end]")
    }

    @Test func bracketsThatAreNoLinkStay() {
        for text in [
            "[project] is deprecated. Use [package] instead.", "a [b] (c)", "[a](b c)", "[a](", "](x)",
            "no brackets", "[a]()",
        ] {
            #expect(DescriptionLinks.wordsOnly(text) == text)
        }
    }

    @Test func aRowsHelpShowsTheWords() {
        let help = ConfigFormBuilder.firstParagraph(
            DescriptionLinks.wordsOnly(
                "Files located under the [examples directory](https://doc.rust-lang.org/cargo/guide/project-layout.html) are example uses of the library. More here."
            ))
        #expect(help == "Files located under the examples directory are example uses of the library.")
    }

    @Test func aRowsHelpEndsAtAFullStopBeforeALineBreak() {
        let text = "Binary targets are executable programs.\nThe default binary filename is `src/main.rs`."
        #expect(ConfigFormBuilder.firstParagraph(text) == "Binary targets are executable programs.")
        #expect(ConfigFormBuilder.firstParagraph(text + " é") == "Binary targets are executable programs.")
        #expect(
            ConfigFormBuilder.firstParagraph("Two lines\nof one sentence.") == "Two lines of one sentence.")
    }
}
