import Foundation
import Testing

@testable import FormPersistence

#if canImport(Glibc)
    import Glibc
#endif

@Suite("A save never replaces a state file that does not load, unless told to")
struct CorruptFileSaveTests {
    @Test(
        "A save over a file that does not load throws .corrupt naming the path, and leaves it byte for byte",
        arguments: [
            "{oops", "", "[1, 2]", "null", #"{"a": true}"#, #"{"a": true, "b": "yes"}"#,
            #"{"a": true, "b": false, "n": 01}"#, #"{"a": 1e400, "b": true}"#,
        ])
    func refuses(stored: String) throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let path = temporary.path + "/state.json"
        try write(Array(stored.utf8), to: path)
        // A fresh instance that never loaded: the check is made on what is on disk now.
        let error = stateFileError { try JSONStateFile<Flags>(path: path).save(Flags(a: true, b: true)) }
        guard case .corrupt(let errorPath, let reason)? = error else {
            Issue.record("expected .corrupt, got \(String(describing: error))")
            return
        }
        #expect(errorPath == path)
        #expect(!reason.isEmpty)
        #expect(error?.description.contains(path) == true)
        #expect(try bytes(at: path) == Array(stored.utf8))
        #expect(try names(in: temporary.path) == ["state.json"])
    }

    @Test("Bytes that are not UTF-8 are not replaced either")
    func refusesNotUTF8() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let path = temporary.path + "/state.json"
        let garbage: [UInt8] = [0x7B, 0xFF, 0xFE, 0x7D]
        try write(garbage, to: path)
        let error = stateFileError { try JSONStateFile<Flags>(path: path).save(Flags(a: true, b: true)) }
        #expect(error == .corrupt(path: path, reason: "not UTF-8 text"))
        #expect(try bytes(at: path) == garbage)
    }

    @Test("A file that became corrupt after the load is not replaced by the next save")
    func corruptAfterLoad() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let path = temporary.path + "/state.json"
        let file = JSONStateFile<Flags>(path: path)
        try file.save(Flags(a: true, b: true))
        #expect(try file.load() == Flags(a: true, b: true))
        try write(Array("{\"a\": true,".utf8), to: path)
        let error = stateFileError { try file.save(Flags(a: false, b: false)) }
        guard case .corrupt? = error else {
            Issue.record("expected .corrupt, got \(String(describing: error))")
            return
        }
        #expect(try bytes(at: path) == Array("{\"a\": true,".utf8))
    }
}
