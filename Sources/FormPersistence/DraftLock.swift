#if canImport(Glibc)
    import Glibc
#endif

/// Says that one session keeps the journal of a state file: `.NAME.lock` beside it, locked with
/// `flock` while the session runs and holding its process id. A second session of the same state
/// file finds it held, and keeps no journal of its own, so that it never overwrites or deletes
/// the first one's unsaved changes; it can say whose they are.
///
/// The lock goes with the process (a crash or `kill -9` releases it); `release()` also removes
/// the file.
///
/// ```swift
/// switch DraftLock.acquire(statePath: "prefs.json") {
/// case .acquired(let lock): keep(lock)       // this session keeps the journal
/// case .held(let pid): say("open in another formtui (pid \(pid ?? 0))")
/// case .unavailable: break                   // no lock can be made here: go on as before
/// }
/// ```
public final class DraftLock: @unchecked Sendable {
    // Only read after init, and closed once, by release or deinit.
    private var descriptor: Int32
    public let path: String
    /// The folders `acquire` made for the lock, outermost first: a first run's state folder does
    /// not exist yet, and a lock that gave up there would let two first sessions share a journal.
    private let madeFolders: [String]

    public enum Outcome {
        case acquired(DraftLock)
        /// Another process holds it; its id when it wrote one.
        case held(pid: Int32?)
        /// The lock file cannot be made (a read-only folder, say).
        case unavailable
    }

    private init(descriptor: Int32, path: String, madeFolders: [String]) {
        self.descriptor = descriptor
        self.path = path
        self.madeFolders = madeFolders
    }

    deinit { release() }

    /// Where the lock of `statePath` is: `.NAME.lock` in the folder of the file its links lead to.
    public static func path(for statePath: String) -> String {
        let target = (try? AtomicFile.target(of: statePath)) ?? statePath
        let (folder, name) = AtomicFile.split(target)
        return (folder.isEmpty ? "" : folder == "/" ? "/" : folder + "/") + ".\(name).lock"
    }

    public static func acquire(statePath: String) -> Outcome {
        let path = path(for: statePath)
        var made: [String] = []
        for _ in 0..<5 {
            var descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if descriptor < 0, errno == ENOENT, made.isEmpty {
                made = makeFolders(of: path)
                descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            }
            guard descriptor >= 0 else {
                removeFolders(made)
                return .unavailable
            }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                let held = errno == EWOULDBLOCK
                let pid = held ? readPID(descriptor) : nil
                close(descriptor)
                removeFolders(made)
                return held ? .held(pid: pid) : .unavailable
            }
            // The holder before may have removed the file between our open and our lock: the lock
            // counts only on the file that is at the path now.
            var opened = stat()
            var named = stat()
            guard fstat(descriptor, &opened) == 0, stat(path, &named) == 0, opened.st_ino == named.st_ino,
                opened.st_dev == named.st_dev
            else {
                close(descriptor)
                continue
            }
            let text = Array("\(getpid())\n".utf8)
            _ = ftruncate(descriptor, 0)
            _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
            return .acquired(DraftLock(descriptor: descriptor, path: path, madeFolders: made))
        }
        removeFolders(made)
        return .unavailable
    }

    /// Makes the missing folders above `path` (0700, as a saved state's folder is made), and
    /// returns those it made, outermost first.
    private static func makeFolders(of path: String) -> [String] {
        (try? PrivateFolder.make(AtomicFile.split(path).folder)) ?? []
    }

    /// Removes the folders a lock made, innermost first, while they are empty: a saved state, a
    /// journal or another session's lock keeps its folder.
    private static func removeFolders(_ made: [String]) {
        for folder in made.reversed() where rmdir(folder) != 0 { break }
    }

    private static func readPID(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self)
        return Int32(String(text.prefix { $0.isNumber }))
    }

    /// Removes the file, and the folders made for it if nothing else is in them, and lets go of
    /// the lock (once).
    public func release() {
        guard descriptor >= 0 else { return }
        unlink(path)
        close(descriptor)
        descriptor = -1
        Self.removeFolders(madeFolders)
    }
}
