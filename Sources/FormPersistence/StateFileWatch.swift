#if canImport(Glibc)
    import Glibc
#endif

/// Notices that a state file changed on disk since it was read: another program's atomic write,
/// or another session of this one saving first. A save that did not notice would silently undo
/// their change.
///
/// What counts: whether it exists, its device and inode (an atomic write renames a new file in),
/// size and modification time, and where all of those agree, its bytes (a write within the
/// clock's resolution that kept the size). Our own save calls `update()` after it.
///
/// ```swift
/// let watch = StateFileWatch(path: "prefs.json")   // before the file is read
/// let prefs = try file.load()
/// // … later, at a save:
/// if watch.hasChanged { ask() } else { try file.save(prefs); watch.update() }
/// ```
public final class StateFileWatch {
    public let path: String
    private var baseline: Fingerprint

    public init(path: String) {
        self.path = path
        baseline = Fingerprint(of: path)
    }

    /// Whether the file is no longer what was read (or saved) here last. A file deleted
    /// meanwhile is no change to protect: a save writes it again.
    public var hasChanged: Bool {
        let now = Fingerprint(of: path)
        guard now.exists else { return false }
        return now != baseline
    }

    /// The file as it is now is what this session read or wrote.
    public func update() {
        baseline = Fingerprint(of: path)
    }

    struct Fingerprint: Equatable {
        var exists = false
        var device: UInt64 = 0
        var inode: UInt64 = 0
        var size: Int64 = 0
        var modified = timespec()
        var bytes: UInt64 = 0

        init(of path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return }
            exists = true
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modified = info.st_mtim
            // Only a regular file's bytes: a pipe's or a device's cannot be read twice.
            if info.st_mode & S_IFMT == S_IFREG { bytes = Self.hash(of: path) }
        }

        static func == (left: Fingerprint, right: Fingerprint) -> Bool {
            left.exists == right.exists && left.device == right.device && left.inode == right.inode
                && left.size == right.size && left.modified.tv_sec == right.modified.tv_sec
                && left.modified.tv_nsec == right.modified.tv_nsec && left.bytes == right.bytes
        }

        /// FNV-1a of the file's bytes (a state file is small: it is read whole at every save).
        private static func hash(of path: String) -> UInt64 {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else { return 0 }
            defer { close(descriptor) }
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                for byte in buffer[0..<count] {
                    hash ^= UInt64(byte)
                    hash = hash &* 0x100_0000_01b3
                }
            }
            return hash
        }
    }
}
