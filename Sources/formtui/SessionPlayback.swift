import FormPersistence
import FormSpec
import FormTUI
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

/// How one demo session runs once its options are checked: the script it plays (if any), where
/// its recording and pictures go, and what "now" is. `prepare` does every check that can fail, so
/// that a bad script or an unwritable recording stops the program before anything runs.
struct SessionPlayback {
    struct Problem: Error {
        var message: String
    }

    let options: SessionSettings
    let script: ParsedKeyScript?
    /// The script file's name without folder or extension: names the SVG pictures.
    let scriptName: String
    let recording: OutputFile?
    /// Seconds since 1970 UTC that "now" is held at, from `--now` or the script's `now` line.
    let fixedNow: Int64?

    var now: @Sendable () -> Date {
        guard let fixedNow else { return Date.init }
        let date = Date(timeIntervalSince1970: TimeInterval(fixedNow))
        return { date }
    }

    static func prepare(_ options: SessionSettings) -> Result<SessionPlayback, Problem> {
        if let problem = SessionSettings.environmentThemeProblem(
            ProcessEnvironment.values(["FORMTUI_THEME"]))
        {
            StandardStreams.error("formtui: \(problem)\n")
        }
        var script: ParsedKeyScript?
        var scriptName = "snapshot"
        if let path = options.script {
            switch readScript(at: path, needsTerminalAfter: !options.headless) {
            case .success(let parsed): script = parsed
            case .failure(let problem): return .failure(problem)
            }
            if path != "-" {
                let file = path.split(separator: "/").last.map(String.init) ?? path
                scriptName = file.split(separator: ".").first.map(String.init) ?? file
            }
        }
        if let folder = options.snapshotDir {
            do {
                try PrivateFolder.make(folder)  // 0700 whatever the umask, as the state's folders
            } catch {
                return .failure(Problem(message: "cannot make the snapshot folder \(folder)"))
            }
        }
        var recording: OutputFile?
        if let path = options.record {
            switch OutputFile.create(path) {
            case .success(let file): recording = file
            case .failure(let error):
                return .failure(Problem(message: "cannot write the recording \(path): \(error.reason)"))
            }
        }
        let fixedNow = options.now.flatMap(ScriptClock.secondsSince1970(iso8601:)) ?? script?.now
        return .success(
            SessionPlayback(
                options: options, script: script, scriptName: scriptName, recording: recording,
                fixedNow: fixedNow))
    }

    /// Plays the session; returns the exit status. `interactive` runs once the terminal is
    /// taken, when a person (not a script) drives it. `onControllingTerminal` draws on /dev/tty
    /// (for `formtui form`, whose standard output is the answers'). `ended` runs when the app has
    /// ended, before the state is printed. `didSave` tells an inline `--keep` summary whether the
    /// form was saved.
    func run(
        app: App, statePath: String, onControllingTerminal: Bool = false, interactive: () -> Void = {},
        ended: () -> Void = {}, didSave: () -> Bool = { false }
    ) -> Int32 {
        if options.headless, let script {
            return runHeadless(app: app, script: script, statePath: statePath, ended: ended)
        }

        if options.inline {
            return runInline(
                app: app, onControllingTerminal: onControllingTerminal, interactive: interactive,
                ended: ended,
                didSave: didSave)
        }
        let terminal: NcursesTerminal
        do {
            terminal = try NcursesTerminal(
                theme: options.terminalTheme(onControllingTerminal: onControllingTerminal),
                drawsOnControllingTerminal: onControllingTerminal, mouse: options.mouse)
        } catch {
            return DemoSession.fail(error.message, status: 2)
        }
        let display: TerminalDisplay = terminal
        if let recording {
            // In a terminal the recording is what ncurses and our own sequences sent, byte for
            // byte: what a viewer sees is what the person saw.
            terminal.outputObserver = Self.recorder(into: recording) { [unowned terminal] in terminal.size }
        }
        guard let script else {
            defer { terminal.stop() }
            interactive()
            let status = HangUp.status(after: app.run(display: display, input: terminal), app: app)
            ended()
            return status
        }
        let input = PlaybackInput(
            steps: script.steps, live: terminal, keyDelay: .milliseconds(options.keyDelay),
            exitsAtEnd: options.exitAfterScript
        ) { reason in
            app.show(message: reason.message, isError: false)
        }
        let status = HangUp.status(after: app.run(display: display, input: input), app: app)
        ended()
        terminal.stop()
        // Once the person took over, how the form was left is their doing, not the script's.
        if input.handedOver == nil { warnOfUnsavedChanges(in: app) }
        return status
    }

    /// What records a terminal's output into `recording` from now on: an asciicast of the
    /// terminal's `size`, each write at its time.
    private static func recorder(into recording: OutputFile, size: @escaping () -> Size) -> ([UInt8]) -> Void
    {
        let started = ContinuousClock.now
        let cast = Asciicast(
            size: size(), timestamp: Int64(Date().timeIntervalSince1970), title: "formtui",
            term: ProcessEnvironment.values(["TERM"])["TERM"] ?? "xterm-256color"
        ) { recording.write($0) }
        return TerminalOutputRecording(cast: cast, size: size, clock: { ContinuousClock.now - started })
            .record
    }

    /// As `run`, in a few lines below the cursor (`InlineTerminal`); with `--keep` a line saying
    /// how the form ended is left there.
    private func runInline(
        app: App, onControllingTerminal: Bool, interactive: () -> Void, ended: () -> Void,
        didSave: () -> Bool
    ) -> Int32 {
        let terminal: InlineTerminal
        do {
            terminal = try InlineTerminal(
                height: options.inlineHeight,
                theme: options.terminalTheme(onControllingTerminal: onControllingTerminal),
                drawsOnControllingTerminal: onControllingTerminal, mouse: options.mouse)
        } catch {
            return DemoSession.fail(error.message, status: 2)
        }
        if let recording {
            // What drew the form, byte for byte, in a terminal the size of the area: the lines
            // reserved, each frame, the way out (not the questions asked of the terminal).
            terminal.outputObserver = Self.recorder(into: recording) { [unowned terminal] in terminal.size }
        }
        var input: InputSource = terminal
        var playback: PlaybackInput?
        if let script {
            let scripted = PlaybackInput(
                steps: script.steps, live: terminal, keyDelay: .milliseconds(options.keyDelay),
                exitsAtEnd: options.exitAfterScript
            ) { reason in
                app.show(message: reason.message, isError: false)
            }
            input = scripted
            playback = scripted
        } else {
            interactive()
        }
        let status = HangUp.status(after: app.run(display: terminal, input: input), app: app)
        ended()
        let title = app.stack.first?.title ?? "formtui"
        let ascii = terminal.showsASCIIOnly
        let summary =
            status == 0 && didSave()
            ? (ascii ? "+" : "✔") + " \(title): saved" : (ascii ? "x" : "✘") + " \(title): not saved"
        terminal.stop(summary: options.keep ? summary : nil)
        if let playback, playback.handedOver == nil { warnOfUnsavedChanges(in: app) }
        return status
    }

    private func runHeadless(
        app: App, script: ParsedKeyScript, statePath: String, ended: () -> Void
    ) -> Int32 {
        let pace: Duration? = recording == nil ? nil : .milliseconds(options.keyDelay)
        let input = ScriptInput(steps: script.steps, pace: pace)
        let lines = script.snapshotLines
        let names = script.snapshotNames
        let format = options.snapshotFormat
        let folder = options.snapshotDir ?? "."
        let name = scriptName
        let theme = options.resolvedTheme
        let headless = HeadlessDisplay(size: options.screenSize) { canvas, number in
            let line = number <= lines.count ? lines[number - 1] : nil
            let header = HeadlessDisplay.header(of: canvas, number: number, line: line)
            switch format {
            case .text:
                StandardStreams.output(([header] + canvas.lines).joined(separator: "\n") + "\n")
            case .ansi:
                let rows = ANSIText.lines(of: canvas, theme: theme)
                StandardStreams.output(([header] + rows).joined(separator: "\n") + "\n")
            case .svg:
                // Named for what it shows when the script names it, else for its place.
                let shown = number <= names.count ? names[number - 1] : nil
                let path = "\(folder)/\(name)-\(shown ?? "\(number < 10 ? "0" : "")\(number)").svg"
                // Private, as the screen may show names and addresses.
                let written = FileManager.default.createFile(
                    atPath: path, contents: Data(SVGImage.render(canvas, theme: theme).utf8),
                    attributes: [.posixPermissions: 0o600])
                if written {
                    StandardStreams.output("\(header)\n\(path)\n")
                } else {
                    StandardStreams.error("formtui: cannot write \(path)\n")
                    OutputFailure.note(path)
                }
            }
        }
        let display = recorded(headless, timestamp: fixedNow ?? Int64(Date().timeIntervalSince1970)) {
            input.elapsed
        }
        let status = app.run(display: display, input: input)
        ended()
        warnOfUnsavedChanges(in: app)
        if options.printState { printState(at: statePath) }
        return status
    }

    /// `display`, recording each frame it shows (as ANSI text) when `--record` asks for it.
    private func recorded(
        _ display: TerminalDisplay, timestamp: Int64, clock: @escaping () -> Duration
    ) -> TerminalDisplay {
        guard let recording else { return display }
        let cast = Asciicast(size: display.size, timestamp: timestamp, title: "formtui") {
            recording.write($0)
        }
        return RecordingDisplay(wrapping: display, cast: cast, theme: options.resolvedTheme, clock: clock)
    }

    private func warnOfUnsavedChanges(in app: App) {
        guard let screen = app.stack.last(where: \.hasUnsavedChanges) else { return }
        StandardStreams.error(
            "formtui: the script ended with unsaved changes in \(screen.title) (Ctrl-S saves them)\n")
    }

    /// The state file as saved, or a line saying nothing is saved.
    private func printState(at path: String) {
        guard let data = FileManager.default.contents(atPath: path),
            let text = String(data: data, encoding: .utf8)
        else {
            StandardStreams.output("--- saved state: none ---\n")
            return
        }
        StandardStreams.output("--- saved state ---\n" + text + (text.hasSuffix("\n") ? "" : "\n"))
    }

    /// Reads and parses the script at `path` (`-` is standard input). When the script came from
    /// standard input and a terminal is to be used next, standard input becomes the terminal.
    static func readScript(at path: String, needsTerminalAfter: Bool) -> Result<
        ParsedKeyScript, Problem
    > {
        let name = path == "-" ? "standard input" : path
        // A file, a pipe (`--script <(…)`), a FIFO or /dev/stdin, at most 16 MB.
        let read = BoundedFile.read(path, limit: 16 << 20)
        if path == "-" {
            if needsTerminalAfter {
                let terminal = open("/dev/tty", O_RDWR)
                if terminal >= 0 {
                    dup2(terminal, STDIN_FILENO)
                    close(terminal)
                }
            }
        }
        let bytes: [UInt8]
        switch read {
        case .success(let read): bytes = read
        case .failure(let failure):
            // Why, as for a spec or values file: a mistyped path and a folder are fixed differently.
            let why =
                switch failure {
                case .unreadable(let reason): reason
                case .folder: "it is a folder"
                case .tooLarge(let limit, _): "it is larger than the limit of \(limit >> 20) MB"
                }
            return .failure(Problem(message: "cannot read the script \(name): \(why)"))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(Problem(message: "the script \(name) is not UTF-8 text"))
        }
        do {
            return .success(try KeyScript.read(text))
        } catch {
            return .failure(Problem(message: "\(name):\(error.line):\(error.column): \(error.message)"))
        }
    }
}
