import Foundation
import Testing

@testable import FormPersistence

#if canImport(Glibc)
    import Glibc
#endif

/// Makes a file as a save that was killed would leave it: mode 0600, last written `age` seconds ago.
private func leaveTemporary(_ path: String, age: Int = 3600, contents: String = "") throws {
    try write(Array(contents.utf8), to: path)
    chmod(path, 0o600)
    let then = Date(timeIntervalSinceNow: -Double(age))
    try FileManager.default.setAttributes([.modificationDate: then], ofItemAtPath: path)
}

@Suite("Temporary files that killed saves left are removed later, and nothing else")
struct StaleTemporaryFilesTests {
    @Test("A save removes old temporary files of its own naming, empty or not")
    func saveRemovesStale() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.path
        try leaveTemporary(folder + "/.state.json.AbC123")
        try leaveTemporary(folder + "/.state.json.zzzzzz", contents: #"{"a": tr"#)
        try JSONStateFile<Flags>(path: folder + "/state.json").save(Flags(a: true, b: true))
        #expect(try names(in: folder) == ["state.json"])
    }

    @Test("A load removes them too, so a run that never saves still tidies up")
    func loadRemovesStale() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.path
        let file = JSONStateFile<Flags>(path: folder + "/state.json")
        try file.save(Flags(a: true, b: false))
        try leaveTemporary(folder + "/.state.json.Q9w8E7")
        #expect(try file.load() == Flags(a: true, b: false))
        #expect(try names(in: folder) == ["state.json"])
    }

    @Test("Files that only look like ours stay: other names, other lengths, other characters, folders")
    func lookalikesStay() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.path
        let lookalikes = [
            ".state.json.AbC12",  // five characters
            ".state.json.AbC1234",  // seven
            ".state.json.AbC-12",  // not a letter or digit
            ".state.json.bak",
            ".state.json.",
            "state.json.AbC123",  // no leading dot
            ".other.json.AbC123",  // another file's
            ".state.jsonxAbC123",
            "..state.json.AbC123",
            ".state.json.AbC123.json",
            ".state.json.é12345",
        ]
        for name in lookalikes { try leaveTemporary(folder + "/" + name) }
        try FileManager.default.createDirectory(
            atPath: folder + "/.state.json.Dir123", withIntermediateDirectories: false)
        try makeLink(folder + "/.state.json.Lnk123", to: "state.json")
        let file = JSONStateFile<Flags>(path: folder + "/state.json")
        try file.save(Flags(a: true, b: true))
        _ = try file.load()
        let expected = (lookalikes + [".state.json.Dir123", ".state.json.Lnk123", "state.json"]).sorted()
        #expect(try names(in: folder) == expected)
    }

    @Test("A temporary file that others can read is not one of ours, and stays")
    func widerModeStays() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.path
        try leaveTemporary(folder + "/.state.json.AbC123")
        chmod(folder + "/.state.json.AbC123", 0o644)
        try JSONStateFile<Flags>(path: folder + "/state.json").save(Flags(a: true, b: true))
        #expect(try names(in: folder) == [".state.json.AbC123", "state.json"])
    }

    @Test("A recent temporary file stays: another process may be writing it")
    func recentStays() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.path
        try leaveTemporary(folder + "/.state.json.AbC123", age: 0)
        try JSONStateFile<Flags>(path: folder + "/state.json").save(Flags(a: true, b: true))
        #expect(try names(in: folder) == [".state.json.AbC123", "state.json"])
    }

    @Test("Through a symbolic link, the temporary files beside the target are the ones removed")
    func besideTheTarget() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.path
        try FileManager.default.createDirectory(atPath: folder + "/dot", withIntermediateDirectories: false)
        try makeLink(folder + "/link.json", to: "dot/real.json")
        try leaveTemporary(folder + "/dot/.real.json.AbC123")
        try leaveTemporary(folder + "/.link.json.AbC123")
        try JSONStateFile<Flags>(path: folder + "/link.json").save(Flags(a: true, b: true))
        #expect(try names(in: folder + "/dot") == ["real.json"])
        #expect(try names(in: folder) == [".link.json.AbC123", "dot", "link.json"])
    }

    @Test("An old temporary file that a running save holds locked stays; once the lock goes, it goes")
    func lockedStays() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.path
        let path = folder + "/.state.json.AbC123"
        try leaveTemporary(path)
        let holder = open(path, O_RDONLY)
        try #require(holder >= 0)
        #expect(flock(holder, LOCK_EX) == 0)
        try JSONStateFile<Flags>(path: folder + "/state.json").save(Flags(a: true, b: true))
        #expect(try names(in: folder) == [".state.json.AbC123", "state.json"])
        close(holder)
        try JSONStateFile<Flags>(path: folder + "/state.json").save(Flags(a: true, b: false))
        #expect(try names(in: folder) == ["state.json"])
    }

    @Test("A save's own temporary file is locked while it exists, and named as the cleaner expects")
    func ownFileLocked() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.path
        let file = try #require(TemporaryFile.create(folder: folder, name: "state.json"))
        defer {
            unlink(file.path)
            close(file.descriptor)
            close(file.lock)
        }
        #expect(TemporaryFile.isTemporary(AtomicFile.split(file.path).name, for: "state.json"))
        #expect(mode(of: file.path) == 0o600)
        // Even with no age limit, the cleaner leaves a file a save holds.
        TemporaryFile.removeStale(folder: folder, name: "state.json", minimumAge: 0)
        #expect(FileManager.default.fileExists(atPath: file.path))
        // The lock stays with the second descriptor when the first is closed.
        close(file.descriptor)
        TemporaryFile.removeStale(folder: folder, name: "state.json", minimumAge: 0)
        #expect(FileManager.default.fileExists(atPath: file.path))
    }

    @Test("Saves racing a cleaner that takes every unlocked file at once all succeed")
    func concurrentSaves() async throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.path
        let path = folder + "/state.json"
        let failures = await withTaskGroup(of: Int.self) { group in
            for writer in 0..<2 {
                group.addTask {
                    var failed = 0
                    for round in 0..<150 {
                        do {
                            try JSONStateFile<Flags>(path: path).save(
                                Flags(a: writer == 0, b: round % 2 == 0))
                        } catch {
                            failed += 1
                        }
                    }
                    return failed
                }
            }
            group.addTask {
                for _ in 0..<600 {
                    TemporaryFile.removeStale(folder: folder, name: "state.json", minimumAge: 0)
                }
                return 0
            }
            return await group.reduce(0, +)
        }
        #expect(failures == 0)
        #expect(try names(in: folder) == ["state.json"])
        #expect(try JSONStateFile<Flags>(path: path).load() != nil)
    }
}
