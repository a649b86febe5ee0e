import Foundation
import Testing

@testable import FormPersistence

#if canImport(Glibc)
    import Glibc
#endif

/// Saves that fail leave nothing behind; /dev/null takes a save without being replaced; one
/// session at a time keeps a state file's journal.
struct PersistenceReliabilityTests {
    @Test func aFailedSaveIntoNewFoldersRemovesThem() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // A name no file can take (past NAME_MAX; the temporary file's is shortened to fit): the
        // write fails at the rename, after the folders were made.
        let name = String(repeating: "n", count: 256) + ".json"
        let file = JSONStateFile<Flags>(path: "\(folder.path)/new/deeper/\(name)")
        #expect(throws: StateFileError.self) { try file.save(Flags(a: true, b: false)) }
        #expect(!FileManager.default.fileExists(atPath: "\(folder.path)/new"), "the folders it made are gone")
        #expect(FileManager.default.fileExists(atPath: folder.path), "the folder that was there stays")
    }

    @Test func devNullTakesASaveAndStaysADevice() throws {
        let file = JSONStateFile<Flags>(path: "/dev/null")
        #expect(try file.load() == nil)
        try file.save(Flags(a: true, b: true))
        var info = stat()
        #expect(stat("/dev/null", &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFCHR)
    }

    @Test func aPipeIsNoPlaceForAState() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = "\(folder.path)/p.fifo"
        #expect(mkfifo(path, 0o600) == 0)
        let file = JSONStateFile<Flags>(path: path)
        #expect(throws: StateFileError.self) { try file.save(Flags(a: true, b: true)) }
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "still the FIFO")
    }

    @Test func oneSessionAtATimeKeepsAStateFilesJournal() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let state = "\(folder.path)/prefs.json"
        guard case .acquired(let first) = DraftLock.acquire(statePath: state) else {
            Issue.record("the first session has no lock")
            return
        }
        #expect(FileManager.default.fileExists(atPath: "\(folder.path)/.prefs.json.lock"))
        guard case .held(let pid) = DraftLock.acquire(statePath: state) else {
            Issue.record("a second session took the lock too")
            return
        }
        #expect(pid == getpid())
        first.release()
        #expect(!FileManager.default.fileExists(atPath: "\(folder.path)/.prefs.json.lock"))
        guard case .acquired(let again) = DraftLock.acquire(statePath: state) else {
            Issue.record("released, the lock cannot be taken again")
            return
        }
        again.release()
    }

    @Test func aFirstRunWhoseFolderIsMissingIsLockedToo() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // A first run: neither the state's folder nor its parent exists yet.
        let state = "\(folder.path)/config/formtui/prefs.json"
        guard case .acquired(let first) = DraftLock.acquire(statePath: state) else {
            Issue.record("a first run has no lock")
            return
        }
        guard case .held(let pid) = DraftLock.acquire(statePath: state) else {
            Issue.record("a second first run took the lock too: both would keep one journal")
            return
        }
        #expect(pid == getpid())
        first.release()
        #expect(
            !FileManager.default.fileExists(atPath: "\(folder.path)/config"),
            "a session that saved nothing leaves no folder behind")

        guard case .acquired(let saving) = DraftLock.acquire(statePath: state) else {
            Issue.record("the lock cannot be taken again")
            return
        }
        #expect(FileManager.default.createFile(atPath: state, contents: Data("{}".utf8)))
        saving.release()
        #expect(FileManager.default.fileExists(atPath: state), "a saved state keeps its folder")
        #expect(!FileManager.default.fileExists(atPath: "\(folder.path)/config/formtui/.prefs.json.lock"))
    }
}
