#if canImport(Glibc)
    import Glibc
#endif

/// Feeds a parsed key script to the app as events, then reports the end of input.
///
/// Headless, `wait` steps are skipped so runs are fast and deterministic; replayed in a terminal,
/// each key is paced by `keyDelay` and `wait` sleeps, so a person can follow the session.
///
/// ```swift
/// let input = ScriptInput(steps: try KeyScript.parse("down space snapshot"))
/// ```
public final class ScriptInput: InputSource {
    private var steps: ArraySlice<ScriptStep>
    private let keyDelay: Duration?
    private let honorsWaits: Bool

    public init(steps: [ScriptStep], keyDelay: Duration? = nil, honorsWaits: Bool = false) {
        self.steps = steps[...]
        self.keyDelay = keyDelay
        self.honorsWaits = honorsWaits
    }

    public func nextEvent() -> TerminalEvent {
        while let step = steps.popFirst() {
            switch step {
            case .key(let key):
                if let keyDelay { Self.sleep(keyDelay) }
                return .key(key)
            case .resize(let size):
                return .resize(size)
            case .snapshot:
                return .snapshot
            case .wait(let milliseconds):
                if honorsWaits { Self.sleep(.milliseconds(milliseconds)) }
            }
        }
        return .end
    }

    /// Unpaced (headless), every step is waiting already; paced, none is, so each key is shown.
    public func pendingEvent() -> TerminalEvent? {
        guard keyDelay == nil, !honorsWaits else { return nil }
        return nextEvent()
    }

    private static func sleep(_ duration: Duration) {
        let parts = duration.components
        var request = timespec(tv_sec: Int(parts.seconds), tv_nsec: Int(parts.attoseconds / 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
