import Foundation
import Testing

/// `formtui edit` without a terminal: `--check` prints each error as FILE:LINE:COLUMN and exits 3,
/// `--set` changes one value and nothing else, a file that does not read is left as it was.
struct EditCommandTests {
    static let schema = """
        {"type": "object", "properties": {
          "project": {"type": "object", "properties": {
            "name": {"type": "string", "maxLength": 12}, "requires-python": {"type": "string"}}},
          "tool": {"type": "object"}}}
        """

    func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let result = try TmuxHarness.runProcess(
            try TmuxHarness.formtuiBinary(), ["edit"] + arguments,
            environment: ProcessInfo.processInfo.environment, timeout: .seconds(20))
        return (result.status, result.output, result.error)
    }

    @Test func checkPrintsEachErrorWhereItStands() throws {
        let folder = try ScratchFolder()
        try Self.schema.write(toFile: folder.path("schema.json"), atomically: true, encoding: .utf8)
        let text = "# mine\n[project]\nname = \"demo\"\nrequires-python = 3  # wrong\n"
        try text.write(toFile: folder.path("pyproject.toml"), atomically: true, encoding: .utf8)
        let result = try run([
            folder.path("pyproject.toml"), "--schema", folder.path("schema.json"), "--check",
        ])
        #expect(result.status == 3, "\(result.error)")
        #expect(
            result.output
                == "\(folder.path("pyproject.toml")):4:1: /project/requires-python: must be a string\n")
        #expect(folder.read("pyproject.toml") == text)

        try "[project]\nname = \"demo\"\n".write(
            toFile: folder.path("ok.toml"), atomically: true, encoding: .utf8)
        let valid = try run([folder.path("ok.toml"), "--schema", folder.path("schema.json"), "--check"])
        #expect(valid.status == 0 && valid.output.isEmpty, "\(valid)")
    }

    @Test func setChangesOneValueAndKeepsEveryOtherByte() throws {
        let folder = try ScratchFolder()
        try Self.schema.write(toFile: folder.path("schema.json"), atomically: true, encoding: .utf8)
        let text =
            "# mine\n[project]\nname = 'demo'   # on PyPI\nrequires-python = \">=3.8\"\n\n[tool.x]\na = 1\n"
        try text.write(toFile: folder.path("pyproject.toml"), atomically: true, encoding: .utf8)
        let result = try run([
            folder.path("pyproject.toml"), "--schema", folder.path("schema.json"),
            "--set", "/project/requires-python=>=3.11", "--set", "/project/name=renamed",
        ])
        #expect(result.status == 0, "\(result.error)")
        #expect(
            folder.read("pyproject.toml")
                == "# mine\n[project]\nname = 'renamed'   # on PyPI\nrequires-python = \">=3.11\"\n\n[tool.x]\na = 1\n"
        )
        // A value the schema refuses, read either way, is not written.
        let refused = try run([
            folder.path("pyproject.toml"), "--schema", folder.path("schema.json"),
            "--set", "/project/name=a-name-far-too-long",
        ])
        #expect(refused.status == 3)
        #expect(refused.error.contains("was not changed"), "\(refused.error)")
        #expect(refused.output.contains("/project/name: "), "\(refused.output)")
        #expect(folder.read("pyproject.toml").contains("name = 'renamed'"))
    }

    @Test func aFileOrSchemaThatDoesNotReadIsReportedAndLeftAlone() throws {
        let folder = try ScratchFolder()
        try "{\"a\": [1, 2,\n".write(toFile: folder.path("broken.json"), atomically: true, encoding: .utf8)
        try "{}".write(toFile: folder.path("schema.json"), atomically: true, encoding: .utf8)
        let broken = try run([folder.path("broken.json"), "--schema", folder.path("schema.json"), "--check"])
        #expect(broken.status == 3)
        // Where the unclosed array opens, with what is missing.
        #expect(broken.error.contains("broken.json:1:7: "), "\(broken.error)")
        #expect(broken.error.contains("]"), "\(broken.error)")
        try "not json".write(toFile: folder.path("bad-schema.json"), atomically: true, encoding: .utf8)
        try "{}".write(toFile: folder.path("c.json"), atomically: true, encoding: .utf8)
        let badSchema = try run([
            folder.path("c.json"), "--schema", folder.path("bad-schema.json"), "--check",
        ])
        #expect(badSchema.status == 3)
        #expect(badSchema.error.contains("bad-schema.json"), "\(badSchema.error)")
        let cycle =
            "{\"$ref\": \"#/$defs/a\", \"$defs\": {\"a\": {\"$ref\": \"#/$defs/b\"}, \"b\": {\"$ref\": \"#/$defs/a\"}}}"
        try cycle.write(toFile: folder.path("cycle.json"), atomically: true, encoding: .utf8)
        let cyclic = try run([folder.path("c.json"), "--schema", folder.path("cycle.json"), "--check"])
        #expect(cyclic.status == 3, "\(cyclic)")
    }
}
