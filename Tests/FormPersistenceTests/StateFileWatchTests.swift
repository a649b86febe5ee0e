import Foundation
import Testing

@testable import FormPersistence

/// A state file changed on disk since it was read is noticed (a rename over it, a rewrite in
/// place of the same size within the clock's resolution), our own save is not; a reload takes
/// both sides' changes member by member.
@Suite struct StateFileWatchTests {
    struct Settings: Codable, Equatable {
        var theme: String
        var sounds: Bool
        var size: Int
    }

    @Test("another program's atomic write or same-size rewrite is a change; our save, a delete are not")
    func changes() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let path = temporary.path + "/s.json"
        let file = JSONStateFile<Settings>(path: path)
        try file.save(Settings(theme: "dark", sounds: true, size: 1))
        let watch = StateFileWatch(path: path)
        #expect(!watch.hasChanged)
        try file.save(Settings(theme: "dark", sounds: true, size: 2))
        #expect(watch.hasChanged)
        watch.update()
        #expect(!watch.hasChanged)
        // Same size, written in place at once: the bytes tell.
        let before = try bytes(at: path)
        var after = before
        if let digit = after.firstIndex(of: UInt8(ascii: "2")) { after[digit] = UInt8(ascii: "3") }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.write(contentsOf: Data(after))
        try handle.close()
        #expect(watch.hasChanged)
        watch.update()
        unlink(path)
        #expect(!watch.hasChanged, "a deleted file is written again by the next save")
        try file.save(Settings(theme: "light", sounds: true, size: 3))
        #expect(watch.hasChanged, "made again by someone else")
    }

    @Test("a merge keeps mine where I changed it and theirs elsewhere")
    func merge() {
        let base = Settings(theme: "dark", sounds: true, size: 1)
        let mine = Settings(theme: "light", sounds: true, size: 1)
        let theirs = Settings(theme: "dark", sounds: false, size: 5)
        #expect(
            StateMerge.merge(base: base, mine: mine, theirs: theirs)
                == Settings(theme: "light", sounds: false, size: 5))
        let collide = Settings(theme: "blue", sounds: true, size: 1)
        #expect(StateMerge.merge(base: base, mine: mine, theirs: collide).theme == "light")
    }
}
