import ArgumentParser
import FormCore
import FormPersistence
import FormSpec
import FormTUI
import FormTerminal
import FormUI

#if canImport(Glibc)
    import Glibc
#endif

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `formtui form SPEC`: a form described in a file, drawn on the terminal, its answers printed on
/// standard output for a shell script.
struct FormCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "form",
        abstract: "Show a form described in a YAML, JSON or TOML file and print the answers.",
        discussion: """
            The form is drawn on the terminal (/dev/tty) even when standard output is a pipe, so \
            that a script can take the answers:

              answers=$(formtui form signup.yaml) && echo "$answers"
              eval "$(formtui form --format env signup.yaml)" && echo "$name"

            A complete small spec (signup.yaml):

              title: Sign up
              sections:
                - header: Account
                  footer: We never share your email.
                  rows:
                    - {id: name, type: text, title: Full name, required: true,
                       placeholder: Ada Lovelace}
                    - {id: email, type: email, title: Email, required: true}
                    - {id: age, type: number, title: Age, min: 0, max: 150}
                    - {id: news, type: switch, title: Newsletter, default: true}
                    - {id: country, type: select, title: Country,
                       options: [Sweden, France, Japan]}
                - header: Two-factor
                  when: {news: true}
                  rows:
                    - {id: code, type: secure, title: Code, minLength: 6}

            Besides 'title' and 'sections', a spec may say 'review: true' (Ctrl-S first shows \
            what changed) and 'theme: light' (dark, light, high-contrast or classic; --theme and \
            FORMTUI_THEME come first, as only the person knows their terminal's background).

            Row types: text, email, number, decimal, secure, multiline, switch, stepper, slider, \
            date, time, datetime, picker, select, multiselect, list (editable text rows), label, \
            form (a pushed sub-form with its own 'sections'; its rows answer under their own ids). \
            Row keys: id, type, title, default, required, placeholder, minLength, maxLength, \
            pattern, patternMessage, min, max (numbers, a date's earliest and latest, a list's or \
            multiselect's count), step (a slider's may be 0.5), options, optionsFile (one option \
            per line, from the spec's folder; a large one is said as it is read), value (a label's text), lines (a multiline's \
            height), keepInState (a secure row's answer is kept in --state only with this), \
            sections (a form row's), equals (a confirmation: the id of the row it must repeat), \
            when (the row shows only while it holds), disabled (true, or a condition). A section \
            shows only while its 'when' holds ({field: value} or {field: [value, value]}; \
            {age: {">=": 18}} with <, <=, >, >=; {name: {is: set}} or is: empty; not: {...}, \
            any: [{...}, {...}], all: [...]). A \
            header or footer names answers in braces: "{replicas} replicas".

            Ctrl-S saves when every rule is satisfied: the answers are printed as one JSON \
            object keyed by id, every id always there: null for a row not asked (hidden by a \
            'when') or left without an answer (empty number, date not set, nothing selected); \
            multiple selections and lists as arrays. --format env prints NAME='value' lines \
            that eval takes in sh, bash and zsh (null is ''); several values as NAME (one per \
            line), NAME_COUNT and NAME_1...NAME_N. --format bash prints arrays instead. Ids \
            that are no shell names or that the shell uses (PATH, IFS, HOME...) are refused \
            for env and bash (--prefix APP_ names them APP_id). Dates and times are local (TZ), a date and time answered as \
            2024-05-01T09:30:00+09:00; --utc uses UTC. Esc cancels.

            Unsaved answers are kept as a draft (beside --state, or under \
            $XDG_CONFIG_HOME/formtui/forms/ for the spec's path and text) and offered back at the \
            next start. Ids the spec no longer has are left out of a --values or --state file \
            (with a warning for --values).

            Exit status: 0 saved, 1 cancelled (nothing printed), 2 no terminal or a bad script, \
            3 a bad spec, --values or --state file (nothing drawn; every error of a spec is \
            said), 4 an output that could not be written (the answers, --record, a snapshot, \
            --print-state; the state is saved first), 64 bad options, 128+N stopped by signal N. \
            --check only checks the spec (a row without a title, shown by its id, is a warning \
            that does not fail it).
            """
    )

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case json, env, bash
    }

    @Argument(
        help: ArgumentHelp("The spec: a .yaml, .yml, .json or .toml file; - reads it from standard input."),
        completion: .file(extensions: ["yaml", "yml", "json", "toml"]))
    var spec: String

    @Option(name: .long, help: "The spec's language when it cannot be told from its name (yaml, json, toml).")
    var specFormat: SpecFormat?

    @Option(
        name: .long,
        help:
            "How the answers are printed: json; env (NAME='value' lines for eval in any POSIX shell); bash (env with arrays, for bash and zsh)."
    )
    var format: OutputFormat = .json

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A JSON object of answers to start from (an earlier run's output).", valueName: "file"),
        completion: .file())
    var values: String?

    @Flag(name: .long, help: "Dates and times in UTC instead of the local time zone (TZ).")
    var utc = false

    @Flag(name: .long, help: "Ctrl-S first shows what changed (as the spec's 'review: true' does).")
    var review = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --format env or bash: put this before every variable's name (APP_ gives APP_name).",
            valueName: "prefix"))
    var prefix: String?

    @Flag(
        name: .long,
        help:
            "Save over a --state file that another program changed since it was read (without it, such a save is refused, or asked about on the screen)."
    )
    var force = false

    @Option(
        name: .customLong("allow-outside"),
        help: ArgumentHelp(
            "Let the spec read files (optionsFile) from this folder too, not only from its own folder and below; may be given more than once.",
            valueName: "folder"),
        completion: .directory)
    var allowOutside: [String] = []

    @Flag(
        name: .long,
        help:
            "Only check the spec, drawing nothing: print each of its errors as file:line:column: message, one a line, and exit 3 when there is any (0 when none), as a CI step."
    )
    var check = false

    @OptionGroup var options: SessionOptions

    func run() throws {
        if check { throw ExitCode(FormSession.check(settings)) }
        throw ExitCode(OutputFailure.status(after: FormSession.run(settings)))
    }

    func validate() throws {
        if let problem = settings.problem { throw ValidationError(problem) }
    }

    var settings: FormSettings {
        var settings = FormSettings(
            spec: spec, specFormat: specFormat, format: format, values: values, utc: utc, review: review,
            prefix: prefix, session: options.settings)
        settings.allowOutside = allowOutside
        settings.force = force
        return settings
    }
}

/// What `formtui form` runs with, as plain values: what `FormCommand` parses, and what the quick
/// start reads without swift-argument-parser.
struct FormSettings: Equatable {
    var spec: String
    var specFormat: SpecFormat?
    var format = FormCommand.OutputFormat.json
    var values: String?
    var utc = false
    var review = false
    var prefix: String?
    var session = SessionSettings()
    /// Folders besides the spec's own that its optionsFile may name (`--allow-outside`).
    var allowOutside: [String] = []
    /// Save over a state file another program changed meanwhile (`--force`).
    var force = false

    /// Why `form`'s own options cannot run together; nil when they can.
    var problem: String? {
        guard let prefix else { return nil }
        if format == .json { return "--prefix is for --format env or bash" }
        if ShellNames.reason(prefix + "x") == "is not a shell variable name" {
            return "--prefix must start a shell variable name (letters, digits and _), not '\(prefix)'"
        }
        return nil
    }
}

extension SpecFormat: ExpressibleByArgument {}

/// One run of `formtui form`: read and check everything, then show the form (in the terminal or
/// headless, as the demos run: `SessionPlayback`), then print.
enum FormSession {
    /// What a run leaves for the process's end to free (see `run`): written on the main thread
    /// only, once a run; unchecked since `Any` is not Sendable. It serves 0.3 s of a quit.
    nonisolated(unsafe) private static var keptUntilExit: [Any] = []

    static func run(_ command: FormSettings) -> Int32 {
        let zone: SpecZone = command.utc ? .utc : .local()
        let spec: FormSpec
        let specText: String
        var initial: SpecAnswers
        // The spec's own first answers, before the state and --values: what a state changed on
        // disk is merged over (the same storage as `initial` until that is merged into).
        let fresh: SpecAnswers
        var watch: StateFileWatch?
        do throws(SpecError) {
            (spec, specText) = try readSpec(command, zone: zone)
            if command.format != .json,
                let problem = ShellNames.problem(
                    in: spec, file: command.spec == "-" ? "<stdin>" : command.spec,
                    style: command.format == .bash ? .bash : .posix, prefix: command.prefix ?? "")
            {
                throw problem
            }
            initial = SpecFormBuilder.initialAnswers(of: spec)
            fresh = initial
            // Before the state is read: a change after this is another program's.
            watch = command.session.state.map(StateFileWatch.init)
            if let state = command.session.state, FileManager.default.fileExists(atPath: state) {
                // Silently: the state file keeps members it does not know, so a warning would
                // come back on every run.
                initial.values.merge(try readValues(at: state, what: "state", spec: spec, warns: false)) {
                    $1
                }
            }
            if let values = command.values {
                initial.values.merge(try readValues(at: values, what: "values", spec: spec)) { $1 }
            }
        } catch {
            return fail(error.description, status: 3)
        }

        var session = command.session
        session.specTheme = spec.theme
        // A bad script or an unwritable recording stops here, before anything is drawn.
        let playback: SessionPlayback
        switch SessionPlayback.prepare(session, formName: command.spec == "-" ? "form" : command.spec) {
        case .success(let prepared): playback = prepared
        case .failure(let problem): return fail(problem.message, status: 2)
        }

        // Without --state, the draft is kept as if beside a state file named after the spec's path
        // and text, which is never written: the same spec offers its own unsaved answers back.
        let statePath = command.session.state
        // A state that is no regular file (/dev/null, a pipe) has no folder to keep a draft beside.
        let draftBase =
            statePath.flatMap { isRegularOrMissing($0) ? $0 : nil }
            ?? draftPath(for: command.spec, text: specText)
        var builder = SpecFormBuilder(spec: spec, now: playback.now)
        // Only time rows say their zone: a form without them makes no TimeZone (see `SpecZone`).
        let showsTimes = hasTimes(spec.sections)
        builder.zoneLabel =
            command.utc
            ? "UTC"
            : !showsTimes
                ? nil
                : LocalZone.label(
                    for: zone.timeZone, environment: ProcessEnvironment.values(["TZ"]),
                    machineZone: LocalZone.machineZone, now: playback.now())
        var form = builder.form()
        if command.review { form.reviewsChanges = true }

        var options = playback.runOptions(specTheme: spec.theme, onControllingTerminal: true)
        // The spec came on standard input: the answers come from the terminal.
        var answers: Int32 = STDIN_FILENO
        if options.display == .accessible && command.spec == "-" {
            answers = open("/dev/tty", O_RDONLY)
            guard answers >= 0 else {
                return fail(
                    "the spec came from standard input: the answers need a terminal (/dev/tty)", status: 2)
            }
            options.answersDescriptor = answers
        }
        defer { if answers != STDIN_FILENO { close(answers) } }
        var run = FormRun(form: form, saved: initial, options: options)
        var didWrite = false
        // A save that finds the state changed on disk asks on the screen; headless and in the
        // line mode it is refused (without --force).
        let asksAboutChanges = !command.session.headless && options.display != .accessible
        run.persist = { answers in
            guard let statePath else { return }
            if let watch, watch.hasChanged, !command.force {
                try StoredChange.check(
                    watch, asking: asksAboutChanges,
                    theirs: { () throws(SpecError) -> SpecAnswers in
                        var theirs = fresh
                        let stored = try readValues(at: statePath, what: "state", spec: spec, warns: false)
                        theirs.values.merge(stored) { $1 }
                        return theirs
                    })
            }
            try JSONStateFile<StoredAnswers>(path: statePath).save(
                SpecAnswersOutput(spec: spec, answers: answers).stored(), replacingCorrupt: false)
            watch?.update()
            didWrite = true
        }
        run.keepDrafts(statePath: draftBase, editor: { _, _ in nil })
        // Saved unchanged: the state is written all the same, so the next run starts from it.
        run.ended = { outcome in
            // Changed on disk meanwhile: theirs is newer than these unchanged answers.
            guard outcome.didSave, let statePath, !didWrite, watch?.hasChanged != true else { return }
            do {
                try JSONStateFile<StoredAnswers>(path: statePath).save(
                    SpecAnswersOutput(spec: spec, answers: outcome.saved).stored(), replacingCorrupt: false)
            } catch {
                StandardStreams.error("formtui: \(error)\n")
            }
        }
        // Kept until the process ends, which it does once this returns: freeing a spec of
        // 100,000 rows with its form, answers and layouts took 0.3 s between a quit (a stop
        // signal, Esc, a save) and the exit.
        run.keep = { keptUntilExit.append($0) }
        keptUntilExit.append((spec, form))
        guard let outcome = playback.play(run, statePath: draftBase) else { return 2 }
        guard outcome.status == 0 else { return outcome.status }
        guard outcome.didSave else { return 1 }
        let output = SpecAnswersOutput(spec: spec, answers: outcome.saved)
        switch command.format {
        case .json: StandardStreams.output(output.json() + "\n")
        case .env:
            StandardStreams.output(output.shellAssignments(style: .posix, prefix: command.prefix ?? ""))
        case .bash:
            StandardStreams.output(output.shellAssignments(style: .bash, prefix: command.prefix ?? ""))
        }
        return 0
    }

    /// Where the draft of a form without --state is kept: `formtui/forms/` in the config folder,
    /// under a name made of the spec's absolute path and its text.
    static func draftPath(for spec: String, text: String) -> String {
        let key = (spec == "-" ? "" : absolute(spec)) + "\u{0}" + text
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return JSONStateFile<StoredAnswers>.defaultPath(
            app: "formtui", name: "forms/form-\(String(repeating: "0", count: 16 - hex.count))\(hex).json",
            environment: ProcessEnvironment.values(["XDG_CONFIG_HOME", "HOME"]))
    }

    private static func isRegularOrMissing(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) != 0 || info.st_mode & S_IFMT == S_IFREG
    }

    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// Whether any row, in sub-forms too, is a time or a date and time.
    private static func hasTimes(_ sections: [SectionSpec]) -> Bool {
        sections.contains { section in
            section.rows.contains { row in
                row.kind == .time || row.kind == .datetime || (row.kind == .form && hasTimes(row.sections))
            }
        }
    }

    /// `--check`: the spec read and checked whole, each of its errors printed on a line of its
    /// own; 3 when there is any, else 0.
    static func check(_ command: FormSettings) -> Int32 {
        do throws(SpecError) {
            let (spec, _) = try readSpec(command, zone: command.utc ? .utc : .local())
            // Advice is printed but passes: the spec works as written.
            for advice in spec.advice {
                var warning = advice
                warning.message = "warning: " + advice.message
                StandardStreams.output(warning.line + "\n")
            }
            return 0
        } catch {
            StandardStreams.output(error.all.map(\.line).joined(separator: "\n") + "\n")
            return 3
        }
    }

    private static func readSpec(
        _ command: FormSettings, zone: SpecZone
    ) throws(SpecError) -> (FormSpec, String) {
        let path = command.spec
        let name = path == "-" ? "<stdin>" : path
        let text = try BoundedFile.text(path, name: name, what: "spec", limit: SpecLimits.specBytes)
        let format =
            command.specFormat ?? (path == "-" ? SpecFormat.detect(in: text) : SpecFormat(path: path))
        guard let format else {
            throw SpecError(
                file: name, position: nil, message: "cannot tell the spec's language from its name",
                hint: "name it .yaml, .json or .toml, or pass --spec-format")
        }
        // Said on standard error, which is the terminal before the screen is taken: a large
        // options file is a pause before the first frame.
        let spec = try SpecReader.read(
            text: text, format: format, file: name, zone: zone, themeNames: Theme.all.map(\.name),
            allowOutside: command.allowOutside, progress: { StandardStreams.error("formtui: \($0)\n") })
        return (spec, text)
    }

    private static func readValues(
        at path: String, what: String, spec: FormSpec, warns: Bool = true
    ) throws(SpecError) -> [String: Answer] {
        let name = path == "-" ? "<stdin>" : path
        // A device (a terminal) could wait for ever before the first frame, without a word; a
        // named pipe is given a moment for its writer (`BoundedFile`).
        if path != "-", let kind = SpecFileAccess.notAFile(path), kind != "a named pipe (FIFO)" {
            throw SpecError(
                file: name, position: nil, message: "the \(what) file is \(kind), not a file",
                hint: "name a JSON file (or - for standard input)")
        }
        let text = try BoundedFile.text(path, name: name, what: what, limit: SpecLimits.valuesBytes)
        // /dev/null, or an empty file or pipe: no answers.
        if text.allSatisfy(\.isWhitespace) { return [:] }
        return try SpecValuesFile.read(text: text, file: name, spec: spec, what: what) {
            if warns { StandardStreams.error("formtui: \($0)\n") }
        }
    }

    private static func fail(_ message: String, status: Int32) -> Int32 {
        StandardStreams.error("formtui: \(message)\n")
        return status
    }
}
