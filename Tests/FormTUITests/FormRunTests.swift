import FormTUI
import Foundation
import Testing

/// `Form.run`, played headless: the same run as in the terminal, from a key script.
@Suite struct FormRunTests {
    private func headless(_ script: String, keepsDrafts: Bool = true) -> FormRunOptions {
        FormRunOptions(keepsDrafts: keepsDrafts, display: .headless(script: script))
    }

    /// A folder of its own for each test, removed after it.
    private func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "formtui-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    @Test func savedAnswersTheStateAsSaved() throws {
        let result = try hotspotForm().run(
            state: Hotspot(), options: headless("space down enter \"12345678\" enter ctrl-s"))
        #expect(result == .saved(Hotspot(enabled: true, password: "12345678")))
    }

    @Test func escapeAndTheScriptsEndAreCancellations() throws {
        #expect(try hotspotForm().run(state: Hotspot(), options: headless("esc")) == .cancelled)
        #expect(try hotspotForm().run(state: Hotspot(), options: headless("space esc y")) == .cancelled)
        #expect(try hotspotForm().run(state: Hotspot(), options: headless("space")) == .cancelled)
    }

    @Test func aSaveWithoutChangesIsSaved() throws {
        let start = Hotspot(enabled: true, password: "12345678")
        #expect(try hotspotForm().run(state: start, options: headless("ctrl-s")) == .saved(start))
    }

    @Test func theKeyMapIsTheOneGiven() throws {
        var options = headless("ctrl-s")
        options.keyMap.rebind(.save, to: [.control("w")])
        #expect(
            try hotspotForm().run(state: Hotspot(), options: options) == .cancelled, "Ctrl-S saves no more")
        options.display = .headless(script: "ctrl-w")
        #expect(try hotspotForm().run(state: Hotspot(), options: options) == .saved(Hotspot()))
    }

    @Test func aBadScriptThrowsBeforeAnythingRuns() throws {
        #expect(throws: (any Error).self) {
            try hotspotForm().run(state: Hotspot(), options: headless("space ctrl-s \"unclosed"))
        }
    }

    @Test func aFileIsReadThenWrittenAtomicallyOnSave() throws {
        try withFolder { folder throws in
            let path = folder.appendingPathComponent("hotspot.json").path
            let first = try hotspotForm().run(
                savingTo: path, defaults: Hotspot(networkName: "Lab"),
                options: headless("space down enter \"12345678\" enter ctrl-s"))
            #expect(first == .saved(Hotspot(enabled: true, password: "12345678", networkName: "Lab")))
            #expect(try JSONStateFile<Hotspot>(path: path).load() == first.savedState)
            // The next run starts from the file, not from the defaults.
            let second = try hotspotForm().run(
                savingTo: folder.appendingPathComponent("hotspot.json"), defaults: Hotspot(),
                options: headless("space ctrl-s"))
            #expect(second == .saved(Hotspot(enabled: false, password: "12345678", networkName: "Lab")))
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(names == ["hotspot.json"], "no temporary file, no journal from a script: \(names)")
        }
    }

    @Test func aCancelledRunWritesNothing() throws {
        try withFolder { folder throws in
            let path = folder.appendingPathComponent("hotspot.json").path
            #expect(
                try hotspotForm().run(savingTo: path, defaults: Hotspot(), options: headless("space"))
                    == .cancelled)
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test func anUnreadableFileThrowsAndIsLeftAlone() throws {
        try withFolder { folder throws in
            let path = folder.appendingPathComponent("hotspot.json").path
            try "{ not json".write(toFile: path, atomically: true, encoding: .utf8)
            #expect(throws: StateFileError.self) {
                try hotspotForm().run(savingTo: path, defaults: Hotspot(), options: headless("ctrl-s"))
            }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "{ not json")
        }
    }

    @Test func theAsyncRunIsTheSameRun() async throws {
        let result = try await hotspotForm().run(state: Hotspot(), options: headless("space esc y"))
        #expect(result == .cancelled)
        let saved = try await hotspotForm().run(
            state: Hotspot(enabled: true, password: "12345678"), options: headless("down down \"!\" ctrl-s"))
        #expect(saved.savedState?.networkName == "My Phone!")
    }

    @Test func aCancelledTaskEndsTheRunUnsaved() async throws {
        let ready = Hotspot(password: "12345678")
        // The form is made outside the task and sent into it (used nowhere else): Swift 6 lets
        // a value that is not Sendable go to one task.
        let form = hotspotForm()
        let started = Task {
            // Cancelled before the run starts, so that nothing races: a run that never looked
            // at cancellation would play the script and save.
            withUnsafeCurrentTask { $0?.cancel() }
            return try await form.run(state: ready, options: headless("space ctrl-s"))
        }
        #expect(try await started.value == .cancelled)
        let uncancelled = Task {
            try await hotspotForm().run(state: ready, options: headless("space ctrl-s"))
        }
        #expect(try await uncancelled.value == .saved(Hotspot(enabled: true, password: "12345678")))
    }

    @MainActor @Test func runsFromTheMainActor() async throws {
        let form = hotspotForm()
        let result = try await form.run(
            state: Hotspot(password: "12345678"), options: headless("space ctrl-s"))
        #expect(result == .saved(Hotspot(enabled: true, password: "12345678")))
    }
}
