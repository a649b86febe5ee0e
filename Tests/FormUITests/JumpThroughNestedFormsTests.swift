import FormCore
import Testing

@testable import FormUI

/// Ctrl-G reads a nested form's rows with the row that opens it, a slice at a time: a form that
/// opens itself again (a schema that refers to itself, as renovate's managers do) ends its
/// search in a few slices, and a nested form that the slice had too little left for is read
/// whole by the next one.
@Suite("Jump search through nested forms: bounded by the slice, however deep")
struct JumpThroughNestedFormsTests {
    struct Flags: Equatable { var flags = [Bool](repeating: false, count: 5_000) }

    /// A row that opens the same form again, then 5,000 rows: each opener's forms (four deep, as
    /// the search goes) hold four times more rows than a slice.
    static func endless() -> Form<Flags> {
        Form<Flags>(title: "Level") {
            Section {
                NavigationRow<Flags>("Deeper", value: { _ in "" }) { endless() }
                ForEach(\.flags) { index, _ in Toggle("Flag \(index)", \.flags[index]) }
            }
        }
    }

    @Test("a form that opens itself: each slice reads at most a slice, and a rare word's search ends")
    func endlessForms() {
        let editor = FormEditor(form: Self.endless(), store: StateStore(Flags()), mode: .edit)
        let search = editor.fieldSearch()
        search.search("nowhere")
        #expect(search.scanned <= 5_000)
        var slices = 1
        while search.isCut, slices < 50 {
            let before = search.scanned
            search.searchOn()
            #expect(search.scanned - before <= 5_000)
            slices += 1
        }
        #expect(!search.isCut, "the search ended")
        #expect(search.results.isEmpty)
        // A slice of the opener's forms, then the 5,000 rows after it.
        #expect(slices == 2)
        search.search("flag 4")
        #expect(search.results.first?.name == "Deeper › Deeper › Deeper › Deeper › Flag 4")
    }

    @Test("a nested form the slice has too little left for is read whole by the next slice")
    func aNestedFormIsReadAgain() {
        let form = Form<Flags>(title: "Top") {
            Section {
                ForEach(Array(0..<4_999)) { index, _ in Toggle("Flag \(index)", \.flags[index]) }
                NavigationRow<Flags>("More", value: { _ in "" }) {
                    Form<Flags>(title: "More") {
                        Section {
                            ForEach(Array(0..<100)) { index, _ in Toggle("Inner \(index)", \.flags[index]) }
                        }
                    }
                }
            }
        }
        let editor = FormEditor(form: form, store: StateStore(Flags()), mode: .edit)
        let search = editor.fieldSearch()
        search.search("inner 99")
        #expect(search.isCut && search.results.isEmpty)
        search.searchOn()
        #expect(search.results.map(\.name) == ["More › Inner 99"])
        #expect(!search.isCut)
        // The opener read once in the count: 4,999 flags, the opener, its 100 rows.
        #expect(search.scanned == 5_100)
    }
}
