import FormTestSupport
import Foundation
import Testing

/// What a new user reads first and copies: the help texts and the messages of a first mistake.
struct NewUserTests {
    /// `form --help` as an 80-column terminal shows it, its paragraphs joined into single lines.
    private static func formHelp() throws -> String {
        let binary = try TmuxHarness.formtuiBinary()
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = "80"
        let result = try TmuxHarness.runProcess(
            binary, ["form", "--help"], environment: environment, timeout: .seconds(10))
        #expect(result.status == 0, "\(result.error)")
        return result.output
    }

    /// The spec shown in `form --help`, copied from an 80-column terminal, is a spec formtui reads:
    /// the help wraps a line longer than the screen, which breaks its YAML.
    @Test func theSpecInFormHelpWorksWhenCopied() throws {
        let help = try Self.formHelp()
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.contains("A complete small spec (signup.yaml):") })
        let end = try #require(lines[start...].firstIndex { $0.hasPrefix("Besides") })
        let spec = lines[(start + 1)..<end].map { $0.hasPrefix("  ") ? String($0.dropFirst(2)) : String($0) }
            .joined(separator: "\n")
        #expect(spec.contains("title: Sign up"))
        // A row cut by the help's wrapping goes on at the left margin, where YAML wants it indented
        // (libyaml lets it pass; a reader, and stricter readers, do not).
        for line in lines[(start + 1)..<end] where !line.isEmpty {
            #expect(line.hasPrefix("  "), "a line of the spec cut at 80 columns: \(line)")
        }
        let folder = try ScratchFolder()
        try spec.write(toFile: folder.path("signup.yaml"), atomically: true, encoding: .utf8)
        try "esc\n".write(toFile: folder.path("esc.keys"), atomically: true, encoding: .utf8)
        let result = try TmuxHarness.runProcess(
            try TmuxHarness.formtuiBinary(),
            [
                "form", folder.path("signup.yaml"), "--headless", "--script", folder.path("esc.keys"),
                "--state", folder.path("signup.json"),
            ],
            environment: folder.environment, timeout: .seconds(10))
        #expect(result.status == 1, "the help's spec: \(result.error)\n\(spec)")
        #expect(result.error.isEmpty, "\(result.error)")
    }

    /// A `--state` file's stale id is left out quietly (a state file is the program's own); only
    /// `--values`, which a person wrote, warns. The help says what happens.
    @Test func formHelpSaysWhichFileWarnsOfAStaleId() throws {
        let help = try Self.formHelp().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        try #"{"hostname": "web-01", "retired": 1}"#.write(
            toFile: folder.path("old.json"), atomically: true, encoding: .utf8)
        try "esc\n".write(toFile: folder.path("esc.keys"), atomically: true, encoding: .utf8)
        let spec = CommandLineTests.packageRoot.appendingPathComponent("demos/forms/server-setup.yaml").path
        let session = ["--headless", "--script", folder.path("esc.keys")]
        let fromState = try TmuxHarness.runProcess(
            binary, ["form", spec, "--state", folder.path("old.json")] + session,
            environment: folder.environment, timeout: .seconds(10))
        #expect(fromState.status == 1)
        #expect(fromState.error.isEmpty, "\(fromState.error)")
        let fromValues = try TmuxHarness.runProcess(
            binary,
            ["form", spec, "--values", folder.path("old.json"), "--state", folder.path("new.json")] + session,
            environment: folder.environment, timeout: .seconds(10))
        #expect(fromValues.status == 1)
        #expect(fromValues.error.contains("'retired' is no field of the form"), "\(fromValues.error)")
        #expect(!help.contains("--state files leave out, with a warning"), "\(help)")
        #expect(help.contains("a --values or --state file (with a warning for --values)"), "\(help)")
    }

    /// A script that cannot be read says why, as a spec or values file does.
    @Test func anUnreadableScriptSaysWhy() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(
            atPath: folder.path("keys"), withIntermediateDirectories: true)
        for (script, reason) in [("missing.keys", "no such file"), ("keys", "is a folder")] {
            let result = try TmuxHarness.runProcess(
                binary,
                [
                    "preferences", "--headless", "--script", folder.path(script), "--state",
                    folder.path("p.json"),
                ],
                environment: folder.environment, timeout: .seconds(10))
            #expect(result.status == 2)
            #expect(result.error.contains("cannot read the script \(folder.path(script))"), "\(result.error)")
            #expect(result.error.contains(reason), "\(result.error)")
            #expect(!folder.exists("p.json"))
        }
    }

    /// Headless, a script prints the screens its `snapshot` lines ask for, and nothing else: the
    /// help says so, since a script of keys alone prints nothing.
    @Test func headlessHelpSaysWhatIsPrinted() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let folder = try ScratchFolder()
        try "enter space ctrl-s\n".write(toFile: folder.path("save.keys"), atomically: true, encoding: .utf8)
        try "enter space snapshot ctrl-s\n".write(
            toFile: folder.path("shot.keys"), atomically: true, encoding: .utf8)
        let run = { (script: String) in
            try TmuxHarness.runProcess(
                binary,
                [
                    "preferences", "--headless", "--script", folder.path(script), "--state",
                    folder.path("\(script).json"),
                ],
                environment: folder.environment, timeout: .seconds(10))
        }
        #expect(try run("save.keys").output.isEmpty)
        #expect(try run("shot.keys").output.contains("--- snapshot 1"))
        for arguments in [["--help"], ["preferences", "--help"]] {
            let help = try TmuxHarness.runProcess(binary, arguments, timeout: .seconds(10)).output
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(help.contains("at each 'snapshot' line"), "\(arguments): \(help)")
        }
    }
}

/// Build/man-page.awk, which `make man` and `make install` run on the generated manual page.
struct ManualPageTests {
    /// What generate-manual writes for a subcommand whose help shows indented lines, then the
    /// hidden debug-crash subcommand with its options, then `help`.
    static let generated = """
        .It Em form
        Show a form.
        .Pp
        A spec:

          title: Sign up
          rows:
            - {id: name, type: text, title: Full name, required: true,
               placeholder: Ada Lovelace}
          .NAME.json.lock  held while a session keeps the draft

        Row types: text.
        .Bl -tag -width 6n
        .It Fl -state
        The state.
        .El
        .It Em debug-crash
        Crash on purpose.
        .Bl -tag -width 6n
        .It Fl -inline
        Draw inline.
        .El
        .It Em help
        Show subcommand help information.
        .El

        """

    /// The page's description is the root command's help: it says the keys, the environment,
    /// the files and the exit statuses, and points to no file `make install` leaves out.
    @Test func thePageSaysKeysEnvironmentFilesAndExitStatuses() throws {
        let result = try TmuxHarness.runProcess(
            try TmuxHarness.formtuiBinary(), ["--help"], timeout: .seconds(10))
        #expect(result.status == 0)
        for heading in ["Examples:", "Keys:", "Environment:", "Files:", "Exit status:"] {
            #expect(result.output.contains("\n\(heading)\n"), "\(heading)")
        }
        for name in ["FORMTUI_THEME", "FORMTUI_ACCESSIBLE", "NO_COLOR", "COLORFGBG", "XDG_CONFIG_HOME"] {
            #expect(result.output.contains("  \(name) "), "\(name)")
        }
        #expect(result.output.contains(".NAME.json.draft") && result.output.contains(".NAME.json.lock"))
        #expect(result.output.contains("  64     bad options"))
        #expect(!result.output.contains("README"), "make install installs no README")
        // The page indents a display by five columns where --help indents it by two (which
        // Build/man-page.awk takes off): a line of 77 columns fits the page at 80. Unwrapped
        // (COLUMNS=200), as generate-manual reads the help.
        let wide = try TmuxHarness.runProcess(
            try TmuxHarness.formtuiBinary(), ["--help"], environment: ["COLUMNS": "200"],
            timeout: .seconds(10))
        // Up to the list of subcommands, which the page lays out its own way.
        let description = wide.output.split(separator: "\n").prefix { !$0.hasPrefix("SUBCOMMANDS") }
        #expect(description.count > 40)
        for line in description where line.hasPrefix("  ") {
            #expect(line.count <= 77, "too wide for the page at 80 columns: \(line)")
        }
    }

    @Test func indentedLinesStayAsTheyAreAndTheHiddenCommandIsLeftOut() throws {
        let folder = try ScratchFolder()
        try Self.generated.write(toFile: folder.path("formtui.1"), atomically: true, encoding: .utf8)
        let script = CommandLineTests.packageRoot.appendingPathComponent("Build/man-page.awk").path
        let result = try TmuxHarness.runProcess(
            "/usr/bin/awk", ["-f", script, folder.path("formtui.1")], timeout: .seconds(10))
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.output == """
                .It Em form
                Show a form.
                .Pp
                A spec:
                .Pp
                .Bd -literal
                title: Sign up
                rows:
                  - {id: name, type: text, title: Full name, required: true,
                     placeholder: Ada Lovelace}
                \\&.NAME.json.lock  held while a session keeps the draft
                .Ed
                .Pp
                Row types: text.
                .Bl -tag -width 6n
                .It Fl -state
                The state.
                .El
                .It Em help
                Show subcommand help information.
                .El

                """, "\(result.output)")
    }
}
