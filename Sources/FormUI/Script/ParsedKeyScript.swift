/// A key script as `KeyScript.read(_:)` parses it: the steps to play plus what a transcript
/// shows about them.
///
/// ```swift
/// let script = try KeyScript.read("down snapshot  # the second row")
/// script.steps          // [.key(.down), .snapshot]
/// script.snapshotLines  // [ScriptLine(number: 1, text: "down snapshot  # the second row")]
/// ```
package struct ParsedKeyScript: Hashable, Sendable {
    package var steps: [ScriptStep] = []
    /// The line behind each `snapshot` step, in order, so a transcript can say what made it.
    package var snapshotLines: [ScriptLine] = []
    /// The name of each `snapshot` (`snapshot as date-picker`), nil where it has none.
    package var snapshotNames: [String?] = []
    /// The moment the script says it is (`now 2025-06-01T09:00:00Z`), as seconds since 1970
    /// UTC: a demo whose screens depend on the date then looks the same on every run.
    package var now: Int64?

    package init(steps: [ScriptStep] = [], snapshotLines: [ScriptLine] = [], now: Int64? = nil) {
        self.steps = steps
        self.snapshotLines = snapshotLines
        self.now = now
    }

    /// How long the script takes when each key waits `keyDelay` and each `wait` is honoured.
    package func duration(keyDelay: Duration) -> Duration {
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
package struct ScriptLine: Hashable, Sendable {
    /// From 1.
    package var number: Int
    package var text: String

    package init(number: Int, text: String) {
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
