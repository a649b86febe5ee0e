#if canImport(Glibc)
    import Glibc
#endif

/// Folders this program makes for its own files (state, locks, snapshots): mode 0700 whatever
/// the umask, each missing one along the path, since what goes in them may show names and
/// addresses. `mkdir`'s mode is masked by the umask, and a folder made with intermediate folders
/// by Foundation got 0777 under `umask 000`; here each one is also given 0700 by `chmod`.
///
/// ```swift
/// let made = try PrivateFolder.make("/home/me/.config/formtui/forms")
/// // made: the folders that did not exist, outermost first
/// ```
public enum PrivateFolder {
    /// Makes `folder` and the missing folders above it, 0700, and returns those it made,
    /// outermost first. Throws the `errno` of the step that failed (ENOTDIR when `folder` is
    /// something else); folders it made before that are removed again.
    @discardableResult
    public static func make(_ folder: String) throws(PrivateFolderError) -> [String] {
        var missing: [String] = []
        var current = folder
        while !current.isEmpty, current != "/", !exists(current) {
            missing.insert(current, at: 0)
            current = AtomicFile.split(current).folder
        }
        var made: [String] = []
        for path in missing {
            if mkdir(path, 0o700) != 0 {
                let code = errno
                // Another process made it meanwhile: theirs, and no reason to fail.
                if code == EEXIST, isFolder(path) { continue }
                for created in made.reversed() { rmdir(created) }
                throw PrivateFolderError(folder: folder, code: code)
            }
            made.append(path)
            // The umask may have taken bits away (never added any): set exactly 0700.
            _ = chmod(path, 0o700)
        }
        guard isFolder(folder) else { throw PrivateFolderError(folder: folder, code: ENOTDIR) }
        return made
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}

/// A folder `PrivateFolder.make` could not make, and why (`errno`).
public struct PrivateFolderError: Error, CustomStringConvertible {
    public let folder: String
    public let code: Int32

    public var description: String { "\(String(cString: strerror(code))) (creating the folder \(folder))" }
}
