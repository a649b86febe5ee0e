import Foundation
import Testing

@testable import FormPersistence

#if canImport(Glibc)
    import Glibc
#endif

private struct Note: Codable, Equatable {
    var text: String
    var tags: [String] = []
    var nested: [String: Int] = [:]
}

@Suite("JSONStateFile: Codable state in a JSON file, written atomically")
struct JSONStateFileTests {
    @Test("A missing file loads as nil")
    func missingFile() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.path
        let file = JSONStateFile<Flags>(path: folder + "/state.json")
        #expect(try file.load() == nil)
        #expect(try names(in: folder).isEmpty)
    }

    @Test("Save then load gives the same state back, also after a second save")
    func roundTrip() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.path
        let file = JSONStateFile<Flags>(path: folder + "/state.json")
        try file.save(Flags(a: true, b: false))
        #expect(try file.load() == Flags(a: true, b: false))
        try file.save(Flags(a: false, b: true))
        #expect(try file.load() == Flags(a: false, b: true))
    }

    @Test("The file is pretty JSON: sorted keys, \"key\": value, two-space indent, a final newline")
    func exactText() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.path
        let path = folder + "/state.json"
        try JSONStateFile<Flags>(path: path).save(Flags(a: true, b: false))
        #expect(try text(at: path) == "{\n  \"a\": true,\n  \"b\": false\n}\n")
    }

    @Test("Nested arrays and objects are indented by level; empty ones stay on one line")
    func nestedText() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.path
        let path = folder + "/note.json"
        let file = JSONStateFile<Note>(path: path)
        let note = Note(text: "hi", tags: ["x", "y"], nested: ["k": 1])
        try file.save(note)
        #expect(
            try text(at: path)
                == "{\n  \"nested\": {\n    \"k\": 1\n  },\n  \"tags\": [\n    \"x\",\n    \"y\"\n  ],\n  \"text\": \"hi\"\n}\n"
        )
        #expect(try file.load() == note)

        try file.save(Note(text: ""))
        #expect(try text(at: path) == "{\n  \"nested\": {},\n  \"tags\": [],\n  \"text\": \"\"\n}\n")
    }

    @Test("Strings holding braces, commas, colons, quotes, backslashes and slashes are kept intact")
    func trickyStrings() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.path
        let path = folder + "/note.json"
        let file = JSONStateFile<Note>(path: path)
        let tricky = "a{b}[c],d: \"e\" \\ f/g\n{\"x\": 1}"
        let note = Note(text: tricky, tags: ["\\", "\"", "\\\"", ",", "{", "]"], nested: ["a: b, {c}": 2])
        try file.save(note)
        #expect(try file.load() == note)
        let saved = try text(at: path)
        #expect(saved.contains(#""text": "a{b}[c],d: \"e\" \\ f/g\n{\"x\": 1}""#))
        #expect(saved.contains(#""a: b, {c}": 2"#))
    }

    @Test("A new file is laid out two spaces a level, with string contents untouched")
    func prettyText() throws {
        #expect(
            try StateDocument.pretty(compact: Array(#"{"a":"x,{y}:z","b":[1,{"c":"\"}"}]}"#.utf8))
                == Array(
                    """
                    {
                      "a": "x,{y}:z",
                      "b": [
                        1,
                        {
                          "c": "\\"}"
                        }
                      ]
                    }

                    """.utf8))
        #expect(try StateDocument.pretty(compact: Array("[]".utf8)) == Array("[]\n".utf8))
        #expect(try StateDocument.pretty(compact: Array("{}".utf8)) == Array("{}\n".utf8))
        #expect(
            try StateDocument.pretty(compact: Array(#"{"s":"a\\"}"#.utf8))
                == Array("{\n  \"s\": \"a\\\\\"\n}\n".utf8))
    }

    @Test("The file gets mode 0600, even over a file that had wider permissions")
    func fileMode() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.path
        let path = folder + "/state.json"
        let file = JSONStateFile<Flags>(path: path)
        try file.save(Flags(a: true, b: true))
        #expect(mode(of: path) == 0o600)

        chmod(path, 0o644)
        #expect(mode(of: path) == 0o644)
        try file.save(Flags(a: false, b: true))
        #expect(mode(of: path) == 0o600)
    }

    @Test("A missing folder is created (mode 0700), parents too")
    func createsFolder() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.path
        let path = folder + "/config/formtui/state.json"
        let file = JSONStateFile<Flags>(path: path)
        try file.save(Flags(a: true, b: false))
        #expect(try file.load() == Flags(a: true, b: false))
        #expect(mode(of: folder + "/config/formtui") == 0o700)
    }

    @Test("A file that does not parse throws .corrupt naming the path, and is left byte for byte")
    func corruptFile() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.path
        let path = folder + "/state.json"
        try write(Array("{oops".utf8), to: path)
        let file = JSONStateFile<Flags>(path: path)
        let error = try #require(stateFileError { _ = try file.load() })
        guard case .corrupt(let errorPath, let reason) = error else {
            Issue.record("expected .corrupt, got \(error)")
            return
        }
        #expect(errorPath == path)
        #expect(!reason.isEmpty)
        #expect(error.description.contains(path))
        #expect(error.description.contains("left unchanged"))
        #expect(try bytes(at: path) == Array("{oops".utf8))
        #expect(try names(in: folder) == ["state.json"])
    }

    @Test("Valid JSON of the wrong shape is .corrupt and says what is wrong")
    func wrongShape() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.path
        let path = folder + "/state.json"
        let file = JSONStateFile<Flags>(path: path)

        try write(Array(#"{"a": true}"#.utf8), to: path)
        #expect(stateFileError { _ = try file.load() } == .corrupt(path: path, reason: "missing \"b\""))

        try write(Array(#"{"a": true, "b": "yes"}"#.utf8), to: path)
        #expect(
            stateFileError { _ = try file.load() }
                == .corrupt(path: path, reason: "\"b\" should be true or false"))
        #expect(try bytes(at: path) == Array(#"{"a": true, "b": "yes"}"#.utf8))
    }

    @Test("Bytes that are not UTF-8 throw .corrupt saying so, and are left as they are")
    func notUTF8() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.path
        let path = folder + "/state.json"
        let garbage: [UInt8] = [0x7B, 0xFF, 0xFE, 0xC3, 0x28, 0x7D]
        try write(garbage, to: path)
        let error = stateFileError { _ = try JSONStateFile<Flags>(path: path).load() }
        guard case .corrupt(let errorPath, let reason)? = error else {
            Issue.record("expected .corrupt, got \(String(describing: error))")
            return
        }
        #expect(errorPath == path)
        #expect(reason.contains("UTF-8"))
        #expect(try bytes(at: path) == garbage)
    }

    @Test("A folder where the file should be is .unreadable")
    func folderInPlace() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.path
        let path = folder + "/state.json"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let error = stateFileError { _ = try JSONStateFile<Flags>(path: path).load() }
        guard case .unreadable(let errorPath, _)? = error else {
            Issue.record("expected .unreadable, got \(String(describing: error))")
            return
        }
        #expect(errorPath == path)
    }

    @Test("A save whose folder is a regular file throws .unwritable and leaves that file as it was")
    func unwritableParent() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.path
        let blocker = folder + "/blocker"
        try write(Array("keep me".utf8), to: blocker)
        for path in [blocker + "/state.json", blocker + "/sub/state.json"] {
            let error = stateFileError { try JSONStateFile<Flags>(path: path).save(Flags(a: true, b: true)) }
            guard case .unwritable(let errorPath, let reason)? = error else {
                Issue.record("expected .unwritable for \(path), got \(String(describing: error))")
                continue
            }
            #expect(errorPath == path)
            #expect(!reason.isEmpty)
            #expect(error?.description.hasSuffix("; \(path) is unchanged") == true)
        }
        #expect(try bytes(at: blocker) == Array("keep me".utf8))
        #expect(try names(in: folder) == ["blocker"])
    }

    @Test(
        "A save that cannot replace the target throws .unwritable, keeps the target, leaves no temporary file"
    )
    func unwritableTarget() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.path
        // A non-empty folder in the file's place: the rename over it fails.
        let path = folder + "/state.json"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try write(Array("old".utf8), to: path + "/inside")
        let error = stateFileError { try JSONStateFile<Flags>(path: path).save(Flags(a: true, b: true)) }
        guard case .unwritable(let errorPath, _)? = error else {
            Issue.record("expected .unwritable, got \(String(describing: error))")
            return
        }
        #expect(errorPath == path)
        #expect(try bytes(at: path + "/inside") == Array("old".utf8))
        #expect(try names(in: folder) == ["state.json"])
    }

    @Test("No temporary file is left next to the state file after saves")
    func noTemporaryFiles() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let folder = temporary.path
        let file = JSONStateFile<Flags>(path: folder + "/state.json")
        for round in 0..<5 { try file.save(Flags(a: round % 2 == 0, b: true)) }
        #expect(try names(in: folder) == ["state.json"])
    }

    @Test("StateFileError descriptions name the file and the problem")
    func descriptionNamesPath() {
        let error = StateFileError.corrupt(path: "/x/state.json", reason: "bad")
        #expect(
            error.description
                == "/x/state.json is not a valid state file (bad); fix it or move it away, it was left unchanged"
        )
        #expect(StateFileError.unreadable(path: "/p", reason: "r").description == "cannot read /p: r")
        #expect(StateFileError.unwritable(path: "/p", reason: "r").description == "r; /p is unchanged")
    }

    @Test("defaultPath uses an absolute XDG_CONFIG_HOME, else HOME/.config")
    func defaultPath() {
        let path = JSONStateFile<Flags>.defaultPath
        #expect(
            path("formtui", "prefs.json", ["XDG_CONFIG_HOME": "/xdg", "HOME": "/home/me"])
                == "/xdg/formtui/prefs.json")
        #expect(
            path("formtui", "prefs.json", ["XDG_CONFIG_HOME": "rel/xdg", "HOME": "/home/me"])
                == "/home/me/.config/formtui/prefs.json")
        #expect(
            path("formtui", "prefs.json", ["XDG_CONFIG_HOME": "", "HOME": "/home/me"])
                == "/home/me/.config/formtui/prefs.json")
        #expect(path("formtui", "prefs.json", ["HOME": "/home/me"]) == "/home/me/.config/formtui/prefs.json")
    }
}
