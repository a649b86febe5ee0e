import FormCore
import FormDemos
import FormPersistence
import FormUI
import Foundation
import Testing

/// Keys in, one at a time; `nextEvent(until:)` waits out the deadline and answers nil once
/// between keys, as a quiet terminal does, so the app's idle work runs where it would.
private final class QuietInput: InputSource {
    private var keys: [Key]
    private(set) var quietMoments = 0
    private var quietNext = false

    init(_ keys: [Key]) { self.keys = keys }

    func nextEvent() -> TerminalEvent {
        keys.isEmpty ? .interrupt(1) : .key(keys.removeFirst())
    }

    func nextEvent(until deadline: ContinuousClock.Instant) -> TerminalEvent? {
        quietNext.toggle()
        guard quietNext else { return nextEvent() }
        quietMoments += 1
        let left = ContinuousClock.now.duration(to: deadline)
        if left > .zero { Thread.sleep(forTimeInterval: Double(left.components.attoseconds) / 1e18) }
        return nil
    }
}

/// The hotspot demo with its journal, as `formtui` wires it: a typed password never reaches the
/// journal file, the network name does, and a hang-up writes what was pending.
struct DraftJournalFlowTests {
    @Test func aTypedPasswordIsNeverInTheJournalFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formtui-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = JSONStateFile<Hotspot>(path: folder + "/h.json")
        let store = StateStore(Hotspot()) { try file.save($0) }
        let journal = DraftJournal<Hotspot>(statePath: file.path)
        let base = DraftJournal<Hotspot>.fingerprint(ofFileAt: file.path)
        var journalTexts: [String] = []
        let keeper = DraftKeeper(
            store: store, interval: .milliseconds(20),
            write: { snapshot in
                try journal.write(
                    draft: snapshot.draft, saved: snapshot.saved, basedOn: base, form: snapshot.form,
                    focus: snapshot.focus.map { [$0.section, $0.group, $0.index] })
                journalTexts.append(try String(contentsOfFile: journal.path, encoding: .utf8))
            },
            remove: { journal.remove() })
        let app = App(root: HotspotDemo.screen(store: store))
        keeper.attach(to: app)
        // On, the password's editor, typed and kept, then the name: a hang-up ends it.
        var keys: [Key] = [.character(" "), .down, .enter]
        keys += "hunter2-secret".map { .character($0) }
        keys += [.enter, .down, .control("u")]
        keys += "Attic".map { .character($0) }
        let input = QuietInput(keys)
        let status = app.run(
            display: HeadlessDisplay(size: Size(width: 80, height: 24)) { _ in }, input: input)
        #expect(status == 129)
        #expect(input.quietMoments > 0)
        #expect(journalTexts.count > 3, "written at idle moments along the way")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: journal.path))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(
            text.contains("\"networkName\": \"Attic\""), "the last key was written at the hang-up: \(text)")
        #expect(bytes.range(of: Data("hunter2".utf8)) == nil)
        #expect(journalTexts.allSatisfy { !$0.contains("hunter2") })
        guard case .found(let entry) = journal.recover(saved: Hotspot()) else {
            Issue.record("the journal does not recover")
            return
        }
        #expect(entry.draft.enabled && entry.draft.networkName == "Attic" && entry.draft.password.isEmpty)
        #expect(entry.form == "Personal Hotspot")
    }
}
