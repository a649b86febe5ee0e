import CNcursesw
import CTerminalSupport
import FormUI

#if canImport(Glibc)
    import Glibc
#endif

/// Reads the keyboard: standard input's bytes, as many as are waiting in one `read`, decoded by
/// `ByteKeyDecoder`; plus resizes, stop signals and the end of input. Ctrl-Z suspends the program
/// while it waits.
///
/// Not through ncurses' `wgetch`, which reads one byte per system call and polls between them:
/// an arrow key cost three reads and a burst of keys (a paste, a held key, a script typed in)
/// paid for every byte. ncurses' UTF-8 decoding (`wget_wch`) also swallows the keys typed after
/// one invalid byte. The decoder knows the sequences of xterm-like terminals (CSI and SS3 keys
/// with modifiers, bracketed paste); curses is left to draw.
struct KeyReader {
    private var decoder = ByteKeyDecoder()
    private var queue: [TerminalEvent] = []
    private var queueStart = 0
    private var ended = false
    /// The size curses was last given; a resize signal that brings no other is no event.
    var lastSize: Size?
    /// Room for what one read takes: a paste or a burst of keys arrives in a few reads. Not zeroed:
    /// only what `read` filled is looked at, and zeroing was 65k instructions and 16 pages of
    /// memory at every start.
    private var buffer = [UInt8](unsafeUninitializedCapacity: 65_536) { _, count in count = 65_536 }

    /// How long one wait for input lasts at most when the signal handlers have no way to wake it
    /// (`ts_wake_fd` is -1): the signal flags are looked at in between. Otherwise a wait with
    /// nothing begun lasts until a key, a signal or the caller's deadline: an idle program takes
    /// no CPU.
    static let pollInterval = 200
    /// How long after an Esc the next byte may come and still belong to a key's sequence (what
    /// ncurses calls ESCDELAY): a lone Esc is reported after this.
    static let escapeDelay = 25

    /// Blocks until the next event. `onResize` runs when the terminal changed size, before the
    /// `.resize` event is returned.
    mutating func next(from window: UnsafeMutablePointer<WINDOW>?, onResize: () -> Void) -> TerminalEvent {
        // Without a deadline there is always an event in the end.
        next(from: window, until: nil, onResize: onResize)!
    }

    /// As `next`, but nil once `deadline` has passed with nothing to return (a key sequence
    /// begun is still waited for: its end is moments away).
    mutating func next(
        from window: UnsafeMutablePointer<WINDOW>?, until deadline: ContinuousClock.Instant?,
        onResize: () -> Void
    ) -> TerminalEvent? {
        while true {
            if let event = dequeue() { return event }
            if let event = signalEvent(window, onResize: onResize) { return event }
            if ended { return .end }

            var timeout = waitFor(decoder.pending)
            if let deadline, decoder.pending == .none {
                let left = ContinuousClock.now.duration(to: deadline)
                guard left > .zero else { return nil }
                let milliseconds =
                    left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
                // Rounded up: waking just before the deadline would only poll again.
                let rounded = Int(milliseconds) + (left > .milliseconds(milliseconds) ? 1 : 0)
                timeout = min(timeout ?? Int.max, max(1, rounded))
            }
            switch wait(milliseconds: timeout) {
            case .readable:
                readAvailable()
            case .timedOut:
                // The rest of a sequence never came: what was begun is a key of its own (Esc).
                if decoder.pending != .none { enqueue(decoder.flush()) }
            case .interrupted:
                continue  // a signal: looked at above
            case .closed:
                enqueue(decoder.flush())
                ended = true
            }
        }
    }

    /// The next event if it can be had without waiting: queued ones, a stop signal, or input
    /// that is already buffered. A sequence cut off in the middle waits for `next`, which knows
    /// how long to give it.
    mutating func pending(
        from window: UnsafeMutablePointer<WINDOW>?, onResize: () -> Void
    ) -> TerminalEvent? {
        while queueStart >= queue.count {
            if let event = signalEvent(window, onResize: onResize) { return event }
            guard !ended else { return nil }
            switch wait(milliseconds: 0) {
            case .readable: readAvailable()
            case .interrupted: continue  // a signal: looked at above
            case .timedOut, .closed: return nil
            }
        }
        return dequeue()
    }

    /// Decodes `bytes` read elsewhere (keys typed while the terminal was asked where its cursor
    /// is) as if they had just been read here.
    mutating func feed(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        var keys: [Key] = []
        for byte in bytes { keys += decoder.feed(byte) }
        enqueue(keys)
    }

    /// Ctrl-Z (suspends here), a stop signal, or a resize, as an event.
    private mutating func signalEvent(
        _ window: UnsafeMutablePointer<WINDOW>?, onResize: () -> Void
    ) -> TerminalEvent? {
        JobControl.suspendIfRequested()
        let signal = ts_take_stop_signal()
        if signal != 0 { return .interrupt(signal) }
        guard ts_take_resize() != 0 else { return nil }
        var size = winsize()
        guard ioctl(STDIN_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else {
            return nil
        }
        // Without a window (InlineTerminal) there is no curses screen to resize.
        var now = Size(width: Int(size.ws_col), height: Int(size.ws_row))
        if let window {
            resizeterm(Int32(size.ws_row), Int32(size.ws_col))
            now = Size(width: Int(getmaxx(window)), height: Int(getmaxy(window)))
        }
        // Signals that brought no new size (one raised again, two for one drag) are no event;
        // a session back from Ctrl-Z needs one whatever the size (to repaint).
        guard now != lastSize || ts_inline_resumed() != 0 || ts_screen_resumed() != 0 else { return nil }
        lastSize = now
        enqueue(decoder.flush())
        onResize()
        queue.append(.resize(now))
        return dequeue()
    }

    private enum Wait {
        case readable, timedOut, interrupted, closed
    }

    /// Waits for input, a signal (through `ts_wake_fd`), or `milliseconds` (nil: no limit).
    private func wait(milliseconds: Int?) -> Wait {
        let wake = ts_wake_fd()
        var descriptors = (
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake, events: Int16(POLLIN), revents: 0)
        )
        // Without the wake pipe, signals are seen only by waking up now and then. A far deadline
        // (an idle task's, days ahead) is cut to what poll(2) takes.
        let limit = wake >= 0 ? Int(Int32.max) : Self.pollInterval
        let timeout = milliseconds.map { min($0, limit) } ?? (wake >= 0 ? -1 : Self.pollInterval)
        let result = withUnsafeMutableBytes(of: &descriptors) { bytes in
            poll(bytes.baseAddress!.assumingMemoryBound(to: pollfd.self), wake >= 0 ? 2 : 1, Int32(timeout))
        }
        if result < 0 { return errno == EINTR ? .interrupted : .closed }
        if result == 0 { return .timedOut }
        if descriptors.1.revents != 0 {
            ts_clear_wake()
            return .interrupted
        }
        if descriptors.0.revents & Int16(POLLIN) != 0 { return .readable }
        // Hung up, closed, or not a descriptor any more: no key will ever come.
        return .closed
    }

    /// Reads what is waiting (at most a buffer) and decodes it.
    private mutating func readAvailable() {
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count > 0 {
            var keys: [Key] = []
            for byte in buffer[0..<count] { keys += decoder.feed(byte) }
            enqueue(keys)
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            // End of file, or the terminal is gone (EIO once it hung up).
            enqueue(decoder.flush())
            ended = true
        }
    }

    private mutating func dequeue() -> TerminalEvent? {
        guard queueStart < queue.count else { return nil }
        let event = queue[queueStart]
        queueStart += 1
        if queueStart == queue.count {
            queue.removeAll(keepingCapacity: true)
            queueStart = 0
        }
        return event
    }

    private mutating func enqueue(_ keys: [Key]) {
        for key in keys { queue.append(.key(key)) }
    }

    /// Milliseconds to wait for the next byte, given what the decoder is in the middle of; nil
    /// when nothing is begun (no limit).
    private func waitFor(_ pending: ByteKeyDecoder.Pending) -> Int? {
        switch pending {
        case .escape: return Self.escapeDelay
        case .character, .sequence: return 50
        case .paste: return 500
        // A terminal's answer cut by a pause: its rest, typed as keys, would land in a field.
        case .controlString: return 1000
        case .none: return nil
        }
    }
}
