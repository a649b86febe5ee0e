import FormCore
import FormTerminal
import FormUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// One run of a form: the state it opens with, where a save goes, whether a journal of unsaved
/// changes is kept, and its first screen; then that screen shown in the terminal (whole or
/// inline, with a key script played first if one is given), asked line by line, or played
/// headless, and how it ended. `Form.run` and every `formtui` command run through this one
/// runner, so the library and the command line show, journal and record a form the same way.
package struct FormRun<State: Equatable> {
    /// How a run ended: its exit status (0 left after a save, 1 left without, 128 + N stopped
    /// by signal N), whether the form was saved (Ctrl-S, or Save in the line mode, even with
    /// nothing changed) and whether the state was written (a change saved, from any screen).
    package struct Outcome {
        package var status: Int32
        package var didSave: Bool
        package var wroteState: Bool
        package var saved: State

        package var result: FormResult<State> {
            FormResult(status: status, didSave: didSave, saved: saved)
        }
    }

    /// Why a run could not start: no terminal to draw on, a script's mistake, no line mode.
    package enum StartError: Error {
        case terminal(TerminalStartError)
        case script(KeyScriptError)
        /// The line mode asks a form's rows; this run's first screen is not a form.
        case noLineMode

        /// The error `Form.run` throws for it: the terminal's or the script's.
        var underlying: any Error {
            switch self {
            case .terminal(let error): error
            case .script(let error): error
            case .noLineMode: self
            }
        }

        package var message: String {
            switch self {
            case .terminal(let error): error.message
            case .script(let error): "\(error.line):\(error.column): \(error.message)"
            case .noLineMode: "this form's first screen is not a form, so it has no line mode"
            }
        }
    }

    let saved: State
    let options: FormRunOptions
    var endsOnCancellation = false
    package var persist: (State) throws -> Void = { _ in }
    /// The first screen, over the run's store.
    package var makeRoot: (StateStore<State>) -> Screen
    /// Keeps the journal of the run's unsaved changes and offers an earlier run's; nil when
    /// there is no file to keep one beside. Only a person's session keeps one: a script replays
    /// the same way every time.
    package var attachDrafts: ((App, StateStore<State>) -> Void)?
    /// The same for the line mode: what the session holds while it runs.
    package var attachLineDrafts: ((AccessibleSession<State>) -> DraftRecovery.Hold)?
    /// Where a headless run's snapshots go: standard output, or a test's list.
    package var printSnapshot: (String) -> Void = { FormRunOutput.standardOutput($0 + "\n") }
    /// Told the path of an SVG snapshot that could not be written (after it is said on standard
    /// error): the command line ends such a run with its own status.
    package var snapshotUnwritten: (String) -> Void = { _ in }
    /// Where an asciicast of the session goes, a line at a time: in a terminal what was sent to it,
    /// headless each frame as ANSI text.
    package var recording: ((String) -> Void)?
    /// Given what the run made (its app, store and screens) as it ends, for a command that exits
    /// next to leave their freeing to the process's end (a 100,000-row form takes 0.3 s to free).
    package var keep: (Any) -> Void = { _ in }
    /// Runs when the app has ended, before the terminal is given back.
    package var ended: (Outcome) -> Void = { _ in }

    package init(
        saved: State, options: FormRunOptions, endsOnCancellation: Bool = false,
        makeRoot: @escaping (StateStore<State>) -> Screen
    ) {
        self.saved = saved
        self.options = options
        self.endsOnCancellation = endsOnCancellation
        self.makeRoot = makeRoot
    }

    package init(form: Form<State>, saved: State, options: FormRunOptions, endsOnCancellation: Bool = false) {
        let keyMap = options.keyMap
        self.init(saved: saved, options: options, endsOnCancellation: endsOnCancellation) {
            FormScreen(form: form, store: $0, mode: .edit, keyMap: keyMap)
        }
    }

    /// `run()` as `Form.run` gives it: the result, or the terminal's or the script's error.
    package func result() throws -> FormResult<State> {
        do {
            return try run().result
        } catch {
            throw error.underlying
        }
    }

    package func run() throws(StartError) -> Outcome {
        switch options.display.kind {
        case .accessible: return try runLineByLine()
        case .terminal, .inline:
            let environment = ProcessInfo.processInfo.environment
            // A terminal that cannot be drawn on, or a person who asked: the same form, line by line.
            if options.followsAccessibleEnvironment
                && AccessibleMode.isChosen(
                    requested: false, scripted: options.script != nil, environment: environment)
            {
                return try runLineByLine()
            }
            do {
                guard case .inline(let height) = options.display.kind else {
                    return try runInTerminal(environment: environment)
                }
                return try runInTerminal(environment: environment, inlineHeight: height)
            } catch {
                throw .terminal(error)
            }
        case .headless(let text, let size):
            let script: ParsedKeyScript
            if let parsed = options.script {
                script = parsed
            } else {
                do { script = try KeyScript.read(text) } catch { throw .script(error) }
            }
            return runHeadless(script: script, size: size)
        }
    }

    private func runInTerminal(
        environment: [String: String], inlineHeight: InlineHeight? = nil
    ) throws(TerminalStartError) -> Outcome {
        let theme =
            options.theme
            ?? .preferred(environment: environment, spec: options.specTheme) {
                Theme.terminalBackground(
                    environment: environment, onControllingTerminal: options.drawsOnControllingTerminal)
            }
        if let inlineHeight {
            let terminal = try InlineTerminal(
                height: inlineHeight, environment: environment, theme: theme,
                drawsOnControllingTerminal: options.drawsOnControllingTerminal, mouse: options.mouse)
            var summary: String?
            defer { terminal.stop(summary: summary) }
            let outcome = run(in: terminal, size: { [unowned terminal] in terminal.size })
            if options.keepsInlineSummary {
                summary = Self.summary(
                    of: outcome.outcome, title: outcome.title, asciiOnly: terminal.showsASCIIOnly)
            }
            return outcome.outcome
        }
        let terminal = try NcursesTerminal(
            environment: environment, theme: theme,
            drawsOnControllingTerminal: options.drawsOnControllingTerminal, mouse: options.mouse)
        defer { terminal.stop() }
        return run(in: terminal, size: { [unowned terminal] in terminal.size }).outcome
    }

    /// The form in a terminal: the script played first when there is one, then the person's.
    private func run(
        in terminal: some TerminalDisplay & InputSource & ObservedOutput, size: @escaping () -> Size
    ) -> (outcome: Outcome, title: String) {
        let (store, saves) = makeStore()
        let root = makeRoot(store)
        let app = App(root: root)
        if let recording {
            // What was sent to the terminal, byte for byte: what a viewer sees is what the person saw.
            terminal.outputObserver = FormRunOutput.recorder(into: recording, size: size)
        }
        if endsOnCancellation { app.idleTasks.append(CancellationWatch(app: app)) }
        var input: InputSource = terminal
        var playback: PlaybackInput?
        if let script = options.script {
            let scripted = PlaybackInput(
                steps: script.steps, live: terminal, keyDelay: options.keyDelay,
                exitsAtEnd: options.exitsAtEndOfScript
            ) { reason in
                app.show(message: reason.message, isError: false)
            }
            input = scripted
            playback = scripted
        } else if options.keepsDrafts {
            attachDrafts?(app, store)
        }
        let status = HangUp.status(after: app.run(display: terminal, input: input), app: app)
        keep((app, store, root))
        let outcome = ending(status: status, root: root, store: store, saves: saves)
        ended(outcome)
        // Once the person took over, how the form was left is their doing, not the script's.
        if let playback, playback.handedOver == nil { Self.warnOfUnsavedChanges(in: app) }
        return (outcome, app.stack.first?.title ?? "formtui")
    }

    /// Asked on standard input (or `answersDescriptor`) and standard error; over a state file,
    /// with the same journal of unsaved answers (written after each) and the same offer to resume
    /// as on the screen.
    private func runLineByLine() throws(StartError) -> Outcome {
        let (store, saves) = makeStore()
        guard let screen = makeRoot(store) as? FormScreen<State> else { throw .noLineMode }
        let descriptor = options.answersDescriptor
        let session = AccessibleSession(
            screen: screen, input: StandardLines(descriptor: descriptor),
            output: StandardErrorLines.questions(forAnswersFrom: descriptor))
        let hold = options.keepsDrafts ? attachLineDrafts?(session) : nil
        defer { hold?.end() }
        let status = HangUp.status(
            afterLines: session.run(), inputEnded: session.inputEnded,
            fromTerminal: session.input.isInteractive, descriptor: descriptor)
        keep((session, store, screen))
        let outcome = Outcome(
            status: status, didSave: session.didSave, wroteState: saves.count > 0, saved: store.value)
        ended(outcome)
        return outcome
    }

    /// As `formtui --headless`: the snapshots on standard output (or as pictures), no journal.
    private func runHeadless(script: ParsedKeyScript, size: Size) -> Outcome {
        let (store, saves) = makeStore()
        let root = makeRoot(store)
        let app = App(root: root)
        if endsOnCancellation { app.idleTasks.append(CancellationWatch(app: app)) }
        // A recording paces the script as a terminal would, so that its frames have times.
        let pace: Duration? = recording == nil ? nil : options.keyDelay
        let input = ScriptInput(steps: script.steps, pace: pace)
        let theme =
            options.theme
            ?? .preferred(environment: ProcessInfo.processInfo.environment, spec: options.specTheme)
        let snapshots = FormRunOutput.snapshots(
            of: script, as: options.snapshots, theme: theme, print: printSnapshot,
            unwritten: snapshotUnwritten)
        var display: TerminalDisplay = HeadlessDisplay(size: size, snapshot: snapshots)
        if let recording {
            let timestamp = options.recordingTimestamp ?? Int64(Date().timeIntervalSince1970)
            let cast = Asciicast(size: size, timestamp: timestamp, title: "formtui", write: recording)
            display = RecordingDisplay(wrapping: display, cast: cast, theme: theme) { input.elapsed }
        }
        let status = app.run(display: display, input: input)
        keep((app, store, root))
        let outcome = ending(status: status, root: root, store: store, saves: saves)
        ended(outcome)
        Self.warnOfUnsavedChanges(in: app)
        return outcome
    }

    /// The run's store, counting its saves: a first screen that is not the form (a summary that
    /// pushes it) saves through the same store.
    private func makeStore() -> (StateStore<State>, SaveCount) {
        let saves = SaveCount()
        let persist = self.persist
        let store = StateStore(saved) {
            try persist($0)
            saves.count += 1
        }
        return (store, saves)
    }

    /// How a run on the screen ended: whether its first screen, a form, was saved.
    private func ending(status: Int32, root: Screen, store: StateStore<State>, saves: SaveCount) -> Outcome {
        Outcome(
            status: status, didSave: (root as? FormScreen<State>)?.didSave ?? false,
            wroteState: saves.count > 0, saved: store.value)
    }

    private static func warnOfUnsavedChanges(in app: App) {
        guard let screen = app.stack.last(where: \.hasUnsavedChanges) else { return }
        FormRunOutput.standardError(
            "formtui: the script ended with unsaved changes in \(screen.title) (Ctrl-S saves them)\n")
    }

    /// The line `--keep` leaves where an inline form was.
    private static func summary(of outcome: Outcome, title: String, asciiOnly: Bool) -> String {
        outcome.status == 0 && (outcome.didSave || outcome.wroteState)
            ? (asciiOnly ? "+" : "✔") + " \(title): saved"
            : (asciiOnly ? "x" : "✘") + " \(title): not saved"
    }
}

extension FormRun where State: Codable {
    /// A run over the state saved in `file`, or `defaults` when there is none yet.
    init(
        form: Form<State>, file: JSONStateFile<State>, defaults: State, options: FormRunOptions,
        endsOnCancellation: Bool = false
    ) throws {
        let saved = try file.load() ?? defaults
        self.init(form: form, saved: saved, options: options, endsOnCancellation: endsOnCancellation)
        persist = { try file.save($0) }
        keepDrafts(statePath: file.path, editor: { _, _ in nil })
    }

    /// Journals unsaved changes for the state file at `statePath` (whether or not it exists:
    /// a spec's answers without `--state` keep theirs under a name of their own) and offers an
    /// earlier run's back; `editor` names the editing form a journal may belong to when it is not
    /// the first screen.
    package mutating func keepDrafts(
        statePath: String, editor: @escaping (String, StateStore<State>) -> FormScreen<State>?
    ) {
        let saved = self.saved
        attachDrafts = { app, store in
            DraftRecovery.attach(
                to: app, store: store, statePath: statePath, saved: saved,
                editor: { editor($0, store) })
        }
        attachLineDrafts = { session in
            DraftRecovery.attach(
                to: session, statePath: statePath, saved: saved,
                editor: { editor($0, session.store) })
        }
    }
}

private final class SaveCount {
    var count = 0
}

/// A terminal whose output a recording can watch.
package protocol ObservedOutput: AnyObject {
    var outputObserver: (([UInt8]) -> Void)? { get set }
}

extension NcursesTerminal: ObservedOutput {}
extension InlineTerminal: ObservedOutput {}

/// Ends an async run once its task is cancelled: looked at every tenth of a second while the
/// app waits for a key.
private final class CancellationWatch: IdleTask {
    private unowned let app: App

    init(app: App) { self.app = app }

    func idle(at now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        guard !Task.isCancelled else {
            app.quit(status: 1)
            return nil
        }
        return now + .milliseconds(100)
    }

    func finish() {}
}
