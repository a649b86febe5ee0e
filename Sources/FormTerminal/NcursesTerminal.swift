import CNcursesw
import CTerminalSupport
import FormUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The real terminal, through ncursesw: shows canvases and reads keys.
///
/// Curses draws: each frame `ScreenPainter` puts every row of the canvas into the curses window,
/// and `doupdate` compares it with what the terminal shows and writes the difference in the
/// terminal's own terms (terminfo's moves, looks, line scrolling where `idlok` lets it). Curses
/// also sets the tty's modes, and gives the screen up and takes it back (exit, signals, a crash,
/// Ctrl-Z, which repaints from curses' own copy of the screen).
///
/// Starting checks that stdin and stdout are terminals and that `TERM` names a terminal that can
/// move the cursor, then takes over the screen (alternate screen, no echo, keys one by one,
/// Ctrl-S and Ctrl-Q delivered as keys, bracketed paste on). `stop()` gives the terminal back as it
/// was; so do a normal exit, a stop signal and a crash (Swift's "Fatal error" line is kept and
/// printed after the screen is restored). A terminal without an alternate screen is cleared.
///
/// Ctrl-Z suspends the program when it next waits for a key or draws a frame: the shell gets the
/// terminal as it was, and `fg` brings the screen back. When the locale's character set is not
/// UTF-8 (`LANG=C`), every character is drawn as a one-column ASCII stand-in (`•` as `*`, box
/// lines as `-|+`, anything else without one as `?`), so the layout stays the same.
///
/// ```swift
/// let terminal = try NcursesTerminal()
/// defer { terminal.stop() }
/// terminal.present(canvas)
/// while case .key(let key) = terminal.nextEvent() { ... }
/// ```
///
/// Only one can run at a time in a process. Use it from one thread.
public final class NcursesTerminal: TerminalDisplay, InputSource {
    private var screen: OpaquePointer?
    private var window: UnsafeMutablePointer<WINDOW>?
    private var painter: ScreenPainter
    /// Whether the cursor is shown (a text field's caret), as last set with `curs_set`.
    private var cursorShown = false
    /// The locale is not UTF-8: every character is drawn as an ASCII stand-in.
    public let showsASCIIOnly: Bool
    private var reader = KeyReader()
    private var lastSize: Size
    private var controllingTerminal: ControllingTerminal?
    /// What the start sent, until `outputObserver` is set; nothing is kept after the start.
    private var unobservedOutput: [UInt8] = []
    private var keepsOutputForObserver = true

    /// Called with every piece of output sent to the terminal, byte for byte, as it is sent: a
    /// frame (one write), the start and the end of the session, the way out of and back from
    /// Ctrl-Z. What the start sent before the observer was set is handed to it at once. `stop()`
    /// hands over what leaves the screen, then never calls it again. Not called for what a crash
    /// or a second stop signal writes on the way out.
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

    /// Takes over the terminal.
    ///
    /// - Parameters:
    ///   - environment: where `TERM`, `NO_COLOR` and `SWIFT_BACKTRACE` are read from.
    ///   - colorsAllowed: false draws with attributes only, as `NO_COLOR` (set and not empty) does.
    ///   - theme: the colors of each style role.
    ///   - drawsOnControllingTerminal: draw on and read from `/dev/tty` when standard input or
    ///     output is not a terminal (a pipe, `$( )`), so that standard output stays free for what
    ///     the program prints; with no controlling terminal at all, it throws
    ///     `.noControllingTerminal`.
    ///   - mouse: ask for clicks and the wheel where terminfo says the terminal reports them
    ///     (`kmous`); false leaves the mouse to the terminal (selecting text).
    /// - Throws: `TerminalStartError` when this is not a terminal that can be drawn on; nothing has
    ///   been changed then.
    public init(
        environment: [String: String] = ProcessEnvironment.values(["TERM", "NO_COLOR", "SWIFT_BACKTRACE"]),
        colorsAllowed: Bool = true,
        theme: Theme = .standard,
        drawsOnControllingTerminal: Bool = false,
        mouse: Bool = true
    ) throws(TerminalStartError) {
        var (term, controlling) = try TerminalPreflight.begin(
            environment: environment, drawsOnControllingTerminal: drawsOnControllingTerminal)
        // The size comes from the tty, even when a shell exported stale LINES and COLUMNS.
        use_tioctl(true)
        guard let screen = formtui_newterm(term), let window = formtui_stdscr() else {
            ts_end()
            controlling?.restore()
            throw .cannotStart(term)
        }
        // ncurses would poll for typed-ahead input twice in every doupdate, and only to flush
        // early: App decides itself whether to draw while keys are waiting.
        typeahead(-1)
        controllingTerminal = controlling
        self.screen = screen
        self.window = window

        // Bracketed paste, when terminfo knows how to turn it both on and off. Off whenever the
        // shell has the terminal (Ctrl-Z included), or a paste there would type its markers.
        let paste = Self.capability("BE").flatMap { on in Self.capability("BD").map { (on: on, off: $0) } }
        // Without an alternate screen (vt100, linux) the last frame would stay under the shell's
        // prompt: clear it once endwin has put the cursor at the bottom.
        let clear =
            Self.capability("smcup") == nil ? Self.capability("clear").map(TerminfoText.withoutPadding) : nil
        // Clicks and the wheel (`MouseReporting`), where terminfo says the terminal reports them.
        let mouse = mouse && Self.capability("kmous") != nil ? MouseReporting.self : nil
        let leave = (paste?.off ?? "") + (mouse?.off ?? "")
        let reenter = (paste?.on ?? "") + (mouse?.on ?? "")
        ts_curses_started(leave.isEmpty ? nil : leave, clear, reenter.isEmpty ? nil : reenter)
        Self.configureInput(window)
        // Everything the start writes goes out as one write, and is kept for `outputObserver`.
        ts_capture_output()
        Self.leaveInitialState(window)
        keypad(window, true)

        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        var colors = false
        var defaultColors = false
        if colorsAllowed && !noColor && has_colors() {
            colors = start_color() == OK
            defaultColors = colors && use_default_colors() == OK
        }
        showsASCIIOnly = !TerminalPreflight.localeIsUTF8()
        painter = ScreenPainter(
            palette: CursesPalette(
                theme: theme, monochrome: .monochrome, colors: colors,
                colorCount: Int("colors".withCString { tigetnum(UnsafeMutablePointer(mutating: $0)) }),
                pairCount: Int(formtui_color_pairs()), defaultColors: defaultColors),
            asciiOnly: showsASCIIOnly)
        // A list that scrolls by a row has its rows moved on the terminal (a scrolling region, or
        // insert and delete line) instead of written again: a scrolling Down on `large` then
        // writes the new row and the counts that changed.
        idlok(window, true)
        lastSize = Size(width: Int(getmaxx(window)), height: Int(getmaxy(window)))
        reader.lastSize = lastSize
        ts_set_output_sink(
            { context, bytes, count in
                guard let context, let bytes else { return }
                Unmanaged<NcursesTerminal>.fromOpaque(context).takeUnretainedValue()
                    .sent(UnsafeBufferPointer(start: bytes, count: count))
            }, Unmanaged.passUnretained(self).toOpaque())

        curs_set(0)
        // Pasted text then arrives marked, so that its line breaks cannot press Enter. Only after
        // the first refresh (in `leaveInitialState`): switching to the alternate screen would
        // turn it off again.
        if !reenter.isEmpty {
            putp(reenter)
            fflush(formtui_stdout())
        }
        ts_send_output()
        keepsOutputForObserver = false
    }

    deinit {
        stop()
    }

    /// Whether the terminal is still taken over (false after `stop()`).
    public var isRunning: Bool { screen != nil }

    /// Gives the terminal back: leaves the alternate screen, restores the tty modes, stderr and
    /// the signal handlers, and prints what was written to stderr meanwhile. Does nothing the
    /// second time.
    public func stop() {
        guard let screen else { return }
        ts_end()
        outputObserver = nil
        delscreen(screen)
        self.screen = nil
        window = nil
        controllingTerminal?.restore()
        controllingTerminal = nil
    }

    private func sent(_ bytes: UnsafeBufferPointer<UInt8>) {
        if let outputObserver {
            outputObserver(Array(bytes))
        } else if keepsOutputForObserver {
            unobservedOutput += bytes
        }
    }

    // MARK: TerminalDisplay

    public var size: Size {
        guard let window else { return lastSize }
        return Size(width: Int(getmaxx(window)), height: Int(getmaxy(window)))
    }

    public func present(_ canvas: Canvas) {
        guard let window else { return }
        // A key script replayed in the terminal never asks for input: Ctrl-Z is seen here.
        JobControl.suspendIfRequested()
        // Back from Ctrl-Z, curses repainted its copy of the screen, which is the last frame.
        _ = ts_take_screen_resumed()
        // What curses writes (curs_set, which leaveok calls, writes at once) is held back and sent
        // in one write, to the recording too (ts_capture_output).
        ts_capture_output()
        let showsCursor = painter.put(canvas, into: window)
        if showsCursor != cursorShown {
            curs_set(showsCursor ? 1 : 0)
            cursorShown = showsCursor
        }
        wnoutrefresh(window)
        doupdate()
        ts_send_output()
    }

    /// A real terminal cannot be resized from inside: ignored.
    public func resize(to size: Size) {}

    /// The screen is already visible: ignored.
    public func snapshot(_ canvas: Canvas) {}

    // MARK: InputSource

    public func nextEvent() -> TerminalEvent {
        guard let window else { return .end }
        let event = reader.next(from: window) { afterResize() }
        if case .resize(let size) = event { lastSize = size }
        return event
    }

    public func nextEvent(until deadline: ContinuousClock.Instant) -> TerminalEvent? {
        guard let window else { return .end }
        let event = reader.next(from: window, until: deadline) { afterResize() }
        if case .resize(let size)? = event { lastSize = size }
        return event
    }

    public func pendingEvent() -> TerminalEvent? {
        guard let window else { return nil }
        let event = reader.pending(from: window) { afterResize() }
        if case .resize(let size)? = event { lastSize = size }
        return event
    }

    /// The next frame clears the screen and repaints every cell: what a resized terminal shows
    /// (rewrapped lines, a shell's output) is anybody's guess. Marking the resized window as
    /// refreshed (no output) keeps the next read from refreshing it itself, which would write past
    /// the frame that `present` holds back and sends in one piece.
    private func afterResize() {
        _ = ts_take_screen_resumed()
        guard let window else { return }
        clearok(window, true)
        wnoutrefresh(window)
    }

    // MARK: Setup

    /// Until its screen was once given up and taken back, ncurses (6.4) flushes its output at
    /// every cursor move: a frame cost one write per changed line into the held-back output (which
    /// still reaches the terminal as one). Giving the screen up and taking it back at once, while
    /// the start is held back, costs the start a few bytes (leaving and entering the alternate
    /// screen, in the same write) and leaves one write per frame. endwin's and the repaint's own
    /// mode changes act on the holding file and fail: the modes stay the program's.
    ///
    /// The repaint is also the first refresh of `window` (blank): curses then knows the screen as
    /// cleared, and a second refresh would only compare the blank screen with itself again.
    private static func leaveInitialState(_ window: UnsafeMutablePointer<WINDOW>) {
        endwin()
        wnoutrefresh(window)
        doupdate()
    }

    private static func configureInput(_ window: UnsafeMutablePointer<WINDOW>) {
        cbreak()
        noecho()
        nonl()
        intrflush(window, false)
        // With IXON the tty swallows Ctrl-S (and freezes output until Ctrl-Q); forms use Ctrl-S to
        // save. endwin() puts back the modes from before, IXON included.
        var modes = termios()
        if tcgetattr(STDIN_FILENO, &modes) == 0 {
            modes.c_iflag &= ~tcflag_t(IXON | IXOFF)
            tcsetattr(STDIN_FILENO, TCSANOW, &modes)
            def_prog_mode()
        }
    }

    /// A terminfo string capability of the running terminal, or nil when it has none.
    private static func capability(_ name: String) -> String? {
        guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return nil }
        return String(cString: value)
    }
}
