import FormCore
import FormUI
import Foundation
import Testing

/// The line mode's steps beyond one question a row: a nested form's Keep step, a row an answer
/// shows above it, and the journal of unsaved answers.
@Suite("AccessibleSession: Keep, new questions above, the journal")
struct AccessibleStepsTests {
    struct Server: Equatable {
        var name = "web"
        var port = 22
        var proxy = false
        var proxyHost = ""
        var secret = ""
        var verbose = false
    }

    /// Name; a nested "Connection" form (Port, which must not be 1); Proxy Host, shown only while
    /// Proxy (after it) is on; Proxy; a secret; a section shown while Verbose (last) is on.
    static func form() -> Form<Server> {
        Form(title: "Server") {
            Section("Names") {
                TextRow("Name", \.name)
                NavigationRow("Connection", value: { "port \($0.port)" }) {
                    Form(title: "Connection") {
                        Section {
                            NumberRow("Port", \.port, min: 1, max: 65535).validate {
                                $0.port == 1 ? "Not port 1." : nil
                            }
                        }
                    }
                }
            }
            Section("Early", visible: \.verbose) {
                LabelRow("Logging") { _ in "on" }
                Toggle("Also Proxy", \.proxy)
            }
            Section("Proxy") {
                TextRow("Proxy Host", \.proxyHost).visible(when: \.proxy)
                Toggle("Proxy", \.proxy)
                TextRow("Secret", \.secret, secure: true)
                Toggle("Verbose", \.verbose)
            }
        }
    }

    /// A reader that says a person types (a terminal): its end keeps the journal.
    final class TypedLines: LineReading {
        let lines: TextLineInput
        init(_ text: String) { lines = TextLineInput(text) }
        func readLine(secret: Bool) -> String? { lines.readLine(secret: secret) }
        var isInteractive: Bool { true }
    }

    /// A journal in memory: what was written, and how often it was removed, in order.
    final class Journal {
        var written: [DraftSnapshot<Server>] = []
        var removals = 0
        /// "write" and "remove", as they came.
        var events: [String] = []
        /// How many writes fail before they work.
        var failures = 0
        struct Failure: Error, CustomStringConvertible {
            var description: String { "the disk is full" }
        }

        func keeper(for store: StateStore<Server>, resumed: Bool = false) -> DraftKeeper<Server> {
            DraftKeeper(
                store: store, journalExists: resumed,
                write: { [unowned self] in
                    if self.failures > 0 {
                        self.failures -= 1
                        throw Failure()
                    }
                    self.written.append($0)
                    self.events.append("write")
                },
                remove: { [unowned self] in
                    self.removals += 1
                    self.events.append("remove")
                })
        }
    }

    static func run(
        _ answers: String, state: Server = Server(), mode: FormMode = .edit, journal: Journal? = nil,
        typed: Bool = false
    ) -> (status: Int32, store: StateStore<Server>, output: String) {
        let store = StateStore(state)
        let output = TextLineOutput()
        let input: any LineReading = typed ? TypedLines(answers) : TextLineInput(answers)
        let session = AccessibleSession(form: form(), store: store, mode: mode, input: input, output: output)
        session.drafts = journal?.keeper(for: store)
        return (session.run(), store, output.text)
    }

    // MARK: The Keep step

    @Test func aNestedFormsChangedAnswersAreKeptOnYes() {
        // Name kept, Connection opened, Port 8080, kept (Enter), then the rest kept, saved.
        let result = Self.run("\ny\n8080\n\n\n\n\n\ny\n")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.store.value.port == 8080)
        #expect(
            result.output.contains(
                "End of Connection. Its answers:\n  1. Port: 8080\nKeep these answers? Type y to keep them, n to discard them, or a number to change that answer (Enter: y): \nKept.\n"
            ), "\(result.output)")
    }

    @Test func aNestedFormsAnswersAreDiscardedOnNo() {
        let result = Self.run("\ny\n8080\nn\n\n\n\n\ny\n")
        #expect(result.status == 1 || result.store.value == Server(), "\(result.output)")
        #expect(result.store.value.port == 22)
        #expect(result.output.contains("Discarded: Connection is as it was.\n"), "\(result.output)")
        #expect(result.output.hasSuffix("No changes to save.\n"), "\(result.output)")
    }

    @Test func aNumberAtKeepChangesThatAnswerAndARuleIsCheckedBeforeKeeping() {
        // 8080, then 1 (change answer 1): 1 is refused by the form's rule at Keep; then 443.
        let result = Self.run("\ny\n8080\n1\n1\ny\n443\ny\n\n\n\n\ny\n")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.store.value.port == 443)
        #expect(result.output.contains("Error: Not port 1."), "\(result.output)")
    }

    @Test func aNestedFormLeftUnchangedHasNoKeepStep() {
        let result = Self.run("\ny\n\n\n\n\n\ny\n")
        #expect(result.output.contains("End of Connection: nothing changed.\n"), "\(result.output)")
        #expect(!result.output.contains("Keep these answers?"))
    }

    @Test func browsingANestedFormIsSavedWhenKept() {
        let result = Self.run("\ny\n8080\ny\n", mode: .browse)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.store.value.port == 8080)
        #expect(result.output.contains("Kept and saved.\n"), "\(result.output)")
        // Discarded, nothing is committed.
        let discarded = Self.run("\ny\n8080\nn\n", mode: .browse)
        #expect(discarded.store.value.port == 22 && discarded.status == 1, "\(discarded.output)")
    }

    // MARK: New questions above

    @Test func aRowShownAboveIsAskedRightAfterTheAnswerThatShowedIt() throws {
        // Name, Connection (n), Proxy y: Proxy Host (above) is asked at once; then Secret, Verbose.
        let result = Self.run("\nn\ny\nproxy.local\n\n\ny\n")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.store.value.proxyHost == "proxy.local")
        let proxy = try #require(result.output.range(of: "Proxy: Off.\nType y or n (Enter keeps it): y\n"))
        #expect(
            result.output[proxy.upperBound...].hasPrefix(
                "New question: Proxy Host: empty.\nType the text (Enter keeps it): proxy.local\nSecret: empty."
            ),
            "\(result.output)")
    }

    @Test func aSectionShownAboveSaysWhereItsNewQuestionsAre() throws {
        // Verbose on (the last row) shows the section "Early" above: its label is read, its
        // switch asked; that switch shows Proxy Host, above it too.
        let result = Self.run("\nn\n\n\ny\ny\nproxy.local\ny\n")
        #expect(result.status == 0, "\(result.output)")
        let verbose = try #require(
            result.output.range(of: "Verbose: Off.\nType y or n (Enter keeps it): y\n"))
        #expect(
            result.output[verbose.upperBound...].hasPrefix(
                "New in section Early:\nNew: Logging: on\nNew question: Also Proxy: Off.\nType y or n (Enter keeps it): y\nNew question: Proxy Host: empty."
            ), "\(result.output)")
        #expect(
            result.output.contains(
                "Type the text (Enter keeps it): proxy.local\nBack in section Proxy.\nYour answers:"))
        #expect(result.store.value.proxyHost == "proxy.local" && result.store.value.verbose)
    }

    @Test func aRowShownByAnAnswerChangedFromTheSummaryIsAskedAtOnce() throws {
        // Everything kept, then from the summary answer 3 (Proxy) set on: Proxy Host follows.
        let result = Self.run("\nn\n\n\n\n3\ny\nproxy.local\ny\n")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.store.value.proxyHost == "proxy.local" && result.store.value.proxy)
        #expect(result.output.contains("y\nNew question: Proxy Host: empty."), "\(result.output)")
    }

    // MARK: The journal

    @Test func eachAnswerThatChangesSomethingIsJournaledWithoutItsSecret() throws {
        let journal = Journal()
        // Name "db", Connection not opened, Proxy kept, Secret typed, then the input ends.
        let result = Self.run("db\nn\n\nhunter22\n", journal: journal)
        #expect(result.status == 1)
        let last = try #require(journal.written.last, "\(result.output)")
        // Written before each wait once the name changed (Connection, Proxy, Secret), and after
        // the secret (Verbose), the question it then waited for.
        #expect(journal.written.map(\.focus?.section) == [0, 2, 2, 2])
        #expect(last.draft.name == "db" && last.draft.secret.isEmpty, "a secret never reaches the journal")
        #expect(last.form == "Server" && last.focus == RowPath(section: 2, group: 3, index: 0))
        // A pipe that ends has given all it will: the journal goes.
        #expect(journal.removals == 1)
        #expect(result.output.hasSuffix("Not saved: the input ended.\n"))
    }

    @Test func aTerminalsEndKeepsTheJournalAndSaysSo() {
        let journal = Journal()
        let result = Self.run("db\n", journal: journal, typed: true)
        #expect(result.status == 1 && journal.written.count == 1 && journal.removals == 0)
        #expect(
            result.output.hasSuffix(
                "Not saved: the input ended. The answers are kept, and offered back at the next start.\n"))
    }

    @Test func aSaveOrALeaveRemovesTheJournal() {
        let saved = Journal()
        #expect(Self.run("db\nn\n\n\n\ny\n", journal: saved).status == 0)
        #expect(saved.events.last == "remove" && saved.removals == 1 && !saved.written.isEmpty)
        let left = Journal()
        #expect(Self.run("db\nn\n\n\n\nn\n", journal: left).status == 1)
        #expect(left.events.last == "remove" && left.removals == 1 && !left.written.isEmpty)
        // An answer changed back removes it too (before the next question): nothing is unsaved.
        let undone = Journal()
        _ = Self.run("db\nn\n\n\n\n1\nweb\n", journal: undone)
        #expect(undone.events.last == "remove" && undone.removals == 1, "\(undone.events)")
    }

    @Test func aJournalThatCannotBeWrittenIsSaidOnceAndAgainWhenItWorks() {
        let journal = Journal()
        journal.failures = 2
        // The name fails to be kept before Connection is asked, and again before its answer is
        // read (said once); before Proxy it is kept again.
        let result = Self.run("db\nn\ny\nproxy.local\n", journal: journal, typed: true)
        #expect(
            result.output.components(separatedBy: "Unsaved answers cannot be kept: the disk is full").count
                == 2,
            "said once: \(result.output)")
        #expect(
            result.output.contains("Section: Proxy\nUnsaved answers are kept again.\nProxy: Off.\n"),
            "\(result.output)")
        #expect(journal.written.last?.draft.proxyHost == "proxy.local")
    }

    /// Answers that are already waiting (a pipe's).
    final class WaitingLines: LineReading {
        let lines: TextLineInput
        init(_ text: String) { lines = TextLineInput(text) }
        func readLine(secret: Bool) -> String? { lines.readLine(secret: secret) }
        var isInteractive: Bool { false }
        var hasAnswerWaiting: Bool { true }
    }

    @Test func answersAlreadyWaitingAreTakenWithoutAWriteBetweenThem() {
        let journal = Journal()
        let store = StateStore(Server())
        let session = AccessibleSession(
            form: Self.form(), store: store, input: WaitingLines("db\nn\n\n\n\ny\n"), output: TextLineOutput()
        )
        let now = ContinuousClock.now
        let keeper = journal.keeper(for: store)
        keeper.clock = { now }
        session.drafts = keeper
        #expect(session.run() == 0)
        #expect(journal.written.isEmpty, "\(journal.events)")
        // Once a write has waited 2 s, it is made all the same.
        let late = Journal()
        let lateStore = StateStore(Server())
        let lateSession = AccessibleSession(
            form: Self.form(), store: lateStore, input: WaitingLines("db\nn\n\n"), output: TextLineOutput())
        let lateKeeper = late.keeper(for: lateStore)
        var later = now
        lateKeeper.clock = {
            defer { later += .seconds(1.5) }
            return later
        }
        lateSession.drafts = lateKeeper
        _ = lateSession.run()
        #expect(late.written.first?.draft.name == "db", "\(late.events)")
        #expect(late.written.count == 1, "the next write waits 2 s again: \(late.events)")
    }

    @Test func aResumedDraftGoesOnFromItsRowAndKeepsTheJournalAtAPipesEnd() {
        let journal = Journal()
        let store = StateStore(Server())
        let output = TextLineOutput()
        let session = AccessibleSession(
            form: Self.form(), store: store, input: TextLineInput("\n"), output: output)
        session.drafts = journal.keeper(for: store, resumed: true)
        session.resume(Server(name: "db", proxy: true), at: RowPath(section: 2, group: 1, index: 0))
        #expect(session.run() == 1)
        #expect(
            output.text.contains(
                "Going on from Proxy: the answers before it are as they were left, and the summary lists them.\nSection: Proxy\nProxy: On."
            ), "\(output.text)")
        #expect(!output.text.contains("Name: web") && !output.text.contains("Proxy Host"))
        // The journal held answers the pipe did not give: it stays.
        #expect(journal.removals == 0)
    }
}
