import Foundation
import Testing

@testable import FormPersistence

private struct Settings: Codable, Equatable {
    var theme: String
    var fontSize: Int
    var autoRefresh: Bool
    var recent: [String]
    var window: Window

    struct Window: Codable, Equatable {
        var width: Int
        var height: Int
    }
}

/// A state with an optional member, which a save leaves out while it is nil.
private struct Grown: Codable, Equatable {
    var theme: String
    var recent: [String]
    var fontSize: Int?
}

@Suite("A save changes only the members that changed: a person's own layout and key order stay")
struct HandFormattedStateTests {
    /// Four-space and tab indentation, keys in the person's order (not sorted), a list on one
    /// line, spaces before colons, CRLF line ends and no final newline.
    static let stored =
        "{\r\n    \"window\" : {\"height\": 600,\t\"width\": 800},\r\n\t\"theme\":   \"dark\",\r\n"
        + "    \"recent\": [ \"a.txt\", \"b.txt\" ],\r\n    \"fontSize\": 12,\r\n"
        + "    \"autoRefresh\": false\r\n}"

    /// The bytes of `before` and `after` that differ, as one range of each: what lies between
    /// their common start and their common end.
    func difference(_ before: [UInt8], _ after: [UInt8]) -> (Range<Int>, Range<Int>) {
        var start = 0
        while start < min(before.count, after.count), before[start] == after[start] { start += 1 }
        var end = 0
        while end < min(before.count, after.count) - start,
            before[before.count - 1 - end] == after[after.count - 1 - end]
        {
            end += 1
        }
        return (start..<(before.count - end), start..<(after.count - end))
    }

    /// Where `needle` first stands in `bytes` at or after `from`.
    func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        return (from...(bytes.count - needle.count)).first {
            bytes[$0..<($0 + needle.count)].elementsEqual(needle)
        }
    }

    @Test(
        "Editing one member of a hand-formatted file changes that member's value bytes and no others",
        arguments: [
            ("theme", "\"dark\"", "\"light\""), ("fontSize", "12", "14"), ("autoRefresh", "false", "true"),
            ("height", "600", "720"),
        ])
    func oneMemberEdited(member: String, old: String, new: String) throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let path = temporary.path + "/settings.json"
        let stored = Array(Self.stored.utf8)
        try write(stored, to: path)
        let file = JSONStateFile<Settings>(path: path)
        var settings = try #require(try file.load())
        switch member {
        case "theme": settings.theme = "light"
        case "fontSize": settings.fontSize = 14
        case "autoRefresh": settings.autoRefresh = true
        default: settings.window.height = 720
        }
        try file.save(settings)
        let saved = try bytes(at: path)
        #expect(try file.load() == settings)
        let (removed, added) = difference(stored, saved)
        // The old value's bytes: the first `old` after the member's key.
        let key = try #require(find(Array("\"\(member)\"".utf8), in: stored, from: 0))
        let start = try #require(find(Array(old.utf8), in: stored, from: key))
        let oldRange = start..<(start + old.utf8.count)
        #expect(removed.lowerBound >= oldRange.lowerBound && removed.upperBound <= oldRange.upperBound)
        var expected = stored
        expected.replaceSubrange(oldRange, with: Array(new.utf8))
        #expect(saved == expected)
        #expect(added.count <= new.utf8.count)
    }

    @Test("A save with nothing changed writes the same bytes")
    func unchanged() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let path = temporary.path + "/settings.json"
        try write(Array(Self.stored.utf8), to: path)
        let file = JSONStateFile<Settings>(path: path)
        try file.save(try #require(try file.load()))
        #expect(try bytes(at: path) == Array(Self.stored.utf8))
    }

    @Test("A list that grew keeps its own spacing; a new member goes after the others, in their layout")
    func grownListAndNewMember() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let path = temporary.path + "/settings.json"
        let stored = "{\n    \"theme\": \"dark\",\n    \"recent\": [ \"a.txt\" ]\n}\n"
        try write(Array(stored.utf8), to: path)
        let file = JSONStateFile<Grown>(path: path)
        let settings = Grown(theme: "dark", recent: ["a.txt", "b.txt"], fontSize: 12)
        try file.save(settings)
        #expect(try file.load() == settings)
        let saved = try text(at: path)
        #expect(saved.hasPrefix("{\n    \"theme\": \"dark\",\n    \"recent\": [ \"a.txt\", \"b.txt\" ],\n"))
        #expect(saved.contains("\n    \"fontSize\": 12"))
        #expect(saved.hasSuffix("\n}\n"))
    }

    @Test("Among many members in the person's order, a save edits only the changed, the gone and the new")
    func fewChangesAmongMany() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let path = temporary.path + "/answers.json"
        // Keys in reverse of the order the encoder writes, tab-indented.
        let keys = (0..<500).map { "row\($0)" }.sorted().reversed()
        let lines = keys.map { "\t\"\($0)\":\t\"answer\"" }
        try write(Array(("{\n" + lines.joined(separator: ",\n") + "\n}\n").utf8), to: path)
        let file = JSONStateFile<[String: String]>(path: path)
        var answers = try #require(try file.load())
        answers["row250"] = "changed"
        answers["row7"] = nil
        answers["row999"] = "new"
        try file.save(answers)
        #expect(try file.load() == answers)
        let expected = keys.compactMap { key -> String? in
            key == "row7" ? nil : "\t\"\(key)\":\t\"\(key == "row250" ? "changed" : "answer")\""
        }
        #expect(
            try text(at: path) == "{\n" + (expected + ["\t\"row999\":\t\"new\""]).joined(separator: ",\n")
                + "\n}\n")
    }
}
