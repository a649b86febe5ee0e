import Foundation
import Testing

@testable import FormPersistence

private struct Diary: Codable, Equatable {
    var day: Date
    var alarm: Date?
    var history: [Date] = []
}

@Suite("Dates in a state file: readable ISO 8601 text, and never a changed value")
struct DateTests {
    /// 23 Nov 2026 14:05:00 UTC.
    private let day = Date(timeIntervalSince1970: 1_795_442_700)

    @Test("a whole-second date is written as ISO 8601 text in UTC and read back the same")
    func text() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let file = JSONStateFile<Diary>(path: temporary.path + "/diary.json")
        let diary = Diary(day: day, alarm: nil, history: [Date(timeIntervalSinceReferenceDate: 0)])
        try file.save(diary)
        let saved = try FormPersistenceTests.text(at: file.path)
        #expect(saved.contains(#""day": "2026-11-23T14:05:00Z""#))
        #expect(saved.contains(#""2001-01-01T00:00:00Z""#))
        #expect(!saved.contains("alarm"))
        #expect(try file.load() == diary)
    }

    @Test("a date with a fraction of a second is written as a number, so it comes back exactly")
    func fractions() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let file = JSONStateFile<Diary>(path: temporary.path + "/diary.json")
        let precise = Date(timeIntervalSinceReferenceDate: 815_752_345.123_456_7)
        let diary = Diary(day: precise, alarm: day)
        try file.save(diary)
        #expect(try file.load() == diary)
        #expect(try FormPersistenceTests.text(at: file.path).contains("815752345.1234567"))
    }

    @Test("files with dates as numbers (Foundation's default) still load; a date that is neither says so")
    func older() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let file = JSONStateFile<Diary>(path: temporary.path + "/diary.json")
        try write(
            Array(#"{"day": 817135500, "alarm": "2026-11-23T14:05:00Z", "history": []}"#.utf8), to: file.path)
        #expect(try file.load() == Diary(day: day, alarm: day))
        try write(Array(#"{"day": "23 Nov 2026", "history": []}"#.utf8), to: file.path)
        guard case .corrupt(_, let reason) = stateFileError({ _ = try file.load() }) else {
            Issue.record("a date that is not one must not load")
            return
        }
        #expect(reason.contains("23 Nov 2026"))
    }
}
