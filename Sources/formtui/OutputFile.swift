import FormTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// A file opened for writing at once, so that a path that cannot be written is known before
/// anything runs; written without buffering, closed when released.
final class OutputFile {
    private let descriptor: Int32

    /// Creates or empties `path` (a new file private, mode 0600: a recording shows what was typed
    /// and shown); nil with the system's reason when it cannot be written.
    static func create(_ path: String) -> Result<OutputFile, OpenError> {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return .failure(OpenError(reason: String(cString: strerror(errno)))) }
        return .success(OutputFile(descriptor: descriptor, path: path))
    }

    struct OpenError: Error {
        var reason: String
    }

    private let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit {
        close(descriptor)
    }

    /// A failed write is noted (`OutputFailure`): the run then ends with a message and status 4.
    func write(_ text: String) {
        if !DescriptorWriting.written(text, to: descriptor) { OutputFailure.note(path) }
    }
}
