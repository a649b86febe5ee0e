import FormDocument
import FormPersistence

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// A configuration file as it was read: its path, its document, and what it was on disk (so that
/// a save can tell whether another program changed it since). Saving writes the document's bytes
/// whole and atomically, keeping the file's mode, owner and symbolic link.
///
/// ```swift
/// var config = try ConfigFile(path: "pyproject.toml")
/// try config.document.apply(.set(DocumentPath(pointer: "/tool/ruff/line-length")!, 100))
/// try config.save()
/// ```
public struct ConfigFile: Sendable {
    /// Files larger than this are refused before they are read (a person's configuration is far
    /// smaller; a 100 MB file is a mistake, and reading it would take the memory of many).
    public static let sizeLimit = 64 << 20

    public let path: String
    public var document: Document
    /// Whether the file exists (a file that does not is made from the schema's defaults on save).
    public private(set) var exists: Bool
    /// What the file was when read: its bytes and identity, to notice another program's write.
    private var onDisk: DiskIdentity?

    /// Reads the file at `path` (a missing file gives an empty document of the format its name
    /// says, JSON when it says none).
    public init(path: String, format: DocumentFormat? = nil) throws(ConfigError) {
        self.path = path
        guard FileManager.default.fileExists(atPath: path) else {
            let chosen = format ?? DocumentFormat(fileName: path) ?? .json
            let empty: [UInt8] = chosen == .json || chosen == .jsonc ? Array("{}\n".utf8) : []
            do {
                document = try Document(reading: empty, format: chosen)
            } catch {
                throw ConfigError("\(path): \(error.message)")
            }
            exists = false
            onDisk = nil
            return
        }
        let bytes = try Self.read(path, what: "file")
        do {
            document = try Document(reading: bytes, fileName: path, format: format)
        } catch {
            throw ConfigError("\(path):\(error.line):\(error.column): \(error.message)")
        }
        exists = true
        onDisk = DiskIdentity(path: path, bytes: bytes)
    }

    /// The bytes of a regular file, refused with a clear message for a folder, a device, a FIFO,
    /// a file that cannot be read or one past `sizeLimit`.
    static func read(_ path: String, what: String) throws(ConfigError) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw ConfigError("cannot read the \(what) \(path): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            let kind = info.st_mode & S_IFMT == S_IFDIR ? "a folder" : "not a regular file"
            throw ConfigError("cannot read the \(what) \(path): it is \(kind)")
        }
        guard Int(info.st_size) <= sizeLimit else {
            throw ConfigError(
                "the \(what) \(path) is \(Int(info.st_size) >> 20) MB, over the limit of \(sizeLimit >> 20) MB"
            )
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError("cannot read the \(what) \(path): \(String(cString: strerror(errno)))")
        }
        return Array(data)
    }

    /// Reads a JSON (or YAML, TOML) file that is not the one being edited: a schema, a catalog.
    static func readDocument(at path: String, what: String) throws(ConfigError) -> Document {
        let bytes = try read(path, what: what)
        do {
            return try Document(reading: bytes, fileName: path)
        } catch {
            throw ConfigError(
                "the \(what) \(path) does not read: \(error.line):\(error.column): \(error.message)")
        }
    }

    /// Whether the file on disk is still the one that was read.
    public var isUnchangedOnDisk: Bool {
        guard let onDisk else { return !FileManager.default.fileExists(atPath: path) }
        return onDisk.matches(path: path)
    }

    /// Takes the file as it is on disk now as the one that was read, so that the next save writes
    /// over another program's change (the person chose to overwrite it).
    public mutating func acceptDisk() {
        let bytes = FileManager.default.contents(atPath: path).map(Array.init) ?? []
        onDisk = FileManager.default.fileExists(atPath: path) ? DiskIdentity(path: path, bytes: bytes) : nil
    }

    /// Writes the document, atomically, keeping the file's mode, owner and link; refused when
    /// another program changed or replaced the file since it was read (unless `overwrite`).
    /// Unchanged bytes are not written at all.
    public mutating func save(overwrite: Bool = false) throws(ConfigError) {
        if exists, let onDisk, onDisk.bytes == document.bytes, onDisk.matches(path: path) { return }
        guard overwrite || isUnchangedOnDisk else {
            throw ConfigError("\(path) was changed on disk since it was opened; nothing was written")
        }
        do {
            try FileReplacing.replace(path, with: document.bytes, keepingModeAndOwner: true)
        } catch {
            throw ConfigError("\(error)")
        }
        exists = true
        onDisk = DiskIdentity(path: path, bytes: document.bytes)
    }
}

/// A file's identity on disk: device, inode, size and change time, and its bytes for when those
/// agree but a program wrote within the clock's resolution.
private struct DiskIdentity: Sendable {
    var device: UInt64 = 0
    var inode: UInt64 = 0
    var size: Int = 0
    var modified: timespec = timespec()
    let bytes: [UInt8]

    init(path: String, bytes: [UInt8]) {
        self.bytes = bytes
        var info = stat()
        if stat(path, &info) == 0 {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int(info.st_size)
            modified = info.st_mtim
        }
    }

    func matches(path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        guard UInt64(info.st_dev) == device, UInt64(info.st_ino) == inode, Int(info.st_size) == size,
            info.st_mtim.tv_sec == modified.tv_sec, info.st_mtim.tv_nsec == modified.tv_nsec
        else { return false }
        return (FileManager.default.contents(atPath: path).map(Array.init)) == bytes
    }
}
