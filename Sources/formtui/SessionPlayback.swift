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

/// How one session runs once its options are checked: the script it plays (if any), where its
/// recording and pictures go, and what "now" is, as the library's `FormRunOptions`. `prepare` does
/// every check that can fail, so that a bad script or an unwritable recording stops the program
/// before anything runs; `play` runs the form through `FormRun`, the one runner `Form.run` uses.
struct SessionPlayback {
    struct Problem: Error {
        var message: String
    }

    let options: SessionSettings
    let script: ParsedKeyScript?
    /// Names the SVG pictures: the script file's name without folder or extension, or the form's
    /// when the script is no file of its own (`-`, or `--script <(…)`, which would give "63").
    let scriptName: String
    let recording: OutputFile?
    /// Seconds since 1970 UTC that "now" is held at, from `--now` or the script's `now` line.
    let fixedNow: Int64?

    var now: @Sendable () -> Date {
        guard let fixedNow else { return Date.init }
        let date = Date(timeIntervalSince1970: TimeInterval(fixedNow))
        return { date }
    }

    /// `formName` is the spec's, file's or demo's name, for pictures of a script with none.
    static func prepare(_ options: SessionSettings, formName: String) -> Result<SessionPlayback, Problem> {
        if let problem = SessionSettings.environmentThemeProblem(
            ProcessEnvironment.values(["FORMTUI_THEME"]))
        {
            StandardStreams.error("formtui: \(problem)\n")
        }
        var script: ParsedKeyScript?
        var scriptName = Self.baseName(formName)
        if let path = options.script {
            switch readScript(at: path, needsTerminalAfter: !options.headless) {
            case .success(let parsed): script = parsed
            case .failure(let problem): return .failure(problem)
            }
            if path != "-", Self.isRegularFile(path) { scriptName = Self.baseName(path) }
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

    /// A path's last part up to its first dot: `keys/signup.keys` is "signup"; "snapshot" for none.
    static func baseName(_ path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let name = file.split(separator: ".").first.map(String.init) ?? ""
        return name.isEmpty ? "snapshot" : name
    }

    private static func isRegularFile(_ path: String) -> Bool {
        let type = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
        return type == .typeRegular
    }

    /// Whether the session asks line by line: `--accessible`, `FORMTUI_ACCESSIBLE=1`, or a
    /// terminal type that cannot be drawn on (`TERM` dumb or unset) when a person or a pipe gives
    /// the answers (not a key script): the rule `Form.run` follows too (`AccessibleMode`).
    var asksLineByLine: Bool {
        Self.asksLineByLine(options, environment: ProcessEnvironment.values(["FORMTUI_ACCESSIBLE", "TERM"]))
    }

    static func asksLineByLine(_ settings: SessionSettings, environment: [String: String]) -> Bool {
        AccessibleMode.isChosen(
            requested: settings.accessible, scripted: settings.script != nil || settings.headless,
            environment: environment)
    }

    /// The library's run options for this session: where the form is shown, the script, the
    /// pictures, the theme.
    func runOptions(specTheme: String? = nil, onControllingTerminal: Bool = false) -> FormRunOptions {
        var run = FormRunOptions(mouse: options.mouse)
        if let theme = options.theme { run.theme = Theme.named(theme) }
        run.specTheme = specTheme
        if options.headless {
            run.display = .headless(script: "", size: options.screenSize)
        } else if asksLineByLine {
            run.display = .accessible
        } else if options.inline {
            run.display = .inline(height: options.inlineHeight)
        }
        run.script = script
        run.keyDelay = .milliseconds(options.keyDelay)
        run.exitsAtEndOfScript = options.exitAfterScript
        run.recordingTimestamp = fixedNow
        switch options.snapshotFormat {
        case .text: run.snapshots = .text
        case .ansi: run.snapshots = .ansi
        case .svg: run.snapshots = .svg(folder: options.snapshotDir ?? ".", name: scriptName)
        }
        run.drawsOnControllingTerminal = onControllingTerminal
        run.keepsInlineSummary = options.keep
        return run
    }

    /// Runs `run` as this session asks (its recording; the saved state printed after a headless
    /// run); returns how it ended, or nil when it could not start (said on standard error: exit
    /// status 2).
    func play<State>(_ run: FormRun<State>, statePath: String) -> FormRun<State>.Outcome? {
        var run = run
        if let recording { run.recording = { recording.write($0) } }
        // Written as every output of the command is: a failed write ends it with status 4.
        run.printSnapshot = { StandardStreams.output($0 + "\n") }
        run.snapshotUnwritten = { OutputFailure.note($0) }
        do {
            let outcome = try run.run()
            if options.headless && options.printState { printState(at: statePath) }
            return outcome
        } catch {
            StandardStreams.error("formtui: \(error.message)\n")
            return nil
        }
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
