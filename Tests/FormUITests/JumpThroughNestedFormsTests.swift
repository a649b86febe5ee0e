import FormCore
import Testing

@testable import FormUI

/// Ctrl-G reads a nested form's rows with the row that opens it, a slice at a time, going on
/// where the last slice stopped, inside a nested form too. A form that opens itself again ends
/// its search: an unnamed one is read a slice at most below its opener, a named one
/// (`FormRow.destinationNames`, as a configuration's pages are: a schema that refers to itself
/// names the same settings at every depth) once. The work is counted: rows read, forms made.
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

    /// A class: the forms' closures count the forms they make.
    final class Made { var forms = 0 }

    /// 100 rows that each open this same form again, named so; nothing else.
    static func named(_ made: Made) -> Form<Flags> {
        Form<Flags>(title: "Settings") {
            Section("Managers") {
                ForEach(Array(0..<100)) { index, _ in
                    NavigationRow<Flags>("Manager \(index)", value: { _ in "" }, names: { _ in ["settings"] })
                    {
                        made.forms += 1
                        return named(made)
                    }
                }
            }
        }
    }

    @Test("rows that open a form of the same name again are read once: a search of a recursive form ends")
    func namedFormsAreReadOnce() {
        let made = Made()
        let editor = FormEditor(form: Self.named(made), store: StateStore(Flags()), mode: .edit)
        let search = editor.fieldSearch()
        made.forms = 0  // the search of "" that making it starts
        search.search("nowhere")
        // The form's 100 rows, then the one form its first row opens (its own rows name it
        // again, read): 100^4 forms unnamed, bounded by slices and depth only.
        #expect(!search.isCut && search.results.isEmpty)
        #expect(search.scanned == 200)
        #expect(made.forms == 1)
        // The nested form's row first: it is read with its opener, the form's first row.
        search.search("manager 77")
        #expect(search.results.map(\.name) == ["Manager 0 › Managers › Manager 77", "Managers › Manager 77"])
        // A form that says it shows the same settings is not read again at all.
        var form = Self.named(made)
        form.names = ["settings"]
        let root = FormEditor(form: form, store: StateStore(Flags()), mode: .edit)
        made.forms = 0
        let rooted = root.fieldSearch()
        rooted.search("nowhere")
        #expect(rooted.scanned == 100 && made.forms == 0)
    }

    @Test("a named form of more rows than a slice is read whole, a slice at a time, and each name read once")
    func aLargeNamedFormIsReadWhole() {
        let made = Made()
        let form = Form<Flags>(title: "Top") {
            Section {
                NavigationRow<Flags>("Big", value: { _ in "" }, names: { _ in ["/big"] }) {
                    made.forms += 1
                    return Form<Flags>(title: "Big") {
                        Section {
                            ForEach(Array(0..<12_000)) { index, _ in
                                Toggle("Row \(index)", \.flags[index % 5_000])
                            }
                        }
                    }
                }
                // The same page again, by another row (an error's row at the top): read once.
                NavigationRow<Flags>("Again", value: { _ in "" }, names: { _ in ["/big"] }) {
                    made.forms += 1
                    return Form<Flags>(title: "Big") {}
                }
            }
        }
        let editor = FormEditor(form: form, store: StateStore(Flags()), mode: .edit)
        let search = editor.fieldSearch()
        made.forms = 0  // the search of "" that making it starts
        search.search("row 11999")
        var slices = 1
        while search.isCut, slices < 10 {
            search.searchOn()
            slices += 1
        }
        #expect(search.results.map(\.name) == ["Big › Row 11999"])
        #expect(search.scanned == 12_002 && slices == 3)
        #expect(made.forms == 1)
    }

    @Test("a file's values six forms deep are found: a named form is read at any depth")
    func namedFormsAtAnyDepth() {
        func level(_ depth: Int) -> Form<Flags> {
            Form<Flags>(title: "Level \(depth)") {
                Section {
                    Toggle("Flag at \(depth)", \.flags[depth])
                    if depth < 6 {
                        NavigationRow<Flags>(
                            "Level \(depth + 1)", value: { _ in "" }, names: { _ in ["/\(depth + 1)"] }
                        ) {
                            level(depth + 1)
                        }
                    }
                }
            }
        }
        let editor = FormEditor(form: level(0), store: StateStore(Flags()), mode: .edit)
        let search = editor.fieldSearch()
        search.search("flag at 6")
        #expect(search.results.first?.path.count == 7)
        #expect(search.results.first?.title == "Flag at 6")
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
