import Foundation
import Testing

@testable import FormPersistence

#if canImport(Glibc)
    import Glibc
#endif

/// The state most tests save and load: two switches.
struct Flags: Codable, Equatable {
    var a: Bool
    var b: Bool
}

/// A fresh, uniquely named folder; `remove()` deletes it with everything in it.
struct TemporaryFolder {
    let path: String

    init() throws {
        path =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("formtui-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

func text(at path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
}

func bytes(at path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path)))
}

func write(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// Permission bits of a file or folder.
func mode(of path: String) -> mode_t? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return info.st_mode & 0o777
}

func names(in folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
}

/// The error a load or save threw, if any.
func stateFileError(_ body: () throws -> Void) -> StateFileError? {
    do {
        try body()
        return nil
    } catch let error as StateFileError {
        return error
    } catch {
        Issue.record("expected a StateFileError, got \(error)")
        return nil
    }
}

/// Whether the path itself (not what it points to) is a symbolic link.
func isLink(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
}

/// Where a symbolic link points, as written in the link.
func destination(of link: String) throws -> String {
    try FileManager.default.destinationOfSymbolicLink(atPath: link)
}

func makeLink(_ path: String, to destination: String) throws {
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: destination)
}
