#if canImport(Glibc)
    import Glibc
#endif

/// Writes text to a file descriptor whole, unbuffered: for what must be out before the program
/// goes on (a question before its answer is read, output before the terminal is restored).
package enum DescriptorWriting {
    /// Writes all of `text`, again after a signal cut a write short; stops at an error (a closed
    /// pipe), since there is no one left to tell.
    package static func write(_ text: String, to descriptor: Int32) {
        Array(text.utf8).withUnsafeBytes { write($0, to: descriptor) }
    }

    /// Writes all of `bytes`, as `write(_:to:)` does text.
    package static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
