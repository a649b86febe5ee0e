import FormCore
import Testing

@testable import FormUI

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

    /// A clock the test moves: when the keeper notes changes, and when it is asked to write.
    private final class TestClock {
        var now = ContinuousClock.now
        func advance(_ duration: Duration) { now += duration }
    }

    @Test func aBurstOfKeysIsWrittenOnceWhenItSettles() {
        let (app, _, keeper, log) = setUp()
        let clock = TestClock()
        keeper.clock = { clock.now }
        #expect(keeper.idle(at: clock.now) == nil, "nothing to keep yet")
        for character in "bob" {
            app.handle(.character(character))
            clock.advance(.milliseconds(100))
        }
        #expect(log.writes.isEmpty, "nothing is written on the key path")
        // The last key came 100 ms ago: the write waits until the draft has stayed 300 ms.
        #expect(keeper.idle(at: clock.now) == clock.now + .milliseconds(200))
        #expect(log.writes.isEmpty)
        clock.advance(.milliseconds(200))
        #expect(keeper.idle(at: clock.now) == nil)
        #expect(log.writes.count == 1)
        #expect(log.writes.last?.draft.user == "annbob")
        #expect(log.writes.last?.form == "Login")
        #expect(log.writes.last?.focus == RowPath(section: 0, group: 0, index: 0))
        // Nothing new: no write.
        clock.advance(.seconds(5))
        #expect(keeper.idle(at: clock.now) == nil)
        #expect(log.writes.count == 1)
    }

    @Test func keysThatKeepComingAreWrittenAfterTheLongestDelay() {
        let (app, _, keeper, log) = setUp()
        let clock = TestClock()
        keeper.clock = { clock.now }
        _ = keeper.idle(at: clock.now)
        let first = clock.now
        // A key every 100 ms for 2.5 s: the draft never settles for 300 ms.
        var writtenAt: [Duration] = []
        // The first change not yet written.
        var unwrittenSince: ContinuousClock.Instant?
        for _ in 0..<25 {
            let keyTime = clock.now
            unwrittenSince = unwrittenSince ?? keyTime
            app.handle(.character("x"))
            clock.advance(.milliseconds(100))
            let before = log.writes.count
            let wake = keeper.idle(at: clock.now)
            if log.writes.count > before {
                writtenAt.append(clock.now - first)
                unwrittenSince = nil
                #expect(wake == nil)
            } else if let since = unwrittenSince {
                // Due when the draft has settled, or 2 s after the first change, whichever is first.
                #expect(wake == min(keyTime + .milliseconds(300), since + .seconds(2)))
            }
        }
        #expect(writtenAt == [.seconds(2)], "one write, 2 s after the first change")
        #expect(log.writes.last?.draft.user == "ann" + String(repeating: "x", count: 20))
    }

    @Test func aChangeUndoneBeforeItSettlesWritesNothing() {
        let (app, _, keeper, log) = setUp()
        let clock = TestClock()
        keeper.clock = { clock.now }
        _ = keeper.idle(at: clock.now)
        app.handle(.down)
        app.handle(.character(" "))
        clock.advance(.milliseconds(50))
        #expect(keeper.idle(at: clock.now) != nil, "Remember is on: a write is due later")
        app.handle(.character(" "))
        clock.advance(.seconds(1))
        #expect(keeper.idle(at: clock.now) == nil)
        #expect(log.writes.isEmpty, "switched back off before it was written: nothing to keep")
        #expect(log.removals == 0, "and no journal to remove")
    }

    @Test func theAppWritesWhatIsPendingWhenItStops() {
        let (app, _, keeper, log) = setUp()
        let start = ContinuousClock.now
        app.handle(.character("a"))
        _ = keeper.idle(at: start + .seconds(1))
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
        _ = keeper.idle(at: .now + .seconds(1))
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
        _ = keeper.idle(at: .now + .seconds(1))
        #expect(log.writes.count == 1)
        app.handle(.control("s"))
        #expect(log.removals == 1, "a save removes it at once")
        #expect(!editor.isModified)
        keeper.finish()
        #expect(log.removals == 1, "once")

        let (app2, _, keeper2, log2) = setUp()
        app2.handle(.character("z"))
        _ = keeper2.idle(at: .now + .seconds(1))
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
        let clock = TestClock()
        keeper.clock = { clock.now }
        _ = keeper.idle(at: clock.now)
        app.handle(.character("q"))
        clock.advance(.milliseconds(300))
        let start = clock.now
        #expect(keeper.idle(at: start) == start + .milliseconds(300))
        #expect(attempts == 1)
        #expect(keeper.failure == "disk full")
        #expect(app.render(size: Size(width: 80, height: 6)).text.contains("Unsaved changes cannot be kept"))
        #expect(keeper.idle(at: start + .milliseconds(100)) == start + .milliseconds(300), "not before")
        #expect(attempts == 1)
        _ = keeper.idle(at: start + .milliseconds(300))
        #expect(attempts == 2)
    }
}

private struct DiskFull: Error, CustomStringConvertible {
    var description: String { "disk full" }
}
