import FormCore
import Testing

@testable import FormUI

/// Ctrl-G lists the best matches first: the title that is the query, titles that start with it,
/// titles with a word that does, then the rest, each kind in the form's order.
@Suite struct JumpRankingTests {
    struct Settings: Equatable {
        var flags = [Bool](repeating: false, count: 7)
    }

    static let titles = [
        "noStrictChecks", "Restricted mode", "alwaysStrict", "strict null checks", "strict", "Use strict",
        "Strictness",
    ]

    @Test func theWholeTitleThenItsStartThenAWordsStartThenTheRest() {
        let form = Form<Settings>(title: "Settings") {
            Section("Compiler") {
                ForEach(\.flags) { index, _ in Toggle(Self.titles[index], \.flags[index]) }
            }
        }
        let editor = FormEditor(form: form, store: StateStore(Settings()), mode: .edit)
        let search = editor.fieldSearch()
        search.search("STRICT")
        #expect(
            search.results.map(\.title) == [
                "strict", "strict null checks", "Strictness", "noStrictChecks", "alwaysStrict", "Use strict",
                "Restricted mode",
            ])
        // By its section's header alone, every row matches alike: the form's order.
        search.search("compiler")
        #expect(search.results.map(\.title) == Self.titles)
    }

    @Test func ranks() {
        #expect(SearchText.rank(of: "strict", in: "Strict") == .whole)
        #expect(SearchText.rank(of: "strict", in: "strictNullChecks") == .start)
        #expect(SearchText.rank(of: "strict", in: "alwaysStrict") == .wordStart)
        #expect(SearchText.rank(of: "strict", in: "use-strict") == .wordStart)
        #expect(SearchText.rank(of: "strict", in: "restricted") == .inside)
        #expect(SearchText.rank(of: "strict", in: "Advanced") == .elsewhere)
        // Folded: accents and case do not count.
        #expect(SearchText.rank(of: "cote", in: "Côte d'Ivoire") == .start)
        #expect(SearchText.rank(of: "ivoire", in: "Côte d'Ivoire") == .wordStart)
        // A later place ranks better than an earlier one inside a word.
        #expect(SearchText.rank(of: "on", in: "Monitor on") == .wordStart)
    }
}
