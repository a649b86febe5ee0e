import FormCore
import Foundation
import PropertyBased
import Testing

/// The generated sessions of `GeneratedKeyTests` for as long as `SOAK_KEYS` says (`make soak`):
/// millions of keys, round the demos, printing keys a second and every distinct finding with its
/// seed. Skipped unless `SOAK_KEYS` is set, so `make test` stays fast.
@Suite("Soak: generated key sequences by the million")
struct SoakTests {
    static let keys = ProcessInfo.processInfo.environment["SOAK_KEYS"].flatMap { Int($0) }

    @Test("SOAK_KEYS keys round the demos, no finding", .enabled(if: keys != nil))
    func soak() throws {
        let target = try #require(Self.keys)
        var soak = Soak()
        while soak.keys < target {
            soak.round(Demos.preferences, slot: 4)
            soak.round(Demos.hotspot, slot: 4)
            soak.round(Demos.registration, slot: 4)
            soak.round(Demos.showcase, slot: 4)
            soak.progress(target: target)
        }
        soak.summary()
        for (problem, seeds) in soak.findings.sorted(by: { $0.key < $1.key }) {
            Issue.record("\(problem)\nseen \(seeds.count) times; first: FORMTUI_FUZZ_SEED=\(seeds[0])")
        }
    }
}

/// Counts for one soak run.
struct Soak {
    var keys = 0
    var scripts = 0
    var saves = 0
    var relaunches = 0
    var screensReached: [String: Int] = [:]
    /// Distinct problems (their first line, with the demo) and the seeds that showed them.
    var findings: [String: [String]] = [:]
    private var perDemo: [String: (keys: Int, seconds: Double)] = [:]
    private let started = ContinuousClock.now
    private var lastReport = ContinuousClock.now

    mutating func round<State>(_ demo: DemoUnderTest<State>, slot: Int) {
        var rng = Xoshiro()
        let script = GeneratedScript.generator(steps: GeneratedKeys.steps, starts: demo.starts.count)
            .run(using: &rng)
        TrapReport.set(slot, "  \(demo.name): FORMTUI_FUZZ_SEED=\(script.seed)")
        defer { TrapReport.clear(slot) }
        let clock = ContinuousClock.now
        let session = GeneratedSession(demo: demo, script: script)
        let finding = session.run()
        let seconds = Self.seconds(ContinuousClock.now - clock)
        keys += script.steps.count
        scripts += 1
        saves += session.saves
        relaunches += session.relaunches
        screensReached.merge(session.screensReached, uniquingKeysWith: +)
        perDemo[demo.name, default: (0, 0)].keys += script.steps.count
        perDemo[demo.name, default: (0, 0)].seconds += seconds
        if let finding {
            let problem =
                "\(demo.name): " + (finding.problem.split(separator: "\n").first.map(String.init) ?? "")
            if findings[problem] == nil {
                print("FINDING \(demo.name) \(finding)\n  FORMTUI_FUZZ_SEED=\(script.seed)")
            }
            findings[problem, default: []].append(script.seed)
        }
    }

    mutating func progress(target: Int) {
        guard Self.seconds(ContinuousClock.now - lastReport) >= 15 else { return }
        lastReport = ContinuousClock.now
        let elapsed = Self.seconds(ContinuousClock.now - started)
        print(
            "soak: \(keys) of \(target) keys, \(Int(Double(keys) / elapsed)) keys/s, "
                + "\(findings.count) distinct findings")
    }

    func summary() {
        let elapsed = Self.seconds(ContinuousClock.now - started)
        print(
            "soak: \(keys) keys in \(scripts) scripts, \(Int(elapsed)) s, \(Int(Double(keys) / elapsed)) keys/s; "
                + "\(saves) saves, \(relaunches) relaunches; \(findings.count) distinct findings")
        let reached = screensReached.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }
        print("  keys by screen on top: " + reached.joined(separator: ", "))
        for (name, figures) in perDemo.sorted(by: { $0.key < $1.key }) {
            print("  \(name): \(figures.keys) keys, \(Int(Double(figures.keys) / figures.seconds)) keys/s")
        }
        for (problem, seeds) in findings.sorted(by: { $0.key < $1.key }) {
            print("  \(seeds.count)x \(problem)\n     first FORMTUI_FUZZ_SEED=\(seeds[0])")
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
