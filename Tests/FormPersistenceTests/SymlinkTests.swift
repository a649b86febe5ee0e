import Foundation
import Testing

@testable import FormPersistence

#if canImport(Glibc)
    import Glibc
#endif

@Suite("JSONStateFile through a symbolic link: the target is replaced, the link stays")
struct SymlinkTests {
    @Test("A relative link to a dotfile: link kept, target updated with mode 0600, no temporary files")
    func relativeLink() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.path
        try FileManager.default.createDirectory(atPath: folder + "/dot", withIntermediateDirectories: false)
        let target = folder + "/dot/real.json"
        try write(Array(#"{"a": false, "b": false, "theme": "dark"}"#.utf8), to: target)
        chmod(target, 0o644)
        let linkPath = folder + "/link.json"
        try makeLink(linkPath, to: "dot/real.json")

        let file = JSONStateFile<Flags>(path: linkPath)
        #expect(try file.load() == Flags(a: false, b: false))
        try file.save(Flags(a: true, b: false))

        #expect(isLink(linkPath))
        #expect(try destination(of: linkPath) == "dot/real.json")
        #expect(!isLink(target))
        #expect(try text(at: target) == #"{"a": true, "b": false, "theme": "dark"}"#)
        #expect(mode(of: target) == 0o600)
        #expect(try file.load() == Flags(a: true, b: false))
        #expect(try names(in: folder) == ["dot", "link.json"])
        #expect(try names(in: folder + "/dot") == ["real.json"])
    }

    @Test("A chain of links, absolute and relative, ends at the file that is replaced")
    func chain() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.path
        try FileManager.default.createDirectory(atPath: folder + "/a/b", withIntermediateDirectories: true)
        let target = folder + "/a/b/real.json"
        try write(Array(#"{"a": false, "b": false}"#.utf8), to: target)
        // first -> (absolute) a/second -> (relative, going up) ../a/b/real.json
        try makeLink(folder + "/a/second", to: "../a/b/real.json")
        try makeLink(folder + "/first", to: folder + "/a/second")

        try JSONStateFile<Flags>(path: folder + "/first").save(Flags(a: true, b: true))
        #expect(isLink(folder + "/first"))
        #expect(isLink(folder + "/a/second"))
        #expect(try text(at: target) == #"{"a": true, "b": true}"#)
        #expect(try names(in: folder) == ["a", "first"])
        #expect(try names(in: folder + "/a") == ["b", "second"])
        #expect(try names(in: folder + "/a/b") == ["real.json"])
    }

    @Test("A dangling link: its target is created (and the target's folder, mode 0700); the link stays")
    func danglingLink() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.path
        let linkPath = folder + "/link.json"
        try makeLink(linkPath, to: "dot/new.json")
        let file = JSONStateFile<Flags>(path: linkPath)
        #expect(try file.load() == nil)

        try file.save(Flags(a: false, b: true))
        #expect(isLink(linkPath))
        #expect(try destination(of: linkPath) == "dot/new.json")
        #expect(try text(at: folder + "/dot/new.json") == "{\n  \"a\": false,\n  \"b\": true\n}\n")
        #expect(mode(of: folder + "/dot/new.json") == 0o600)
        #expect(mode(of: folder + "/dot") == 0o700)
        #expect(try names(in: folder + "/dot") == ["new.json"])
        #expect(try file.load() == Flags(a: false, b: true))
    }

    @Test("A link in a relative path is resolved against the link's own folder")
    func relativePath() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.path
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: false)
        try makeLink(folder + "/sub/link.json", to: "real.json")
        let saved = FileManager.default.currentDirectoryPath
        #expect(FileManager.default.changeCurrentDirectoryPath(folder))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(saved) }
        #expect(try AtomicFile.target(of: "sub/link.json") == "sub/real.json")
        try makeLink(folder + "/top.json", to: "sub/link.json")
        #expect(try AtomicFile.target(of: "top.json") == "sub/real.json")
        #expect(try AtomicFile.target(of: "plain.json") == "plain.json")
    }

    @Test("A loop of links throws .unwritable and leaves the links as they are")
    func loop() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.path
        try makeLink(folder + "/one", to: "two")
        try makeLink(folder + "/two", to: "one")
        let error = stateFileError {
            try JSONStateFile<Flags>(path: folder + "/one").save(Flags(a: true, b: true))
        }
        #expect(
            error == .unwritable(path: folder + "/one", reason: "too many levels of symbolic links"))
        #expect(try destination(of: folder + "/one") == "two")
        #expect(try destination(of: folder + "/two") == "one")
        #expect(try names(in: folder) == ["one", "two"])
    }
}
