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
public final class Asciicast {
    private let write: (String) -> Void
    private var last: Duration = .zero

    /// Writes the header. `timestamp` is when the recording was made (seconds since 1970).
    public init(size: Size, timestamp: Int64, title: String? = nil, write: @escaping (String) -> Void) {
        self.write = write
        var header =
            "{\"version\": 2, \"width\": \(size.width), \"height\": \(size.height), \"timestamp\": \(timestamp)"
        if let title { header += ", \"title\": \(Self.jsonString(title))" }
        header += ", \"env\": {\"TERM\": \"xterm-256color\"}}"
        write(header + "\n")
    }

    /// Records `data` as sent to the terminal `time` after the start. Times never go back, so a
    /// player sees events in order.
    public func output(_ data: String, at time: Duration) {
        event("o", data, at: time)
    }

    /// Records that the screen is now `size`.
    public func resize(to size: Size, at time: Duration) {
        event("r", "\(size.width)x\(size.height)", at: time)
    }

    private func event(_ code: String, _ data: String, at time: Duration) {
        last = max(last, time)
        write("[\(Self.seconds(last)), \"\(code)\", \(Self.jsonString(data))]\n")
    }

    /// `1.5 s` as `1.500000`: microseconds, the same text on every machine.
    static func seconds(_ duration: Duration) -> String {
        let parts = duration.components
        let micros = parts.attoseconds / 1_000_000_000_000
        let fraction = String(micros)
        return "\(parts.seconds)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    /// `text` as a JSON string literal; escapes and other controls as `\u00XX`.
    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
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
public final class RecordingDisplay: TerminalDisplay {
    private let base: TerminalDisplay
    private let cast: Asciicast
    private let theme: Theme
    private let clock: () -> Duration
    private var recordedSize: Size

    public init(
        wrapping base: TerminalDisplay, cast: Asciicast, theme: Theme, clock: @escaping () -> Duration
    ) {
        self.base = base
        self.cast = cast
        self.theme = theme
        self.clock = clock
        self.recordedSize = base.size
    }

    public var size: Size { base.size }

    public func present(_ canvas: Canvas) {
        base.present(canvas)
        if canvas.size != recordedSize {
            recordedSize = canvas.size
            cast.resize(to: canvas.size, at: clock())
        }
        cast.output(ANSIText.frame(of: canvas, theme: theme), at: clock())
    }

    public func resize(to size: Size) {
        base.resize(to: size)
    }

    public func snapshot(_ canvas: Canvas) {
        base.snapshot(canvas)
    }
}
