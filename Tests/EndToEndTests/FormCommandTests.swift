import Foundation
import Testing

/// `formtui form` without a terminal: the example specs played headless, bad specs and values
/// files refused before anything is drawn, answers evaluated by bash, state kept without secrets.
struct FormCommandTests {
    static let forms = CommandLineTests.packageRoot.appendingPathComponent("demos/forms")

    static let examples = [
        (spec: "registration.yaml", keys: "registration.keys", format: "json"),
        (spec: "preferences.toml", keys: "preferences.keys", format: "json"),
        (spec: "server-setup.yaml", keys: "server-setup.keys", format: "env"),
    ]

    @Test(arguments: examples.map(\.spec))
    func anExampleSpecPlaysItsScriptAndPrintsItsAnswers(spec: String) throws {
        let example = try #require(Self.examples.first { $0.spec == spec })
        let result = try TmuxHarness.runProcess(
            try TmuxHarness.formtuiBinary(),
            [
                "form", Self.forms.appendingPathComponent(spec).path, "--format", example.format,
                "--headless",
                "--size", "80x24", "--script", Self.forms.appendingPathComponent(example.keys).path,
            ], environment: ProcessInfo.processInfo.environment.merging(["TZ": "UTC"]) { $1 },
            timeout: .seconds(10))
        #expect(result.status == 0, "\(result.error)")
        let name = spec.split(separator: ".")[0]
        let expected = try String(
            contentsOf: Self.forms.appendingPathComponent("\(name).out"), encoding: .utf8)
        #expect(result.output == expected)
    }

    @Test func checkPrintsEverySpecErrorOneALineAndDrawsNothing() throws {
        let folder = try ScratchFolder()
        let spec = folder.path("bad.yaml")
        try """
        sections:
          - rows:
              - {id: name, type: txt}
              - {id: age, type: number, min: 10, max: 2}
              - {id: news, type: switch, when: {nme: x}}
              - {id: ok, type: text, colour: red}
        """.write(toFile: spec, atomically: true, encoding: .utf8)
        let binary = try TmuxHarness.formtuiBinary()
        let result = try TmuxHarness.runProcess(
            binary, ["form", "--check", spec], environment: folder.environment, timeout: .seconds(10))
        #expect(result.status == 3)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(result.output)")
        #expect(
            lines.map { $0.split(separator: ":").dropFirst().prefix(2).joined(separator: ":") } == [
                "3:26", "4:33", "5:41", "6:30",
            ])
        #expect(lines.allSatisfy { $0.hasPrefix(spec + ":") })
        #expect(lines[0].hasSuffix("unknown row type 'txt' (did you mean 'text'?)"))
        try "sections:\n  - rows:\n      - {id: a, type: text, title: A}\n".write(
            toFile: spec, atomically: true, encoding: .utf8)
        let good = try TmuxHarness.runProcess(
            binary, ["form", "--check", spec], environment: folder.environment, timeout: .seconds(10))
        #expect(good.status == 0 && good.output.isEmpty && good.error.isEmpty, "\(good.error)")
        // A row without a title works, shown by its id: said as a warning that passes.
        try "sections:\n  - rows:\n      - {id: ssh_keys, type: text}\n".write(
            toFile: spec, atomically: true, encoding: .utf8)
        let untitled = try TmuxHarness.runProcess(
            binary, ["form", "--check", spec], environment: folder.environment, timeout: .seconds(10))
        #expect(untitled.status == 0, "\(untitled.error)")
        #expect(
            untitled.output
                == "\(spec):3:9: warning: the row 'ssh_keys' has no 'title': the form shows its id"
                + " (add a title, e.g. title: Ssh keys)\n", "\(untitled.output)")
    }

    /// A spec with an error at `line`:`column`; nothing may be drawn and the status is 3.
    static let badSpecs: [(name: String, text: String, line: Int, column: Int, says: String)] = [
        (
            "kind.yaml", "sections:\n  - rows:\n      - {id: a, type: swich}\n", 3, 23,
            "did you mean 'switch'?"
        ),
        (
            "dup.yaml", "sections:\n  - rows:\n      - {id: a, type: text}\n      - {id: a, type: text}\n", 4,
            14, "duplicate id"
        ),
        (
            "default.yaml", "sections:\n  - rows:\n      - {id: n, type: switch, default: 3}\n", 3, 40,
            "true or false"
        ),
        ("when.json", "{\"sections\": [{\"when\": {\"x\": 1},\n \"rows\": []}]}", 1, 25, "no field"),
        (
            "range.toml",
            "[[sections]]\n[[sections.rows]]\nid = \"n\"\ntype = \"number\"\nmin = 5\nmax = 1\n", 5, 1,
            "above 'max'"
        ),
    ]

    @Test(arguments: badSpecs.map(\.name))
    func aBadSpecIsRefusedBeforeTheScreenOpens(name: String) throws {
        let bad = try #require(Self.badSpecs.first { $0.name == name })
        let folder = try ScratchFolder()
        try bad.text.write(toFile: folder.path(name), atomically: true, encoding: .utf8)
        // No terminal and no script: a spec that passed would fail on the terminal with 2.
        for arguments in [
            ["form", folder.path(name)], ["form", folder.path(name), "--headless", "--script", "-"],
        ] {
            let result = try TmuxHarness.runProcess(
                try TmuxHarness.formtuiBinary(), arguments, environment: folder.environment,
                timeout: .seconds(10))
            #expect(result.status == 3, "\(result.error)")
            #expect(result.output.isEmpty)
            #expect(
                result.error.hasPrefix("formtui: \(folder.path(name)):\(bad.line):\(bad.column): "),
                "\(result.error)")
            #expect(result.error.contains(bad.says), "\(result.error)")
            #expect(result.error.contains("hint: "), "\(result.error)")
        }
    }

    @Test func aBadValuesFileIsRefusedWithItsPosition() throws {
        let folder = try ScratchFolder()
        try "{\n  \"name\": \"Ada\",\n  \"country\": 3\n}".write(
            toFile: folder.path("v.json"), atomically: true, encoding: .utf8)
        let result = try TmuxHarness.runProcess(
            try TmuxHarness.formtuiBinary(),
            [
                "form", Self.forms.appendingPathComponent("registration.yaml").path, "--values",
                folder.path("v.json"),
            ],
            timeout: .seconds(10))
        #expect(result.status == 3)
        #expect(result.output.isEmpty)
        #expect(
            result.error.hasPrefix(
                "formtui: \(folder.path("v.json")):3:14: 'country' must be one of the options"),
            "\(result.error)")
        #expect(result.error.contains("hint: the options are"))
    }

    @Test func aSpecOnStandardInputIsReadAndItsLanguageTold() throws {
        let folder = try ScratchFolder()
        try "title = \"T\"\n[[sections]]\n[[sections.rows]]\nid = \"on\"\ntype = \"switch\"\n".write(
            toFile: folder.path("spec"), atomically: true, encoding: .utf8)
        try "space ctrl-s".write(toFile: folder.path("k"), atomically: true, encoding: .utf8)
        let result = try TmuxHarness.runProcess(
            try TmuxHarness.formtuiBinary(), ["form", "-", "--headless", "--script", folder.path("k")],
            standardInput: folder.path("spec"), timeout: .seconds(10))
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasSuffix("{\"on\": true}\n"))
    }

    /// Values with quotes, spaces, newlines, `$`, command substitution, backticks and non-ASCII
    /// text: bash's eval of the bash output gives each back byte for byte, and runs none of it.
    /// (`ShellFormTests` does the same for every row kind in sh, bash and zsh.)
    @Test func bashOutputEvaluatedByBashGivesEveryAnswerBack() throws {
        let folder = try ScratchFolder()
        let nasty = [
            "it's \"quoted\"", "two  spaces ", "line one\nline two\n", "$HOME and ${PATH}", "$(touch pwned)",
            "`touch pwned2`", "café — 日本語 🎉", "back\\slash", "'", "",
        ]
        var spec = "sections:\n  - rows:\n"
        var values: [String: Any] = [:]
        for (index, _) in nasty.enumerated() { spec += "      - {id: v\(index), type: text}\n" }
        spec += "      - {id: tags, type: multiselect, options: [\"a b\", \"it's\", \"$(x)\"]}\n"
        for (index, text) in nasty.enumerated() { values["v\(index)"] = text }
        values["tags"] = ["a b", "it's", "$(x)"]
        try spec.write(toFile: folder.path("s.yaml"), atomically: true, encoding: .utf8)
        try JSONSerialization.data(withJSONObject: values).write(
            to: URL(fileURLWithPath: folder.path("v.json")))
        try "ctrl-s".write(toFile: folder.path("k"), atomically: true, encoding: .utf8)
        var check = "cd \(shellQuoted(folder.url.path))\n"
        check +=
            "out=$(\(shellQuoted(try TmuxHarness.formtuiBinary())) form s.yaml --values v.json --format bash"
        check += " --headless --size 40x8 --script k | sed '/^--- snapshot/,/^ ↑↓/d') || exit 9\n"
        check += "eval \"$out\"\n"
        for index in nasty.indices { check += "printf '%s' \"$v\(index)\" > got\(index)\n" }
        check += "printf '%s|' \"${tags[@]}\" > tags\n"
        try check.write(toFile: folder.path("check.sh"), atomically: true, encoding: .utf8)
        let result = try TmuxHarness.runProcess("/bin/bash", [folder.path("check.sh")], timeout: .seconds(10))
        #expect(result.status == 0, "\(result.error)")
        for (index, text) in nasty.enumerated() {
            let got = try Data(contentsOf: URL(fileURLWithPath: folder.path("got\(index)")))
            #expect(got == Data(text.utf8), "v\(index)")
        }
        #expect(folder.read("tags") == "a b|it's|$(x)|")
        #expect(!folder.exists("pwned") && !folder.exists("pwned2"))
    }

    @Test func cancelPrintsNothingAndExits1() throws {
        let folder = try ScratchFolder()
        try "\"x\" esc y".write(toFile: folder.path("k"), atomically: true, encoding: .utf8)
        let result = try TmuxHarness.runProcess(
            try TmuxHarness.formtuiBinary(),
            [
                "form", Self.forms.appendingPathComponent("registration.yaml").path, "--headless", "--script",
                folder.path("k"), "--state", folder.path("s.json"),
            ], timeout: .seconds(10))
        #expect(result.status == 1)
        #expect(!result.output.contains("{"))
        #expect(!folder.exists("s.json"))
    }

    /// F3 of the faults issue: another tool's member the spec does not know, whose value is an
    /// object or a list of numbers, made the state file look damaged and blocked every save.
    @Test func anUnknownStateMemberOfAnyKindIsKeptAsWrittenAndSavesGoThrough() throws {
        let folder = try ScratchFolder()
        let spec = "sections:\n  - rows:\n      - {id: user, type: text}\n"
        try spec.write(toFile: folder.path("s.yaml"), atomically: true, encoding: .utf8)
        let stored = "{\n    \"extra\": {\"a\": 1},\n    \"user\": \"bob\",\n    \"sizes\": [1, 2.5, 3]\n}\n"
        try stored.write(toFile: folder.path("st.json"), atomically: true, encoding: .utf8)
        try "ctrl-u \"ada\" ctrl-s".write(toFile: folder.path("k"), atomically: true, encoding: .utf8)
        let result = try TmuxHarness.runProcess(
            try TmuxHarness.formtuiBinary(),
            [
                "form", folder.path("s.yaml"), "--state", folder.path("st.json"), "--headless", "--script",
                folder.path("k"),
            ], timeout: .seconds(10))
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasSuffix("{\"user\": \"ada\"}\n"), "\(result.output)")
        // Only the changed answer's bytes differ: the other tool's members, and the layout, stay.
        #expect(folder.read("st.json") == stored.replacingOccurrences(of: "\"bob\"", with: "\"ada\""))
    }

    @Test func theStateKeepsAnswersButNotSecrets() throws {
        let folder = try ScratchFolder()
        let spec = "sections:\n  - rows:\n      - {id: user, type: text}\n      - {id: pass, type: secure}\n"
        try spec.write(toFile: folder.path("s.yaml"), atomically: true, encoding: .utf8)
        try "\"ada\" enter \"hunter22\" ctrl-s".write(
            toFile: folder.path("k"), atomically: true, encoding: .utf8)
        let binary = try TmuxHarness.formtuiBinary()
        let arguments = [
            "form", folder.path("s.yaml"), "--state", folder.path("st.json"), "--headless", "--script",
        ]
        let first = try TmuxHarness.runProcess(binary, arguments + [folder.path("k")], timeout: .seconds(10))
        #expect(first.status == 0, "\(first.error)")
        #expect(first.output.hasSuffix("{\"user\": \"ada\", \"pass\": \"hunter22\"}\n"))
        let stored = folder.read("st.json")
        #expect(stored.contains("\"ada\"") && !stored.contains("hunter22"))
        let mode =
            try FileManager.default.attributesOfItem(atPath: folder.path("st.json"))[.posixPermissions]
            as? Int
        #expect(mode == 0o600)
        // The next run starts from the kept answers.
        try "ctrl-s".write(toFile: folder.path("k2"), atomically: true, encoding: .utf8)
        let second = try TmuxHarness.runProcess(
            binary, arguments + [folder.path("k2")], timeout: .seconds(10))
        #expect(second.output.hasSuffix("{\"user\": \"ada\", \"pass\": \"\"}\n"), "\(second.error)")
    }

    @Test func withNoTerminalAtAllItExits2WithOneLine() throws {
        // setsid leaves the program without a controlling terminal, so /dev/tty cannot open.
        let result = try TmuxHarness.runProcess(
            "/usr/bin/setsid",
            [
                "-w", try TmuxHarness.formtuiBinary(), "form",
                Self.forms.appendingPathComponent("registration.yaml").path,
            ],
            timeout: .seconds(10))
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix("formtui: no terminal to draw the form on"), "\(result.error)")
        #expect(result.error.split(separator: "\n").count == 1)
    }

    @Test func versionAndHelpShowASpec() throws {
        let binary = try TmuxHarness.formtuiBinary()
        let version = try TmuxHarness.runProcess(binary, ["--version"], timeout: .seconds(10))
        #expect(version.status == 0)
        #expect(version.output.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
        let help = try TmuxHarness.runProcess(binary, ["form", "--help"], timeout: .seconds(10))
        #expect(help.output.contains("title: Sign up") && help.output.contains("when: {news: true}"))
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionsCompleteFileNames(shell: String) throws {
        let result = try TmuxHarness.runProcess(
            try TmuxHarness.formtuiBinary(), ["--generate-completion-script", shell], timeout: .seconds(10))
        #expect(result.status == 0)
        #expect(result.output.contains("state") && result.output.contains("script"))
        let fileCompletion = ["bash": "-f", "zsh": "_files", "fish": "-rF"][shell]!
        #expect(result.output.contains(fileCompletion), "\(shell)")
        #expect(result.output.contains("yaml"), "\(shell): SPEC completes spec files")
    }
}
