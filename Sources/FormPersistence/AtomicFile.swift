#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// Replaces a file's contents all at once: temporary file, fsync, rename, fsync of the folder;
/// then removes the temporary files that earlier saves, killed midway, left behind. Without
/// `durable`, the two fsyncs are left out: the file is still replaced whole, for any reader and
/// after the program is killed, but a crash of the machine may lose the last write.
///
/// A symbolic link is followed to the file it points to (which need not exist yet), and that
/// file is replaced, so the link stays a link. Errors name the path as given.
enum AtomicFile {
    /// Links followed before giving up, as the kernel's own limit (ELOOP) does.
    static let maximumLinks = 40

    /// - Parameter keepsModeAndOwner: the new file gets the old one's permissions and owner (a
    ///   person's configuration file), or a new one the umask's; else it is private (0600), as
    ///   state and drafts are.
    static func write(
        _ bytes: [UInt8], to givenPath: String, durable: Bool = true, keepsModeAndOwner: Bool = false
    ) throws(StateFileError) {
        func fail(_ what: String) -> StateFileError {
            // The cause first: a message cut to the width of a screen keeps what matters.
            .unwritable(path: givenPath, reason: "\(String(cString: strerror(errno))) (\(what))")
        }
        let path = try target(of: givenPath)
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            // /dev/null or a terminal takes the bytes as they are; a rename would replace the
            // device itself. A pipe or a folder is no place for a state.
            guard info.st_mode & S_IFMT == S_IFCHR else {
                throw .unwritable(path: givenPath, reason: "not a regular file")
            }
            try writeInPlace(bytes, to: path, givenPath: givenPath)
            return
        }
        let (folder, name) = split(path)
        // The folders this write makes, outermost first: removed again if the write fails.
        var made: [String] = []
        if !folder.isEmpty {
            do {
                made = try PrivateFolder.make(folder)
            } catch {
                errno = error.code
                throw .unwritable(path: givenPath, reason: error.description)
            }
        }
        var succeeded = false
        defer {
            if !succeeded {
                let saved = errno
                for created in made.reversed() { rmdir(created) }
                errno = saved
            }
        }
        guard let temporaryFile = TemporaryFile.create(folder: folder, name: name) else {
            throw fail("creating a temporary file in \(folder.isEmpty ? "." : folder)")
        }
        let fd = temporaryFile.descriptor
        let temporary = temporaryFile.path
        var done = false
        // Declared first so that it runs last: the lock outlives the file's name.
        defer { close(temporaryFile.lock) }
        defer {
            if !done { unlink(temporary) }
        }
        var mode: mode_t = 0o600
        if keepsModeAndOwner {
            var existing = stat()
            if stat(path, &existing) == 0 {
                mode = existing.st_mode & 0o7777
                // Only root can give a file away; another owner's file written by its group stays ours.
                if existing.st_uid != geteuid() || existing.st_gid != getegid() {
                    _ = fchown(fd, existing.st_uid, existing.st_gid)
                }
            } else {
                let mask = umask(0)
                umask(mask)
                mode = 0o666 & ~mask
            }
        }
        guard fchmod(fd, mode) == 0 else {
            close(fd)
            throw fail("chmod")
        }
        guard writeAll(bytes, to: fd) else {
            close(fd)
            throw fail("write")
        }
        guard !durable || fsync(fd) == 0 else {
            close(fd)
            throw fail("fsync")
        }
        guard close(fd) == 0 else { throw fail("close") }
        guard rename(temporary, path) == 0 else {
            throw fail(path == givenPath ? "rename" : "rename onto \(path)")
        }
        done = true
        succeeded = true
        // The rename is durable only once the folder's entry is on disk too.
        let folderFD = durable ? open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY) : -1
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
        TemporaryFile.removeStale(folder: folder, name: name)
    }

    /// Writes all of `bytes` to `fd`, again after an interrupted write; false (errno set) when a
    /// write fails.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                return false
            }
            written += result
        }
        return true
    }

    /// Writes into a character device (`/dev/null`) as it is.
    private static func writeInPlace(_ bytes: [UInt8], to path: String, givenPath: String)
        throws(StateFileError)
    {
        let fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            throw .unwritable(path: givenPath, reason: "\(String(cString: strerror(errno))) (open)")
        }
        defer { close(fd) }
        guard writeAll(bytes, to: fd) else {
            throw .unwritable(path: givenPath, reason: "\(String(cString: strerror(errno))) (write)")
        }
    }

    /// Removes the temporary files that killed saves of `givenPath` left beside the file it ends
    /// up at (see `TemporaryFile`); does nothing when that cannot be found.
    static func removeStaleTemporaries(of givenPath: String) {
        guard let path = try? target(of: givenPath) else { return }
        let (folder, name) = split(path)
        TemporaryFile.removeStale(folder: folder, name: name)
    }

    /// The file `path` ends up at: the path itself unless it is a symbolic link, else the end
    /// of the chain of links, whether that file exists or not. Links in the folders above are
    /// left to the kernel; a relative link target is joined to its link's folder, which the
    /// kernel resolves physically, as it resolves the link.
    static func target(of path: String) throws(StateFileError) -> String {
        var current = path
        for _ in 0...maximumLinks {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count)
            guard count >= 0 else {
                throw .unwritable(
                    path: path, reason: "\(String(cString: strerror(errno))) (reading the link \(current))"
                )
            }
            let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let folder = split(current).folder
            current = link.hasPrefix("/") || folder.isEmpty ? link : "\(folder)/\(link)"
        }
        throw .unwritable(path: path, reason: "too many levels of symbolic links")
    }

    /// The folder part ("" for a bare name, "/" at the root) and the name part of a path.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        let folder = slash == path.startIndex ? "/" : String(path[..<slash])
        return (folder, String(path[path.index(after: slash)...]))
    }
}
