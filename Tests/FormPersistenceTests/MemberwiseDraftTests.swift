import Foundation
import Testing

@testable import FormPersistence

/// A member that counts how often it is encoded: what a journal write costs, counted.
private final class EncodeCount: @unchecked Sendable {
    var count = 0
}

private struct Counted: Codable, Equatable {
    var value: Int
    let encodes: EncodeCount

    init(_ value: Int, encodes: EncodeCount) {
        self.value = value
        self.encodes = encodes
    }

    init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(Int.self)
        encodes = EncodeCount()
    }

    func encode(to encoder: any Encoder) throws {
        encodes.count += 1
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }

    static func == (lhs: Counted, rhs: Counted) -> Bool { lhs.value == rhs.value }
}

/// A state of many members that knows which ones it changed since it was copied from its start.
private struct Many: Codable, Equatable, MemberwiseDraft {
    var members: [String: Counted]
    var changed: Set<String> = []

    init(members: [String: Counted]) { self.members = members }

    init(from decoder: any Decoder) throws {
        members = try [String: Counted](from: decoder)
    }

    func encode(to encoder: any Encoder) throws { try members.encode(to: encoder) }

    static func == (lhs: Many, rhs: Many) -> Bool { lhs.members == rhs.members }

    mutating func set(_ key: String, _ value: Int) {
        members[key]?.value = value
        changed.insert(key)
    }

    func differingMembers(from saved: Many) -> MemberDifference? {
        var difference = MemberDifference()
        for key in changed.union(saved.changed) where members[key] != saved.members[key] {
            if let member = members[key] {
                difference.changed.append((key: key, value: member))
            } else {
                difference.removed.append(key)
            }
        }
        return difference
    }
}

@Suite("A journal written from the members that changed")
struct MemberwiseDraftTests {
    @Test func aWriteEncodesTheChangedMembersOnlyAndTheDraftComesBack() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let encodes = EncodeCount()
        var values: [String: Counted] = [:]
        for index in 0..<100_000 { values["m\(index)"] = Counted(index, encodes: encodes) }
        let saved = Many(members: values)
        let file = JSONStateFile<Many>(path: folder.path + "/many.json")
        try file.save(saved)
        encodes.count = 0
        var draft = saved
        draft.set("m99999", -1)
        draft.set("m5", 5)  // set to what it was: no change to keep
        let journal = DraftJournal<Many>(statePath: file.path)
        try journal.write(
            draft: draft, saved: saved, basedOn: DraftJournal<Many>.fingerprint(ofFileAt: file.path),
            form: "Many", focus: nil)
        // One member encoded, not the 200,000 of both states whole.
        #expect(encodes.count == 1)
        let text = try String(contentsOfFile: journal.path, encoding: .utf8)
        #expect(text.contains("\"m99999\" : -1") || text.contains("\"m99999\": -1"), "\(text)")
        #expect(text.utf8.count < 400, "\(text.utf8.count) bytes")
        guard case .found(let entry) = journal.recover(saved: saved) else {
            Issue.record("no draft recovered")
            return
        }
        #expect(entry.draft == draft)
    }
}
