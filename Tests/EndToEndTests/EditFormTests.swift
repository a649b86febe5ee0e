import Foundation
import Testing

/// `formtui edit FILE` as a form, played headless from key scripts: a value changed and saved
/// with Ctrl-S changes only its own bytes in a commented TOML, YAML or JSONC file; an edit the
/// schema refuses is not saved.
struct EditFormTests {
    static let schema = """
        {"type": "object", "properties": {
          "project": {"type": "object", "properties": {
            "name": {"type": "string", "title": "Name"},
            "port": {"type": "integer", "maximum": 65535}}},
          "tool": {"type": "object"}}}
        """

    /// Plays `keys` over `file` in `folder`; the draft folder is the scratch folder's too.
    func play(_ file: String, keys: String, in folder: ScratchFolder, extra: [String] = []) throws -> (
        status: Int32, output: String, error: String
    ) {
        try keys.write(toFile: folder.path("keys"), atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = folder.path("state")
        let result = try TmuxHarness.runProcess(
            try TmuxHarness.formtuiBinary(),
            ["edit", folder.path(file), "--headless", "--script", folder.path("keys")] + extra,
            environment: environment, timeout: .seconds(30))
        return (result.status, result.output, result.error)
    }

    @Test func aMessyPyprojectChangesOnlyTheNameItWasAskedTo() throws {
        let folder = try ScratchFolder()
        try Self.schema.write(toFile: folder.path("schema.json"), atomically: true, encoding: .utf8)
        let text = """
            # My project, messy on purpose
            [project]
            name = "demo"   # the package name
            port=8080

            [tool.black]
            line-length = 88  # wide

            """
        try text.write(toFile: folder.path("pyproject.toml"), atomically: true, encoding: .utf8)
        let result = try play(
            "pyproject.toml", keys: "snapshot\nctrl-u \"renamed\"\nctrl-s\n", in: folder,
            extra: ["--schema", folder.path("schema.json")])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("> Name") && result.output.contains("demo"), "\(result.output)")
        #expect(result.output.contains("the package name"), "the file's comment is the row's help")
        #expect(
            folder.read("pyproject.toml") == text.replacingOccurrences(of: "\"demo\"", with: "\"renamed\""))
    }

    @Test func aGitHubWorkflowInYAMLKeepsItsComments() throws {
        let folder = try ScratchFolder()
        let text = """
            # CI for the demo
            name: CI
            on:
              push:
                branches: [main]   # only main
            jobs:
              build:
                runs-on: ubuntu-latest
                steps:
                  - uses: actions/checkout@v4

            """
        try text.write(toFile: folder.path("ci.yml"), atomically: true, encoding: .utf8)
        let result = try play("ci.yml", keys: "ctrl-u \"Build\"\nctrl-s\n", in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(folder.read("ci.yml") == text.replacingOccurrences(of: "name: CI", with: "name: Build"))
    }

    @Test func aSettingsFileWithCommentsChangesOneNumber() throws {
        let folder = try ScratchFolder()
        let text = """
            {
              // editor
              "editor.fontSize": 14,
              "editor.tabSize": 4, // spaces
              "files.autoSave": "off"
            }

            """
        try text.write(toFile: folder.path("settings.json"), atomically: true, encoding: .utf8)
        let result = try play(
            "settings.json", keys: "snapshot\ndown ctrl-u \"2\"\nctrl-s\n", in: folder,
            extra: ["--size", "40x12"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("No schema names this file"), "\(result.output)")
        #expect(folder.read("settings.json") == text.replacingOccurrences(of: ": 4,", with: ": 2,"))
    }

    @Test func aNestedPageOpensAndItsValueIsSaved() throws {
        let folder = try ScratchFolder()
        let text = "{\"a\": {\"b\": {\"c\": 1}, \"d\": true}}\n"
        try text.write(toFile: folder.path("n.json"), atomically: true, encoding: .utf8)
        let result = try play("n.json", keys: "enter\nsnapshot\nctrl-u \"5\"\nctrl-s ctrl-s\n", in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("n.json › b"), "the breadcrumbs: \(result.output)")
        #expect(folder.read("n.json") == "{\"a\": {\"b\": {\"c\": 5}, \"d\": true}}\n")
    }

    @Test func anEditTheSchemaRefusesAsksSaveAnyway() throws {
        let folder = try ScratchFolder()
        try Self.schema.write(toFile: folder.path("schema.json"), atomically: true, encoding: .utf8)
        let text = "[project]\nname = \"demo\"\nport = 80\n"
        try text.write(toFile: folder.path("pyproject.toml"), atomically: true, encoding: .utf8)
        let schema = ["--schema", folder.path("schema.json")]
        // n keeps editing: nothing is written.
        let kept = try play(
            "pyproject.toml", keys: "down ctrl-u \"70000\"\nctrl-s\nsnapshot\nn\n", in: folder, extra: schema)
        #expect(kept.status != 0)
        #expect(
            kept.output.contains("Save anyway?") && kept.output.contains("One row needs attention"),
            "\(kept.output)")
        #expect(folder.read("pyproject.toml") == text)
        // y saves it as it is: a configuration may be knowingly wrong.
        let saved = try play(
            "pyproject.toml", keys: "down ctrl-u \"70000\"\nctrl-s y\n", in: folder, extra: schema)
        #expect(saved.status == 0, "\(saved.error)")
        #expect(folder.read("pyproject.toml") == "[project]\nname = \"demo\"\nport = 70000\n")
    }

    @Test func aSchemaThatCannotBeUsedStillOpensTheFile() throws {
        let folder = try ScratchFolder()
        try "[1, 2]".write(toFile: folder.path("schema.json"), atomically: true, encoding: .utf8)
        try "{\"a\": 1}\n".write(toFile: folder.path("c.json"), atomically: true, encoding: .utf8)
        let result = try play(
            "c.json", keys: "snapshot\nctrl-u \"2\"\nctrl-s\n", in: folder,
            extra: ["--schema", folder.path("schema.json")])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("cannot be used"), "\(result.output)")
        #expect(folder.read("c.json") == "{\"a\": 2}\n")
    }

    @Test func reviewShowsTheChangedRowsBeforeSaving() throws {
        let folder = try ScratchFolder()
        let text = "[project]\nname = \"demo\"   # the package name\n"
        try text.write(toFile: folder.path("pyproject.toml"), atomically: true, encoding: .utf8)
        let result = try play(
            "pyproject.toml", keys: "ctrl-u \"renamed\"\nctrl-s\nsnapshot\nctrl-s\n", in: folder,
            extra: ["--review"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("demo → renamed"), "\(result.output)")
        #expect(folder.read("pyproject.toml") == "[project]\nname = \"renamed\"   # the package name\n")
    }

    @Test func ctrlRPutsTheDefaultBackAndTheHelpLineSaysSo() throws {
        let folder = try ScratchFolder()
        let schema = #"{"type": "object", "properties": {"line-length": {"type": "integer", "default": 88}}}"#
        try schema.write(toFile: folder.path("schema.json"), atomically: true, encoding: .utf8)
        try "{\"line-length\": 120}\n".write(toFile: folder.path("c.json"), atomically: true, encoding: .utf8)
        let result = try play(
            "c.json", keys: "snapshot\nctrl-r\nctrl-s\n", in: folder,
            extra: ["--schema", folder.path("schema.json")])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("Default (88)"), "the help line names the key: \(result.output)")
        #expect(folder.read("c.json") == "{\"line-length\": 88}\n")
    }

    @Test func aDateIsPickedAndWrittenAsItsFormatRequires() throws {
        let folder = try ScratchFolder()
        let schema = #"{"type": "object", "properties": {"at": {"type": "string", "format": "date-time"}}}"#
        try schema.write(toFile: folder.path("schema.json"), atomically: true, encoding: .utf8)
        let text = "at: 2024-05-01T09:30:00+02:00  # when\n"
        try text.write(toFile: folder.path("c.yaml"), atomically: true, encoding: .utf8)
        // Enter opens the wheels on the day; ↑ moves it by one; Enter closes them.
        let result = try play(
            "c.yaml", keys: "snapshot\nenter up\nsnapshot\nenter ctrl-s\n", in: folder,
            extra: ["--schema", folder.path("schema.json"), "--size", "40x12"])
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.output.contains("1 May 2024 09:30"),
            "the picker shows the file's wall clock: \(result.output)")
        // ↑ on the day wraps within the month; the offset and the comment stay. (YAML quotes a
        // string that a YAML 1.1 reader would take for a timestamp.)
        #expect(folder.read("c.yaml") == "at: '2024-05-31T09:30:00+02:00'  # when\n")
    }

    @Test func aRowComesWithItsCondition() throws {
        let folder = try ScratchFolder()
        let schema = """
            {"type": "object", "properties": {"tls": {"type": "boolean", "title": "TLS"}},
             "if": {"properties": {"tls": {"const": true}}, "required": ["tls"]},
             "then": {"properties": {"cert": {"type": "string", "title": "Certificate"}}}}
            """
        try schema.write(toFile: folder.path("schema.json"), atomically: true, encoding: .utf8)
        try "{\"tls\": false}\n".write(toFile: folder.path("c.json"), atomically: true, encoding: .utf8)
        let result = try play(
            "c.json", keys: "snapshot\nspace\nsnapshot\ndown \"a.pem\"\nctrl-s\n", in: folder,
            extra: ["--schema", folder.path("schema.json")])
        #expect(result.status == 0, "\(result.error)")
        let screens = result.output.components(separatedBy: "TLS")
        #expect(screens.count >= 3, "two screens: \(result.output)")
        #expect(!screens[1].contains("Certificate"), "hidden while TLS is off: \(screens[1])")
        #expect(screens.dropFirst(2).joined().contains("Certificate"), "shown once it is on")
        let saved = folder.read("c.json")
        #expect(saved.contains("\"tls\": true") && saved.contains("\"cert\": \"a.pem\""), "\(saved)")
    }

    @Test func aOneOfChoosesItsBranchAndAMapsKeysAreDeletedAndAdded() throws {
        let folder = try ScratchFolder()
        let schema = """
            {"type": "object", "properties": {"name": {"type": "string"},
             "cache": {"title": "Cache", "oneOf": [{"type": "boolean"}, {"type": "string", "title": "folder"}]},
             "env": {"type": "object", "additionalProperties": {"type": "string"}}}}
            """
        try schema.write(toFile: folder.path("schema.json"), atomically: true, encoding: .utf8)
        let text = "{\"name\": \"x\", \"cache\": true, \"env\": {\"HOME\": \"/root\", \"PATH\": \"/bin\"}}\n"
        try text.write(toFile: folder.path("c.json"), atomically: true, encoding: .utf8)
        // Cache → folder, typed; then down to PATH in the keys, deleted; a key added as LANG.
        let result = try play(
            "c.json",
            keys:
                "down right\ndown \"/tmp\"\ndown down down down\nctrl-d\nsnapshot\ny\ndown enter \"LANG\"\nsnapshot\nctrl-s\n",
            in: folder, extra: ["--schema", folder.path("schema.json")])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("Delete key “PATH”?"), "\(result.output)")
        #expect(result.output.contains("[folder]"), "the chooser shows the branch chosen")
        #expect(
            folder.read("c.json")
                == "{\"name\": \"x\", \"cache\": \"/tmp\", \"env\": {\"HOME\": \"/root\", \"LANG\": \"\"}}\n")
    }

    @Test func anArrayOfObjectsIsAListOfPages() throws {
        let folder = try ScratchFolder()
        let schema = """
            {"type": "object", "properties": {"servers": {"type": "array",
             "items": {"type": "object", "properties": {"name": {"type": "string"}, "port": {"type": "integer"}}}}}}
            """
        try schema.write(toFile: folder.path("schema.json"), atomically: true, encoding: .utf8)
        let text = "{\"servers\": [{\"name\": \"a\"}, {\"name\": \"b\", \"port\": 1}, {\"name\": \"c\"}]}\n"
        try text.write(toFile: folder.path("c.json"), atomically: true, encoding: .utf8)
        // The first item deleted; the next (now first) opened, its name typed.
        let result = try play(
            "c.json", keys: "snapshot\nctrl-d\ny\nenter\nsnapshot\nctrl-u \"B\"\nctrl-s ctrl-s\n", in: folder,
            extra: ["--schema", folder.path("schema.json")])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("servers 3"), "one row per item: \(result.output)")
        #expect(result.output.contains("c.json › servers 1"), "the item's page: \(result.output)")
        #expect(
            folder.read("c.json") == "{\"servers\": [{\"name\": \"B\", \"port\": 1}, {\"name\": \"c\"}]}\n")
    }

    @Test func aListsItemIsDeletedAndMoved() throws {
        let folder = try ScratchFolder()
        let schema =
            #"{"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string"}}}}"#
        try schema.write(toFile: folder.path("schema.json"), atomically: true, encoding: .utf8)
        try "{\"tags\": [\"a\", \"b\", \"c\"]}\n".write(
            toFile: folder.path("c.json"), atomically: true, encoding: .utf8)
        // On the second item: deleted (after asking), then the (new) second moved up.
        let result = try play(
            "c.json", keys: "down\nctrl-d\nsnapshot\ny\nalt-up\nctrl-s\n", in: folder,
            extra: ["--schema", folder.path("schema.json")])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("Delete"), "it asks: \(result.output)")
        #expect(folder.read("c.json") == "{\"tags\": [\"c\", \"a\"]}\n")
    }
}
