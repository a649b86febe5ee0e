import Foundation
import Testing

@testable import FormPersistence

#if canImport(Glibc)
    import Glibc
#endif

/// A state file of any legal name saves (its temporary file's name fits NAME_MAX), and the
/// folders a save or a lock makes are 0700 whatever the umask.
@Suite(.serialized) struct NameAndModeTests {
    @Test(
        "a state file whose name is 247 to 255 bytes saves, loads, and leaves no temporary file",
        arguments: [247, 248, 250, 255])
    func longNames(length: Int) throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let name = String(repeating: "s", count: length - 5) + ".json"
        let file = JSONStateFile<Flags>(path: temporary.path + "/" + name)
        try file.save(Flags(a: true, b: false))
        try file.save(Flags(a: false, b: true))
        #expect(try file.load() == Flags(a: false, b: true))
        #expect(try names(in: temporary.path) == [name])
    }

    @Test("long names in other scripts are cut between characters, and two that begin alike differ")
    func longNamesStayApart() {
        let first = String(repeating: "é", count: 126) + "a"
        let second = String(repeating: "é", count: 126) + "b"
        let stem = TemporaryFile.stem(of: first)
        #expect(stem.utf8.count + 8 <= TemporaryFile.nameLimit)
        #expect(String(validating: Array(stem.utf8), as: UTF8.self) != nil)
        #expect(stem != TemporaryFile.stem(of: second))
        #expect(TemporaryFile.stem(of: "state.json") == "state.json")
        #expect(TemporaryFile.isTemporary(".\(stem).Ab12Cd", for: first))
        #expect(!TemporaryFile.isTemporary(".\(stem).Ab12Cd", for: second))
    }

    @Test("a stale temporary file of a long name is removed by the next save")
    func longNameStaleRemoved() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let name = String(repeating: "n", count: 250)
        let stale = temporary.path + "/.\(TemporaryFile.stem(of: name)).Zz9Yy8"
        try write([], to: stale)
        chmod(stale, 0o600)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: stale)
        try JSONStateFile<Flags>(path: temporary.path + "/" + name).save(Flags(a: true, b: true))
        #expect(try names(in: temporary.path) == [name])
    }

    @Test("under umask 000 the folders a save and a lock make are 0700")
    func foldersArePrivate() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let before = umask(0)
        defer { umask(before) }
        try JSONStateFile<Flags>(path: temporary.path + "/a/b/state.json").save(Flags(a: true, b: true))
        #expect(mode(of: temporary.path + "/a") == 0o700)
        #expect(mode(of: temporary.path + "/a/b") == 0o700)
        guard case .acquired(let lock) = DraftLock.acquire(statePath: temporary.path + "/c/d/state.json")
        else {
            Issue.record("no lock")
            return
        }
        #expect(mode(of: temporary.path + "/c") == 0o700)
        #expect(mode(of: temporary.path + "/c/d") == 0o700)
        lock.release()
        let made = try PrivateFolder.make(temporary.path + "/e/f")
        #expect(made == [temporary.path + "/e", temporary.path + "/e/f"])
        #expect(mode(of: temporary.path + "/e/f") == 0o700)
    }
}
