import Foundation

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
                if let keyDelay { Thread.sleep(forTimeInterval: seconds(keyDelay)) }
                return .key(key)
            case .resize(let size):
                return .resize(size)
            case .snapshot:
                return .snapshot
            case .wait(let milliseconds):
                if honorsWaits { Thread.sleep(forTimeInterval: Double(milliseconds) / 1000) }
            }
        }
        return .end
    }

    private func seconds(_ duration: Duration) -> TimeInterval {
        let parts = duration.components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }
}
