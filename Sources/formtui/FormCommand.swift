import ArgumentParser
import FormCore
import FormPersistence
import FormSpec
import FormTerminal
import FormUI

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
                    - {id: name, type: text, title: Full name, required: true, placeholder: Ada Lovelace}
                    - {id: email, type: email, title: Email, required: true}
                    - {id: age, type: number, title: Age, min: 0, max: 150}
                    - {id: news, type: switch, title: Newsletter, default: true}
                    - {id: country, type: select, title: Country, options: [Sweden, France, Japan]}
                - header: Two-factor
                  when: {news: true}
                  rows:
                    - {id: code, type: secure, title: Code, minLength: 6}

            Row types: text, email, number, decimal, secure, multiline, switch, stepper, slider, \
            date, time, datetime, picker, select, multiselect, label, form (a pushed sub-form with \
            its own 'sections'; its rows answer under their own ids). Row keys: id, type, title, \
            default, required, placeholder, minLength, maxLength, pattern, patternMessage, min, \
            max, step, options, optionsFile (one option per line, from the spec's folder), value \
            (a label's text), lines (a multiline's height), keepInState (a secure row's answer \
            is kept in --state only with this), sections (a form row's). A section shows only \
            while its 'when' holds ({field: value} or {field: [value, value]}).

            Ctrl-S saves when every rule is satisfied: the answers are printed as one JSON \
            object keyed by id (dates as ISO 8601 text in UTC, multiple selections as arrays), \
            or with --format env as NAME='value' lines for eval. Esc cancels.

            Exit status: 0 saved, 1 cancelled (nothing printed), 2 no terminal or a bad script, \
            3 a bad spec, --values or --state file (nothing drawn), 128+N stopped by signal N.
            """
    )

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case json, env
    }

    @Argument(
        help: ArgumentHelp("The spec: a .yaml, .yml, .json or .toml file; - reads it from standard input."),
        completion: .file(extensions: ["yaml", "yml", "json", "toml"]))
    var spec: String

    @Option(name: .long, help: "The spec's language when it cannot be told from its name (yaml, json, toml).")
    var specFormat: SpecFormat?

    @Option(name: .long, help: "How the answers are printed: json, or env (NAME='value' lines for eval).")
    var format: OutputFormat = .json

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A JSON object of answers to start from (an earlier run's output).", valueName: "file"),
        completion: .file())
    var values: String?

    @OptionGroup var options: SessionOptions

    func run() throws {
        throw ExitCode(FormSession.run(settings))
    }

    var settings: FormSettings {
        FormSettings(
            spec: spec, specFormat: specFormat, format: format, values: values, session: options.settings)
    }
}

/// What `formtui form` runs with, as plain values: what `FormCommand` parses, and what the quick
/// start reads without swift-argument-parser.
struct FormSettings: Equatable {
    var spec: String
    var specFormat: SpecFormat?
    var format = FormCommand.OutputFormat.json
    var values: String?
    var session = SessionSettings()
}

extension SpecFormat: ExpressibleByArgument {}

/// One run of `formtui form`: read and check everything, then show the form, then print.
enum FormSession {
    static func run(_ command: FormSettings) -> Int32 {
        let spec: FormSpec
        var answers: SpecAnswers
        do {
            spec = try readSpec(command)
            answers = SpecFormBuilder.initialAnswers(of: spec)
            if let state = command.session.state, FileManager.default.fileExists(atPath: state) {
                answers.values.merge(try readValues(at: state, spec: spec)) { $1 }
            }
            if let values = command.values {
                answers.values.merge(try readValues(at: values, spec: spec)) { $1 }
            }
        } catch {
            return fail(error.description, status: 3)
        }

        var steps: [ScriptStep]?
        if let scriptPath = command.session.script {
            switch SessionPlayback.readScript(at: scriptPath, needsTerminalAfter: !command.session.headless) {
            case .success(let parsed): steps = parsed.steps
            case .failure(let problem): return fail(problem.message, status: 2)
            }
        }

        let statePath = command.session.state
        let store = StateStore(answers) { answers in
            guard let statePath else { return }
            try JSONStateFile<StoredAnswers>(path: statePath).save(
                SpecAnswersOutput(spec: spec, answers: answers).stored(), replacingCorrupt: false)
        }
        let screen = FormScreen(form: SpecFormBuilder(spec: spec).form(), store: store, mode: .edit)
        let app = App(root: screen)
        let status: Int32
        if command.session.headless, let steps {
            let display = HeadlessDisplay(size: command.session.screenSize) { text in
                StandardStreams.output(text + "\n")
            }
            status = app.run(display: display, input: ScriptInput(steps: steps))
        } else {
            let terminal: NcursesTerminal
            do {
                terminal = try NcursesTerminal(
                    theme: command.session.resolvedTheme, drawsOnControllingTerminal: true)
            } catch {
                return fail(error.message, status: 2)
            }
            if let steps {
                let input = ScriptInput(
                    steps: steps, keyDelay: .milliseconds(command.session.keyDelay), honorsWaits: true)
                status = app.run(display: terminal, input: input)
            } else {
                status = app.run(display: terminal, input: terminal)
            }
            // The answers go to standard output as it was, after the screen is given back.
            terminal.stop()
        }
        guard status < 128 else { return status }
        guard screen.didSave else { return 1 }
        let output = SpecAnswersOutput(spec: spec, answers: store.value)
        StandardStreams.output(command.format == .env ? output.shellAssignments() : output.json() + "\n")
        return 0
    }

    private static func readSpec(_ command: FormSettings) throws(SpecError) -> FormSpec {
        let path = command.spec
        let name = path == "-" ? "<stdin>" : path
        let text = try readText(path, name: name, what: "spec")
        let format =
            command.specFormat ?? (path == "-" ? SpecFormat.detect(in: text) : SpecFormat(path: path))
        guard let format else {
            throw SpecError(
                file: name, position: nil, message: "cannot tell the spec's language from its name",
                hint: "name it .yaml, .json or .toml, or pass --spec-format")
        }
        return try SpecReader.read(text: text, format: format, file: name)
    }

    private static func readValues(at path: String, spec: FormSpec) throws(SpecError) -> [String: Answer] {
        try SpecValuesFile.read(text: try readText(path, name: path, what: "values"), file: path, spec: spec)
    }

    private static func readText(_ path: String, name: String, what: String) throws(SpecError) -> String {
        let data = StandardInput.contents(of: path)
        guard let data else {
            throw SpecError(
                file: name, position: nil, message: "cannot read the \(what) file", hint: "check the path")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SpecError(file: name, position: nil, message: "the \(what) file is not UTF-8 text")
        }
        return text
    }

    private static func fail(_ message: String, status: Int32) -> Int32 {
        StandardStreams.error("formtui: \(message)\n")
        return status
    }
}
