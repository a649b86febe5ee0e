import FormCore
import FormUI
import PropertyBased

/// A generated session: the window it starts in, the state it starts from, whether saves go to a
/// real state file, and the steps. Its description is a key script a person can read (and replay
/// with `formtui <demo> --headless --script`), headed by the seed that made it.
struct GeneratedScript: Sendable, CustomStringConvertible {
    /// The seed the generator started from: `FORMTUI_FUZZ_SEED=<seed>` makes the same script.
    var seed: String
    var size: Size
    /// Which of the demo's starting states the session opens with.
    var start: Int
    var usesStateFile: Bool
    var steps: [ScriptStep]

    var keyCount: Int { steps.count }

    var description: String {
        let words = steps.map(Self.name)
        return
            "from seed \(seed), start state \(start), \(size), \(usesStateFile ? "state file" : "in memory"), "
            + "\(steps.count) steps:\nresize \(size) \(words.joined(separator: " "))"
    }

    static func name(of step: ScriptStep) -> String {
        switch step {
        case .key(let key): return key.scriptName
        case .resize(let size): return "resize \(size)"
        case .snapshot: return "snapshot"
        case .wait(let milliseconds): return "wait \(milliseconds)ms"
        }
    }

    /// Scripts of `steps` steps over `starts` starting states, made from the property checker's
    /// random source so that its seed reproduces them.
    static func generator(steps: ClosedRange<Int>, starts: Int) -> Generator<
        GeneratedScript, [GeneratedScript]
    > {
        Generator(
            run: { rng in make(using: &rng, steps: steps, starts: starts) },
            shrink: { $0.smaller() })
    }

    /// The script `seed` stands for, as the generator makes it.
    static func replay(seed: String, steps: ClosedRange<Int>, starts: Int) -> GeneratedScript? {
        guard var rng = Xoshiro(seed: seed) else { return nil }
        return generator(steps: steps, starts: starts).run(using: &rng)
    }

    private static func make(
        using rng: inout some SeededRandomNumberGenerator, steps: ClosedRange<Int>, starts: Int
    ) -> GeneratedScript {
        // Read before any draw: this is the seed the checker reports for this input.
        let seed = "\(rng.currentSeed)"
        let size = KeyDraw.size(using: &rng)
        let start = Int.random(in: 0..<max(1, starts), using: &rng)
        let usesStateFile = Bool.random(using: &rng)
        let count = Int.random(in: steps, using: &rng)
        var drawn: [ScriptStep] = []
        drawn.reserveCapacity(count)
        for _ in 0..<count { drawn.append(KeyDraw.step(using: &rng)) }
        return GeneratedScript(
            seed: seed, size: size, start: start, usesStateFile: usesStateFile, steps: drawn)
    }

    /// Smaller scripts that may fail the same way, most shrunk first: without a run of steps
    /// (halves, then quarters, down to single steps), then in a plain 80x24 window, in memory,
    /// from the first starting state. Each is strictly simpler, so shrinking ends.
    func smaller() -> [GeneratedScript] {
        var candidates: [GeneratedScript] = []
        var chunk = steps.count / 2
        while chunk >= 1 {
            var start = 0
            while start < steps.count {
                var copy = self
                copy.steps.removeSubrange(start..<min(steps.count, start + chunk))
                candidates.append(copy)
                start += chunk
            }
            chunk /= 2
        }
        let plain = Size(width: 80, height: 24)
        if size != plain {
            var copy = self
            copy.size = plain
            candidates.append(copy)
        }
        if usesStateFile {
            var copy = self
            copy.usesStateFile = false
            candidates.append(copy)
        }
        if start != 0 {
            var copy = self
            copy.start = 0
            candidates.append(copy)
        }
        return candidates
    }
}
