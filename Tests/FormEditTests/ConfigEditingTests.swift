import FormDocument
import FormSchema
import Foundation
import Testing

@testable import FormEdit

/// A configuration file opened, checked against its schema, changed by `--set` and saved: only
/// the changed bytes move, the file keeps its mode, and a file changed on disk is not overwritten.
@Suite struct ConfigEditingTests {
    static let schema: DocumentValue = [
        "type": "object",
        "properties": [
            "name": ["type": "string"],
            "port": ["type": "integer", "maximum": 65535],
            "tags": ["type": "array", "items": ["type": "string"]],
            "server": ["type": "object", "properties": ["host": ["type": "string"]]],
        ],
        "additionalProperties": false,
    ]

    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "formtui-edit-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aFileNamesItsFormatOrItsTextDoes() throws {
        #expect(DocumentFormat(fileName: "a/pyproject.toml") == .toml)
        #expect(DocumentFormat(fileName: "ci.YML") == .yaml)
        #expect(DocumentFormat(fileName: "tsconfig.json") == .json)
        #expect(DocumentFormat(fileName: ".prettierrc") == nil)
        let settings = try Document(
            reading: Array("{\n  // mine\n  \"a\": 1,\n}\n".utf8), fileName: "settings.json")
        #expect(settings.format == .jsonc)
        let rc = try Document(reading: Array("semi: false\n".utf8), fileName: ".prettierrc")
        #expect(rc.format == .yaml)
        #expect(throws: DocumentError.self) {
            try Document(reading: Array("a = [\n".utf8), fileName: "x.toml")
        }
    }

    @Test func aFileSaysWhereItsSchemaIs() throws {
        let json = try Document(reading: Array(#"{"$schema": "./s.json", "a": 1}"#.utf8), fileName: "a.json")
        #expect(ConfigSchemaReference.find(in: json) == "./s.json")
        let yaml = try Document(
            reading: Array("# yaml-language-server: $schema=https://example.com/ci.json\non: push\n".utf8),
            fileName: "ci.yaml")
        #expect(ConfigSchemaReference.find(in: yaml) == "https://example.com/ci.json")
        let toml = try Document(
            reading: Array("#:schema ./pyproject.json\n[project]\n".utf8), fileName: "p.toml")
        #expect(ConfigSchemaReference.find(in: toml) == "./pyproject.json")
        let none = try Document(reading: Array("[project]\n".utf8), fileName: "p.toml")
        #expect(ConfigSchemaReference.find(in: none) == nil)
    }

    @Test func errorsStandOnTheLinesOfWhatTheyAreAbout() throws {
        let text = "{\n  \"name\": 3,\n  \"port\": 70000,\n  \"nme\": \"x\"\n}\n"
        let document = try Document(reading: Array(text.utf8), fileName: "c.json")
        let problems = ConfigProblem.check(document, against: try JSONSchema(Self.schema))
        #expect(problems.count == 3, "\(problems)")
        #expect(problems.contains { $0.line == 2 && $0.column == 3 && $0.message.contains("string") })
        #expect(problems.contains { $0.line == 3 && $0.message.contains("at most 65535") })
        // The key that should not be there: the object's error, placed on the object (line 1).
        #expect(problems.contains { $0.message.contains("nme") }, "\(problems)")
    }

    @Test func aSetValueIsReadAsTheSchemaAsksThere() throws {
        let schema = try JSONSchema(Self.schema)
        var document = try Document(
            reading: Array("{\"name\": \"a\", \"port\": 80}\n".utf8), fileName: "c.json")
        try ConfigSetting(parsing: "/port=8080").apply(to: &document, schema: schema)
        try ConfigSetting(parsing: "/name=123").apply(to: &document, schema: schema)
        #expect(String(decoding: document.bytes, as: UTF8.self) == "{\"name\": \"123\", \"port\": 8080}\n")
        try ConfigSetting(parsing: "/server/host=example.org").apply(to: &document, schema: schema)
        #expect(document.value["server"] == ["host": "example.org"])
        #expect(throws: ConfigError.self) { try ConfigSetting(parsing: "port=1") }
        #expect(throws: ConfigError.self) { try ConfigSetting(parsing: "/port") }
    }

    @Test func aSaveChangesOnlyTheChangedBytesAndKeepsTheFileMode() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/pyproject.toml"
        let text = "# mine\n[tool.ruff]\nline-length = 88   # the default\nselect = [\"E\"]\n"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o640)
        var config = try ConfigFile(path: path)
        try config.document.set(100, at: DocumentPath(pointer: "/tool/ruff/line-length")!)
        try config.save()
        #expect(
            try String(contentsOfFile: path, encoding: .utf8)
                == "# mine\n[tool.ruff]\nline-length = 100   # the default\nselect = [\"E\"]\n")
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o640)
    }

    @Test func aFileChangedOnDiskSinceItWasReadIsNotOverwritten() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/c.json"
        try "{\"port\": 80}\n".write(toFile: path, atomically: false, encoding: .utf8)
        var config = try ConfigFile(path: path)
        try config.document.set(81, at: DocumentPath(pointer: "/port")!)
        // Another program's atomic write: a new file under the same name.
        try "{\"port\": 90}\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(!config.isUnchangedOnDisk)
        #expect(throws: ConfigError.self) { try config.save() }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"port\": 90}\n")
        try config.save(overwrite: true)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"port\": 81}\n")
    }

    @Test func aFolderOrAHugeFileIsRefusedWithAClearMessage() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect {
            try ConfigFile(path: folder)
        } throws: { error in
            (error as? ConfigError)?.message.contains("it is a folder") == true
        }
        let missing = try ConfigFile(path: folder + "/new.json")
        #expect(!missing.exists && missing.document.value == [:])
    }

    @Test func aCatalogMatchesFilesByTheirNames() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let catalog = """
            {"schemas": [{"name": "PyProject", "fileMatch": ["pyproject.toml"],
              "url": "https://json.schemastore.org/pyproject.json"},
             {"name": "tsconfig", "fileMatch": ["tsconfig*.json"], "url": "https://www.schemastore.org/tsconfig.json"}]}
            """
        try catalog.write(toFile: folder + "/catalog.json", atomically: true, encoding: .utf8)
        try "{}".write(toFile: folder + "/pyproject.json", atomically: true, encoding: .utf8)
        let found = try SchemaCatalogFolder(path: folder)
        #expect(
            found.url(forFile: "/home/ada/work/pyproject.toml")
                == "https://json.schemastore.org/pyproject.json")
        #expect(found.url(forFile: "tsconfig.build.json") == "https://www.schemastore.org/tsconfig.json")
        #expect(found.url(forFile: "Cargo.toml") == nil)
        #expect(
            found.file(forURL: "https://json.schemastore.org/pyproject.json") == folder + "/pyproject.json")
        #expect(found.file(forURL: "https://www.schemastore.org/tsconfig.json") == nil)
    }
}
