import Foundation
import Testing

/// `formtui edit` on bad input: each gets a clear message, exit status 3 where nothing can be
/// edited, and the file left byte for byte as it was. A schema that cannot be used still opens
/// the file, as a form of its values with the reason at the top.
struct EditBadInputTests {
    static let settings = "// mine\n{\n  \"size\": 14,  // points\n  \"theme\": \"dark\"\n}\n"

    func run(_ arguments: [String], in folder: ScratchFolder, keys: String? = nil) throws -> (
        status: Int32, output: String, error: String
    ) {
        var arguments = ["edit"] + arguments
        if let keys {
            try keys.write(toFile: folder.path("keys"), atomically: true, encoding: .utf8)
            arguments += ["--headless", "--size", "80x12", "--script", folder.path("keys")]
        }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = folder.path("state")
        let result = try TmuxHarness.runProcess(
            try TmuxHarness.formtuiBinary(), arguments, environment: environment, timeout: .seconds(30))
        return (result.status, result.output, result.error)
    }

    private func write(_ text: String, _ name: String, in folder: ScratchFolder) throws {
        try text.write(toFile: folder.path(name), atomically: true, encoding: .utf8)
    }

    @Test("a schema that is not JSON, a $ref to nowhere, a cycle: said, and the file still opens")
    func unusableSchemas() throws {
        let folder = try ScratchFolder()
        try write(Self.settings, "settings.json", in: folder)
        let schemas = [
            (
                "not-json.json", "{\"type\": \"object\",\n  properties: {}}",
                "not-json.json does not read: 2:3: "
            ),
            ("cut.json", "{\"type\": \"object\",\n  \"properties\": {", "cut.json does not read: 2:17: "),
            (
                "nowhere.json", "{\"$ref\": \"missing.json#/$defs/x\"}",
                "`missing.json#/$defs/x` cannot be resolved"
            ),
            (
                "cycle.json",
                "{\"$ref\": \"#/$defs/a\", \"$defs\": {\"a\": {\"$ref\": \"#/$defs/b\"}, \"b\": {\"$ref\": \"#/$defs/a\"}}}",
                "loop back to"
            ),
        ]
        for (name, text, said) in schemas {
            try write(text, name, in: folder)
            let check = try run(
                [folder.path("settings.json"), "--schema", folder.path(name), "--check"], in: folder)
            #expect(check.status == 3, "\(name): \(check)")
            // A cycle compiles, and is an error of the file against it: on standard output.
            #expect((check.error + check.output).contains(said), "\(name): \(check)")
            let form = try run(
                [folder.path("settings.json"), "--schema", folder.path(name)], in: folder, keys: "snapshot")
            #expect(form.status == 1, "\(name): \(form.error)")
            let note = name == "cycle.json" ? "loop back" : "The form shows the values"
            // The note as one line, however the screen's width wrapped it.
            let screen = form.output.replacingOccurrences(of: "\n  ", with: " ")
            #expect(screen.contains(note), "\(name): \(form.output)")
            #expect(form.output.contains("size") && form.output.contains("14"), "\(name): \(form.output)")
            #expect(folder.read("settings.json") == Self.settings)
        }
    }

    @Test(
        "a document that does not parse: its line and column, exit 3, untouched",
        arguments: [
            ("broken.toml", "[tool]\nname = \"a\"\nline-length = = 3\n", "broken.toml:3:"),
            ("broken.yaml", "name: a\nlist: [1, 2\nport: 3\n", "broken.yaml:"),
            ("broken.json", "{\n  \"a\": 1,\n  \"b\": tru\n}\n", "broken.json:3:8: "),
        ])
    func aDocumentThatDoesNotParse(name: String, text: String, said: String) throws {
        let folder = try ScratchFolder()
        try write(text, name, in: folder)
        for keys in [nil, "ctrl-s"] {
            let result = try run([folder.path(name)], in: folder, keys: keys)
            #expect(result.status == 3, "\(result)")
            #expect(result.error.contains(said), "\(result.error)")
            #expect(
                result.error.range(of: #":\d+:\d+: "#, options: .regularExpression) != nil, "\(result.error)")
            #expect(result.output.isEmpty)
            #expect(folder.read(name) == text)
        }
    }

    @Test func aHundredMegabyteFileIsRefusedBeforeItIsRead() throws {
        let folder = try ScratchFolder()
        let path = folder.path("huge.json")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("{".utf8)))
        #expect(truncate(path, 100 << 20) == 0)
        let started = ContinuousClock.now
        let result = try run([path], in: folder, keys: "ctrl-s")
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(result.status == 3)
        #expect(result.error.contains("huge.json is 100 MB, over the limit of 64 MB"), "\(result.error)")
        let info = try FileManager.default.attributesOfItem(atPath: path)
        #expect((info[.size] as? Int) == 100 << 20)
    }

    @Test func aReadOnlyFileOpensSaysSoAndIsNotWritten() throws {
        let folder = try ScratchFolder()
        try write(Self.settings, "settings.json", in: folder)
        #expect(chmod(folder.path("settings.json"), 0o444) == 0)
        let result = try run(
            [folder.path("settings.json")], in: folder, keys: "snapshot ctrl-u \"20\" ctrl-s snapshot")
        #expect(result.status == 1, "\(result.error)")
        #expect(result.output.contains("is read-only: you can look, but not change it."))
        // Neither the typing nor the save gets as far as the file: the keys are refused.
        #expect(result.output.contains(" settings.json is read-only.\n"), "\(result.output)")
        #expect(!result.output.contains("Not saved: "))
        let focused = result.output.split(separator: "\n").filter { $0.hasPrefix("> ") }
        #expect(focused.count == 2 && focused.allSatisfy { $0.hasSuffix(" 14") }, "\(focused)")
        #expect(folder.read("settings.json") == Self.settings)
    }

    @Test func aFileThatDoesNotExistIsMadeFromTheSchemasDefaults() throws {
        let folder = try ScratchFolder()
        try write(
            """
            {"type": "object", "properties": {
              "size": {"type": "integer", "default": 12},
              "editor": {"type": "object", "properties": {"tabs": {"type": "boolean", "default": false},
                "font": {"type": "string"}}},
              "empty": {"type": "object", "properties": {"x": {"type": "string"}}}}}
            """, "schema.json", in: folder)
        let result = try run(
            [folder.path("new.toml"), "--schema", folder.path("schema.json")], in: folder,
            keys: "snapshot ctrl-s")
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.output.contains(
                "new.toml does not exist yet: Ctrl-S creates\n  it with the schema's defaults."))
        #expect(folder.read("new.toml") == "size = 12\n\n[editor]\ntabs = false\n")
        // With no schema: a form of nothing, said, and an empty file of its format.
        let bare = try run([folder.path("new.json")], in: folder, keys: "snapshot ctrl-s")
        #expect(bare.output.contains("No schema names this file"), "\(bare.output)")
        #expect(bare.output.contains("new.json does\n  not exist yet: Ctrl-S creates it."), "\(bare.output)")
        #expect(bare.status == 0)
        #expect(folder.read("new.json") == "{}\n")
    }

    @Test func withNoSchemaTheFormShowsTheValuesTheFileHoldsAndSaysSo() throws {
        let folder = try ScratchFolder()
        try write(Self.settings, "settings.json", in: folder)
        let result = try run(
            [folder.path("settings.json")], in: folder, keys: "snapshot ctrl-u \"16\" ctrl-s")
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("No schema names this file: the form shows the values it holds."))
        #expect(result.output.contains("theme") && result.output.contains("dark"))
        #expect(folder.read("settings.json") == Self.settings.replacingOccurrences(of: "14", with: "16"))
    }
}

/// A full disk during a save, on a small tmpfs of its own (mounting needs root; elsewhere the
/// test is skipped and says so): the file is left intact and the save says why.
@Suite(.enabled(if: FullDisk.canMount, "mounting a tmpfs needs root"))
struct EditFullDiskTests {
    @Test func aSaveOnAFullDiskLeavesTheFileIntact() throws {
        let disk = try FullDisk()
        defer { disk.unmount() }
        let text = "{\"size\": 14, \"pad\": \"" + String(repeating: "x", count: 5_000) + "\"}\n"
        try text.write(toFile: disk.path + "/settings.json", atomically: false, encoding: .utf8)
        disk.fill()
        let folder = try ScratchFolder()
        try "ctrl-u \"20\" ctrl-s snapshot".write(
            toFile: folder.path("keys"), atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = folder.path("state")
        let result = try TmuxHarness.runProcess(
            try TmuxHarness.formtuiBinary(),
            ["edit", disk.path + "/settings.json", "--headless", "--script", folder.path("keys")],
            environment: environment, timeout: .seconds(30))
        #expect(result.status == 1)
        #expect(result.output.contains("Not saved: No space left on device"), "\(result.output)")
        #expect(try String(contentsOfFile: disk.path + "/settings.json", encoding: .utf8) == text)
        let left = try FileManager.default.contentsOfDirectory(atPath: disk.path).sorted()
        #expect(left == ["filler", "settings.json"], "no temporary file is left behind")
    }
}

/// A 16 KB tmpfs, mounted for one test and unmounted after it.
struct FullDisk {
    let path: String

    static let canMount: Bool = {
        guard getuid() == 0 else { return false }
        guard let disk = try? FullDisk() else { return false }
        disk.unmount()
        return true
    }()

    init() throws {
        path =
            FileManager.default.temporaryDirectory.appendingPathComponent("formtui-full-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard Self.mount(["-t", "tmpfs", "-o", "size=16k", "tmpfs", path]) else {
            try? FileManager.default.removeItem(atPath: path)
            throw TmuxHarness.Failure(description: "mount -t tmpfs failed")
        }
    }

    /// Takes every block left.
    func fill() {
        let filler = path + "/filler"
        guard FileManager.default.createFile(atPath: filler, contents: nil) else { return }
        guard let handle = FileHandle(forWritingAtPath: filler) else { return }
        defer { try? handle.close() }
        let block = Data(repeating: 0, count: 1024)
        for _ in 0..<64 { guard (try? handle.write(contentsOf: block)) != nil else { break } }
    }

    func unmount() {
        _ = Self.run("/bin/umount", [path])
        try? FileManager.default.removeItem(atPath: path)
    }

    private static func mount(_ arguments: [String]) -> Bool { run("/bin/mount", arguments) }

    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
