#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One run of a form, as `Form.run` starts it: the state it opens with, where a save goes, and
/// whether a journal of unsaved changes is kept; then the form shown in the terminal or played
/// headless, and how it ended.
struct FormRun<State: Equatable> {
    let form: Form<State>
    let saved: State
    let options: FormRunOptions
    var endsOnCancellation = false
    var persist: (State) throws -> Void = { _ in }
    /// Keeps the journal of the run's unsaved changes and offers an earlier run's; nil when
    /// there is no file to keep one beside.
    var attachDrafts: ((App, StateStore<State>) -> Void)?
    /// The same for the line mode: what the session holds while it runs.
    var attachLineDrafts: ((AccessibleSession<State>) -> DraftRecovery.Hold)?
    /// Where a headless run's snapshots go: standard output, or a test's list.
    var printSnapshot: (String) -> Void = { print($0) }

    init(form: Form<State>, saved: State, options: FormRunOptions, endsOnCancellation: Bool = false) {
        self.form = form
        self.saved = saved
        self.options = options
        self.endsOnCancellation = endsOnCancellation
    }

    func run() throws -> FormResult<State> {
        switch options.display.kind {
        case .accessible: return runLineByLine()
        case .terminal, .inline:
            let environment = ProcessInfo.processInfo.environment
            // A terminal that cannot be drawn on, or a person who asked: the same form, line by line.
            if AccessibleMode.isChosen(requested: false, scripted: false, environment: environment) {
                return runLineByLine()
            }
            guard case .inline(let height) = options.display.kind else {
                return try runInTerminal(environment: environment)
            }
            return try runInTerminal(environment: environment, inlineHeight: height)
        case .headless(let script, let size): return try runHeadless(script: script, size: size)
        }
    }

    private func runInTerminal(
        environment: [String: String], inlineHeight: InlineHeight? = nil
    ) throws -> FormResult<State> {
        let theme =
            options.theme
            ?? .preferred(environment: environment) {
                Theme.terminalBackground(environment: environment, onControllingTerminal: false)
            }
        if let inlineHeight {
            let terminal = try InlineTerminal(
                height: inlineHeight, environment: environment, theme: theme, mouse: options.mouse)
            defer { terminal.stop() }
            return run(in: terminal)
        }
        let terminal = try NcursesTerminal(environment: environment, theme: theme, mouse: options.mouse)
        defer { terminal.stop() }
        return run(in: terminal)
    }

    private func run(in terminal: some TerminalDisplay & InputSource) -> FormResult<State> {
        let store = StateStore(saved, persist: persist)
        let screen = FormScreen(form: form, store: store, mode: .edit, keyMap: options.keyMap)
        let app = App(root: screen)
        if options.keepsDrafts { attachDrafts?(app, store) }
        if endsOnCancellation { app.idleTasks.append(CancellationWatch(app: app)) }
        let status = HangUp.status(after: app.run(display: terminal, input: terminal), app: app)
        return FormResult(status: status, didSave: screen.didSave, saved: store.value)
    }

    /// Asked on standard input and error; over a state file, with the same journal of unsaved
    /// answers (written after each) and the same offer to resume as on the screen.
    private func runLineByLine() -> FormResult<State> {
        let store = StateStore(saved, persist: persist)
        let session = AccessibleSession(
            form: form, store: store, mode: .edit, input: StandardLines(),
            output: StandardErrorLines.questions(forAnswersFrom: 0))
        let hold = options.keepsDrafts ? attachLineDrafts?(session) : nil
        defer { hold?.end() }
        let status = HangUp.status(
            afterLines: session.run(), inputEnded: session.inputEnded,
            fromTerminal: session.input.isInteractive,
            descriptor: 0)
        if status >= 128 { return .interrupted(signal: status - 128) }
        return session.didSave ? .saved(store.value) : .cancelled
    }

    /// As `formtui --headless`: the snapshots on standard output, no journal (a script plays the
    /// same way every time).
    private func runHeadless(script: String, size: Size) throws -> FormResult<State> {
        let tester = FormTester(form, state: saved, size: size, keyMap: options.keyMap, persist: persist)
        if endsOnCancellation { tester.app.idleTasks.append(CancellationWatch(app: tester.app)) }
        let result = try tester.play(script)
        for snapshot in tester.snapshots { printSnapshot(snapshot) }
        return result ?? .cancelled
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
        attachDrafts = { app, store in
            DraftRecovery.attach(
                to: app, store: store, statePath: file.path, saved: saved, editor: { _ in nil })
        }
        attachLineDrafts = { session in
            DraftRecovery.attach(to: session, statePath: file.path, saved: saved, editor: { _ in nil })
        }
    }
}

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
