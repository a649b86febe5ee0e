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
        return .success(OutputFile(descriptor: descriptor))
    }

    struct OpenError: Error {
        var reason: String
    }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    func write(_ text: String) {
        DescriptorWriting.write(text, to: descriptor)
    }
}
