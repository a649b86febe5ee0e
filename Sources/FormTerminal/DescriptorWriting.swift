#if canImport(Glibc)
    import Glibc
#endif

/// Writes text to a file descriptor whole, unbuffered: for what must be out before the program
/// goes on (a question before its answer is read, output before the terminal is restored).
package enum DescriptorWriting {
    /// Writes all of `text`, again after a signal cut a write short; stops at an error (a closed
    /// pipe), since there is no one left to tell.
    package static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }
}
