/// A key script as `KeyScript.read(_:)` parses it: the steps to play plus what a transcript
/// shows about them.
///
/// ```swift
/// let script = try KeyScript.read("down snapshot  # the second row")
/// script.steps          // [.key(.down), .snapshot]
/// script.snapshotLines  // [ScriptLine(number: 1, text: "down snapshot  # the second row")]
/// ```
public struct ParsedKeyScript: Hashable, Sendable {
    public var steps: [ScriptStep] = []
    /// The line behind each `snapshot` step, in order, so a transcript can say what made it.
    public var snapshotLines: [ScriptLine] = []
    /// The moment the script says it is (`now 2025-06-01T09:00:00Z`), as seconds since 1970
    /// UTC: a demo whose screens depend on the date then looks the same on every run.
    public var now: Int64?

    public init(steps: [ScriptStep] = [], snapshotLines: [ScriptLine] = [], now: Int64? = nil) {
        self.steps = steps
        self.snapshotLines = snapshotLines
        self.now = now
    }

    /// How long the script takes when each key waits `keyDelay` and each `wait` is honoured.
    public func duration(keyDelay: Duration) -> Duration {
        steps.reduce(.zero) { total, step in
            switch step {
            case .key: total + keyDelay
            case .wait(let milliseconds): total + .milliseconds(milliseconds)
            case .resize, .snapshot: total
            }
        }
    }
}

/// One line of a script, as written (without its leading and trailing blanks).
public struct ScriptLine: Hashable, Sendable {
    /// From 1.
    public var number: Int
    public var text: String

    public init(number: Int, text: String) {
        self.number = number
        self.text = text
    }
}

extension StringProtocol {
    /// The text without leading and trailing whitespace.
    func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
            let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
