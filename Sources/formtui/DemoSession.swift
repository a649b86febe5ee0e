import FormCore
import FormPersistence
import FormTerminal
import FormUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Runs one demo: loads its state, builds its root screen, and plays it in the terminal or
/// headless. Returns the exit status.
///
/// `adapt` fits the loaded state to the session (a shorter `large` form drops rows past its end).
///
/// Exit statuses: 0 done, 2 no usable terminal or a bad script, 3 a state file that cannot be
/// read (it is left untouched), 128 + n stopped by signal n.
enum DemoSession {
    static func run<State: Codable & Equatable>(
        options: SessionOptions, stateName: String, defaultState: State,
        adapt: (State) -> State = { $0 }, makeRoot: (StateStore<State>) -> Screen
    ) throws -> Int32 {
        let path =
            options.state
            ?? JSONStateFile<State>.defaultPath(
                app: "formtui", name: stateName, environment: ProcessInfo.processInfo.environment)
        let file = JSONStateFile<State>(path: path)
        let saved: State
        do {
            saved = adapt(try file.load() ?? defaultState)
        } catch {
            return fail("\(error)", status: 3)
        }
        let store = StateStore(saved) { try file.save($0) }

        var steps: [ScriptStep]?
        if let scriptPath = options.script {
            switch readScript(at: scriptPath) {
            case .success(let parsed): steps = parsed
            case .failure(let message): return fail(message, status: 2)
            }
        }

        let app = App(root: makeRoot(store))
        if options.headless, let steps {
            let display = HeadlessDisplay(size: options.screenSize) { text in
                StandardStreams.output(text + "\n")
            }
            return app.run(display: display, input: ScriptInput(steps: steps))
        }

        let terminal: NcursesTerminal
        do {
            terminal = try NcursesTerminal()
        } catch {
            return fail(error.message, status: 2)
        }
        defer { terminal.stop() }
        if let steps {
            let input = ScriptInput(
                steps: steps, keyDelay: .milliseconds(options.keyDelay), honorsWaits: true)
            return app.run(display: terminal, input: input)
        }
        return app.run(display: terminal, input: terminal)
    }

    private enum ScriptResult {
        case success([ScriptStep])
        case failure(String)
    }

    private static func readScript(at path: String) -> ScriptResult {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure("cannot read the script \(path)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure("the script \(path) is not UTF-8 text")
        }
        do {
            return .success(try KeyScript.parse(text))
        } catch {
            return .failure("script \(path), \(error)")
        }
    }

    private static func fail(_ message: String, status: Int32) -> Int32 {
        StandardStreams.error("formtui: \(message)\n")
        return status
    }
}
