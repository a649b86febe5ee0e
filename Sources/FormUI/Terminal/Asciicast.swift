import FormCore

/// Writes an asciicast v2 recording (what `asciinema play` plays): a header line of JSON with the
/// screen size, then one `[seconds, "o", data]` line for each piece of output, and
/// `[seconds, "r", "WxH"]` when the screen changes size.
///
/// Lines go to `write`, so the caller decides where (a file, a test's array).
///
/// ```swift
/// let cast = Asciicast(size: Size(width: 80, height: 24), timestamp: 1_717_232_400) { file.write($0) }
/// cast.output("\u{1B}[1;1Hhello", at: .milliseconds(80))
/// ```
package final class Asciicast {
    private let write: (String) -> Void
    private var last: Duration = .zero

    /// Writes the header. `timestamp` is when the recording was made (seconds since 1970); `term`
    /// is the terminal type the output was written for.
    package init(
        size: Size, timestamp: Int64, title: String? = nil, term: String = "xterm-256color",
        write: @escaping (String) -> Void
    ) {
        self.write = write
        var header =
            "{\"version\": 2, \"width\": \(size.width), \"height\": \(size.height), \"timestamp\": \(timestamp)"
        if let title { header += ", \"title\": \(JSONString.literal(title))" }
        header += ", \"env\": {\"TERM\": \(JSONString.literal(term))}}"
        write(header + "\n")
    }

    /// Records `data` as sent to the terminal `time` after the start. Times never go back, so a
    /// player sees events in order.
    package func output(_ data: String, at time: Duration) {
        event("o", data, at: time)
    }

    /// Records that the screen is now `size`.
    package func resize(to size: Size, at time: Duration) {
        event("r", "\(size.width)x\(size.height)", at: time)
    }

    private func event(_ code: String, _ data: String, at time: Duration) {
        last = max(last, time)
        write("[\(Self.seconds(last)), \"\(code)\", \(JSONString.literal(data))]\n")
    }

    /// `1.5 s` as `1.500000`: microseconds, the same text on every machine.
    static func seconds(_ duration: Duration) -> String {
        let parts = duration.components
        let micros = parts.attoseconds / 1_000_000_000_000
        let fraction = String(micros)
        return "\(parts.seconds)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}

/// A display that records every frame it shows into an asciicast, as ANSI text in a theme's
/// colors, and passes everything on to the display it wraps.
///
/// `clock` says how far into the session a frame is: the script's own time headless, the real
/// time in a terminal.
///
/// ```swift
/// let display = RecordingDisplay(wrapping: headless, cast: cast, theme: .standard) { input.elapsed }
/// ```
package final class RecordingDisplay: TerminalDisplay {
    private let base: TerminalDisplay
    private let cast: Asciicast
    private let theme: Theme
    private let clock: () -> Duration
    private var recordedSize: Size

    package init(
        wrapping base: TerminalDisplay, cast: Asciicast, theme: Theme, clock: @escaping () -> Duration
    ) {
        self.base = base
        self.cast = cast
        self.theme = theme
        self.clock = clock
        self.recordedSize = base.size
    }

    package var size: Size { base.size }
    package var showsASCIIOnly: Bool { base.showsASCIIOnly }

    package func present(_ canvas: Canvas) {
        base.present(canvas)
        if canvas.size != recordedSize {
            recordedSize = canvas.size
            cast.resize(to: canvas.size, at: clock())
        }
        cast.output(ANSIText.frame(of: canvas, theme: theme), at: clock())
    }

    package func resize(to size: Size) {
        base.resize(to: size)
    }

    package func snapshot(_ canvas: Canvas) {
        base.snapshot(canvas)
    }
}

/// Records what a real terminal was sent, byte for byte, into an asciicast: each piece of output
/// as one `o` event at the time it went out, and an `r` event first when the terminal's size
/// changed since the last piece. A UTF-8 character cut between two pieces is kept whole in the
/// second one (asciicast events are text).
///
/// ```swift
/// let recorder = TerminalOutputRecording(cast: cast, size: { terminal.size }, clock: { .now - started })
/// terminal.outputObserver = recorder.record
/// ```
package final class TerminalOutputRecording {
    private let cast: Asciicast
    private let size: () -> Size
    private let clock: () -> Duration
    private var recordedSize: Size
    private var carried: [UInt8] = []

    package init(cast: Asciicast, size: @escaping () -> Size, clock: @escaping () -> Duration) {
        self.cast = cast
        self.size = size
        self.clock = clock
        self.recordedSize = size()
    }

    /// Adds `bytes`, sent to the terminal now.
    package func record(_ bytes: [UInt8]) {
        let time = clock()
        let current = size()
        if current != recordedSize {
            recordedSize = current
            cast.resize(to: current, at: time)
        }
        let all = carried + bytes
        let complete = Self.completeUTF8Prefix(of: all)
        carried = Array(all[complete...])
        if complete > 0 { cast.output(String(decoding: all[..<complete], as: UTF8.self), at: time) }
    }

    /// How many of `bytes` come before a UTF-8 sequence that is cut off at the end.
    static func completeUTF8Prefix(of bytes: [UInt8]) -> Int {
        // Look back at most 3 bytes for the start of the last sequence.
        var start = bytes.count
        while start > 0, bytes.count - start < 3, bytes[start - 1] & 0xC0 == 0x80 { start -= 1 }
        guard start > 0 else { return bytes.count }
        let lead = bytes[start - 1]
        let length: Int
        switch lead {
        case 0xC0...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF7: length = 4
        default: return bytes.count  // ASCII or not a lead byte: nothing to wait for
        }
        return bytes.count - (start - 1) < length ? start - 1 : bytes.count
    }
}
