/// Where something is in a spec file: 1-based line and column (columns count Unicode scalars).
public struct SpecPosition: Hashable, Sendable, CustomStringConvertible {
    // Kept in 32 bits each (a spec is at most 64 MB): every value of a spec's tree has one, and
    // a 100,000-row spec has a million values.
    private var storedLine: Int32
    private var storedColumn: Int32

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    public init(line: Int, column: Int) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
    }

    public var description: String { "\(line):\(column)" }
}

/// A spec (or a values file) that cannot be used: where, what was expected, and how to fix it.
///
/// Printed as `file:line:column: message` and a `hint:` line; `formtui form` exits with status 3.
///
/// ```swift
/// SpecError(file: "signup.yaml", position: SpecPosition(line: 7, column: 15),
///           message: "unknown row type 'swich'", hint: "did you mean 'switch'?")
/// ```
public struct SpecError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var position: SpecPosition?
    public var message: String
    public var hint: String?
    /// The spec's other errors, after this one in the file: a spec is checked whole, and each
    /// is said at once (up to `SpecReader.mostErrors`).
    public var others: [SpecError] = []

    public init(file: String, position: SpecPosition?, message: String, hint: String? = nil) {
        self.file = file
        self.position = position
        self.message = message
        self.hint = hint
    }

    /// This error and the others, in the order of the file.
    public var all: [SpecError] {
        var first = self
        first.others = []
        return [first] + others
    }

    /// `file:line:column: message`, then the hint on its own line; the others after it so.
    public var description: String {
        all.map { error in
            let hintLine = error.hint.map { "\n  hint: \($0)" } ?? ""
            return "\(error.place): \(error.message)\(hintLine)"
        }.joined(separator: "\n")
    }

    /// `file:line:column: message (hint)` on one line, as compilers and `formtui form --check`
    /// print an error.
    public var line: String {
        "\(place): \(message)" + (hint.map { " (\($0))" } ?? "")
    }

    private var place: String { position.map { "\(file):\($0.line):\($0.column)" } ?? file }
}

/// The closest of `candidates` to a misspelt `word`, when it is close enough to be a likely typo.
///
/// ```swift
/// Nearest.match("swich", in: ["switch", "stepper"]) // "switch"
/// ```
public enum Nearest {
    public static func match(_ word: String, in candidates: some Sequence<String>) -> String? {
        // No typo makes a word of a hundred letters out of a name: and the distance costs the
        // product of the lengths.
        guard word.utf8.count <= 64 else { return nil }
        let target = Array(word.lowercased())
        let most = max(2, target.count / 3)
        var best: (String, Int)?
        for candidate in candidates {
            // The difference in length is a floor of the distance.
            guard abs(candidate.count - target.count) <= most else { continue }
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        guard let best, best.1 <= max(2, target.count / 3) else { return nil }
        return best.0
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = Swift.min(
                    previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
