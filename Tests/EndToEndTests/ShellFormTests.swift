import FormTestSupport
import Foundation
import Testing

/// `formtui form` as a shell script uses it: the answers of every row kind, with hostile text,
/// come back through `eval` in sh (dash), bash and zsh alike; ids a shell cannot take are refused
/// before the form is drawn; every option of `form --help` works as for the demos.
@Suite(.serialized) struct ShellFormTests {
    /// Text that a careless quoting would run, split or cut.
    static let hostile = [
        "it's \"quoted\"", "$(touch pwned)", "`touch pwned2`", "line one\nline two\n", "ends with \\",
        "$HOME ${PATH} \\$x", "café — 日本語 🎉", "  spaces  ", "'", "a\\'b\"c",
    ]

    /// A spec with every row kind (in JSON, so that the hostile options need no YAML quoting).
    static func everyKindSpec() throws -> Data {
        let options = ["it's $(x)", "`y`", "plain"]
        let rows: [[String: Any]] = [
            ["id": "name", "type": "text", "title": "Name"],
            ["id": "mail", "type": "email"],
            ["id": "count", "type": "number"],
            ["id": "ratio", "type": "decimal"],
            ["id": "secret", "type": "secure"],
            ["id": "confirm", "type": "secure", "equals": "secret"],
            ["id": "notes", "type": "multiline"],
            ["id": "on", "type": "switch"],
            ["id": "replicas", "type": "stepper", "min": 1, "max": 9],
            ["id": "level", "type": "slider", "min": 0, "max": 10],
            ["id": "half", "type": "slider", "min": 0, "max": 2, "step": 0.5],
            ["id": "day", "type": "date"],
            ["id": "at", "type": "time"],
            ["id": "starts", "type": "datetime"],
            ["id": "size", "type": "picker", "options": options],
            ["id": "pick", "type": "select", "options": options],
            ["id": "tags", "type": "multiselect", "options": options],
            ["id": "hosts", "type": "list"],
            ["type": "label", "title": "Note", "value": "hello"],
            ["id": "more", "type": "form", "sections": [["rows": [["id": "inner", "type": "text"]]]]],
            ["id": "hidden", "type": "text", "when": ["on": false]],
            ["id": "unset", "type": "number"],
            ["id": "nothing", "type": "select", "options": ["a"]],
        ]
        let spec: [String: Any] = [
            "title": "Every kind",
            "sections": [
                ["header": "{name}: {replicas} replicas", "rows": rows],
                [
                    "header": "Gone", "when": ["on": false],
                    "rows": [["id": "gone", "type": "multiselect", "options": ["a"]]],
                ],
            ],
        ]
        return try JSONSerialization.data(withJSONObject: spec)
    }

    static var values: [String: Any] {
        [
            "name": hostile[0], "mail": "it's`x`$(y)@example.com", "count": 42, "ratio": -2.5,
            "secret": hostile[1], "confirm": hostile[1], "notes": hostile[3], "on": true, "replicas": 3,
            "level": 7, "half": 1.5, "day": "2024-02-29", "at": "23:05", "starts": "2024-05-01T09:30:00Z",
            "size": "`y`", "pick": "it's $(x)", "tags": ["it's $(x)", "`y`"],
            "hosts": [hostile[4], hostile[5], hostile[6]], "inner": hostile[9], "hidden": "never shown",
        ]
    }

    /// What each variable holds after `eval` of `--format env`.
    static let expected: [String: String] = [
        "name": hostile[0], "mail": "it's`x`$(y)@example.com", "count": "42", "ratio": "-2.5",
        "secret": hostile[1], "confirm": hostile[1], "notes": hostile[3], "on": "true", "replicas": "3",
        "level": "7", "half": "1.5", "day": "2024-02-29", "at": "23:05", "starts": "2024-05-01T09:30:00Z",
        "size": "`y`", "pick": "it's $(x)", "tags": "it's $(x)\n`y`", "tags_COUNT": "2",
        "tags_1": "it's $(x)",
        "tags_2": "`y`", "hosts": [hostile[4], hostile[5], hostile[6]].joined(separator: "\n"),
        "hosts_COUNT": "3",
        "hosts_1": hostile[4], "hosts_2": hostile[5], "hosts_3": hostile[6], "inner": hostile[9],
        "hidden": "",
        "unset": "", "nothing": "", "gone": "", "gone_COUNT": "0",
    ]

    /// The answers printed after a headless run, without its snapshots (a header and 24 lines each).
    static func answers(of output: String) -> String {
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while lines.first?.hasPrefix("--- snapshot") == true { lines = lines.dropFirst(25) }
        return lines.joined(separator: "\n")
    }

    /// Runs the every-kind form with its hostile values, saved at once, and returns its answers.
    static func saveEveryKind(_ folder: ScratchFolder, format: String, extra: [String] = []) throws -> String
    {
        try everyKindSpec().write(to: URL(fileURLWithPath: folder.path("every.json")))
        try JSONSerialization.data(withJSONObject: values).write(
            to: URL(fileURLWithPath: folder.path("v.json")))
        try "ctrl-s".write(toFile: folder.path("k"), atomically: true, encoding: .utf8)
        let result = try TmuxHarness.runProcess(
            try TmuxHarness.formtuiBinary(),
            [
                "form", folder.path("every.json"), "--values", folder.path("v.json"), "--format", format,
                "--utc",
                "--headless", "--script", folder.path("k"),
            ] + extra, environment: folder.environment, timeout: .seconds(20))
        #expect(result.status == 0, "\(result.error)")
        return answers(of: result.output)
    }

    @Test(arguments: ["sh", "bash", "zsh"])
    func envAnswersOfEveryKindComeBackThroughEvalInEachShell(shell: String) throws {
        let path = ["/bin/\(shell)", "/usr/bin/\(shell)"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        let shellPath = try #require(path, "\(shell) is not installed (make test-deps installs zsh)")
        let folder = try ScratchFolder()
        let answers = try Self.saveEveryKind(folder, format: "env")
        try answers.write(toFile: folder.path("answers.sh"), atomically: true, encoding: .utf8)
        // set -u: every name is there, even for rows not asked.
        var script = "set -u\ncd \(shellQuoted(folder.url.path))\neval \"$(cat answers.sh)\" || exit 9\n"
        for name in Self.expected.keys.sorted() { script += "printf '%s' \"$\(name)\" > got.\(name)\n" }
        let result = try TmuxHarness.runProcess(
            shellPath, ["-c", script], environment: folder.environment, timeout: .seconds(10))
        #expect(result.status == 0, "\(shell): \(result.error)\n\(answers)")
        for (name, value) in Self.expected {
            let got = (try? Data(contentsOf: URL(fileURLWithPath: folder.path("got.\(name)")))) ?? Data()
            #expect(got == Data(value.utf8), "\(shell): \(name) is \(String(decoding: got, as: UTF8.self))")
        }
        #expect(!folder.exists("pwned") && !folder.exists("pwned2"), "\(shell) ran a value")
    }

    @Test(arguments: ["bash", "zsh"])
    func bashFormatKeepsArrays(shell: String) throws {
        let shellPath = try #require(
            ["/bin/\(shell)", "/usr/bin/\(shell)"].first { FileManager.default.isExecutableFile(atPath: $0) })
        let folder = try ScratchFolder()
        let answers = try Self.saveEveryKind(folder, format: "bash")
        #expect(answers.contains("\ngone=()\n"))
        try answers.write(toFile: folder.path("answers.sh"), atomically: true, encoding: .utf8)
        let script =
            "cd \(shellQuoted(folder.url.path))\neval \"$(cat answers.sh)\" || exit 9\n"
            + "printf '%s|' \"${tags[@]}\" > tags\nprintf '%s|' \"${hosts[@]}\" > hosts\nprintf '%s' \"${#gone[@]}\" > gone\n"
        let result = try TmuxHarness.runProcess(shellPath, ["-c", script], timeout: .seconds(10))
        #expect(result.status == 0, "\(result.error)")
        #expect(folder.read("tags") == "it's $(x)|`y`|")
        #expect(
            folder.read("hosts") == [Self.hostile[4], Self.hostile[5], Self.hostile[6]].joined(separator: "|")
                + "|")
        #expect(folder.read("gone") == "0")
    }

    @Test func aPrefixGoesBeforeEveryName() throws {
        let folder = try ScratchFolder()
        let answers = try Self.saveEveryKind(folder, format: "env", extra: ["--prefix", "APP_"])
        #expect(answers.hasPrefix("APP_name='it'\\''s \"quoted\"'\n"), "\(answers)")
        #expect(answers.contains("\nAPP_tags_COUNT=2\n"))
        // Without env or bash, or with a prefix no name starts with, the command line is refused.
        for arguments in [["--prefix", "APP_"], ["--format", "env", "--prefix", "1A"]] {
            let result = try TmuxHarness.runProcess(
                try TmuxHarness.formtuiBinary(), ["form", folder.path("every.json")] + arguments,
                environment: folder.environment, timeout: .seconds(10))
            #expect(result.status == 64, "\(result.error)")
            #expect(result.error.contains("--prefix"), "\(result.error)")
        }
    }

    /// Random keys against the every-kind form (lists, sub-forms, pickers, confirmations): the
    /// program ends as a form ends, saved or not, every time.
    @Test func randomKeysNeverBreakTheEveryKindForm() throws {
        let folder = try ScratchFolder()
        try Self.everyKindSpec().write(to: URL(fileURLWithPath: folder.path("every.json")))
        try JSONSerialization.data(withJSONObject: Self.values).write(
            to: URL(fileURLWithPath: folder.path("v.json")))
        let keys = [
            "down", "down", "down", "up", "tab", "backtab", "enter", "space", "left", "right", "pgdn", "pgup",
            "home", "end", "backspace", "insert", "ctrl-d", "alt-up", "alt-down", "\"x\"", "\"4\"", "a", "d",
            "y", "n", "ctrl-u",
        ]
        var generator = SystemRandomNumberGenerator()
        for run in 0..<12 {
            let seed = UInt64.random(in: 0..<UInt64.max, using: &generator)
            var random = SeededRandom(seed: seed)
            let script = (0..<250).map { _ in keys[Int(random.next() % UInt64(keys.count))] }
            // Ctrl-S only at the end: earlier, it would save and end the run.
            try (script + ["ctrl-s"]).joined(separator: " ").write(
                toFile: folder.path("k"), atomically: true, encoding: .utf8)
            let result = try TmuxHarness.runProcess(
                try TmuxHarness.formtuiBinary(),
                [
                    "form", folder.path("every.json"), "--values", folder.path("v.json"), "--format", "env",
                    "--headless", "--size", run % 2 == 0 ? "80x24" : "40x12", "--script", folder.path("k"),
                ], environment: folder.environment, timeout: .seconds(30))
            #expect(
                result.status == 0 || result.status == 1, "seed \(seed): \(result.status) \(result.error)")
            #expect(!result.error.contains("Fatal"), "seed \(seed): \(result.error)")
        }
    }

    @Test func jsonAnswersHaveEveryIdWithNullForWhatWasNotAsked() throws {
        let folder = try ScratchFolder()
        let answers = try Self.saveEveryKind(folder, format: "json")
        let parsed = try JSONSerialization.jsonObject(with: Data(answers.utf8)) as? [String: Any]
        let object = try #require(parsed, "\(answers)")
        let ids = Set(Self.expected.keys.filter { !$0.contains("_") })
        #expect(Set(object.keys) == ids)
        for id in ["hidden", "unset", "nothing", "gone"] {
            #expect(object[id] is NSNull, "\(id): \(answers)")
        }
        #expect(object["tags"] as? [String] == ["it's $(x)", "`y`"])
        #expect(object["half"] as? Double == 1.5)
    }

    /// A spec whose ids include `bad`, checked for `--format env`.
    private func refusal(_ rows: String, format: String = "env") throws -> TmuxHarness.ProcessResult {
        let folder = try ScratchFolder()
        try "sections:\n  - rows:\n\(rows)".write(
            toFile: folder.path("s.yaml"), atomically: true, encoding: .utf8)
        return try TmuxHarness.runProcess(
            try TmuxHarness.formtuiBinary(),
            ["form", folder.path("s.yaml"), "--format", format, "--headless", "--script", "-"],
            environment: folder.environment, timeout: .seconds(10))
    }

    @Test func idsTheShellCannotTakeAreRefusedWithAHint() throws {
        let cases: [(rows: String, says: String, hint: String)] = [
            ("      - {id: my-name, type: text}\n", "'my-name' is not a shell variable name", "'my_name'"),
            (
                "      - {id: x, type: text}\n      - {id: PATH, type: text}\n",
                "'PATH' is a variable the shell itself uses", "form_path"
            ),
            ("      - {id: IFS, type: text}\n", "'IFS' is a variable the shell itself uses", "rename it"),
            ("      - {id: status, type: switch}\n", "'status'", "rename it"),
            ("      - {id: LC_ALL, type: text}\n", "'LC_ALL'", "rename it"),
            (
                "      - {id: tags, type: multiselect, options: [a]}\n      - {id: tags_COUNT, type: number}\n",
                "'tags_COUNT' is a name --format env writes for 'tags'", "rename one"
            ),
        ]
        for (rows, says, hint) in cases {
            let result = try refusal(rows)
            #expect(result.status == 3, "\(rows): \(result.error)")
            #expect(result.error.contains(says), "\(result.error)")
            #expect(result.error.contains("hint: ") && result.error.contains(hint), "\(result.error)")
            #expect(
                result.error.range(of: #"s\.yaml:\d+:\d+: "#, options: .regularExpression) != nil,
                "\(result.error)")
        }
        // JSON takes any id; bash arrays write no NAME_COUNT. (An empty script saves nothing: 1.)
        let json = try refusal("      - {id: my-name, type: text}\n", format: "json")
        #expect(json.status == 1, "\(json.error)")
        let bash = try refusal(
            "      - {id: tags, type: multiselect, options: [a]}\n      - {id: tags_COUNT, type: number}\n",
            format: "bash")
        #expect(bash.status == 1, "\(bash.error)")
    }

    @Test func localTimeByDefaultAndUTCOnRequest() throws {
        let folder = try ScratchFolder()
        let spec =
            "sections:\n  - rows:\n      - {id: starts, type: datetime, title: Starts}\n      - {id: at, type: time, default: '03:30'}\n"
        try spec.write(toFile: folder.path("s.yaml"), atomically: true, encoding: .utf8)
        // Enter sets the row to now (13:56 UTC) and opens the wheels; Enter closes them.
        try "enter enter snapshot ctrl-s".write(toFile: folder.path("k"), atomically: true, encoding: .utf8)
        var environment = folder.environment
        environment["TZ"] = "Asia/Tokyo"
        let arguments = [
            "form", folder.path("s.yaml"), "--headless", "--script", folder.path("k"), "--now",
            "2025-06-01T13:56:00Z",
        ]
        let local = try TmuxHarness.runProcess(
            try TmuxHarness.formtuiBinary(), arguments, environment: environment, timeout: .seconds(10))
        #expect(local.status == 0, "\(local.error)")
        #expect(local.output.contains("1 Jun 2025 22:56"), "\(local.output)")
        // Tokyo is not this machine's zone (nor would a Tokyo machine's be UTC): its name is said.
        #expect(local.output.contains("Starts (JST)"), "\(local.output)")
        #expect(
            local.output.hasSuffix(#"{"starts": "2025-06-01T22:56:00+09:00", "at": "03:30"}"# + "\n"),
            "\(local.output)")
        let utc = try TmuxHarness.runProcess(
            try TmuxHarness.formtuiBinary(), arguments + ["--utc"], environment: environment,
            timeout: .seconds(10))
        #expect(utc.status == 0, "\(utc.error)")
        #expect(
            utc.output.contains("Starts (UTC)") && utc.output.contains("1 Jun 2025 13:56"), "\(utc.output)")
        #expect(
            utc.output.hasSuffix(#"{"starts": "2025-06-01T13:56:00Z", "at": "03:30"}"# + "\n"),
            "\(utc.output)")
    }
}
