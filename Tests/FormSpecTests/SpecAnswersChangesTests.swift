import FormCore
import FormPersistence
import FormSpec
import Foundation
import Testing

/// Answers copied from one start: what a copy, a comparison and a journal cost is their changes.
@Suite("SpecAnswers: a draft and its saved state differ by their changes")
struct SpecAnswersChangesTests {
    static func answers(_ count: Int) -> SpecAnswers {
        var values: [String: Answer] = [:]
        for index in 0..<count { values["f\(index)"] = .text("") }
        return SpecAnswers(values)
    }

    @Test func theDifferenceIsTheAnswersThatChangedAndGoesAwayWhenTheyAreTypedBack() throws {
        let saved = Self.answers(100_000)
        var draft = saved
        #expect(draft == saved)
        draft[text: "f0"] = "a"
        draft[text: "f1"] = ""  // set, but to what it was
        #expect(draft != saved)
        let difference = try #require(draft.differingMembers(from: saved))
        #expect(difference.changed.map(\.key) == ["f0"])
        #expect(difference.removed.isEmpty)
        draft[text: "f0"] = ""
        #expect(draft == saved)
        #expect(draft.differingMembers(from: saved)?.changed.isEmpty == true)
        // The saved state changed since (a save of other answers): only ids either changed count.
        var later = saved
        later[flag: "f2"] = true
        draft[text: "f3"] = "b"
        let both = try #require(draft.differingMembers(from: later))
        #expect(Set(both.changed.map(\.key)) == ["f2", "f3"])
        #expect(both.changed.first { $0.key == "f2" }.map { "\($0.value)" } == "\(Answer.text(""))")
    }

    @Test func answersOfAnotherStartAreComparedWhole() {
        let one = Self.answers(10)
        var other = SpecAnswers(one.values)
        #expect(one == other)
        #expect(one.differingMembers(from: other) == nil, "no shared start: the journal compares texts")
        other[text: "f9"] = "x"
        #expect(one != other)
        #expect(other.values["f9"] == .text("x") && other.values.count == 10)
    }

    @Test func aJournalOfAHundredThousandAnswersKeepsTheOneThatChanged() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "spec-answers-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let statePath = folder.appendingPathComponent("answers.json").path
        let saved = Self.answers(100_000)
        var draft = saved
        draft[integer: "f7"] = 42
        let journal = DraftJournal<SpecAnswers>(statePath: statePath)
        try journal.write(
            draft: draft, saved: saved, basedOn: DraftJournal<SpecAnswers>.fingerprint(ofFileAt: statePath),
            form: "Big", focus: nil)
        let text = try String(contentsOfFile: journal.path, encoding: .utf8)
        #expect(text.utf8.count < 400 && text.contains("f7"), "\(text)")
        guard case .found(let entry) = journal.recover(saved: saved) else {
            Issue.record("no draft recovered")
            return
        }
        #expect(entry.draft == draft)
        #expect(entry.draft[integer: "f7"] == 42)
        // The resumed draft shares the saved answers: it tells its one change without a walk.
        #expect(entry.draft.differingMembers(from: saved)?.changed.map(\.key) == ["f7"])
    }
}
