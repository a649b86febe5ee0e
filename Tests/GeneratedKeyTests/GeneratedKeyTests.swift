import FormCore
import FormDemos
import FormUI
import PropertyBased
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Generated key sequences against every demo, headless, checking the invariants of
/// `GeneratedSession` after every key. Bounded to a few seconds: `make soak` runs millions.
///
/// A failure names the seed: set `FORMTUI_FUZZ_SEED=<seed>` and filter to the demo's test to play
/// that one script again (`FORMTUI_FUZZ_SEED=… swift test --filter GeneratedKeyTests.hotspot`),
/// or add `.fixedSeed("<seed>")` to the test as the checker suggests, which also shrinks it.
@Suite("Generated key sequences against every demo")
struct GeneratedKeyTests {
    @Test("preferences: summary, editor, dialogs") func preferences() async {
        await GeneratedKeys.check(Demos.preferences, slot: 0)
    }

    @Test("hotspot: sections that come and go, a password editor") func hotspot() async {
        await GeneratedKeys.check(Demos.hotspot, slot: 1)
    }

    @Test("registration: validation, a date wheel, a filtered list of countries") func registration() async {
        await GeneratedKeys.check(Demos.registration, slot: 2)
    }

    @Test("showcase: every row kind") func showcase() async {
        await GeneratedKeys.check(Demos.showcase, slot: 3)
    }

    @Test("a seed makes the same script every time, and shrinking only ever makes it smaller")
    func reproducible() throws {
        let seed = "aKPPWDEafU0CGMDYHef/ETcbYUyjWQvRVP1DTNy6qJk="
        let first = try #require(GeneratedScript.replay(seed: seed, steps: 1...200, starts: 2))
        let second = try #require(GeneratedScript.replay(seed: seed, steps: 1...200, starts: 2))
        #expect(first.description == second.description)
        #expect(first.seed == seed)
        let plain = Size(width: 80, height: 24)
        let candidates = first.smaller()
        #expect(!candidates.isEmpty)
        for smaller in candidates {
            let simpler =
                smaller.steps.count < first.steps.count || (smaller.size == plain && first.size != plain)
                || (!smaller.usesStateFile && first.usesStateFile) || (smaller.start == 0 && first.start != 0)
            #expect(simpler)
            #expect(smaller.steps.count <= first.steps.count)
        }
        #expect(GeneratedScript.replay(seed: "not a seed", steps: 1...200, starts: 2) == nil)
    }
}

enum GeneratedKeys {
    /// Scripts per demo in `make test`, and their lengths: about 3,000 keys a demo.
    static let scripts = 30
    static let steps = 1...200

    static func check<State>(_ demo: DemoUnderTest<State>, slot: Int) async {
        let generator = GeneratedScript.generator(steps: steps, starts: demo.starts.count)
        if let seed = ProcessInfo.processInfo.environment["FORMTUI_FUZZ_SEED"] {
            guard let script = GeneratedScript.replay(seed: seed, steps: steps, starts: demo.starts.count)
            else {
                Issue.record("FORMTUI_FUZZ_SEED=\(seed) is not a seed the checker printed")
                return
            }
            print("Replaying \(demo.name) \(script)")
            play(script, on: demo, slot: slot)
            return
        }
        await propertyCheck(count: scripts, input: generator) { script in
            play(script, on: demo, slot: slot)
        }
    }

    /// Plays one script; a broken invariant becomes an issue that says how to play it again.
    static func play<State>(_ script: GeneratedScript, on demo: DemoUnderTest<State>, slot: Int) {
        TrapReport.set(slot, "  \(demo.name): FORMTUI_FUZZ_SEED=\(script.seed)")
        defer { TrapReport.clear(slot) }
        if let finding = GeneratedSession(demo: demo, script: script).run() {
            Issue.record(
                """
                \(demo.name): \(finding)
                Rerun: FORMTUI_FUZZ_SEED=\(script.seed) swift test --filter GeneratedKeyTests.\(demo.name)
                """)
        }
    }
}
