#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// Replaces a file's contents all at once: temporary file, fsync, rename, fsync of the folder.
enum AtomicFile {
    static func write(_ bytes: [UInt8], to path: String) throws(StateFileError) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        func fail(_ what: String) -> StateFileError {
            .unwritable(path: path, reason: "\(what): \(String(cString: strerror(errno)))")
        }
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
            do {
                try FileManager.default.createDirectory(
                    atPath: folder, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
            } catch {
                throw .unwritable(path: path, reason: "cannot create \(folder)")
            }
        }
        var template = Array("\(folder.isEmpty ? "." : folder)/.\(name).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw fail("cannot create a temporary file in \(folder)") }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var done = false
        defer {
            if !done { unlink(temporary) }
        }
        guard fchmod(fd, 0o600) == 0 else {
            close(fd)
            throw fail("chmod")
        }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                close(fd)
                throw fail("write")
            }
            written += result
        }
        guard fsync(fd) == 0 else {
            close(fd)
            throw fail("fsync")
        }
        guard close(fd) == 0 else { throw fail("close") }
        guard rename(temporary, path) == 0 else { throw fail("rename") }
        done = true
        // The rename is durable only once the folder's entry is on disk too.
        let folderFD = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY)
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
    }
}
