/// The names a key script knows, and the nearest of them to a misspelt one, for error hints.
///
/// ```swift
/// KeyNames.nearest(to: "dwon")      // "down"
/// KeyNames.nearest(to: "ctl-s")     // "ctrl-s"
/// KeyNames.nearest(to: "hello")     // nil: nothing is close
/// ```
package enum KeyNames {
    /// Key names without modifiers, and the script's own words.
    package static let plain: [String] =
        [
            "up", "down", "left", "right", "pgup", "pgdn", "pageup", "pagedown", "home", "end", "tab",
            "backtab", "enter", "return", "esc", "escape", "space", "backspace", "bs", "delete", "del",
            "insert", "ins", "snapshot", "paste", "resize", "wait", "now", "click", "release", "mouse",
            "wheel-up", "wheel-down",
        ] + (1...12).map { "f\($0)" }

    static let modifiers = ["ctrl", "control", "alt", "meta", "shift"]

    /// The known name closest to `word` (each `-` part corrected on its own), or nil when none is
    /// within two edits: a far-off guess misleads more than it helps.
    package static func nearest(to word: String) -> String? {
        // A known word that is still wrong (`snapshot*2`) is not misspelt: no guess helps.
        if plain.contains(word.lowercased()) { return nil }
        let parts = word.lowercased().split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1 else { return closest(to: parts[0], in: plain) }
        var fixed: [String] = []
        for modifier in parts.dropLast() {
            guard let known = closest(to: modifier, in: modifiers) else { return nil }
            fixed.append(known)
        }
        let last = parts[parts.count - 1]
        if last.count == 1 {
            fixed.append(last)
        } else {
            guard let known = closest(to: last, in: plain) else { return nil }
            fixed.append(known)
        }
        let suggestion = fixed.joined(separator: "-")
        return suggestion == word.lowercased() || Key(named: suggestion) == nil ? nil : suggestion
    }

    private static func closest(to word: String, in names: [String]) -> String? {
        if names.contains(word) { return word }
        let scored = names.map { (name: $0, distance: distance(word, $0)) }
        guard let best = scored.min(by: { $0.distance < $1.distance }),
            best.distance <= min(2, max(1, word.count / 2))
        else { return nil }
        return best.name
    }

    /// Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
