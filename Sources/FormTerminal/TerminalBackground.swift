import FormUI

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal's background color, asked of the terminal itself (an OSC 11 query), so that the
/// default theme can follow a light background.
///
/// The question is sent with a second one every terminal answers (Primary Device Attributes,
/// `ESC [ c`), and terminals answer in order: a terminal that does not know OSC 11 answers only
/// the second, and the wait ends with it, in about the time of a key press. Only a terminal that
/// answers neither costs the whole `timeout`. The answers are read with echo off, so nothing
/// shows on the screen; an answer that comes after the timeout is dropped by `ByteKeyDecoder`
/// (it never types into the form).
///
/// ```swift
/// if TerminalBackground.isWorthAsking(environment: env),
///    let color = TerminalBackground.ask(input: 0, output: 1) { print(color.isLight) }
/// ```
public enum TerminalBackground {
    /// How long to wait for an answer at most; a terminal that answers takes well under 10 ms
    /// (xterm under Xvfb: 0.1 to 3 ms from the question to the answer).
    public static let timeout: Duration = .milliseconds(100)

    /// `OSC 11 ; ? ST` (the background color), then `CSI c` (device attributes).
    static let query: [UInt8] = Array("\u{1B}]11;?\u{1B}\\\u{1B}[c".utf8)

    /// A terminal multiplexer between the program and the terminal, which answers the device
    /// attributes itself and the background only in some versions: the question is also passed
    /// through it, wrapped, to the terminal outside.
    public enum Multiplexer: Sendable {
        /// tmux: answers OSC 11 itself from 3.4; before, passes a question through
        /// (`ESC P tmux; …`) only with its option `allow-passthrough` on.
        case tmux
        /// GNU screen: passes what is inside `ESC P … ESC \` to the terminal.
        case screen

        /// The multiplexer `environment` says the program runs in (tmux sets `TMUX`, screen `STY`).
        public init?(environment: [String: String]) {
            if environment["TMUX"]?.isEmpty == false {
                self = .tmux
            } else if environment["STY"]?.isEmpty == false {
                self = .screen
            } else {
                return nil
            }
        }

        /// The background question wrapped so that the multiplexer passes it on (its escapes
        /// doubled inside tmux's), then asked of the multiplexer itself and its device attributes.
        var query: [UInt8] {
            let passed: String
            switch self {
            case .tmux: passed = "\u{1B}Ptmux;\u{1B}\u{1B}]11;?\u{07}\u{1B}\\"
            case .screen: passed = "\u{1B}P\u{1B}]11;?\u{07}\u{1B}\\"
            }
            return Array(passed.utf8) + TerminalBackground.query
        }
    }

    /// Whether the terminal `environment` describes is one that may answer: a terminal of the
    /// xterm family (xterm, VTE, rxvt, kitty, foot, alacritty, wezterm, tmux, screen…), and no
    /// `NO_COLOR` (which draws without a theme's colors anyway). Not the Linux console nor a
    /// VT100, which would print part of the question.
    public static func isWorthAsking(environment: [String: String]) -> Bool {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        guard let term = environment["TERM"]?.lowercased() else { return false }
        let families = [
            "xterm", "rxvt", "alacritty", "foot", "kitty", "wezterm", "tmux", "screen", "vte", "gnome",
            "konsole",
            "st-", "contour", "ghostty", "iterm",
        ]
        return term == "st" || families.contains { term.hasPrefix($0) }
    }

    /// Asks the terminal on `input` and `output` (one terminal: standard input and output, or
    /// `/dev/tty` twice) for its background color; nil when it does not say within `timeout`, or
    /// when `input` is no terminal. The terminal's modes are put back as they were.
    ///
    /// Through a `multiplexer`, the terminal outside answers after the multiplexer's own device
    /// attributes: the wait goes on past them for the color, until `timeout` (tmux only when its
    /// `allow-passthrough` lets the question out, which `tmuxPassesQuestions` asks it).
    public static func ask(
        input: Int32, output: Int32, timeout: Duration = timeout, through multiplexer: Multiplexer? = nil
    ) -> Theme.RGB? {
        guard isatty(output) == 1 else { return nil }
        return quietly(input: input) { () -> Theme.RGB? in
            var answer = Answer()
            guard answer.collect(asking: query, input: input, output: output, timeout: timeout) else {
                return nil
            }
            // A multiplexer that answered for itself (tmux 3.4 and later) has said it.
            guard answer.color == nil, let multiplexer,
                multiplexer == .screen || tmuxPassesQuestions()
            else { return answer.color }
            var passed = Answer()
            passed.waitsForColor = true
            guard passed.collect(asking: multiplexer.query, input: input, output: output, timeout: timeout)
            else { return nil }
            return passed.color
        } ?? nil
    }

    /// Runs `body` with `input` (a terminal, as the output must be) echoing nothing and handing
    /// bytes on at once, then puts its modes back; nil when `input` is no terminal.
    static func quietly<Result>(input: Int32, _ body: () -> Result) -> Result? {
        guard isatty(input) == 1 else { return nil }
        // A stop signal waits until the modes are back: this runs before the handlers that
        // restore the terminal are installed, and must not leave it without echo.
        var stops = sigset_t()
        var previous = sigset_t()
        sigemptyset(&stops)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP] { sigaddset(&stops, signal) }
        pthread_sigmask(SIG_BLOCK, &stops, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return nil }
        var raw = saved
        // No echo (the answer must not show) and byte by byte (it ends with no newline).
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 0
            characters[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSANOW, &raw) == 0 else { return nil }
        defer { tcsetattr(input, TCSANOW, &saved) }
        return body()
    }

    /// Whether the tmux the program runs in passes a wrapped question on to the terminal (its
    /// option `allow-passthrough`, off by default): asked of tmux itself, a few milliseconds.
    static func tmuxPassesQuestions() -> Bool {
        guard let answer = ProgramOutput.of(["tmux", "show-options", "-Apv", "allow-passthrough"])
        else { return false }
        let value = answer.split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
        return value == "on" || value == "all"
    }

    /// What the terminal sent back, read as it arrives: the color of an OSC 11 answer
    /// (`ESC ] 11 ; rgb:RRRR/GGGG/BBBB`, ended by BEL or `ESC \`), and whether the device
    /// attributes' answer (`ESC [ ? … c`), which comes last, has arrived.
    struct Answer: TerminalAnswer {
        private var bytes: [UInt8] = []
        private(set) var color: Theme.RGB?
        private(set) var isComplete = false
        /// Whether only the color ends the wait: through a multiplexer, its own device attributes
        /// come before the outside terminal's color.
        var waitsForColor = false

        mutating func feed(_ more: some Sequence<UInt8>) {
            bytes += more
            // A terminal sends a few dozen bytes; anything longer is not an answer.
            if bytes.count > 1024 { isComplete = true }
            if color == nil, let start = Self.end(of: Self.colorAnswer, in: bytes),
                let end = bytes[start...].firstIndex(where: { $0 == 0x07 || $0 == 0x1B })
            {
                color = Self.color(Substring(decoding: bytes[start..<end], as: UTF8.self))
                if waitsForColor, color != nil { isComplete = true }
            }
            if !waitsForColor, let start = Self.end(of: Self.attributesAnswer, in: bytes),
                bytes[start...].contains(UInt8(ascii: "c"))
            {
                isComplete = true
            }
        }

        private static let colorAnswer = Array("\u{1B}]11;".utf8)
        private static let attributesAnswer = Array("\u{1B}[?".utf8)

        /// Where the first `pattern` in `bytes` ends.
        private static func end(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
            guard bytes.count >= pattern.count else { return nil }
            for start in 0...(bytes.count - pattern.count)
            where bytes[start..<(start + pattern.count)].elementsEqual(pattern) {
                return start + pattern.count
            }
            return nil
        }

        /// `rgb:RRRR/GGGG/BBBB` (1 to 4 hex digits a channel), `rgba:…/AAAA`, or `#RRGGBB`.
        static func color(_ spec: Substring) -> Theme.RGB? {
            if spec.hasPrefix("#") { return Theme.RGB(hex: String(spec)) }
            guard let colon = spec.firstIndex(of: ":"), ["rgb", "rgba"].contains(spec[..<colon]) else {
                return nil
            }
            let channels = spec[spec.index(after: colon)...].split(separator: "/")
            guard channels.count >= 3 else { return nil }
            var values: [UInt8] = []
            for channel in channels.prefix(3) {
                guard (1...4).contains(channel.count), let value = UInt32(channel, radix: 16) else {
                    return nil
                }
                // Scaled from its own width: "f" and "ffff" are both full.
                let top = UInt32(1) << (4 * UInt32(channel.count)) - 1
                values.append(UInt8((value * 255 + top / 2) / top))
            }
            return Theme.RGB(values[0], values[1], values[2])
        }
    }
}
