/// A unified diff of a file's text before and after an edit (`diff -u`'s form: `---`/`+++`
/// headers, `@@ -a,b +c,d @@` hunks with three lines of context), as the review before a save
/// shows it.
///
/// ```swift
/// let lines = ConfigDiff.unified(old: before, new: after, name: "pyproject.toml")
/// // ["--- pyproject.toml", "+++ pyproject.toml (edited)", "@@ -2,3 +2,3 @@", " [project]", "-name = \"a\"", "+name = \"b\"", …]
/// ```
///
/// Lines are compared with Myers' algorithm, whose time is the files' length times the number
/// of lines changed: an edit of a few values in a file of any size is fast. Past `editLimit`
/// changed lines the hunk is the rest of both files, said once, rather than a slow search.
public enum ConfigDiff {
    /// Lines of unchanged text shown around each change.
    static let context = 3
    /// More changed lines than this are shown as one hunk without searching further.
    static let editLimit = 2_000

    public static func unified(old: [UInt8], new: [UInt8], name: String) -> [String] {
        guard old != new else { return [] }
        let before = lines(old)
        let after = lines(new)
        let script = edits(before, after)
        var output = ["--- \(name)", "+++ \(name) (edited)"]
        // Hunks: runs of edits with their context, runs closer than twice the context joined.
        var index = 0
        while index < script.count {
            guard script[index].kind != .same else {
                index += 1
                continue
            }
            var start = index
            var kept = 0
            while start > 0 && script[start - 1].kind == .same && kept < context {
                start -= 1
                kept += 1
            }
            var end = index
            var quiet = 0
            while end < script.count {
                if script[end].kind == .same {
                    quiet += 1
                    if quiet > context * 2 { break }
                } else {
                    quiet = 0
                }
                end += 1
            }
            // Trailing context: at most `context` unchanged lines after the last change.
            var last = end - 1
            while last >= index && script[last].kind == .same { last -= 1 }
            end = min(script.count, last + 1 + context)
            let hunk = script[start..<end]
            let oldStart = hunk.first!.oldLine
            let newStart = hunk.first!.newLine
            let oldCount = hunk.filter { $0.kind != .inserted }.count
            let newCount = hunk.filter { $0.kind != .deleted }.count
            output.append(
                "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@")
            for edit in hunk {
                let mark = edit.kind == .same ? " " : edit.kind == .deleted ? "-" : "+"
                output.append(mark + edit.text)
            }
            index = end
        }
        let unended = [old, new].contains { !$0.isEmpty && $0.last != 0x0A }
        if unended, output.count > 2 {
            output.append("\\ the file does not end with a line break")
        }
        return output
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        // As diff says it: an empty range names the line before it.
        count == 1 ? "\(start + 1)" : "\(count == 0 ? start : start + 1),\(count)"
    }

    private static func lines(_ bytes: [UInt8]) -> [String] {
        guard !bytes.isEmpty else { return [] }
        var result = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map {
            String(decoding: $0.last == 0x0D ? $0.dropLast() : $0, as: UTF8.self)
        }
        if bytes.last == 0x0A { result.removeLast() }
        return result
    }

    struct Edit {
        enum Kind { case same, deleted, inserted }
        var kind: Kind
        var text: String
        /// The 0-based lines of both files this edit stands at.
        var oldLine: Int
        var newLine: Int
    }

    /// The shortest edit script from `a` to `b` (Myers), in order.
    static func edits(_ a: [String], _ b: [String]) -> [Edit] {
        // Common ends first: most edits change a few lines in the middle.
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix
            && a[a.count - 1 - suffix] == b[b.count - 1 - suffix]
        {
            suffix += 1
        }
        let middleA = Array(a[prefix..<(a.count - suffix)])
        let middleB = Array(b[prefix..<(b.count - suffix)])
        var result: [Edit] = (0..<prefix).map { Edit(kind: .same, text: a[$0], oldLine: $0, newLine: $0) }
        for edit in middle(middleA, middleB) {
            var moved = edit
            moved.oldLine += prefix
            moved.newLine += prefix
            result.append(moved)
        }
        for offset in 0..<suffix {
            let i = a.count - suffix + offset
            let j = b.count - suffix + offset
            result.append(Edit(kind: .same, text: a[i], oldLine: i, newLine: j))
        }
        return result
    }

    private static func middle(_ a: [String], _ b: [String]) -> [Edit] {
        let n = a.count
        let m = b.count
        let max = n + m
        guard max > 0 else { return [] }
        var frontier = [Int](repeating: 0, count: 2 * max + 2)
        var trace: [[Int]] = []
        var found = false
        search: for d in 0...Swift.min(max, editLimit) {
            trace.append(frontier)
            for k in stride(from: -d, through: d, by: 2) {
                var x =
                    k == -d || (k != d && frontier[max + k - 1] < frontier[max + k + 1])
                    ? frontier[max + k + 1] : frontier[max + k - 1] + 1
                var y = x - k
                while x < n && y < m && a[x] == b[y] {
                    x += 1
                    y += 1
                }
                frontier[max + k] = x
                if x >= n && y >= m {
                    found = true
                    break search
                }
            }
        }
        guard found else {
            // Too many changes to search for: every old line out, every new line in.
            return a.enumerated().map {
                Edit(kind: .deleted, text: $0.element, oldLine: $0.offset, newLine: 0)
            }
                + b.enumerated().map {
                    Edit(kind: .inserted, text: $0.element, oldLine: n, newLine: $0.offset)
                }
        }
        // Back from the end: each step d came from the frontier kept before it, by one line
        // inserted (down) or deleted (right), then a run of equal lines.
        var edits: [Edit] = []
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, to: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let down = k == -d || (k != d && v[max + k - 1] < v[max + k + 1])
            let previousX = v[max + (down ? k + 1 : k - 1)]
            let previousY = previousX - (down ? k + 1 : k - 1)
            let afterX = down ? previousX : previousX + 1
            let afterY = down ? previousY + 1 : previousY
            while x > afterX && y > afterY {
                x -= 1
                y -= 1
                edits.append(Edit(kind: .same, text: a[x], oldLine: x, newLine: y))
            }
            if down {
                y -= 1
                edits.append(Edit(kind: .inserted, text: b[y], oldLine: x, newLine: y))
            } else {
                x -= 1
                edits.append(Edit(kind: .deleted, text: a[x], oldLine: x, newLine: y))
            }
        }
        while x > 0 && y > 0 {
            x -= 1
            y -= 1
            edits.append(Edit(kind: .same, text: a[x], oldLine: x, newLine: y))
        }
        return edits.reversed()
    }
}
