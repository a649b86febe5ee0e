#if canImport(Glibc)
    import Glibc
#endif

/// Reads a whole file, a pipe, a FIFO, `/dev/stdin` or `/dev/null` (whatever `open` and `read`
/// take), refusing it once it passes `limit` bytes: a regular file by its size before a byte is
/// read, anything else as soon as more than `limit` bytes have come.
///
/// ```swift
/// switch BoundedFile.read("answers.json", limit: SpecLimits.valuesBytes) { … }
/// ```
public enum BoundedFile {
    public enum Failure: Error, Equatable, Sendable {
        /// It could not be opened or read; the system's reason.
        case unreadable(String)
        /// It is a folder.
        case folder
        /// It holds more than `limit` bytes (`size` when known before reading).
        case tooLarge(limit: Int, size: Int?)
    }

    /// Everything in `path`, or why not. `-` is standard input.
    ///
    /// A named pipe (FIFO) is opened without waiting for a writer, then given `writerWait` for one
    /// to come: one that nothing writes into is refused then, instead of waiting for ever before
    /// the first frame without a word.
    public static func read(_ path: String, limit: Int, writerWait: Duration = .seconds(2)) -> Result<
        [UInt8], Failure
    > {
        let fifo = path != "-" && isFIFO(path)
        let descriptor =
            path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC | (fifo ? O_NONBLOCK : 0))
        guard descriptor >= 0 else { return .failure(.unreadable(reason(errno))) }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        if fifo {
            guard hasWriter(descriptor, within: writerWait) else {
                return .failure(.unreadable("nothing writes into this named pipe (FIFO)"))
            }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        }
        var status = stat()
        if fstat(descriptor, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFDIR { return .failure(.folder) }
            if status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) > limit {
                return .failure(.tooLarge(limit: limit, size: Int(status.st_size)))
            }
        }
        var bytes: [UInt8] = []
        // Not zeroed first: `read` fills what it returns, and zeroing 64 KB was 65k instructions
        // and 16 pages of memory at every start.
        var buffer = [UInt8](unsafeUninitializedCapacity: 65_536) { _, count in count = 65_536 }
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(errno == EISDIR ? .folder : .unreadable(reason(errno)))
            }
            if count == 0 { return .success(bytes) }
            guard bytes.count + count <= limit else { return .failure(.tooLarge(limit: limit, size: nil)) }
            bytes += buffer[0..<count]
        }
    }

    /// The text of `path` as UTF-8, or a `SpecError` naming it as `what` ("spec", "values").
    public static func text(_ path: String, name: String, what: String, limit: Int) throws(SpecError)
        -> String
    {
        guard
            let text = String(
                validating: try bytes(path, name: name, what: what, limit: limit), as: UTF8.self)
        else {
            throw SpecError(file: name, position: nil, message: "the \(what) file is not UTF-8 text")
        }
        return text
    }

    /// The bytes of `path`, as `text(_:name:what:limit:)` reads them, not checked as UTF-8.
    public static func bytes(_ path: String, name: String, what: String, limit: Int) throws(SpecError)
        -> [UInt8]
    {
        switch read(path, limit: limit) {
        case .success(let bytes):
            return bytes
        case .failure(.folder):
            throw SpecError(
                file: name, position: nil, message: "the \(what) file is a folder", hint: "name a file in it")
        case .failure(.unreadable(let reason)):
            throw SpecError(
                file: name, position: nil, message: "cannot read the \(what) file: \(reason)",
                hint: "check the path")
        case .failure(.tooLarge(let limit, let size)):
            let said = size.map { " (\(SpecLimits.bytes($0)))" } ?? ""
            throw SpecError(
                file: name, position: nil,
                message: "the \(what) file is larger than the limit of \(SpecLimits.bytes(limit))\(said)",
                hint: "a \(what) file holds far less; check that this is the file you meant")
        }
    }

    /// The size of a regular file at `path`; nil for anything else (a pipe's size is unknown
    /// until it is read).
    public static func regularFileSize(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    private static func isFIFO(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
    }

    /// Whether a FIFO opened without waiting gets bytes or an end (a writer came and went)
    /// within `timeout`.
    private static func hasWriter(_ descriptor: Int32, within timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return false }
            var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds =
                Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
                + 1
            let ready = poll(&watched, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            return ready > 0
        }
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
