import FormTUI
import Foundation
import Testing

/// The line mode's journal over a real state file: what one session leaves, the next offers as
/// a line question; a lock held elsewhere is said; a journal that cannot be used is set aside.
@Suite(.serialized) struct LineDraftRecoveryTests {
    /// Answers typed at a terminal: the input's end keeps the journal, as a closed terminal does.
    final class TypedLines: LineReading {
        let lines: TextLineInput
        init(_ text: String) { lines = TextLineInput(text) }
        func readLine(secret: Bool) -> String? { lines.readLine(secret: secret) }
        var isInteractive: Bool { true }
    }

    struct Folder {
        let url: URL
        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent(
                "formtui-lines-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        func path(_ name: String) -> String { url.appendingPathComponent(name).path }
        func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(name)) }
        func remove() { try? FileManager.default.removeItem(at: url) }
    }

    /// One session of the hotspot over `hotspot.json` in `folder`, with `root` (default: the
    /// hotspot's own form) asked first; its status, the saved file's state and what it said.
    static func session(
        _ answers: String, in folder: Folder, typed: Bool = false,
        root: ((StateStore<Hotspot>) -> FormScreen<Hotspot>)? = nil,
        editor: @escaping (String, StateStore<Hotspot>) -> FormScreen<Hotspot>? = { _, _ in nil }
    ) throws -> (status: Int32, saved: Hotspot?, output: String) {
        let file = JSONStateFile<Hotspot>(path: folder.path("hotspot.json"))
        let saved = try file.load() ?? Hotspot()
        let store = StateStore(saved) { try file.save($0) }
        let screen = root?(store) ?? FormScreen(form: hotspotForm(), store: store, mode: .edit)
        let output = TextLineOutput()
        let input: any LineReading = typed ? TypedLines(answers) : TextLineInput(answers)
        let session = AccessibleSession(screen: screen, input: input, output: output)
        let hold = DraftRecovery.attach(
            to: session, statePath: file.path, saved: saved, editor: { editor($0, store) })
        defer { hold.end() }
        let status = session.run()
        return (status, try file.load(), output.text)
    }

    @Test func answersLeftAtATerminalAreOfferedBackAndGoOnWhereTheyStopped() throws {
        let folder = try Folder()
        defer { folder.remove() }
        // Hotspot on, then the terminal's input ends at the password.
        let first = try Self.session("y\n", in: folder, typed: true)
        #expect(first.status == 1 && first.saved == nil)
        #expect(folder.exists(".hotspot.json.draft"), "\(first.output)")
        #expect(!folder.exists(".hotspot.json.lock"), "the lock goes with the session")
        // Resumed (Enter): it goes on from the password, the question it waited for.
        let second = try Self.session("\nsecret99\n\ny\n", in: folder)
        #expect(second.status == 0, "\(second.output)")
        #expect(second.saved == Hotspot(enabled: true, password: "secret99"))
        #expect(
            second.output.hasPrefix(
                "Personal Hotspot\nAnswer each question and press Enter. Enter alone keeps the value shown; >> skips to the summary.\nPersonal Hotspot was closed at "
            ), "\(second.output)")
        #expect(
            second.output.contains(
                "before its answers were saved.\nResume them? Type y to go on with them, n to discard them (Enter: y): \nGoing on from Wi-Fi Password: the answers before it are as they were left, and the summary lists them.\nWi-Fi Password: not set."
            ), "\(second.output)")
        #expect(!folder.exists(".hotspot.json.draft"), "a save removes the journal")
    }

    @Test func discardingStartsFromWhatWasSaved() throws {
        let folder = try Folder()
        defer { folder.remove() }
        _ = try Self.session("y\n", in: folder, typed: true)
        let second = try Self.session("n\n\nn\n", in: folder)
        #expect(
            second.output.contains("Unsaved answers discarded.\nPersonal Hotspot: Off."), "\(second.output)")
        #expect(second.status == 1 && second.saved == nil)
        #expect(!folder.exists(".hotspot.json.draft"))
    }

    @Test func anInputThatEndsAtTheOfferLeavesTheJournal() throws {
        let folder = try Folder()
        defer { folder.remove() }
        _ = try Self.session("y\n", in: folder, typed: true)
        let second = try Self.session("", in: folder)
        #expect(second.status == 1 && folder.exists(".hotspot.json.draft"), "\(second.output)")
    }

    @Test func aSecondSessionIsToldAndKeepsNoJournal() throws {
        let folder = try Folder()
        defer { folder.remove() }
        guard case .acquired(let lock) = DraftLock.acquire(statePath: folder.path("hotspot.json")) else {
            Issue.record("no lock")
            return
        }
        defer { lock.release() }
        let second = try Self.session("y\n", in: folder, typed: true)
        #expect(
            second.output.contains(
                "This form is open in another \(RunningProgram.name ?? "program") (pid \(getpid())): changes made here are kept only when saved.\nPersonal Hotspot: Off."
            ), "\(second.output)")
        #expect(!folder.exists(".hotspot.json.draft"))
    }

    @Test func aDamagedJournalIsSetAsideAndDeletedOnYes() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try "{ not json".write(toFile: folder.path(".hotspot.json.draft"), atomically: true, encoding: .utf8)
        let second = try Self.session("y\n", in: folder)
        #expect(
            second.output.contains("Unsaved answers were not applied: it is damaged. They were moved to "),
            "\(second.output)")
        #expect(second.output.contains("Delete them? (y or n, Enter: n): y\nDeleted "), "\(second.output)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(!left.contains { $0.hasPrefix(".hotspot.json.draft") }, "\(left)")
    }

    @Test func aJournalOfAFormNoLongerThereIsSetAsideAndKeptOnNo() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let journal = DraftJournal<Hotspot>(statePath: folder.path("hotspot.json"))
        try journal.write(
            draft: Hotspot(enabled: true), saved: Hotspot(),
            basedOn: DraftJournal<Hotspot>.fingerprint(ofFileAt: folder.path("hotspot.json")), form: "Gone",
            focus: nil)
        let second = try Self.session("\n\nn\n", in: folder)
        #expect(
            second.output.contains("were not applied: no form is called Gone. They were moved to "),
            "\(second.output)")
        #expect(second.output.contains("Delete them? (y or n, Enter: n): \nPersonal Hotspot: Off."))
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(left.contains { $0.hasPrefix(".hotspot.json.draft.") }, "kept aside: \(left)")
        #expect(!folder.exists(".hotspot.json.draft"))
    }

    /// A summary whose button opens the hotspot's form, as the preferences demo opens its editor.
    static func summary(_ store: StateStore<Hotspot>) -> FormScreen<Hotspot> {
        let form = Form<Hotspot>(title: "Hotspot") {
            Section { ButtonRow("Edit", command: "edit") }
        }
        return FormScreen(form: form, store: store, mode: .browse) { command, navigator in
            navigator.push(FormScreen(form: hotspotForm(), store: store, mode: .edit))
        }
    }

    @Test func theJournalOfAFormAButtonOpensResumesThatForm() throws {
        let folder = try Folder()
        defer { folder.remove() }
        // The button pressed, the hotspot on, then the input ends.
        let first = try Self.session("y\ny\n", in: folder, typed: true, root: Self.summary)
        #expect(folder.exists(".hotspot.json.draft"), "\(first.output)")
        // Resumed: the hotspot's form is asked at once, saved; then the summary goes on.
        let second = try Self.session(
            "y\nsecret99\n\ny\nn\n", in: folder, root: Self.summary,
            editor: { title, store in
                title == "Personal Hotspot" ? FormScreen(form: hotspotForm(), store: store, mode: .edit) : nil
            })
        #expect(second.status == 0, "\(second.output)")
        #expect(second.saved == Hotspot(enabled: true, password: "secret99"))
        #expect(
            second.output.hasPrefix(
                "Hotspot\nAnswer each question and press Enter. Enter alone keeps the value shown; >> skips to the summary.\nPersonal Hotspot was closed at "
            ), "\(second.output)")
        #expect(second.output.hasSuffix("Edit: a button. Press it? (y or n, Enter: n): n\nEnd of Hotspot.\n"))
        #expect(!folder.exists(".hotspot.json.draft"))
    }
}
