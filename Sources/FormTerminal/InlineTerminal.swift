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
/// Starting reserves the lines (scrolling the screen up when the cursor is near the bottom) and
/// sets the tty's modes itself (no echo, keys one by one, Ctrl-S as a key). Frames are written
/// with relative cursor moves only (`InlinePainter`). `stop()` clears the area, or leaves one
/// summary line there, and puts the cursor on the line after; a stop signal and a crash clear the
/// area and restore the modes through the same safety net as `NcursesTerminal`. A resize clears
/// the area and reserves it again; Ctrl-Z clears it and `fg` reserves it again below the shell's
/// last line.
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
    private let pasteOn: String?
    private let pasteOff: String?
    /// The locale is not UTF-8: every character is drawn as an ASCII stand-in.
    public let showsASCIIOnly: Bool

    /// Takes `height` lines below the cursor.
    ///
    /// - Parameters:
    ///   - height: how many lines the form may take (clamped to the terminal's rows).
    ///   - environment: where `TERM`, `NO_COLOR` and `SWIFT_BACKTRACE` are read from.
    ///   - colorsAllowed: false draws with attributes only, as `NO_COLOR` (set and not empty) does.
    ///   - theme: the colors of each style role.
    ///   - drawsOnControllingTerminal: draw on and read from `/dev/tty` when standard input or
    ///     output is not a terminal, as `NcursesTerminal` does.
    /// - Throws: `TerminalStartError` when this is not a terminal that can be drawn on; nothing has
    ///   been changed then.
    public init(
        height: InlineHeight,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        colorsAllowed: Bool = true,
        theme: Theme = .standard,
        drawsOnControllingTerminal: Bool = false
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
        let paste = Self.capability("BE").flatMap { on in Self.capability("BD").map { (on: on, off: $0) } }
        pasteOn = paste?.on
        pasteOff = paste?.off
        let colorCount = Int("colors".withCString { tigetnum(UnsafeMutablePointer(mutating: $0)) })
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let colors = colorsAllowed && !noColor && colorCount >= 8
        showsASCIIOnly = !TerminalPreflight.localeIsUTF8()
        painter = InlinePainter(
            theme: colors ? theme : .monochrome, asciiOnly: showsASCIIOnly, colorCount: colorCount)
        self.height = height
        (rows, columns) = Self.terminalSize()
        lines = Self.lines(height, rows: rows)
        reader.lastSize = Size(width: columns, height: rows)

        ts_inline_started(painter.leave + (pasteOff ?? ""))
        running = true
        Self.configureModes()
        write(reserve() + (pasteOn ?? ""))
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
        if let summary {
            // One line: control characters (a title's escape codes) shown as `?`, cut to the width.
            let plain = String(
                String.UnicodeScalarView(
                    summary.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
            write(painter.leave(withSummary: TextWidth.truncate(plain, to: size.width)) + (pasteOff ?? ""))
            ts_inline_set_leave(nil)
        }
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
        var out = ""
        if ts_inline_take_resumed() != 0 { out += reserveAgain(resumed: true) }
        out += painter.frame(canvas)
        write(out)
        ts_inline_set_leave(painter.leave + (pasteOff ?? ""))
    }

    /// A real terminal cannot be resized from inside: ignored.
    public func resize(to size: Size) {}

    /// The area is already visible: ignored.
    public func snapshot(_ canvas: Canvas) {}

    // MARK: InputSource

    public func nextEvent() -> TerminalEvent {
        guard running else { return .end }
        return areaSized(reader.next(from: nil) { afterResize() })
    }

    public func nextEvent(until deadline: ContinuousClock.Instant) -> TerminalEvent? {
        guard running else { return .end }
        return reader.next(from: nil, until: deadline) { afterResize() }.map(areaSized)
    }

    public func pendingEvent() -> TerminalEvent? {
        guard running else { return nil }
        return reader.pending(from: nil) { afterResize() }.map(areaSized)
    }

    /// The reader reports the terminal's size; the app draws the area's.
    private func areaSized(_ event: TerminalEvent) -> TerminalEvent {
        if case .resize = event { return .resize(size) }
        return event
    }

    /// The old area erased from its first row and reserved again at the new size, or (back from
    /// Ctrl-Z) reserved below wherever the shell left the cursor.
    private func afterResize() {
        write(reserveAgain(resumed: ts_inline_take_resumed() != 0))
        ts_inline_set_leave(painter.leave + (pasteOff ?? ""))
    }

    private func reserveAgain(resumed: Bool) -> String {
        (rows, columns) = Self.terminalSize()
        lines = Self.lines(height, rows: rows)
        // Back from Ctrl-Z the leave sequence already cleared the area, and the shell wrote below.
        let clear = resumed ? "" : painter.leave
        return clear + reserve() + (resumed ? pasteOn ?? "" : "")
    }

    /// Line feeds that make room for the area (scrolling the screen when the cursor is near the
    /// bottom, which keeps what scrolls off in the scrollback), then back up to its first row.
    private func reserve() -> String {
        painter.reserved()
        let below = lines - 1
        return "\r" + String(repeating: "\n", count: below) + (below > 0 ? "\u{1B}[\(below)A" : "")
    }

    // MARK: Setup

    /// The lines asked for, but never fewer than the app needs to show a form (`App.minimumSize`)
    /// when the terminal has them: fewer would only show "Terminal too small" (40% of 12 rows).
    static func lines(_ height: InlineHeight, rows: Int) -> Int {
        max(height.lines(of: rows), min(rows, App.minimumSize.height))
    }

    /// Keys one by one without echo, Return as CR, Ctrl-S and Ctrl-Q as keys; Ctrl-C and Ctrl-Z
    /// still signals (what curses' cbreak, noecho and nonl set, with IXON off).
    private static func configureModes() {
        var modes = termios()
        guard tcgetattr(STDIN_FILENO, &modes) == 0 else { return }
        modes.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL)
        modes.c_iflag &= ~tcflag_t(IXON | IXOFF | ICRNL | INLCR)
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

    /// One write, all of it (a frame is never sent in pieces unless the terminal takes it so).
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
    }

    private static func capability(_ name: String) -> String? {
        guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return nil }
        return String(cString: value)
    }
}
