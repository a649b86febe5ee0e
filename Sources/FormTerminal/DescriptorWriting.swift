#if canImport(Glibc)
    import Glibc
#endif

/// Writes text to a file descriptor whole, unbuffered: for what must be out before the program
/// goes on (a question before its answer is read, output before the terminal is restored).
package enum DescriptorWriting {
    /// Writes all of `text`, again after a signal cut a write short; stops at an error (a closed
    /// pipe), since there is no one left to tell.
    package static func write(_ text: String, to descriptor: Int32) {
        _ = written(text, to: descriptor)
    }

    /// Writes all of `bytes`, as `write(_:to:)` does text.
    package static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) {
        _ = written(bytes, to: descriptor)
    }

    /// As `write(_:to:)`, and whether all of `text` was written: false with `errno` set after an
    /// error (a full disk, a closed file), for output whose loss must be told.
    package static func written(_ text: String, to descriptor: Int32) -> Bool {
        Array(text.utf8).withUnsafeBytes { written($0, to: descriptor) }
    }

    /// As `written(_:to:)`, for bytes.
    package static func written(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count {
            let count = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += count
        }
        return true
    }
}
