#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// The temporary file a save writes before renaming it over the state file: `.NAME.XXXXXX` in
/// the state file's folder, where `XXXXXX` is six letters or digits from `mkstemp`. A name too
/// long for that to fit in NAME_MAX (255 bytes) is shortened (see `stem(of:)`), so that a state
/// file of any legal name can be saved.
///
/// A save that is killed leaves its temporary file behind; a later save or load removes it. Two
/// things keep that from breaking a save that is running at the same time, in this process or
/// another one:
///
/// - A save holds an exclusive `flock` on its temporary file from just after creating it until
///   after the rename, and the kernel drops the lock when the process dies. A file that can be
///   locked therefore belongs to no running save. The save checks, once it holds the lock, that
///   its name still leads to its file: if a cleaner locked and removed it in the instant between
///   `mkstemp` and `flock`, the save starts again with a new name instead of failing at rename.
/// - Only files last written more than ``staleAge`` seconds ago are considered, which protects
///   the saves of older versions of this program that do not take the lock.
///
/// Even if both failed, the worst outcome is a save that reports an error (its rename finds
/// nothing to rename): the state file itself is never touched here.
struct TemporaryFile {
    /// Seconds since its last write after which a temporary file counts as left over.
    static let staleAge = 60

    let path: String
    /// Open for writing; the caller closes it.
    let descriptor: Int32
    /// A second descriptor on the same open file, which keeps the lock after `descriptor` is
    /// closed; the caller closes it once the file is renamed or removed.
    let lock: Int32

    /// Creates a temporary file for the file `name` in `folder`, mode 0600 and locked. Returns
    /// nil with `errno` set when it cannot.
    static func create(folder: String, name: String) -> TemporaryFile? {
        let directory = folder.isEmpty ? "." : folder
        let base = stem(of: name)
        for _ in 0..<3 {
            var template = Array("\(directory)/.\(base).XXXXXX".utf8CString)
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard fd >= 0 else { return nil }
            let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if flock(fd, LOCK_EX | LOCK_NB) != 0, errno == EWOULDBLOCK {
                // A cleaner took it in the instant before the lock; it is removing it.
                close(fd)
                continue
            }
            // Where locks are not supported (flock failed otherwise), cleaners cannot lock either
            // and so never remove anything: going on unlocked is safe.
            guard leads(path, to: fd) else {
                close(fd)
                continue
            }
            let lock = dup(fd)
            guard lock >= 0 else {
                let saved = errno
                close(fd)
                unlink(path)
                errno = saved
                return nil
            }
            return TemporaryFile(path: path, descriptor: fd, lock: lock)
        }
        errno = EAGAIN
        return nil
    }

    /// Whether `name` is exactly what `create` names a temporary file for `target`.
    static func isTemporary(_ name: String, for target: String) -> Bool {
        let prefix = Array(".\(stem(of: target)).".utf8)
        let name = Array(name.utf8)
        guard name.count == prefix.count + 6, name.starts(with: prefix) else { return false }
        return name[prefix.count...].allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }
    }

    /// Removes the temporary files that saves of `name` in `folder` left behind: regular files of
    /// this user that nobody else may read, named as `create` names them, last written at least
    /// `minimumAge` seconds ago, and locked by no one. Anything that fails is left alone.
    static func removeStale(folder: String, name: String, minimumAge: Int = staleAge) {
        let directory = folder.isEmpty ? "." : folder
        guard let entries = names(in: directory, startingWith: Array(".\(stem(of: name)).".utf8)) else {
            return
        }
        let now = time(nil)
        for entry in entries where isTemporary(entry, for: name) {
            let path = "\(directory)/\(entry)"
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(),
                info.st_mode & 0o077 == 0, now - info.st_mtim.tv_sec >= minimumAge
            else { continue }
            // O_NONBLOCK: should the name become a FIFO meanwhile, the open must not wait.
            let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            var opened = stat()
            guard flock(fd, LOCK_EX | LOCK_NB) == 0, fstat(fd, &opened) == 0,
                opened.st_dev == info.st_dev, opened.st_ino == info.st_ino
            else { continue }
            // Removed while still locked, so a save that raced for this name sees it gone.
            unlink(path)
        }
    }

    /// The names in `directory` that start with the bytes `prefix`, nil when it cannot be read.
    /// By `readdir`: every load and save asks, and Foundation's `contentsOfDirectory` took 250k
    /// instructions for an almost empty folder (5% of a start). Only names that match become
    /// strings: with the state in a folder of 12,600 files (a busy /tmp), the scan took 6.1 ms of
    /// a 10.9 ms first frame when every name became one, and takes 3.6 ms now, nearly all of it
    /// the kernel's listing. A name that is not UTF-8 comes out repaired, which `isTemporary`
    /// never matches.
    private static func names(in directory: String, startingWith prefix: [UInt8]) -> [String]? {
        guard let stream = opendir(directory) else { return nil }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes -> String? in
                // The prefix holds no zero byte, so a shorter name differs at its end.
                guard bytes.prefix(prefix.count).elementsEqual(prefix) else { return nil }
                return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if let name { names.append(name) }
        }
        return names
    }

    /// Longest file name the kernel takes (NAME_MAX on Linux).
    static let nameLimit = 255

    /// The part of a temporary file's name that stands for the state file `name`: the name
    /// itself, or when `.NAME.XXXXXX` would not fit in `nameLimit`, its first bytes (whole
    /// characters) then `~` and a hash of the whole name, so that two long names that begin
    /// alike still get temporary files of their own.
    static func stem(of name: String) -> String {
        let bytes = Array(name.utf8)
        // The leading dot, the dot before XXXXXX and the six letters.
        guard bytes.count + 8 > nameLimit else { return name }
        var hash: UInt32 = 0x811c_9dc5
        for byte in bytes {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        let hex = String(hash, radix: 16)
        let tail = "~" + String(repeating: "0", count: 8 - hex.count) + hex
        var keep = nameLimit - 8 - tail.utf8.count
        // Cut between characters: never in the middle of a UTF-8 sequence.
        while keep > 0, bytes[keep] & 0xC0 == 0x80 { keep -= 1 }
        return String(decoding: bytes[..<keep], as: UTF8.self) + tail
    }

    /// Whether `path` still leads to the file open as `fd`.
    private static func leads(_ path: String, to fd: Int32) -> Bool {
        var opened = stat()
        var named = stat()
        return fstat(fd, &opened) == 0 && lstat(path, &named) == 0
            && opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
    }
}
