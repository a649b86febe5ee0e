import Foundation
import Testing

@testable import FormPersistence

private struct Account: Codable, Equatable {
    var name: String
    var password: String
    var note: String?
}

/// The journal of unsaved changes beside a state file: what it holds, and when it is not applied.
struct DraftJournalTests {
    private func setUp() throws -> (TemporaryFolder, JSONStateFile<Account>, DraftJournal<Account>, Account) {
        let folder = try TemporaryFolder()
        let file = JSONStateFile<Account>(path: folder.path + "/account.json")
        let saved = Account(name: "ann", password: "saved-secret", note: "keep")
        try file.save(saved)
        return (folder, file, DraftJournal(statePath: file.path), saved)
    }

    @Test func liesBesideTheStateFile() {
        #expect(DraftJournal<Account>(statePath: "/a/b/prefs.json").path == "/a/b/.prefs.json.draft")
        #expect(DraftJournal<Account>(statePath: "prefs.json").path == ".prefs.json.draft")
    }

    @Test func keepsOnlyTheChangedMembersAndGivesTheDraftBack() throws {
        let (folder, file, journal, saved) = try setUp()
        defer { folder.remove() }
        let base = DraftJournal<Account>.fingerprint(ofFileAt: file.path)
        var draft = saved
        draft.name = "bob"
        draft.note = nil
        let time = Date(timeIntervalSince1970: 1_800_000_000)
        try journal.write(
            draft: draft, saved: saved, basedOn: base, form: "Account", focus: [0, 1, 2], time: time)

        let written = try text(at: journal.path)
        #expect(written.contains("\"name\": \"bob\""))
        #expect(!written.contains("saved-secret"), "unchanged members are not copied: \(written)")
        let mode = try FileManager.default.attributesOfItem(atPath: journal.path)[.posixPermissions]
        #expect((mode as? Int) == 0o600)

        guard case .found(let entry) = journal.recover(saved: saved) else {
            Issue.record("the journal was not found")
            return
        }
        #expect(entry.draft == draft, "a member cleared in the draft stays cleared")
        #expect(entry.form == "Account")
        #expect(entry.focus == [0, 1, 2])
        #expect(entry.time == time)
        journal.remove()
        #expect(!FileManager.default.fileExists(atPath: journal.path))
        if case .none = journal.recover(saved: saved) {
        } else {
            Issue.record("a removed journal is still found")
        }
    }

    @Test func aJournalForAStateFileThatChangedIsNotApplied() throws {
        let (folder, file, journal, saved) = try setUp()
        defer { folder.remove() }
        let base = DraftJournal<Account>.fingerprint(ofFileAt: file.path)
        var draft = saved
        draft.name = "bob"
        try journal.write(draft: draft, saved: saved, basedOn: base, form: "Account", focus: nil)
        // Same length, other bytes: a fingerprint of size and time alone could miss it.
        var changed = saved
        changed.name = "amy"
        try file.save(changed)
        #expect(DraftJournal<Account>.fingerprint(ofFileAt: file.path) != base)
        guard case .unusable(let reason, let time) = journal.recover(saved: changed) else {
            Issue.record("a journal for an older file was applied")
            return
        }
        #expect(reason.contains("changed since"))
        #expect(time != nil)
        #expect(FileManager.default.fileExists(atPath: journal.path), "recovering never deletes")
    }

    @Test(arguments: [
        "", "{", "not json", "[1, 2]", #"{"version": 1}"#,
        #"{"version": 9, "form": "x", "time": 0, "base": "absent", "changes": {}}"#,
    ])
    fileprivate func aDamagedJournalIsNotApplied(_ contents: String) throws {
        let (folder, _, journal, saved) = try setUp()
        defer { folder.remove() }
        try write(Array(contents.utf8), to: journal.path)
        guard case .unusable = journal.recover(saved: saved) else {
            Issue.record("\(contents) was applied")
            return
        }
    }

    @Test func changesThatNoLongerFitAreNotApplied() throws {
        let (folder, file, journal, saved) = try setUp()
        defer { folder.remove() }
        let base = DraftJournal<Account>.fingerprint(ofFileAt: file.path)
        try write(
            Array(
                #"{"version": 1, "form": "Account", "time": 0, "base": "\#(base)", "changes": {"name": 42}}"#
                    .utf8),
            to: journal.path)
        guard case .unusable(let reason, _) = journal.recover(saved: saved) else {
            Issue.record("a journal with a number for a name was applied")
            return
        }
        #expect(reason.contains("no longer fit"))
    }

    @Test func settingAsideKeepsTheBytes() throws {
        let (folder, _, journal, _) = try setUp()
        defer { folder.remove() }
        try write(Array("{ damaged".utf8), to: journal.path)
        let aside = try #require(journal.setAside(time: Date(timeIntervalSince1970: 1_800_000_000)))
        #expect(aside == journal.path + ".1800000000")
        #expect(try text(at: aside) == "{ damaged")
        #expect(!FileManager.default.fileExists(atPath: journal.path))
        #expect(journal.setAside() == nil, "nothing left to move")
    }

    @Test func aMissingStateFileIsAFingerprintToo() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/new.json"
        let journal = DraftJournal<Account>(statePath: path)
        let saved = Account(name: "", password: "", note: nil)
        var draft = saved
        draft.name = "first"
        try journal.write(
            draft: draft, saved: saved, basedOn: DraftJournal<Account>.fingerprint(ofFileAt: path), form: "A",
            focus: nil)
        guard case .found(let entry) = journal.recover(saved: saved) else {
            Issue.record("a journal for a file not saved yet was not found")
            return
        }
        #expect(entry.draft == draft)
    }

    @Test func timesReadAsAPersonReadsThem() {
        let now = Date()
        #expect(DraftJournal<Account>.describe(now, now: now).count == 5)
        #expect(DraftJournal<Account>.describe(now.addingTimeInterval(-400 * 86_400), now: now).count == 16)
    }
}
