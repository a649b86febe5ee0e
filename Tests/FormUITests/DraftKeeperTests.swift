import FormCore
import FormUI
import Testing

private struct Login: Equatable {
    var user = "ann"
    var remember = false
    var pin = ""
    var password = "saved"
}

private func loginForm() -> Form<Login> {
    Form(title: "Login") {
        Section {
            TextRow("User", \.user)
            Toggle("Remember", \.remember)
            TextRow("PIN", \.pin, secure: true).visible(when: \.remember)
            PasswordRow("Password", \.password)
        }
    }
}

/// What the keeper wrote and removed.
private final class JournalLog {
    var writes: [DraftSnapshot<Login>] = []
    var removals = 0
}

/// The keeper of unsaved changes: when it writes, what it leaves out, when the journal goes.
@MainActor struct DraftKeeperTests {
    private func setUp(interval: Duration = .milliseconds(300)) -> (
        App, FormScreen<Login>, DraftKeeper<Login>, JournalLog
    ) {
        let store = StateStore(Login())
        let editor = FormScreen(form: loginForm(), store: store, mode: .edit)
        let app = App(root: editor)
        let log = JournalLog()
        let keeper = DraftKeeper(
            store: store, interval: interval, write: { log.writes.append($0) }, remove: { log.removals += 1 })
        keeper.attach(to: app)
        return (app, editor, keeper, log)
    }

    @Test func aBurstOfKeysCostsOneWrite() {
        let (app, _, keeper, log) = setUp()
        let start = ContinuousClock.now
        #expect(keeper.idle(at: start) == nil, "nothing to keep yet")
        #expect(log.writes.isEmpty)
        for character in "bob" { app.handle(.character(character)) }
        #expect(log.writes.isEmpty, "nothing is written on the key path")
        #expect(keeper.idle(at: start) == nil)
        #expect(log.writes.count == 1)
        #expect(log.writes.last?.draft.user == "annbob")
        // More keys within the interval wait for it.
        app.handle(.character("x"))
        let wake = keeper.idle(at: start + .milliseconds(100))
        #expect(wake == start + .milliseconds(300))
        #expect(log.writes.count == 1)
        #expect(keeper.idle(at: start + .milliseconds(300)) == nil)
        #expect(log.writes.count == 2)
        #expect(log.writes.last?.draft.user == "annbobx")
        #expect(log.writes.last?.form == "Login")
        #expect(log.writes.last?.focus == RowPath(section: 0, group: 0, index: 0))
        // Nothing new: no write.
        #expect(keeper.idle(at: start + .seconds(5)) == nil)
        #expect(log.writes.count == 2)
    }

    @Test func theAppWritesWhatIsPendingWhenItStops() {
        let (app, _, keeper, log) = setUp()
        let start = ContinuousClock.now
        app.handle(.character("a"))
        _ = keeper.idle(at: start)
        app.handle(.down)
        app.handle(.character(" "))
        #expect(log.writes.count == 1)
        keeper.finish()
        #expect(log.writes.count == 2)
        #expect(log.writes.last?.draft.remember == true)
        #expect(log.writes.last?.focus == RowPath(section: 0, group: 1, index: 0), "focus moved to Remember")
    }

    @Test func secretsAreLeftOutShownOrHidden() {
        let (app, editor, keeper, log) = setUp()
        var typed = Login()
        typed.user = "bob"
        typed.remember = true
        typed.pin = "1234"
        typed.password = "typed-secret"
        editor.restore(draft: typed, focus: RowPath(section: 0, group: 2, index: 0))
        #expect(editor.focusedRow == RowPath(section: 0, group: 2, index: 0))
        _ = keeper.idle(at: .now)
        let written = log.writes.last?.draft
        #expect(written?.user == "bob")
        #expect(written?.pin == "", "the secure text row's value is the saved one")
        #expect(written?.password == "saved", "the password row's value is the saved one")
        // Hidden again by the switch: still a secret.
        app.handle(.up)
        app.handle(.character(" "))
        keeper.finish()
        #expect(log.writes.last?.draft.remember == false)
        #expect(log.writes.last?.draft.pin == "")
        #expect(log.writes.allSatisfy { $0.draft.pin.isEmpty && $0.draft.password == "saved" })
    }

    @Test func onlySecretsChangedKeepsNoJournal() {
        let (_, editor, keeper, log) = setUp()
        var typed = Login()
        typed.password = "typed-secret"
        editor.restore(draft: typed, focus: nil)
        keeper.finish()
        #expect(log.writes.isEmpty)
    }

    @Test func saveAndCancelRemoveTheJournal() {
        let (app, editor, keeper, log) = setUp()
        app.handle(.character("z"))
        _ = keeper.idle(at: .now)
        #expect(log.writes.count == 1)
        app.handle(.control("s"))
        #expect(log.removals == 1, "a save removes it at once")
        #expect(!editor.isModified)
        keeper.finish()
        #expect(log.removals == 1, "once")

        let (app2, _, keeper2, log2) = setUp()
        app2.handle(.character("z"))
        _ = keeper2.idle(at: .now)
        app2.handle(.escape)
        app2.handle(.character("y"))
        #expect(log2.removals == 1, "discarding removes it")
        keeper2.finish()
        #expect(log2.writes.count == 1)
    }

    @Test func aFailedWriteIsSaidOnceAndTriedAgain() {
        let store = StateStore(Login())
        let editor = FormScreen(form: loginForm(), store: store, mode: .edit)
        let app = App(root: editor)
        var attempts = 0
        let keeper = DraftKeeper(
            store: store,
            write: { _ in
                attempts += 1
                throw DiskFull()
            }, remove: {})
        keeper.attach(to: app)
        app.handle(.character("q"))
        let start = ContinuousClock.now
        #expect(keeper.idle(at: start) == start + .milliseconds(300))
        #expect(keeper.failure == "disk full")
        #expect(app.render(size: Size(width: 80, height: 6)).text.contains("Unsaved changes cannot be kept"))
        _ = keeper.idle(at: start + .milliseconds(300))
        #expect(attempts == 2)
    }
}

private struct DiskFull: Error, CustomStringConvertible {
    var description: String { "disk full" }
}
