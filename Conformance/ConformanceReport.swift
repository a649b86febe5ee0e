// A test tool, not shipped: all of Foundation is fine here.
import Foundation

/// One suite runner: its name and what it counts into the report.
struct ConformanceSuite: Sendable {
    var name: String
    var run: @Sendable (_ suites: String, _ report: inout ConformanceReport) -> Void
}

/// The counts of every suite run, by name ("json-test-suite y_ read"), and the cases that failed.
struct ConformanceReport {
    private(set) var counts: [(name: String, value: Int)] = []
    private(set) var skipped: [String] = []
    private(set) var failures: [String: [String]] = [:]

    mutating func count(_ name: String, _ value: Int) { counts.append((name, value)) }
    mutating func skip(_ suite: String, because reason: String) { skipped.append("\(suite): \(reason)") }
    /// A case that did not pass; the first few of each count are printed.
    mutating func fail(_ name: String, _ detail: String) { failures[name, default: []].append(detail) }

    func printCounts() {
        for line in skipped { print("skipped \(line)") }
        for (name, value) in counts { print("\(name): \(value)") }
        for (name, details) in failures.sorted(by: { $0.key < $1.key }) {
            print("\(name): \(details.count) not passed, the first:")
            for detail in details.prefix(10) { print("  \(detail)") }
        }
    }

    /// Every recorded count (`name: N` lines in the folder's `.txt` files) is met; a recorded
    /// count whose suite did not run here is passed over.
    func check(against folder: String) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            print("formtui-conformance: cannot read \(folder)")
            return false
        }
        var text = ""
        for name in names.sorted() where name.hasSuffix(".txt") {
            guard let data = FileManager.default.contents(atPath: folder + "/" + name),
                let file = String(data: data, encoding: .utf8)
            else {
                print("formtui-conformance: cannot read \(folder)/\(name)")
                return false
            }
            text += file + "\n"
        }
        var ok = true
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let recorded = Int(String(parts[1]).trimmingCharacters(in: .whitespaces))
            else { continue }
            let name = String(parts[0])
            guard let now = counts.first(where: { $0.name == name })?.value else { continue }
            if now < recorded {
                print("formtui-conformance: \(name) is \(now), below the recorded \(recorded)")
                ok = false
            }
        }
        return ok
    }
}
