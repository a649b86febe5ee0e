#if canImport(Glibc)
    import Glibc
#endif

/// Feeds a parsed key script to the app as events, then reports the end of input.
///
/// Headless, `wait` steps are skipped so runs are fast and deterministic; replayed in a terminal,
/// each key is paced by `keyDelay` and `wait` sleeps, so a person can follow the session.
/// `elapsed` is the script's own time either way: what a recording of it is timed by.
///
/// ```swift
/// let input = ScriptInput(steps: try KeyScript.parse("down space snapshot"))
/// ```
package final class ScriptInput: InputSource {
    private var steps: ArraySlice<ScriptStep>
    private let keyDelay: Duration?
    private let honorsWaits: Bool
    private let pace: Duration?
    /// How long the script has taken so far at its own pace: each key's delay and each wait,
    /// whether slept or not.
    package private(set) var elapsed: Duration = .zero

    /// - Parameters:
    ///   - keyDelay: slept before each key (in a terminal).
    ///   - honorsWaits: whether `wait` steps sleep.
    ///   - pace: counted, not slept, before each key when there is no `keyDelay`; with it, every
    ///     event gets its own frame, as when played at that pace (a headless recording).
    package init(
        steps: [ScriptStep], keyDelay: Duration? = nil, honorsWaits: Bool = false, pace: Duration? = nil
    ) {
        self.steps = steps[...]
        self.keyDelay = keyDelay
        self.honorsWaits = honorsWaits
        self.pace = pace
    }

    package func nextEvent() -> TerminalEvent {
        while let step = steps.popFirst() {
            switch step {
            case .key(let key):
                if let keyDelay { Self.sleep(keyDelay) }
                elapsed += keyDelay ?? pace ?? .zero
                return .key(key)
            case .resize(let size):
                return .resize(size)
            case .snapshot:
                return .snapshot
            case .wait(let milliseconds):
                if honorsWaits { Self.sleep(.milliseconds(milliseconds)) }
                elapsed += .milliseconds(milliseconds)
            }
        }
        return .end
    }

    /// A script's keys come after the screen settled, whatever its pace.
    package var settlesBetweenEvents: Bool { true }

    /// Unpaced (headless), every step is waiting already; paced, none is, so each key is shown.
    package func pendingEvent() -> TerminalEvent? {
        guard keyDelay == nil, pace == nil, !honorsWaits else { return nil }
        return nextEvent()
    }

    static func sleep(_ duration: Duration) {
        let parts = duration.components
        var request = timespec(tv_sec: Int(parts.seconds), tv_nsec: Int(parts.attoseconds / 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
