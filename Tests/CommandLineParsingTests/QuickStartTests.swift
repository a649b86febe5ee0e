import ArgumentParser
import Testing

@testable import formtui

/// The quick start reads a command line exactly as swift-argument-parser does, or leaves it to it.
struct QuickStartTests {
    /// What swift-argument-parser makes of `arguments`: the demo session it would run, nil when it
    /// would do anything else (help, an error, `form`).
    static func parsedByArgumentParser(_ arguments: [String]) -> QuickStart? {
        guard let command = try? FormTUI.parseAsRoot(arguments) else { return nil }
        switch command {
        case let large as LargeCommand:
            return QuickStart(subcommand: .large, rows: large.rows, settings: large.options.settings)
        case let demo as PreferencesCommand:
            return QuickStart(subcommand: .preferences, settings: demo.options.settings)
        case let demo as HotspotCommand:
            return QuickStart(subcommand: .hotspot, settings: demo.options.settings)
        case let demo as RegistrationCommand:
            return QuickStart(subcommand: .registration, settings: demo.options.settings)
        case let demo as ShowcaseCommand:
            return QuickStart(subcommand: .showcase, settings: demo.options.settings)
        case let form as FormCommand: return QuickStart(form: form.settings)
        default: return nil
        }
    }

    @Test(arguments: [
        ["large"],
        ["large", "--rows", "100", "--state", "/tmp/large.json"],
        ["large", "--rows=100000", "--state=/tmp/a b.json"],
        ["preferences"],
        ["preferences", "--state", "p.json", "--record", "run.cast"],
        ["hotspot", "--script", "s.keys", "--exit-after-script", "--key-delay", "0"],
        [
            "registration", "--headless", "--script", "r.keys", "--now", "2025-06-01T09:00:00Z",
            "--print-state",
        ],
        [
            "showcase", "--headless", "--script", "x.keys", "--snapshot-format", "svg", "--snapshot-dir",
            "out",
        ],
        ["showcase", "--headless", "--script", "x.keys", "--size", "100x30", "--snapshot-format=ansi"],
        ["showcase", "--theme", "light"], ["hotspot", "--theme=high-contrast", "--state", "h.json"],
        ["form", "signup.yaml"],
        ["form", "--format", "env", "signup.yaml", "--state", "answers.json", "--values=v.json"],
        ["form", "--format", "bash", "signup.yaml", "--utc", "--record", "x.cast"],
        ["form", "--review", "signup.yaml"],
        ["form", "--format", "env", "signup.yaml", "--prefix", "APP_"],
        ["form", "--spec-format", "toml", "spec.txt", "--headless", "--script", "k.keys"],
        ["form", "signup.yaml", "--accessible"], ["preferences", "--accessible", "--state", "p.json"],
        ["showcase", "--no-mouse"], ["form", "--no-mouse", "--accessible", "signup.yaml"],
    ])
    func aUsualCommandLineStartsQuicklyWithWhatArgumentParserReads(arguments: [String]) throws {
        let quick = try #require(QuickStart(arguments: arguments))
        #expect(quick == Self.parsedByArgumentParser(arguments))
    }

    @Test func theQuickStartReadsEachValue() throws {
        let quick = try #require(
            QuickStart(arguments: [
                "large", "--rows", "7", "--state", "s.json", "--key-delay=5", "--script", "k.keys",
                "--exit-after-script",
            ]))
        #expect(quick.subcommand == .large)
        #expect(quick.rows == 7)
        #expect(quick.settings.state == "s.json")
        #expect(quick.settings.keyDelay == 5)
        #expect(quick.settings.script == "k.keys")
        #expect(quick.settings.exitAfterScript)
        #expect(!quick.settings.headless)

        let form = try #require(
            QuickStart(arguments: [
                "form", "--format", "env", "s.yaml", "--spec-format=json", "--values", "v.json",
            ]))
        #expect(form.subcommand == .form)
        #expect(form.spec == "s.yaml")
        #expect(form.specFormat == .json)
        #expect(form.format == .env)
        #expect(form.values == "v.json")
    }

    @Test(arguments: [
        [], ["--help"], ["-h"], ["--version"], ["help", "large"], ["large", "--help"], ["large", "-h"],
        ["form"], ["form", "-"], ["form", "a.yaml", "b.yaml"], ["form", "a.yaml", "--format", "xml"],
        ["form", "a.yaml", "--prefix", "APP_"], ["form", "a.yaml", "--format", "env", "--prefix", "1A"],
        ["form", "a.yaml", "--rows", "3"], ["large", "a.yaml"], ["form", "--", "a.yaml"], ["debug-crash"],
        ["large", "--rows", "0"], ["large", "--rows", "ten"],
        ["large", "--rows"], ["large", "--rows", "5", "--rows", "6"], ["preferences", "--rows", "5"],
        ["preferences", "--script", "-"], ["preferences", "--headless"], ["preferences", "--headless=true"],
        ["preferences", "extra"], ["preferences", "--"], ["preferences", "--state="],
        ["preferences", "--size", "80by24"], ["preferences", "--key-delay", "-1"],
        ["preferences", "--snapshot-format", "svg"], ["preferences", "--now", "yesterday"],
        ["preferences", "--theme", "neon"], ["preferences", "--theme"],
        ["preferences", "--generate-completion-script", "bash"], ["Large"],
        ["preferences", "--accessible", "--script", "x.keys"], ["preferences", "--accessible=1"],
    ])
    func anythingElseIsLeftToArgumentParser(arguments: [String]) {
        #expect(QuickStart(arguments: arguments) == nil)
    }

    /// Command lines put together from the pieces both parsers see: whenever the quick start
    /// takes one, swift-argument-parser must read the same session from it.
    @Test func generatedCommandLinesAreReadTheSameWay() {
        let commands = [
            "large", "preferences", "hotspot", "registration", "showcase", "form", "help", "lorge",
        ]
        let pieces = [
            "--rows", "--state", "--size", "--script", "--key-delay", "--record", "--snapshot-format",
            "--snapshot-dir", "--now", "--headless", "--exit-after-script", "--print-state", "--rows=3",
            "--state=x.json", "--key-delay=0", "--headless=1", "--", "-", "-h", "--help", "--version",
            "100", "0", "-5", "+5", "1e3", "10000001", "80x24", "0x0", "text", "ansi", "svg", "a.keys",
            "x.json", "", "2025-06-01T09:00:00Z", "spec.yaml", "help", "--format", "env", "--spec-format",
            "toml",
            "--values", "2025-13-01T09:00:00Z", "--bogus", "--s", "---completion", "--theme", "light",
            "classic", "neon", "--accessible", "--no-mouse",
        ]
        var random = SplitMix(seed: 7)
        var quickOnes = 0
        for _ in 0..<1500 {
            var arguments = [commands[random.next(below: commands.count)]]
            for _ in 0..<random.next(below: 7) { arguments.append(pieces[random.next(below: pieces.count)]) }
            let quick = QuickStart(arguments: arguments)
            if quick != nil { quickOnes += 1 }
            let parsed = Self.parsedByArgumentParser(arguments)
            if let quick {
                #expect(quick == parsed, "\(arguments)")
            }
        }
        // Enough of them start quickly for the comparison to mean something.
        #expect(quickOnes > 100, "\(quickOnes) of 1500")
    }
}

/// A small seeded generator, so that a failure names command lines that come back every run.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}

extension QuickStartTests {
    @Test("The theme: --theme, then FORMTUI_THEME, then a light background that COLORFGBG names, then dark")
    func themeChoice() {
        var settings = SessionSettings()
        #expect(settings.theme(environment: [:]).name == "dark")
        #expect(settings.theme(environment: ["COLORFGBG": "15;0"]).name == "dark")
        #expect(settings.theme(environment: ["COLORFGBG": "0;15"]).name == "light")
        #expect(settings.theme(environment: ["COLORFGBG": "0;default;7"]).name == "light")
        #expect(
            settings.theme(environment: ["FORMTUI_THEME": "classic", "COLORFGBG": "0;15"]).name == "classic")
        #expect(
            settings.theme(environment: ["FORMTUI_THEME": "neon"]).name == "dark",
            "an unknown name is passed over")
        settings.theme = "high-contrast"
        #expect(settings.theme(environment: ["FORMTUI_THEME": "light"]).name == "high-contrast")
        settings.theme = "neon"
        #expect(
            settings.problem?.hasPrefix("--theme must be one of dark, light, high-contrast, classic") == true)
    }
}
