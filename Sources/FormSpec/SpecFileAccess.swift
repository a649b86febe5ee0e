#if canImport(Glibc)
    import Glibc
#endif

/// Which files a spec may make formtui read, and which paths are files at all.
///
/// A spec names files (`optionsFile`) whose text is shown as options: a spec from someone else
/// must not show `/proc/self/environ` or `/etc/shadow` that way. So a named file is read only
/// from the spec's folder and below, its path resolved with its symbolic links, unless the
/// person allows a folder more (`--allow-outside PATH`). And a FIFO, a device or a folder where
/// a file is expected is refused at once: reading a FIFO without a writer waits forever, before
/// the first frame and without a word.
///
/// ```swift
/// let access = SpecFileAccess(specFolder: "forms", allowed: ["/usr/share/lists"])
/// let path = try access.check("../secrets.txt", what: "options")  // throws: outside the folder
/// ```
public struct SpecFileAccess: Sendable {
    /// The spec's folder and the folders allowed besides, resolved.
    let folders: [String]
    /// As given, for messages.
    let specFolder: String

    public init(specFolder: String, allowed: [String] = []) {
        self.specFolder = specFolder
        folders = ([specFolder] + allowed).compactMap(Self.resolved)
    }

    /// Anyone may read anything: for specs a program builds itself.
    public static let unrestricted = SpecFileAccess(folders: ["/"], specFolder: ".")

    private init(folders: [String], specFolder: String) {
        self.folders = folders
        self.specFolder = specFolder
    }

    /// `path` (from the spec's folder when relative) resolved, once it is a regular file in an
    /// allowed folder; else why not, in words for the message.
    public func check(_ path: String) -> Result<String, SpecFileProblem> {
        let full = path.hasPrefix("/") ? path : "\(specFolder)/\(path)"
        guard let real = Self.resolved(full) else {
            return .failure(SpecFileProblem(reason: String(cString: strerror(errno)).lowercased()))
        }
        guard folders.contains(where: { Self.path(real, isIn: $0) }) else {
            return .failure(
                SpecFileProblem(
                    reason: "it is outside the spec's folder (\(real))",
                    hint:
                        "a spec reads files from its own folder and below; --allow-outside FOLDER allows more"
                ))
        }
        if let kind = Self.notAFile(real) {
            return .failure(SpecFileProblem(reason: "it is \(kind), not a file"))
        }
        return .success(real)
    }

    /// What `path` is when it is no regular file (following links): "a folder", "a named pipe
    /// (FIFO)", "a device", "a socket"; nil for a regular file or one that does not exist.
    /// `/dev/null` and anonymous pipes (`<(…)`, `/dev/stdin` from a pipe) pass: they end.
    public static func notAFile(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFIFO:
            // A pipe another process writes into has no name on disk: its link reads "pipe:[…]".
            guard let real = resolved(path), real.hasPrefix("/") else { return nil }
            return "a named pipe (FIFO)"
        case S_IFCHR, S_IFBLK:
            var null = stat()
            if stat("/dev/null", &null) == 0, null.st_rdev == info.st_rdev { return nil }
            return "a device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// `path` with its links resolved, or nil with `errno` set.
    static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    private static func path(_ path: String, isIn folder: String) -> Bool {
        folder == "/" || path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }
}

/// Why a file a spec names, or a `--values`/`--state` path, is not read.
public struct SpecFileProblem: Error, Equatable, Sendable {
    public var reason: String
    public var hint: String = "the path is taken from the spec's folder"
}
