/// Something that happens to the app: a key, a new terminal size, the end of input, or (in a key
/// script) a request to print the screen.
public enum TerminalEvent: Hashable, Sendable {
    case key(Key)
    /// The terminal now has this size (a real resize, or a script's `resize 100x30`).
    case resize(Size)
    /// A key script asks for the screen as text.
    case snapshot
    /// Input has ended (end of a script, or the terminal hung up).
    case end
    /// A signal asks the program to stop (SIGINT, SIGTERM, SIGHUP, SIGQUIT): carries its number.
    case interrupt(Int32)
}

/// Where the app's frames go: the real terminal, or a headless screen that tests read.
///
/// ```swift
/// display.present(canvas)
/// ```
public protocol TerminalDisplay: AnyObject {
    /// The size frames should be drawn at.
    var size: Size { get }
    /// Shows `canvas` (its cells and its cursor). Backends write only what changed.
    func present(_ canvas: Canvas)
    /// Asks for a new size; a real terminal cannot be resized from inside and ignores this.
    func resize(to size: Size)
    /// Prints the last presented frame as text (headless) or ignores the request (real terminal).
    func snapshot(_ canvas: Canvas)
    /// Whether the terminal shows only ASCII (a locale that is not UTF-8): the app then names
    /// keys in words (`Up/Dn`) rather than in arrows that would come out as `^v`.
    var showsASCIIOnly: Bool { get }
}

extension TerminalDisplay {
    public var showsASCIIOnly: Bool { false }
}

/// Where the app's events come from: the keyboard, or a key script.
public protocol InputSource: AnyObject {
    /// Blocks until the next event.
    func nextEvent() -> TerminalEvent
    /// The next event if one is already waiting, else nil at once. The app handles a burst of
    /// waiting events (a paste, keys typed faster than frames) and draws one frame after it.
    func pendingEvent() -> TerminalEvent?
    /// The next event, or nil once `deadline` has passed without one: the app's idle tasks run
    /// then. A source that cannot wait with a limit blocks as `nextEvent()` does, and idle work
    /// waits for its next event (a script's events are all there at once anyway).
    func nextEvent(until deadline: ContinuousClock.Instant) -> TerminalEvent?
    /// Whether each event waits until the screen has settled: the work a screen leaves for idle
    /// moments (the rest of a long list's matches) is finished before the next event is taken.
    /// A script's events are, so that what it does never depends on how fast it is played (End
    /// goes to the last match, not to the last one found so far); a person's keys are not.
    var settlesBetweenEvents: Bool { get }
}

extension InputSource {
    public func pendingEvent() -> TerminalEvent? { nil }
    public func nextEvent(until deadline: ContinuousClock.Instant) -> TerminalEvent? { nextEvent() }
    public var settlesBetweenEvents: Bool { false }
}
