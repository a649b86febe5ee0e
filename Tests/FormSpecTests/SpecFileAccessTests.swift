import FormSpec
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Files a spec names are read only from its folder and below, links resolved, unless allowed;
/// a FIFO, a device or a folder there is refused at once.
@Suite(.serialized) struct SpecFileAccessTests {
    /// A folder with `forms/` (the spec's) and `outside/`, each with a list of options.
    private final class Folders {
        let root: String
        init() throws {
            root =
                FileManager.default.temporaryDirectory.appendingPathComponent(
                    "formtui-spec-\(UUID().uuidString)"
                ).path
            try FileManager.default.createDirectory(
                atPath: root + "/forms/lists", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(
                atPath: root + "/outside", withIntermediateDirectories: true)
            try "Red\nGreen\n".write(
                toFile: root + "/forms/lists/colours.txt", atomically: true, encoding: .utf8)
            try "secret\n".write(toFile: root + "/outside/secret.txt", atomically: true, encoding: .utf8)
        }
        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    private func read(_ optionsFile: String, in folders: Folders, allowing allowed: [String] = [])
        throws(SpecError)
        -> FormSpec
    {
        let text = """
            title: T
            sections:
              - rows:
                  - {id: c, type: select, title: C, optionsFile: "\(optionsFile)"}
            """
        return try SpecReader.read(
            text: text, format: .yaml, file: folders.root + "/forms/s.yaml", allowOutside: allowed)
    }

    private func refusal(_ optionsFile: String, in folders: Folders) -> SpecError? {
        do {
            _ = try read(optionsFile, in: folders)
            return nil
        } catch {
            return error
        }
    }

    @Test("a file in the spec's folder or below is read")
    func inside() throws {
        let folders = try Folders()
        let spec = try read("lists/colours.txt", in: folders)
        #expect(spec.answeringRows.first?.options == ["Red", "Green"])
    }

    @Test(
        "paths that leave the spec's folder are refused with the row's line",
        arguments: [
            "../outside/secret.txt", "/etc/passwd", "/proc/self/environ", "lists/../../outside/secret.txt",
        ])
    func outside(_ path: String) throws {
        let folders = try Folders()
        let error = try #require(refusal(path, in: folders))
        #expect(error.message.contains("outside the spec's folder"), "\(error.message)")
        #expect(error.position?.line == 4)
        #expect(error.hint?.contains("--allow-outside") == true)
    }

    @Test("a link inside that leads outside is refused; --allow-outside allows that folder")
    func linkOut() throws {
        let folders = try Folders()
        #expect(symlink(folders.root + "/outside/secret.txt", folders.root + "/forms/lists/link.txt") == 0)
        let error = try #require(refusal("lists/link.txt", in: folders))
        #expect(error.message.contains("outside the spec's folder"), "\(error.message)")
        let allowed = try read("lists/link.txt", in: folders, allowing: [folders.root + "/outside"])
        #expect(allowed.answeringRows.first?.options == ["secret"])
    }

    @Test("a FIFO, a device or a folder is refused at once")
    func notFiles() throws {
        let folders = try Folders()
        #expect(mkfifo(folders.root + "/forms/fifo", 0o600) == 0)
        let started = ContinuousClock.now
        let fifo = try #require(refusal("fifo", in: folders))
        #expect(fifo.message.contains("a named pipe (FIFO)"), "\(fifo.message)")
        #expect(ContinuousClock.now - started < .seconds(2))
        let folder = try #require(refusal("lists", in: folders))
        #expect(folder.message.contains("a folder"), "\(folder.message)")
        #expect(symlink("/dev/zero", folders.root + "/forms/zero") == 0)
        var device: SpecError?
        do {
            _ = try read("zero", in: folders, allowing: ["/dev"])
        } catch {
            device = error
        }
        let refused = try #require(device)
        #expect(refused.message.contains("a device"), "\(refused.message)")
    }
}
