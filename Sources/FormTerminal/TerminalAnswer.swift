#if canImport(Glibc)
    import Glibc
#endif

/// A terminal's answer to a question written to it (its background, where its cursor is), read
/// as it arrives until it is complete.
protocol TerminalAnswer {
    var isComplete: Bool { get }
    mutating func feed(_ more: some Sequence<UInt8>)
}

extension TerminalAnswer {
    /// Writes `query` to `output`, then feeds what `input` sends into `self` until the answer is
    /// complete, `input` ends or `timeout` passes; false when the query could not be written.
    /// `input` must already be in modes that hand bytes on at once and echo nothing.
    mutating func collect(asking query: [UInt8], input: Int32, output: Int32, timeout: Duration) -> Bool {
        let sent = query.withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
        guard sent == query.count else { return false }
        var buffer = [UInt8](repeating: 0, count: 512)
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while !isComplete {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { break }
            // Rounded up: waking just before the deadline would only poll again.
            let milliseconds = Int32(
                left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            feed(buffer[0..<count])
        }
        return true
    }
}
