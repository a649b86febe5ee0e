import Foundation
import Testing

/// `--theme` on every command, `FORMTUI_THEME`, and `formtui themes`.
struct ThemeCommandTests {
    /// The scratch folder's environment, without a theme of the machine's.
    static func environment(_ folder: ScratchFolder) -> [String: String] {
        var environment = folder.environment
        environment["FORMTUI_THEME"] = nil
        return environment
    }

    @Test func themesShowsEachThemeOnASample() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let result = try TmuxHarness.runProcess(
            binary, ["themes"], environment: Self.environment(folder), timeout: .seconds(10))
        #expect(result.status == 0, "\(result.error)")
        for name in ["dark (the default)", "light", "high-contrast", "classic"] {
            #expect(result.output.contains("\n\(name)\n") || result.output.hasPrefix("\(name)\n"), "\(name)")
        }
        #expect(result.output.contains("Full Name"))
        #expect(!result.output.contains("\u{1B}"), "a pipe gets the text, no escape codes")
    }

    @Test func themesInATerminalIsColoredAsAFormThereWouldBe() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try folder.runInTmux("\(shellQuoted(binary)) themes; sleep 5", width: 80, height: 100)
        defer { tmux.close() }
        try tmux.waitFor(text: "classic", timeout: .seconds(10))
        let colored = try tmux.capture(escapes: true)
        #expect(colored.contains("38;5;25"), "light's blue header")
    }

    @Test func theThemeComesFromTheOptionThenTheEnvironment() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let script = folder.path("s.keys")
        try "snapshot".write(toFile: script, atomically: true, encoding: .utf8)
        func header(_ arguments: [String], environment: [String: String] = [:]) throws -> String {
            let result = try TmuxHarness.runProcess(
                binary,
                [
                    "registration", "--headless", "--script", script, "--snapshot-format", "ansi", "--state",
                    folder.path("r.json"),
                ] + arguments,
                environment: Self.environment(folder).merging(environment) { $1 }, timeout: .seconds(10))
            #expect(result.error.isEmpty, "\(result.error)")
            return result.output.split(separator: "\n").first { $0.contains("ACCOUNT") }.map(String.init)
                ?? ""
        }
        #expect(try header([]).contains("38;5;110"), "dark: a soft blue")
        #expect(try header(["--theme", "light"]).contains("38;5;25"))
        #expect(try header([], environment: ["FORMTUI_THEME": "high-contrast"]).contains("38;5;226"))
        #expect(
            try header(["--theme", "classic"], environment: ["FORMTUI_THEME": "light"]).contains(";36m"),
            "the option wins")
        let bad = try TmuxHarness.runProcess(
            binary, ["preferences", "--theme", "neon"], environment: folder.environment, timeout: .seconds(10)
        )
        #expect(bad.status == 64)
        #expect(
            bad.error.contains("--theme must be one of dark, light, high-contrast, classic"), "\(bad.error)")
    }
}

extension ThemeCommandTests {
    /// A spec's `theme:` is used by `form` unless the person names one; a misspelt one stops the
    /// form before anything is drawn, with its place and what was meant.
    @Test func aSpecsThemeComesAfterThePersonsChoice() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let script = folder.path("s.keys")
        try "snapshot".write(toFile: script, atomically: true, encoding: .utf8)
        let spec = folder.path("s.yaml")
        func header(_ theme: String, _ arguments: [String] = [], environment: [String: String] = [:]) throws
            -> String
        {
            try
                "title: T\ntheme: \(theme)\nsections:\n  - header: Account\n    rows:\n      - {id: a, type: switch}\n"
                .write(toFile: spec, atomically: true, encoding: .utf8)
            let result = try TmuxHarness.runProcess(
                binary,
                ["form", spec, "--headless", "--script", script, "--snapshot-format", "ansi"] + arguments,
                environment: Self.environment(folder).merging(environment) { $1 }, timeout: .seconds(10))
            #expect(result.error.isEmpty, "\(result.error)")
            return result.output.split(separator: "\n").first { $0.contains("ACCOUNT") }.map(String.init)
                ?? ""
        }
        #expect(try header("light").contains("38;5;25"), "the spec's light")
        #expect(try header("light", ["--theme", "dark"]).contains("38;5;110"), "the option wins")
        #expect(
            try header("light", environment: ["FORMTUI_THEME": "high-contrast"]).contains("38;5;226"),
            "the environment wins")
        try "title: T\ntheme: ligth\nsections:\n  - rows:\n      - {id: a, type: switch}\n"
            .write(toFile: spec, atomically: true, encoding: .utf8)
        let bad = try TmuxHarness.runProcess(
            binary, ["form", spec, "--headless", "--script", script], environment: Self.environment(folder),
            timeout: .seconds(10))
        #expect(bad.status == 3)
        #expect(bad.output.isEmpty)
        #expect(bad.error.contains("s.yaml:2:8: unknown theme 'ligth'"), "\(bad.error)")
        #expect(bad.error.contains("did you mean 'light'?"), "\(bad.error)")
    }

    /// On eight colors the dark theme's grays are gone: the title bar turns blue, fields are
    /// underlined, and no color of the 256 is asked for.
    @Test func eightColorsGetTheNearestOfTheirOwn() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try folder.runInTmux(
            "env -u NO_COLOR TERM=xterm \(shellQuoted(binary)) registration --state r.json")
        defer { tmux.close() }
        try tmux.waitFor(text: "Full Name")
        let screen = try tmux.capture(escapes: true)
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let title = try #require(lines.first { $0.contains("Sign Up") })
        #expect(title.contains(/\x1b\[([0-9;]*;)?44(;|m)/), "a blue title bar: \(title)")
        let field = try #require(lines.first { $0.contains("Email") })
        #expect(field.contains(/\x1b\[([0-9;]*;)?4(;|m)/), "an underlined field: \(field)")
        #expect(!screen.contains("38;5;") && !screen.contains("48;5;"), "\(screen.debugDescription)")
        try tmux.sendKeys("Escape")
    }

    /// Bold black shows as gray on eight colors (bold picks the bright color): high contrast's
    /// focused row and title bar are black on their bar, not bold.
    @Test func eightColorsDrawBlackTextOnABarWithoutBold() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try folder.runInTmux(
            "env -u NO_COLOR TERM=xterm \(shellQuoted(binary)) registration --theme high-contrast --state r.json"
        )
        defer { tmux.close() }
        try tmux.waitFor(text: "Full Name")
        let lines = try tmux.capture(escapes: true).split(separator: "\n", omittingEmptySubsequences: false)
        for label in ["Sign Up", "> Full Name"] {
            let line = try #require(lines.first { $0.contains(label) })
            let before = String(line[..<line.range(of: label)!.lowerBound])
            #expect(
                before.contains("\u{1B}[30m") || before.contains(";30m") || before.contains("[30;"), "\(line)"
            )
            #expect(
                !before.contains("\u{1B}[1m") && !before.contains("[1;"), "bold: \(line.debugDescription)")
        }
        try tmux.sendKeys("Escape")
    }

    /// The light theme's dark title on its light gray bar becomes white on blue on eight colors
    /// (the gray is gone, and black on blue reads at 2:1).
    @Test func eightColorsDrawTheLightTitleWhiteOnBlue() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        let tmux = try folder.runInTmux(
            "env -u NO_COLOR TERM=xterm \(shellQuoted(binary)) registration --theme light --state r.json")
        defer { tmux.close() }
        try tmux.waitFor(text: "Full Name")
        let lines = try tmux.capture(escapes: true).split(separator: "\n", omittingEmptySubsequences: false)
        let title = try #require(lines.first { $0.contains("Sign Up") })
        let before = String(title[..<title.range(of: "Sign Up")!.lowerBound])
        #expect(before.contains(/\x1b\[([0-9;]*;)?37(;|m)/), "white: \(title.debugDescription)")
        #expect(before.contains(/\x1b\[([0-9;]*;)?44(;|m)/), "on blue: \(title.debugDescription)")
        try tmux.sendKeys("Escape")
    }
}
