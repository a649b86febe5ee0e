import FormTestSupport
import Foundation
import Testing

@testable import FormEdit

/// The review's unified diff: `diff -u`'s hunks, and for generated edits a diff that, applied to
/// the old text, gives the new one.
@Suite struct ConfigDiffTests {
    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func oneChangedLineIsOneHunkWithThreeLinesOfContext() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 5", with: "line five")
        #expect(
            ConfigDiff.unified(old: bytes(old), new: bytes(new), name: "a.toml") == [
                "--- a.toml", "+++ a.toml (edited)", "@@ -2,7 +2,7 @@", " line 2", " line 3", " line 4",
                "-line 5", "+line five", " line 6", " line 7", " line 8",
            ])
    }

    @Test func theSameBytesHaveNoDiffAndFarChangesTwoHunks() {
        let old = (1...30).map { "k\($0) = \($0)" }.joined(separator: "\n") + "\n"
        #expect(ConfigDiff.unified(old: bytes(old), new: bytes(old), name: "a").isEmpty)
        let new = old.replacingOccurrences(of: "k2 = 2\n", with: "k2 = 20\n")
            .replacingOccurrences(of: "k25 = 25\n", with: "k25 = 25\nadded = true\n")
        let diff = ConfigDiff.unified(old: bytes(old), new: bytes(new), name: "a")
        #expect(diff.filter { $0.hasPrefix("@@") } == ["@@ -1,5 +1,5 @@", "@@ -23,6 +23,7 @@"])
        #expect(diff.contains("+added = true"))
    }

    @Test func aNewFileIsAllInsertedAndAMissingLastLineBreakIsSaid() {
        #expect(
            ConfigDiff.unified(old: [], new: bytes("a = 1\nb = 2\n"), name: "n.toml") == [
                "--- n.toml", "+++ n.toml (edited)", "@@ -0,0 +1,2 @@", "+a = 1", "+b = 2",
            ])
        let diff = ConfigDiff.unified(old: bytes("a\n"), new: bytes("a\nb"), name: "x")
        #expect(diff.last == "\\ the file does not end with a line break")
    }

    @Test func generatedEditsAppliedBackGiveTheNewText() {
        let seed =
            ProcessInfo.processInfo.environment["FORMTUI_DIFF_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: 0...UInt64.max)
        var random = SeededRandom(seed: seed)
        for round in 0..<300 {
            let old = (0..<Int.random(in: 0...40, using: &random)).map { _ in
                "v\(Int.random(in: 0...6, using: &random))"
            }
            var new = old
            for _ in 0..<Int.random(in: 0...8, using: &random) {
                switch Int.random(in: 0...2, using: &random) {
                case 0 where !new.isEmpty: new.remove(at: Int.random(in: 0..<new.count, using: &random))
                case 1: new.insert("n\(round)", at: Int.random(in: 0...new.count, using: &random))
                default:
                    if !new.isEmpty { new[Int.random(in: 0..<new.count, using: &random)] = "c\(round)" }
                }
            }
            let text = { (lines: [String]) in lines.map { $0 + "\n" }.joined() }
            let diff = ConfigDiff.unified(old: bytes(text(old)), new: bytes(text(new)), name: "f")
            let applied = apply(diff, to: old)
            #expect(applied == new, "seed \(seed), round \(round): \(diff)")
            if applied != new { return }
        }
    }

    /// The diff applied as `patch` would: each hunk's old lines checked, its new ones put in.
    private func apply(_ diff: [String], to old: [String]) -> [String]? {
        var result: [String] = []
        var at = 0
        for line in diff.dropFirst(2) {
            if line.hasPrefix("@@") {
                let fields = line.split(separator: " ")
                let start = Int(fields[1].dropFirst().split(separator: ",")[0])!
                let count = fields[1].contains(",") ? Int(fields[1].split(separator: ",")[1])! : 1
                let to = count == 0 ? start : start - 1
                guard to >= at else { return nil }
                result += old[at..<to]
                at = to
            } else if line.hasPrefix("+") {
                result.append(String(line.dropFirst()))
            } else {
                guard at < old.count, old[at] == line.dropFirst() else { return nil }
                if line.hasPrefix(" ") { result.append(old[at]) }
                at += 1
            }
        }
        return result + old[at...]
    }
}
