import FormCore
import Testing

@testable import FormUI

/// "Review changes" and the jump search, driven through the editor (and the screens' values).
@Suite("Review before saving, and jumping to a row by its title")
struct ReviewAndJumpTests {
    struct Account: Equatable {
        var notify = false
        var name = ""
        var secret = "hunter22"
        var color = "Red"
        var tags: [String] = ["one", "two"]
        var locked = true
        var motd = ""
        var country = "France"
    }

    static func form(reviews: Bool = true) -> Form<Account> {
        Form(title: "Account", reviewsChanges: reviews) {
            Section("General") {
                Toggle("Notify", \.notify)
                TextRow("Name", \.name)
                TextRow("Secret", \.secret, secure: true)
                SelectionRow("Color", \.color, options: ["Red", "Green", "Blue"]) { $0 }
                TextRow("Côte d'Ivoire office", \.country)
            }
            Section("Tags") {
                ForEach(\Account.tags, editable: "tag", newElement: { _ in "new" }) { index, _ in
                    TextRow("Tag \(index + 1)", \.tags[index])
                }
            }
            Section("Locked") {
                Toggle("Frozen", \.locked).disabled(when: \.locked)
                Toggle("Hidden", \.notify).visible(when: { _ in false })
            }
            Section("More") {
                NavigationRow("Advanced", value: { _ in "" }) {
                    Form(title: "Advanced") { Section { TextRow("Login message", \.motd) } }
                }
            }
        }
    }

    static func editor(reviews: Bool = true) -> FormEditor<Account> {
        FormEditor(form: form(reviews: reviews), store: StateStore(Account()), mode: .edit)
    }

    static func press(_ editor: FormEditor<Account>, _ keys: Key...) {
        for key in keys { _ = editor.handle(key, isRoot: true) }
    }

    static func focus(_ editor: FormEditor<Account>, on title: String) throws {
        Self.press(editor, .home)
        for _ in 0..<20 where editor.focusedRow?.row.title != title { press(editor, .down) }
        try #require(editor.focusedRow?.row.title == title)
    }

    @Test("Ctrl-S lists exactly the changed rows with old → new; secrets as bullets, lists as + and −")
    func review() throws {
        let editor = Self.editor()
        Self.press(editor, .space)
        try Self.focus(editor, on: "Secret")
        Self.press(editor, .character("!"))
        try Self.focus(editor, on: "Tag 2")
        Self.press(editor, .insert)
        guard case .review(let changes)? = editor.handle(.control("s"), isRoot: true) else {
            Issue.record("Ctrl-S did not review")
            return
        }
        #expect(changes.map(\.title) == ["Notify", "Secret", "Tags"])
        #expect(changes[0].summary == "Off → On")
        #expect(changes[0].section == "General")
        #expect(changes[1].summary == "changed", "never the secret's text")
        #expect(changes[2].summary == "+ new")
        #expect(editor.store.value == Account(), "nothing is saved before the review's Ctrl-S")
        #expect(editor.save() == .leave(message: "Saved."))
        #expect(editor.store.value.notify)
    }

    struct Party: Equatable {
        var token = ""
        var key = "old"
        var guests = 2
        var toppings: Set<String> = ["Cheese"]
        var bio = "first line\nsecond line"
        var hosts: [String] = []
    }

    static func partyEditor(_ party: Party = Party()) -> FormEditor<Party> {
        let form = Form<Party>(title: "Party", reviewsChanges: true) {
            Section("Secrets") {
                TextRow("Token", \.token, secure: true)
                TextRow("Key", \.key, secure: true)
            }
            Section("Party") {
                StepperRow("Guests", \.guests, in: 1...12)
                MultiSelectionRow("Toppings", \.toppings, options: ["Cheese", "Ham", "Olives"]) { $0 }
                MultilineTextRow("Bio", \.bio, maxLines: 1)
                NavigationRow("Details", value: { "\($0.guests) guests" }) {
                    Form(title: "Details") { Section { StepperRow("Guests", \.guests, in: 1...12) } }
                }
            }
            Section("Network") {
                ForEach(\Party.hosts, editable: "entry", newElement: { _ in "" }) { index, _ in
                    TextRow("\(index + 1).", \.hosts[index])
                }
            }
        }
        return FormEditor(form: form, store: StateStore(party), mode: .edit)
    }

    @Test("a secret says set, changed or cleared; a selection and a text say what was added and removed")
    func reviewParts() throws {
        let editor = Self.partyEditor()
        var party = editor.draft.value
        party.token = "s3cret"
        party.key = ""
        party.toppings = ["Ham", "Olives"]
        party.bio = "first line\nsecond line, longer\nthird"
        party.guests = 5
        editor.draft.value = party
        let summaries = Dictionary(uniqueKeysWithValues: editor.changes().map { ($0.title, $0.summary) })
        #expect(summaries["Token"] == "set")
        #expect(summaries["Key"] == "cleared")
        #expect(summaries["Toppings"] == "+ Ham  + Olives  − Cheese")
        #expect(summaries["Bio"] == "+ second line, longer  + third  − second line", "lines past the row's")
        #expect(summaries["Guests"] == "2 → 5")
        #expect(editor.changes().count == 5, "Guests once, though the nested form edits it too")
    }

    @Test("Home and End move to the first and last change in the review")
    func reviewHomeEnd() throws {
        let editor = Self.partyEditor()
        editor.draft.value.token = "x"
        editor.draft.value.guests = 3
        editor.draft.value.bio = ""
        let screen = ReviewScreen(changes: editor.changes(), onSave: { _ in }, onGoTo: { _, _ in })
        let app = App(root: screen)
        app.handle(.end)
        #expect(screen.selectedChange?.title == "Bio")
        app.handle(.home)
        #expect(screen.selectedChange?.title == "Token")
    }

    @Test("a nested form's row is listed under its title; long values are cut with …")
    func nestedAndLong() throws {
        let editor = Self.editor()
        try Self.focus(editor, on: "Advanced")
        let path = try #require(editor.focusedPath)
        let nested = try #require(editor.nestedEditor(at: path))
        for character in "Welcome to the machine, every login is recorded" {
            _ = nested.handle(.character(character), isRoot: false)
        }
        #expect(nested.save() == .leave(message: nil))
        let changes = editor.changes()
        #expect(changes.count == 1)
        #expect(changes.first?.section == "Advanced")
        #expect(changes.first?.title == "Login message")
        #expect(changes.first?.new.hasSuffix("…") == true)
        #expect(changes.first?.path == path, "Enter on it goes back to the row that opens it")
    }

    @Test("validation runs first; nothing changed saves nothing and says so")
    func refusedAndUnchanged() throws {
        let editor = FormEditor(
            form: Form<Account>(title: "A", reviewsChanges: true) {
                Section { TextRow("Name", \.name, validate: { $0.isEmpty ? "A name is needed." : nil }) }
            }, store: StateStore(Account(name: "x")), mode: .edit)
        #expect(editor.handle(.control("s"), isRoot: true) == .leave(message: "No changes to save."))
        Self.press(editor, .backspace)
        #expect(
            editor.handle(.control("s"), isRoot: true)
                == .show(message: "Not saved: One row needs attention.", isError: true))
    }

    @Test("a form that does not review saves at once")
    func noReview() {
        let editor = Self.editor(reviews: false)
        Self.press(editor, .space)
        #expect(editor.handle(.control("s"), isRoot: true) == .leave(message: "Saved."))
    }

    @Test("the review screen: Enter goes back to the row, Esc back to the form, Ctrl-S saves")
    func reviewScreen() throws {
        let editor = Self.editor()
        Self.press(editor, .space)
        try Self.focus(editor, on: "Name")
        Self.press(editor, .character("Z"), .down)
        let screen = FormScreen(editor: editor)
        let app = App(root: screen)
        app.handle(.control("s"))
        #expect(app.stack.count == 2)
        _ = app.render(size: Size(width: 60, height: 12))
        app.handle(.down)
        app.handle(.enter)
        #expect(app.stack.count == 1)
        #expect(editor.focusedRow?.row.title == "Name")
        app.handle(.control("s"))
        app.handle(.escape)
        #expect(app.stack.count == 1)
        #expect(editor.isModified)
        app.handle(.control("s"))
        app.handle(.control("s"))
        #expect(editor.store.value.notify && editor.store.value.name == "Z")
    }

    @Test(
        "Ctrl-G searches every row by title and section, ignoring case and accents; hidden rows are not offered"
    )
    func search() throws {
        let editor = Self.editor()
        #expect(editor.handle(.control("g"), isRoot: true) == .jump)
        let search = editor.fieldSearch()
        search.search("COTE")
        #expect(search.results.map(\.title) == ["Côte d'Ivoire office"])
        search.search("login")
        #expect(search.results.map(\.name) == ["Advanced › Login message"])
        search.search("tag")
        #expect(Array(search.results.map(\.title).prefix(2)) == ["Tag 1", "Tag 2"], "rows of a ForEach")
        search.search("hidden")
        #expect(search.results.isEmpty)
        search.search("frozen")
        #expect(
            search.results.first?.unavailable != nil, "disabled: offered, and says why it cannot take focus")
        search.search("locked")
        #expect(search.results.map(\.title) == ["Frozen"], "by its section header")
    }

    @Test("A password is listed once by Ctrl-G, not again as its own editor's row")
    func searchNamesAPasswordOnce() {
        let form = Form<Account>(title: "Keys") {
            Section { PasswordRow("Account Password", \.secret) }
        }
        let editor = FormEditor(form: form, store: StateStore(Account()), mode: .edit)
        let search = editor.fieldSearch()
        search.search("password")
        #expect(search.results.map(\.name) == ["Account Password"])
    }

    @Test("Enter on a match focuses it, opening the nested form on the way")
    func jumpScreen() throws {
        let editor = Self.editor()
        let screen = FormScreen(editor: editor)
        let app = App(root: screen)
        app.handle(.control("g"))
        #expect(app.stack.count == 2)
        for character in "tag 2" { app.handle(.character(character)) }
        app.handle(.enter)
        #expect(app.stack.count == 1)
        #expect(editor.focusedRow?.row.title == "Tag 2")
        app.handle(.control("g"))
        for character in "login" { app.handle(.character(character)) }
        app.handle(.enter)
        #expect(app.stack.count == 2, "the nested form is open")
        let nested = try #require(app.stack.last as? FormScreen<Account>)
        #expect(nested.editor.focusedRow?.row.title == "Login message")
        app.handle(.escape)
        app.handle(.control("g"))
        app.handle(.escape)
        #expect(app.stack.count == 1, "Esc returns where you were")
    }

    @Test("search folds accents and case without Foundation")
    func folding() {
        #expect(SearchText.fold("Côte d’Ivoire ÅLAND Straße") == "cote d’ivoire aland strasse")
        #expect(SearchText.contains("SSH Port", "port"))
        #expect(SearchText.contains("Åland Islands", "aland"))
        #expect(!SearchText.contains("Host", "port"))
    }
}

@Suite("Jump search at a million rows: bounded per key, reading on by itself")
struct LargeJumpTests {
    struct Flags: Equatable { var flags = [Bool](repeating: false, count: 1_000_000) }

    @Test(
        "a common word finds its first matches at once; a rare one reads on, a slice at a time, each row once"
    )
    func slices() {
        let form = Form<Flags>(title: "Flags") {
            Section("Items") { ForEach(\.flags) { index, _ in Toggle("Item \(index + 1)", \.flags[index]) } }
        }
        let editor = FormEditor(form: form, store: StateStore(Flags()), mode: .edit)
        let search = editor.fieldSearch()
        search.search("item 5")
        #expect(search.results.first?.title == "Item 5")
        #expect(search.results.count > 100 && search.scanned <= 5_000)
        search.search("item 999999")
        #expect(search.results.isEmpty)
        #expect(search.isCut)
        #expect(search.scanned == 5_000)
        var slices = 1
        while search.isCut {
            search.searchOn()
            slices += 1
        }
        #expect(search.results.map(\.title) == ["Item 999999"])
        // Every row read once: the slices went on from where the last one stopped.
        #expect(search.scanned == 1_000_000)
        #expect(slices == 200)
    }

    @Test("Ctrl-G finds the last of a million rows by itself: a slice between frames, saying how far it got")
    func readsOnWhileIdle() throws {
        let form = Form<Flags>(title: "Flags") {
            Section("Items") { ForEach(\.flags) { index, _ in Toggle("Item \(index + 1)", \.flags[index]) } }
        }
        let editor = FormEditor(form: form, store: StateStore(Flags()), mode: .edit)
        let app = App(root: FormScreen(editor: editor))
        app.handle(.control("g"))
        let jump = try #require(app.stack.last as? JumpScreen)
        for character in "item 1000000" { app.handle(.character(character)) }
        // Each key read one slice at most: the first matches of a common word come at once.
        #expect(jump.search.scanned == 5_000 && jump.search.isCut)
        let first = app.render(size: Size(width: 60, height: 12)).text
        #expect(first.contains("Searching… 5,000 rows read so far."), "\(first)")
        var frames = 0
        while jump.workWhileIdle() {
            frames += 1
            if frames == 100 {
                let halfway = app.render(size: Size(width: 60, height: 12)).text
                #expect(halfway.contains("Searching… 505,000 rows read so far."), "\(halfway)")
            }
        }
        #expect(frames == 199)
        #expect(jump.search.scanned == 1_000_000)
        #expect(jump.selectedTarget?.title == "Item 1000000")
        app.handle(.enter)
        #expect(editor.focusedRow?.row.title == "Item 1000000")
    }
}
