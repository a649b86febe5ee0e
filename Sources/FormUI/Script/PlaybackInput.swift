/// Plays a key script in a live terminal at a person's pace while the terminal keeps counting:
/// a resize of the real window goes through, a stop signal (Ctrl-C) stops, and any key the person
/// presses ends playback and hands the form over as it is. At the end of the script the form is
/// handed over too, unless `exitsAtEnd`.
///
/// The key that takes over is not acted on: it only says "my turn", and it might be a `q` or an
/// Esc that would otherwise cancel what the script did.
///
/// ```swift
/// let input = PlaybackInput(steps: steps, live: terminal, keyDelay: .milliseconds(80)) { why in
///     app.show(message: why, isError: false)
/// }
/// app.run(display: terminal, input: input)
/// ```
package final class PlaybackInput: InputSource {
    /// Why playback ended.
    package enum HandOver: Hashable, Sendable {
        /// The person pressed a key.
        case keyPressed
        /// The script is done.
        case scriptEnded

        /// What to tell the person.
        package var message: String {
            switch self {
            case .keyPressed: "Playback stopped: the form is yours."
            case .scriptEnded: "End of the script: the form is yours."
            }
        }
    }

    private var steps: ArraySlice<ScriptStep>
    private let live: InputSource
    private let keyDelay: Duration
    private let exitsAtEnd: Bool
    private let onHandOver: (HandOver) -> Void
    /// Set once playback has ended; every event then comes from `live`.
    package private(set) var handedOver: HandOver?
    /// Time the script has taken at its own pace (keys' delays and waits).
    package private(set) var elapsed: Duration = .zero

    package init(
        steps: [ScriptStep], live: InputSource, keyDelay: Duration, exitsAtEnd: Bool = false,
        onHandOver: @escaping (HandOver) -> Void = { _ in }
    ) {
        self.steps = steps[...]
        self.live = live
        self.keyDelay = keyDelay
        self.exitsAtEnd = exitsAtEnd
        self.onHandOver = onHandOver
    }

    package func nextEvent() -> TerminalEvent {
        if handedOver != nil { return live.nextEvent() }
        while let step = steps.first {
            switch step {
            case .key(let key):
                if let event = watchLive(for: keyDelay) { return event }
                steps.removeFirst()
                elapsed += keyDelay
                return .key(key)
            case .wait(let milliseconds):
                if let event = watchLive(for: .milliseconds(milliseconds)) { return event }
                steps.removeFirst()
                elapsed += .milliseconds(milliseconds)
            case .resize(let size):
                // The real window keeps its size; the app asks the display, which knows it.
                steps.removeFirst()
                return .resize(size)
            case .snapshot:
                steps.removeFirst()
                return .snapshot
            }
        }
        if exitsAtEnd { return .end }
        return handOver(.scriptEnded)
    }

    /// While playing every key waits its turn, so each gets its own frame.
    package func pendingEvent() -> TerminalEvent? {
        handedOver != nil ? live.pendingEvent() : nil
    }

    /// The script's keys come after the screen settled; once a person took over, theirs do not.
    package var settlesBetweenEvents: Bool { handedOver == nil }

    /// Waits `duration`, watching the terminal: returns what should interrupt the wait (a resize,
    /// a stop signal, the end of input, or the hand-over a key press causes), else nil.
    private func watchLive(for duration: Duration) -> TerminalEvent? {
        let clock = ContinuousClock()
        let deadline = clock.now + duration
        while true {
            if let event = live.pendingEvent() {
                switch event {
                case .key: return handOver(.keyPressed)
                case .resize, .interrupt, .end: return event
                // A live terminal never asks for snapshots: nothing to act on.
                case .snapshot: continue
                }
            }
            let remaining = deadline - clock.now
            if remaining <= .zero { return nil }
            ScriptInput.sleep(min(remaining, Self.pollInterval))
        }
    }

    private func handOver(_ reason: HandOver) -> TerminalEvent {
        handedOver = reason
        onHandOver(reason)
        // Not a key: it only makes the app draw a frame, so the message shows at once. A real
        // terminal ignores snapshots.
        return .snapshot
    }

    /// How often the terminal is looked at during a wait: a key press is answered within it.
    static let pollInterval: Duration = .milliseconds(10)
}
