import CNcursesw
import CTerminalSupport
import FormUI

#if canImport(Glibc)
    import Glibc
#endif

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How many lines an inline form takes below the cursor: a count, or a share of the terminal's
/// rows (as fzf's `--height`). Never more than the terminal has.
///
/// ```swift
/// let height = try InlineHeight(parsing: "40%")  // .percent(40)
/// ```
public enum InlineHeight: Hashable, Sendable {
    case lines(Int)
    case percent(Int)

    /// `N` (lines, at least 1) or `N%` (1 to 100); nil for anything else.
    public init?(parsing text: String) {
        if text.hasSuffix("%"), let share = Int(text.dropLast()), (1...100).contains(share) {
            self = .percent(share)
        } else if let count = Int(text), count >= 1 {
            self = .lines(count)
        } else {
            return nil
        }
    }

    /// The lines taken on a terminal of `rows`.
    public func lines(of rows: Int) -> Int {
        switch self {
        case .lines(let count): max(1, min(count, rows))
        case .percent(let share): max(1, min(rows, rows * share / 100))
        }
    }
}

/// The real terminal without curses: the form drawn in a few lines below the cursor, the
/// scrollback and everything printed before left as they are (no alternate screen).
///
/// Starting asks the terminal where its cursor is (`CursorPositionQuery`): text already on the
/// cursor's line (a prompt printed without a newline) stays, and the area begins on the next
/// line; the row is what maps mouse reports to the area's rows. Then it reserves the lines
/// (scrolling the screen up when the cursor is near the bottom) and sets the tty's modes itself
/// (no echo, keys one by one, Ctrl-S as a key). Frames are written with relative cursor moves
/// only (`InlinePainter`), which park the cursor on the area's first line between frames, so a
/// resize that rewraps the lines (a narrower window in tmux, VTE or kitty) still finds the area
/// where the cursor is: it is erased from there, the terminal asked again, and the area reserved
/// and drawn anew. `stop()` clears the area, or leaves one summary line there, and puts the
/// cursor on the line after; a stop signal and a crash clear the area and restore the modes
/// through the same safety net as `NcursesTerminal`; Ctrl-Z clears it and `fg` reserves it again
/// below the shell's last line.
///
/// ```swift
/// let terminal = try InlineTerminal(height: .lines(12))
/// defer { terminal.stop(summary: "✔ Saved") }
/// terminal.present(canvas)
/// ```
///
/// Only one terminal (inline or not) can run at a time in a process. Use it from one thread.
public final class InlineTerminal: TerminalDisplay, InputSource {
    private var running = false
    private var controllingTerminal: ControllingTerminal?
    private let height: InlineHeight
    private var painter: InlinePainter
    private var reader = KeyReader()
    private var rows: Int
    private var columns: Int
    private var lines: Int
    /// Terminals that wrap at once on the last column (`am` without `xenl`) get one column less.
    private let widthMargin: Int
    /// The terminal wraps at the last column (`am`): without an answer to where the cursor is, a
    /// line of blanks finds out whether the cursor was at the start of a line.
    private let wrapsAtEnd: Bool
    private let pasteOn: String?
    private let pasteOff: String?
    /// Clicks and the wheel are reported: asked for, the terminal knows them (`kmous`), and the
    /// terminal said where the area is at the start.
    private var mouse = false
    /// The screen row (from 0) of the area's first line, as the terminal last reported it.
    private var areaTop: Int?
    /// False once the terminal answered neither question within the bound: it is not asked
    /// again (each time would cost the whole wait).
    private var answersQueries = true
    /// Bytes read while waiting for the terminal's answers that are no answer: keys typed ahead.
    private var typedAhead: [UInt8] = []
    /// What the start wrote, until `outputObserver` is set; nothing is kept after the start.
    private var unobservedOutput: [UInt8] = []
    private var keepsOutputForObserver = true
    /// The locale is not UTF-8: every character is drawn as an ASCII stand-in.
    public let showsASCIIOnly: Bool

    /// Called with every piece of output that draws the form, byte for byte, as it is sent: the
    /// lines reserved, each frame (one write), the area erased and reserved again after a resize
    /// or Ctrl-Z, and the way out. Not the questions asked of the terminal (where the cursor is),
    /// nor what a crash or a stop signal writes on the way out. What the start sent before the
    /// observer was set is handed to it at once. Played in a terminal of `size`, it draws the
    /// form as the person saw it.
    ///
    /// ```swift
    /// terminal.outputObserver = { bytes in cast.output(String(decoding: bytes, as: UTF8.self), at: clock()) }
    /// ```
    public var outputObserver: (([UInt8]) -> Void)? {
        didSet {
            guard let outputObserver, !unobservedOutput.isEmpty else { return }
            let start = unobservedOutput
            unobservedOutput = []
            outputObserver(start)
        }
    }

    /// Takes `height` lines below the cursor.
    ///
    /// - Parameters:
    ///   - height: how many lines the form may take (clamped to the terminal's rows).
    ///   - environment: where `TERM`, `TMUX`, `NO_COLOR` and `SWIFT_BACKTRACE` are read from.
    ///   - colorsAllowed: false draws with attributes only, as `NO_COLOR` (set and not empty) does.
    ///   - theme: the colors of each style role.
    ///   - drawsOnControllingTerminal: draw on and read from `/dev/tty` when standard input or
    ///     output is not a terminal, as `NcursesTerminal` does.
    ///   - mouse: ask for clicks and the wheel where terminfo says the terminal reports them
    ///     (`kmous`) and the terminal says where its cursor is; false leaves the mouse to the
    ///     terminal (selecting text).
    /// - Throws: `TerminalStartError` when this is not a terminal that can be drawn on; nothing has
    ///   been changed then.
    public init(
        height: InlineHeight,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        colorsAllowed: Bool = true,
        theme: Theme = .standard,
        drawsOnControllingTerminal: Bool = false,
        mouse: Bool = true
    ) throws(TerminalStartError) {
        var (term, controlling) = try TerminalPreflight.begin(
            environment: environment, drawsOnControllingTerminal: drawsOnControllingTerminal)
        // terminfo only, for what this terminal can do; curses never starts.
        guard ts_inline_load_terminfo(term, STDOUT_FILENO) == 0 else {
            ts_end()
            controlling?.restore()
            throw .cannotStart(term)
        }
        controllingTerminal = controlling
        func flag(_ name: String) -> Bool { tigetflag(name) > 0 }
        widthMargin = flag("am") && !flag("xenl") ? 1 : 0
        wrapsAtEnd = flag("am")
        let paste = Self.capability("BE").flatMap { on in Self.capability("BD").map { (on: on, off: $0) } }
        pasteOn = paste?.on
        pasteOff = paste?.off
        let colorCount = Int("colors".withCString { tigetnum(UnsafeMutablePointer(mutating: $0)) })
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let colors = colorsAllowed && !noColor && colorCount >= 8
        showsASCIIOnly = !TerminalPreflight.localeIsUTF8()
        // tmux erases with the background whatever its terminfo entry says (it has no `bce` for
        // the sake of the terminal outside).
        let insideTmux = environment["TMUX"] != nil && (term.hasPrefix("tmux") || term.hasPrefix("screen"))
        painter = InlinePainter(
            theme: colors ? theme : .monochrome, asciiOnly: showsASCIIOnly, colorCount: colorCount,
            erasesWithBackground: flag("bce") || insideTmux)
        self.height = height
        (rows, columns) = Self.terminalSize()
        lines = Self.lines(height, rows: rows)
        reader.lastSize = Size(width: columns, height: rows)
        let mouseWanted = mouse && Self.capability("kmous") != nil

        // Until the area is reserved, the way out must not erase: the cursor is still on the
        // shell's line (with its text, perhaps). Then only the modes turned on are turned off.
        ts_inline_started("")
        running = true
        Self.configureModes()
        let start = anchor()
        self.mouse = mouseWanted && areaTop != nil
        ts_inline_set_leave((pasteOff ?? "") + (mouse ? MouseReporting.off : ""))
        write(start + reenter)
        ts_inline_set_leave(leaveSequence)
        keepsOutputForObserver = false
    }

    deinit {
        stop()
    }

    /// Whether the terminal is still taken (false after `stop()`).
    public var isRunning: Bool { running }

    /// Gives the terminal back: the area cleared (or `summary` on its first line, the rest
    /// cleared), the cursor on the line after, the tty modes, stderr and the signal handlers
    /// restored, and what was written to stderr meanwhile printed. Does nothing the second time.
    public func stop(summary: String? = nil) {
        guard running else { return }
        running = false
        let off = (pasteOff ?? "") + (mouse ? MouseReporting.off : "")
        if let summary {
            // One line: control characters (a title's escape codes) shown as `?`, cut to the width.
            let plain = String(
                String.UnicodeScalarView(
                    summary.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
            write(painter.leave(withSummary: TextWidth.truncate(plain, to: size.width)) + off)
        } else {
            write(painter.leave + off)
        }
        // Written already: the safety net has nothing left to write on the way out.
        ts_inline_set_leave(nil)
        outputObserver = nil
        ts_end()
        ts_inline_unload_terminfo()
        controllingTerminal?.restore()
        controllingTerminal = nil
    }

    /// As `stop(summary: nil)`.
    public func stop() {
        stop(summary: nil)
    }

    // MARK: TerminalDisplay

    public var size: Size {
        Size(width: max(1, columns - widthMargin), height: lines)
    }

    public func present(_ canvas: Canvas) {
        guard running else { return }
        // A key script replayed in the terminal never asks for input: Ctrl-Z is seen here.
        JobControl.suspendIfRequested()
        if ts_inline_take_resumed() != 0 { reanchor(resumed: true) }
        write(painter.frame(canvas))
        ts_inline_set_leave(leaveSequence)
    }

    /// A real terminal cannot be resized from inside: ignored.
    public func resize(to size: Size) {}

    /// The area is already visible: ignored.
    public func snapshot(_ canvas: Canvas) {}

    // MARK: InputSource

    public func nextEvent() -> TerminalEvent {
        guard running else { return .end }
        while true {
            feedTypedAhead()
            if let event = areaEvent(reader.next(from: nil) { afterResize() }) { return event }
        }
    }

    public func nextEvent(until deadline: ContinuousClock.Instant) -> TerminalEvent? {
        guard running else { return .end }
        while true {
            feedTypedAhead()
            guard let event = reader.next(from: nil, until: deadline, onResize: { afterResize() }) else {
                return nil
            }
            if let event = areaEvent(event) { return event }
        }
    }

    public func pendingEvent() -> TerminalEvent? {
        guard running else { return nil }
        while true {
            feedTypedAhead()
            guard let event = reader.pending(from: nil, onResize: { afterResize() }) else { return nil }
            if let event = areaEvent(event) { return event }
        }
    }

    private func feedTypedAhead() {
        guard !typedAhead.isEmpty else { return }
        reader.feed(typedAhead)
        typedAhead = []
    }

    /// The reader reports the terminal's size, the app draws the area's; a mouse report counts
    /// rows from the top of the screen, the app from the area's first line. Nil for a report
    /// outside the area, or one that cannot be placed.
    private func areaEvent(_ event: TerminalEvent) -> TerminalEvent? {
        switch event {
        case .resize:
            return .resize(size)
        case .key(.mouse(var report)):
            guard mouse, let areaTop else { return nil }
            report.y -= areaTop
            guard (0..<lines).contains(report.y), report.x < size.width else { return nil }
            return .key(.mouse(report))
        default:
            return event
        }
    }

    /// After a resize: the old area erased from its first line (where the cursor is parked, and
    /// stays through a rewrap), then reserved again at the new size. Back from Ctrl-Z (the way
    /// out already cleared it, and the shell wrote below): reserved below the shell's last line.
    private func afterResize() {
        reanchor(resumed: ts_inline_take_resumed() != 0)
    }

    private func reanchor(resumed: Bool) {
        (rows, columns) = Self.terminalSize()
        lines = Self.lines(height, rows: rows)
        if resumed {
            // The cursor is on the shell's line until the area is reserved again: nothing to erase.
            ts_inline_set_leave("")
        } else {
            write(painter.erase)
        }
        write(anchor() + (resumed ? reenter : ""))
        ts_inline_set_leave(leaveSequence)
    }

    /// Asks where the cursor is, then the bytes that make room for the area from there: on the
    /// next line when text is on the cursor's line, as without an answer a line of blanks that
    /// wraps only then decides. Notes the area's first row.
    private func anchor() -> String {
        var answer = CursorPositionQuery.Answer()
        if answersQueries {
            answer = CursorPositionQuery.ask(input: STDIN_FILENO, output: STDOUT_FILENO)
            answersQueries = answer.isComplete || answer.position != nil
        }
        typedAhead += answer.typed
        var out = ""
        var row: Int?
        if let position = answer.position {
            row = min(position.row, rows) - 1
            if position.column > 1, let current = row {
                out += "\r\n"
                row = min(current + 1, rows - 1)
            }
        } else if wrapsAtEnd {
            // From the first column the blanks stop at the last one, the wrap still pending, and
            // CR goes back to the start of the same line; from further right they wrap first.
            out += String(repeating: " ", count: columns) + "\r" + InlinePainter.eraseLine
        }
        areaTop = row.map { max(0, min($0, rows - lines)) }
        return out + reserve()
    }

    /// Line feeds that make room for the area (scrolling the screen when the cursor is near the
    /// bottom, which keeps what scrolls off in the scrollback), then back up to its first row.
    private func reserve() -> String {
        painter.reserved()
        let below = lines - 1
        return "\r" + String(repeating: "\n", count: below) + (below > 0 ? "\u{1B}[\(below)A" : "")
    }

    /// Bracketed paste and the mouse reports, asked for again.
    private var reenter: String {
        (pasteOn ?? "") + (mouse ? MouseReporting.on : "")
    }

    /// What the safety net writes on the way out from where the cursor is now.
    private var leaveSequence: String {
        painter.leave + (pasteOff ?? "") + (mouse ? MouseReporting.off : "")
    }

    // MARK: Setup

    /// The lines asked for, but never fewer than the app needs to show a form (`App.minimumSize`)
    /// when the terminal has them: fewer would only show "Terminal too small" (40% of 12 rows).
    static func lines(_ height: InlineHeight, rows: Int) -> Int {
        max(height.lines(of: rows), min(rows, App.minimumSize.height))
    }

    /// Keys one by one without echo, Return as CR, Ctrl-S and Ctrl-Q as keys; Ctrl-C and Ctrl-Z
    /// still signals (what curses' cbreak, noecho and nonl set, with IXON off). A line feed goes
    /// out as it is written (no CR added): the terminal gets the very bytes a recording holds.
    private static func configureModes() {
        var modes = termios()
        guard tcgetattr(STDIN_FILENO, &modes) == 0 else { return }
        modes.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL)
        modes.c_iflag &= ~tcflag_t(IXON | IXOFF | ICRNL | INLCR)
        modes.c_oflag &= ~tcflag_t(ONLCR)
        withUnsafeMutableBytes(of: &modes.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSADRAIN, &modes)
    }

    private static func terminalSize() -> (rows: Int, columns: Int) {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else {
            return (24, 80)
        }
        return (Int(size.ws_row), Int(size.ws_col))
    }

    /// One write, all of it (a frame is never sent in pieces unless the terminal takes it so),
    /// then handed to the observer.
    private func write(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
        if let outputObserver {
            outputObserver(bytes)
        } else if keepsOutputForObserver {
            unobservedOutput += bytes
        }
    }

    private static func capability(_ name: String) -> String? {
        guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return nil }
        return String(cString: value)
    }
}
