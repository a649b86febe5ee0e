import CNcursesw
import CTerminalSupport
import FormUI

/// Reads the keyboard through ncurses: bytes via `wgetch` (keypad on, so function keys arrive as
/// codes), decoded by `ByteKeyDecoder`; plus resizes, stop signals and the end of input. Ctrl-Z
/// suspends the program while it waits.
///
/// ncurses' own UTF-8 decoding (`wget_wch`) is not used: one invalid byte makes it swallow the
/// keys typed after it.
struct KeyReader {
    private var decoder = ByteKeyDecoder()
    private var queue: [TerminalEvent] = []
    private var queueStart = 0
    private var quickFailures = 0
    private var ended = false

    /// How long one wait for input lasts: the stop-signal flags are looked at in between.
    static let pollInterval = 200
    /// After this many reads in a row that fail at once, the terminal is taken as gone.
    private static let quickFailureLimit = 20

    /// Blocks until the next event. `onResize` runs when the terminal changed size, before the
    /// `.resize` event is returned.
    mutating func next(from window: UnsafeMutablePointer<WINDOW>, onResize: () -> Void) -> TerminalEvent {
        // Without a deadline there is always an event in the end.
        next(from: window, until: nil, onResize: onResize)!
    }

    /// As `next`, but nil once `deadline` has passed with nothing to return (a key sequence
    /// begun is still waited for: its end is moments away).
    mutating func next(
        from window: UnsafeMutablePointer<WINDOW>, until deadline: ContinuousClock.Instant?,
        onResize: () -> Void
    ) -> TerminalEvent? {
        while true {
            if let event = dequeue() { return event }
            JobControl.suspendIfRequested()
            let signal = ts_take_stop_signal()
            if signal != 0 { return .interrupt(signal) }
            if ended { return .end }

            var timeout = waitFor(decoder.pending)
            if let deadline, decoder.pending == .none {
                let left = ContinuousClock.now.duration(to: deadline)
                guard left > .zero else { return nil }
                let milliseconds =
                    left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
                timeout = min(timeout, max(1, Int(milliseconds)))
            }
            wtimeout(window, Int32(timeout))
            let started = ContinuousClock.now
            let code = wgetch(window)
            if code == ERR {
                if decoder.pending != .none {
                    enqueue(decoder.flush())
                } else if inputEnded(waited: ContinuousClock.now - started, timeout: timeout) {
                    ended = true
                }
                continue
            }
            quickFailures = 0
            take(code, from: window, onResize: onResize)
        }
    }

    /// The next event if it can be had without waiting: queued ones, a stop signal, or input
    /// that is already buffered. A sequence cut off in the middle waits for `next`, which knows
    /// how long to give it.
    mutating func pending(from window: UnsafeMutablePointer<WINDOW>, onResize: () -> Void) -> TerminalEvent? {
        while queueStart >= queue.count {
            JobControl.suspendIfRequested()
            let signal = ts_take_stop_signal()
            if signal != 0 { return .interrupt(signal) }
            guard !ended else { return nil }
            wtimeout(window, 0)
            let code = wgetch(window)
            guard code != ERR else { return nil }
            take(code, from: window, onResize: onResize)
        }
        return dequeue()
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

    private mutating func take(_ code: Int32, from window: UnsafeMutablePointer<WINDOW>, onResize: () -> Void)
    {
        switch code {
        case 0...255:
            enqueue(decoder.feed(UInt8(code)))
        case KEY_RESIZE:
            enqueue(decoder.flush())
            onResize()
            queue.append(.resize(Size(width: Int(getmaxx(window)), height: Int(getmaxy(window)))))
        default:
            // After a lone Esc the decoder makes it Alt plus this key: ncurses hands over an Alt
            // key it could not match as a whole (`ESC` then `DEL` is Alt-Backspace) in two parts.
            if let key = KeypadKeys.key(for: code) {
                enqueue(decoder.feed(key: key))
            } else {
                enqueue(decoder.flush())
            }
        }
    }

    private mutating func enqueue(_ keys: [Key]) {
        queue += keys.map { .key($0) }
    }

    /// Milliseconds to wait for the next byte, given what the decoder is in the middle of.
    private func waitFor(_ pending: ByteKeyDecoder.Pending) -> Int {
        switch pending {
        // ncurses already waited ESCDELAY after the Esc: whatever followed is buffered by now.
        case .escape: return 0
        case .character, .sequence: return 50
        case .paste: return 500
        case .none: return Self.pollInterval
        }
    }

    /// Whether a failed read means the terminal is gone (hung up, closed), rather than a timeout or
    /// a signal. Never lets the caller spin: quick failures are slowed down.
    private mutating func inputEnded(waited: Duration, timeout: Int) -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, 0) > 0,
            descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
        {
            return true
        }
        guard waited < .milliseconds(timeout / 2) else {
            quickFailures = 0
            return false
        }
        quickFailures += 1
        if quickFailures >= Self.quickFailureLimit { return true }
        usleep(10_000)
        return false
    }
}
