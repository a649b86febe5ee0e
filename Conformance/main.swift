// `formtui-conformance SUITES [--check RECORDED]`: runs each suite found under SUITES (the
// project's ../shared/suites), prints its counts, and with --check exits 1 when a count falls
// below the one recorded in the repository (Conformance/recorded), 0 otherwise. Suites that
// are not there are said to be skipped.
// A test tool, not shipped: all of Foundation is fine here.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard let suites = arguments.first else {
    print("usage: formtui-conformance SUITES [--check RECORDED] [--only NAME]")
    exit(2)
}
let recordedPath = arguments.firstIndex(of: "--check").map { arguments[$0 + 1] }
let only = arguments.firstIndex(of: "--only").map { arguments[$0 + 1] }

var report = ConformanceReport()
for suite in conformanceSuites where only == nil || suite.name.hasPrefix(only!) {
    suite.run(suites, &report)
}
report.printCounts()
if let recordedPath {
    exit(report.check(against: recordedPath) ? 0 : 1)
}
