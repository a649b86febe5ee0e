import Foundation
import Testing

@testable import FormPersistence

#if canImport(Glibc)
    import Glibc
#endif

/// Knows one member of the files below; the others are for a newer version, or hand-written.
private struct Refresh: Codable, Equatable {
    var autoRefresh: Bool
}

private struct Profile: Codable, Equatable {
    var a: Bool
    var nick: String?
    var age: Int?
}

private struct Outer: Codable, Equatable {
    struct Inner: Codable, Equatable {
        var text: String
    }
    var note: Inner
    var z: Int
}

/// Encodes a different key than it decodes: a member it no longer writes is kept.
private struct Renamed: Codable, Equatable {
    var value: Int
    enum CodingKeys: String, CodingKey { case value = "newName" }
}

@Suite("JSONStateFile keeps the members of the stored file that State does not know")
struct UnknownMembersTests {
    @Test("An unknown member survives a save where it stands, and only the known one's bytes change")
    func keepsUnknownMember() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let path = temporary.path + "/state.json"
        try write(Array(#"{"autoRefresh": false, "theme": "dark"}"#.utf8), to: path)
        let file = JSONStateFile<Refresh>(path: path)
        #expect(try file.load() == Refresh(autoRefresh: false))
        try file.save(Refresh(autoRefresh: true))
        #expect(try text(at: path) == #"{"autoRefresh": true, "theme": "dark"}"#)
        #expect(try file.load() == Refresh(autoRefresh: true))
        #expect(mode(of: path) == 0o600)
        #expect(try names(in: temporary.path) == ["state.json"])

        // And again: the kept member is kept by the next save too.
        try file.save(Refresh(autoRefresh: false))
        #expect(try text(at: path) == #"{"autoRefresh": false, "theme": "dark"}"#)
    }

    @Test("Unknown members of every kind keep their exact text: numbers, objects, lists, null, text")
    func keepsEveryKind() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let path = temporary.path + "/state.json"
        let stored = #"""
            {
              "zeta": "last",
              "count": 1, "delta": -3, "ratio": 2.5, "big": 1e3, "tenth": 0.1, "id": 9007199254740993,
              "nested": {"b": {"c": [1, 2]}, "a": null},
              "list": [1, "x", null, true, {"k": []}],
              "nothing": null,
              "name": "\u00e9 日本 \"q\" \\ \/ \n\t\u0001",
              "autoRefresh": true
            }
            """#
        try write(Array(stored.utf8), to: path)
        let file = JSONStateFile<Refresh>(path: path)
        try file.save(Refresh(autoRefresh: false))
        // Each value exactly as written, and the layout: only `true` became `false`.
        let expected = stored.replacingOccurrences(
            of: #""autoRefresh": true"#, with: #""autoRefresh": false"#)
        #expect(try text(at: path) == expected)
        #expect(try file.load() == Refresh(autoRefresh: false))

        // The values are the same JSON values, as another parser reads them.
        let before = try JSONSerialization.jsonObject(with: Data(stored.utf8)) as? NSDictionary
        let after = try JSONSerialization.jsonObject(with: Data(try bytes(at: path))) as? NSDictionary
        let changed = try #require(before?.mutableCopy() as? NSMutableDictionary)
        changed["autoRefresh"] = false
        #expect(after == changed)
    }

    @Test("Clearing an optional member sticks: a key State writes as absent is not kept")
    func clearedOptional() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let path = temporary.path + "/state.json"
        try write(Array(#"{"a": true, "nick": "bob", "age": 7, "extra": [1]}"#.utf8), to: path)
        let file = JSONStateFile<Profile>(path: path)
        #expect(try file.load() == Profile(a: true, nick: "bob", age: 7))
        try file.save(Profile(a: false, nick: nil, age: 8))
        #expect(try text(at: path) == #"{"a": false, "age": 8, "extra": [1]}"#)
        #expect(try file.load() == Profile(a: false, nick: nil, age: 8))
    }

    @Test("Unknown members inside a known member are not kept: the new value replaces it whole")
    func nestedUnknownNotKept() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let path = temporary.path + "/state.json"
        try write(Array(#"{"note": {"text": "a", "color": "red"}, "z": 1, "top": "kept"}"#.utf8), to: path)
        let file = JSONStateFile<Outer>(path: path)
        try file.save(Outer(note: .init(text: "b"), z: 2))
        #expect(try text(at: path) == #"{"note": {"text": "b"}, "z": 2, "top": "kept"}"#)
    }

    @Test("A member State no longer writes is kept (State cannot tell it apart from a newer one's)")
    func renamedKey() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let path = temporary.path + "/state.json"
        try write(Array(#"{"newName": 1, "oldName": 0}"#.utf8), to: path)
        try JSONStateFile<Renamed>(path: path).save(Renamed(value: 2))
        #expect(try text(at: path) == #"{"newName": 2, "oldName": 0}"#)
    }

    @Test("A dictionary State owns all its keys: a removed entry stays removed")
    func dictionaryState() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let path = temporary.path + "/state.json"
        let file = JSONStateFile<[String: Int]>(path: path)
        try file.save(["a": 1, "b": 2])
        try file.save(["a": 1])
        #expect(try file.load() == ["a": 1])
        #expect(try text(at: path) == "{\n  \"a\": 1\n}\n")
    }

    @Test(
        "With replacingCorrupt, a stored file that is not a State, not JSON, or not UTF-8 is replaced",
        arguments: [
            Array("[1, 2]".utf8), Array("\"text\"".utf8), Array("3".utf8), Array("null".utf8),
            Array("{oops".utf8), [], Array("{\"theme\": 1e400,}".utf8), [0x7B, 0xFF, 0xFE, 0x7D],
        ])
    func replacingCorrupt(stored: [UInt8]) throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let path = temporary.path + "/state.json"
        try write(stored, to: path)
        let file = JSONStateFile<Refresh>(path: path)
        #expect(stateFileError { try file.save(Refresh(autoRefresh: true)) } != nil)
        #expect(try bytes(at: path) == stored)
        try file.save(Refresh(autoRefresh: true), replacingCorrupt: true)
        #expect(try text(at: path) == "{\n  \"autoRefresh\": true\n}\n")
        #expect(mode(of: path) == 0o600)
        #expect(try names(in: temporary.path) == ["state.json"])
    }

    @Test("With replacingCorrupt, a stored object of the wrong shape still keeps its unknown members")
    func replacingWrongShape() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let path = temporary.path + "/state.json"
        try write(Array(#"{"autoRefresh": "yes", "theme": 1e400}"#.utf8), to: path)
        let file = JSONStateFile<Refresh>(path: path)
        try file.save(Refresh(autoRefresh: true), replacingCorrupt: true)
        #expect(try text(at: path) == #"{"autoRefresh": true, "theme": 1e400}"#)
    }

    @Test(
        "A stored file that cannot be read is not replaced: .unwritable, the file unchanged",
        .enabled(if: getuid() != 0, "root reads any file"))
    func unreadableStored() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let path = temporary.path + "/state.json"
        let stored = Array(#"{"autoRefresh": false, "theme": "dark"}"#.utf8)
        try write(stored, to: path)
        chmod(path, 0o200)
        let error = stateFileError { try JSONStateFile<Refresh>(path: path).save(Refresh(autoRefresh: true)) }
        guard case .unwritable(let errorPath, let reason)? = error else {
            Issue.record("expected .unwritable, got \(String(describing: error))")
            return
        }
        #expect(errorPath == path)
        #expect(reason.contains("cannot read"))
        chmod(path, 0o600)
        #expect(try bytes(at: path) == stored)
        #expect(try names(in: temporary.path) == ["state.json"])
    }
}

@Suite("Unknown members are written back as they were written, number for number")
struct UnknownMembersExactTests {
    @Test(
        "A number no Double holds survives a save exactly, and so do the members beside it",
        arguments: [
            "1e400", "-1e400", "1e-400", "12345678901234567890123",
            "0.10000000000000000000000000000000000001",
            "1E3", "-0", "1.50",
        ])
    func exactNumber(number: String) throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let path = temporary.path + "/state.json"
        try write(Array("{\"autoRefresh\": true, \"keep\": \"me\", \"x\": \(number)}".utf8), to: path)
        let file = JSONStateFile<Refresh>(path: path)
        #expect(try file.load() == Refresh(autoRefresh: true))
        try file.save(Refresh(autoRefresh: false))
        #expect(try text(at: path) == "{\"autoRefresh\": false, \"keep\": \"me\", \"x\": \(number)}")
        #expect(try file.load() == Refresh(autoRefresh: false))
    }

    @Test("Text, escapes and nested members keep their spelling and their order")
    func exactSpelling() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let path = temporary.path + "/state.json"
        let stored = #"{"n": {"z": 1e400, "a": [1.0, "\u00e9\/"]}, "autoRefresh": true, "s": "\ud83d\ude00"}"#
        try write(Array(stored.utf8), to: path)
        try JSONStateFile<Refresh>(path: path).save(Refresh(autoRefresh: true))
        // Nothing changed, so not a byte did.
        let expected = stored
        #expect(try text(at: path) == expected)
    }
}
