import FormCore
import FormPersistence
import FormTUI
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
/// Exit statuses: 0 saved, 1 ended without saving, 2 no usable terminal, a bad script or an
/// unwritable recording, 3 a state file that cannot be read (it is left untouched), 4 (set by
/// `OutputFailure` as the command ends) an output that could not be written, 128 + n stopped by
/// signal n.
enum DemoSession {
    static func run<State: Codable & Equatable>(
        options: SessionSettings, stateName: String, defaultState: State,
        adapt: (State) -> State = { $0 },
        makeRoot: @escaping (StateStore<State>, @escaping @Sendable () -> Date) -> Screen,
        makeEditor: @escaping (String, StateStore<State>) -> FormScreen<State>? = { _, _ in nil }
    ) -> Int32 {
        // A bad script or an unwritable recording stops here, before the state is touched.
        let playback: SessionPlayback
        switch SessionPlayback.prepare(options, formName: stateName) {
        case .success(let prepared): playback = prepared
        case .failure(let problem): return fail(problem.message, status: 2)
        }

        let path =
            options.state
            ?? JSONStateFile<State>.defaultPath(
                app: "formtui", name: stateName,
                environment: ProcessEnvironment.values(["XDG_CONFIG_HOME", "HOME"]))
        let file = JSONStateFile<State>(path: path)
        // Before the load: a change after it is another program's (see `StoredChange`).
        let watch = StateFileWatch(path: path)
        let saved: State
        do {
            saved = adapt(try file.load() ?? defaultState)
        } catch {
            return fail("\(error)", status: 3)
        }
        // Another program's write since the load is asked about on the screen; headless and in
        // the line mode the save is refused and says so (see `StoredChange`).
        let asksAboutChanges = !options.headless && !playback.asksLineByLine
        var run = FormRun(saved: saved, options: playback.runOptions()) { makeRoot($0, playback.now) }
        run.persist = {
            if watch.hasChanged { try StoredChange.check(watch, asking: asksAboutChanges, theirs: file.load) }
            try file.save($0)
            watch.update()
        }
        run.keepDrafts(statePath: path, editor: makeEditor)
        guard let outcome = playback.play(run, statePath: path) else { return 2 }
        // As dialog does, a shell script can tell the two endings apart: 0 when something was
        // saved, 1 when the session ended without saving (cancelled, or nothing changed).
        return outcome.status == 0 && !outcome.wroteState ? 1 : outcome.status
    }

    static func fail(_ message: String, status: Int32) -> Int32 {
        StandardStreams.error("formtui: \(message)\n")
        return status
    }
}
