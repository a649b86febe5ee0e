import ArgumentParser
import FormDocument
import FormEdit
import FormSchema
import FormSpec
import FormTUI
import FormTerminal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Edit a JSON, JSONC, YAML or TOML configuration file as a form built from its JSON Schema.",
        discussion: """
            The schema is --schema FILE, else the one the file names ($schema, a \
            '# yaml-language-server: $schema=…' line, a '#:schema …' line in TOML), else the one a \
            schema catalog matches to the file's name (SchemaStore's catalog.json and its schema \
            files, in --catalog DIR, $FORMTUI_SCHEMA_CATALOG or $XDG_DATA_HOME/formtui/schemas). \
            Schemas are read from disk only, never fetched. Schemas without $schema are read as \
            draft 2020-12 unless --draft says otherwise.

            Without --check or --set the file opens as a form: objects are sections and pages, \
            each key a row of the kind its schema asks (a switch, a choice, a number, a text, a \
            list; JSON text where no row fits), the schema's description and the file's own comment \
            on the key under it. Errors the edit adds are shown under their rows and stop Ctrl-S; \
            those the file had, and those of keys no row shows, are listed at the top. Ctrl-S \
            writes back only the changed values' bytes (atomically, keeping mode and owner); with \
            --review it first shows the changed rows and the file's unified diff. A file changed on \
            disk since it was opened asks reload, overwrite or cancel (headless and line by line \
            the save is refused unless --force). A file that does not exist is created from the \
            schema's defaults; a read-only one opens, says so, and is not saved. Unsaved edits are \
            kept as a draft in $XDG_STATE_HOME/formtui/edits and offered at the next start.

            --check prints every error as FILE:LINE:COLUMN: message, one a line.
            --set POINTER=VALUE changes one value (a JSON pointer; repeatable); the value is read as \
            the schema asks there (a number, a boolean, a list as JSON; text otherwise). The file is \
            written back atomically with only those bytes changed, keeping its comments, layout, mode \
            and owner; a change that adds schema errors is refused unless --force.

            Exit status: 0 valid (or saved), 3 errors found, a file or schema that cannot be read, or \
            a change refused (the file is left as it was), 64 bad options.
            """)

    @Argument(help: ArgumentHelp("The configuration file.", valueName: "FILE"))
    var file: String

    @Option(name: .long, help: ArgumentHelp("The JSON Schema to check against.", valueName: "SCHEMA"))
    var schema: String?

    @Option(name: .long, help: ArgumentHelp("A schema catalog folder (repeatable).", valueName: "DIR"))
    var catalog: [String] = []

    @Option(
        name: .long, help: ArgumentHelp("The draft of a schema without $schema: 4, 6, 7, 2019-09 or 2020-12.")
    )
    var draft: String?

    @Option(
        name: .long,
        help: ArgumentHelp("The file's format when its name does not say: json, jsonc, yaml, toml."))
    var format: String?

    @Flag(
        name: .long, help: "Print every schema error as FILE:LINE:COLUMN: message; exit 3 when there is any.")
    var check = false

    @Option(
        name: .long,
        help: ArgumentHelp("Set the value at a JSON pointer (repeatable).", valueName: "POINTER=VALUE"))
    var set: [String] = []

    @Flag(
        name: .long,
        help: "Save even when --set adds schema errors, or over a file changed on disk since it was opened.")
    var force = false

    @Flag(name: .long, help: "Ctrl-S first shows what changed: the rows and the file's diff.")
    var review = false

    @OptionGroup var options: SessionOptions

    func validate() throws {
        if let draft, Self.dialect(draft) == nil {
            throw ValidationError("--draft must be 4, 6, 7, 2019-09 or 2020-12, not '\(draft)'")
        }
        if let format, DocumentFormat(rawValue: format) == nil {
            throw ValidationError("--format must be json, jsonc, yaml or toml, not '\(format)'")
        }
    }

    static func dialect(_ name: String) -> SchemaDialect? {
        var name = Substring(name.lowercased())
        if name.hasPrefix("draft") { name = name.dropFirst("draft".count).drop { $0 == "-" } }
        return switch name {
        case "4", "04": .draft4
        case "6", "06": .draft6
        case "7", "07": .draft7
        case "2019-09": .draft201909
        case "2020-12": .draft202012
        default: nil
        }
    }

    func run() throws {
        throw ExitCode(session())
    }

    func session() -> Int32 {
        do throws(ConfigError) {
            var config = try ConfigFile(path: file, format: format.flatMap(DocumentFormat.init(rawValue:)))
            let catalogs = try catalogFolders()
            let dialect = draft.flatMap(Self.dialect) ?? .draft202012
            guard check || !set.isEmpty else {
                // The form opens whatever the schema: one it cannot use is said at the top.
                do {
                    let found = try ConfigSchema.find(
                        for: config, schemaPath: schema, catalogs: catalogs, defaultDialect: dialect)
                    return interactive(config, schema: found)
                } catch {
                    return interactive(config, schema: nil, problem: error.message)
                }
            }
            let found = try ConfigSchema.find(
                for: config, schemaPath: schema, catalogs: catalogs, defaultDialect: dialect)
            if found == nil {
                StandardStreams.error(
                    "formtui: no schema names \(file) (--schema FILE or --catalog DIR gives one)\n")
            }
            if !set.isEmpty {
                let before = found.map { ConfigProblem.check(config.document, against: $0.schema) } ?? []
                for argument in set {
                    try ConfigSetting(parsing: argument).apply(to: &config.document, schema: found?.schema)
                }
                let after = found.map { ConfigProblem.check(config.document, against: $0.schema) } ?? []
                let added = after.filter { problem in
                    !before.contains { $0.path == problem.path && $0.message == problem.message }
                }
                if !added.isEmpty && !force {
                    print(added, as: "would be")
                    StandardStreams.error(
                        "formtui: \(file) was not changed: the change adds \(count(added)) (--force saves it anyway)\n"
                    )
                    return 3
                }
                try config.save()
                if !check { return 0 }
            }
            guard let found else { return 3 }
            let problems = ConfigProblem.check(config.document, against: found.schema)
            print(problems, as: "")
            return problems.isEmpty ? 0 : 3
        } catch {
            StandardStreams.error("formtui: \(error)\n")
            return 3
        }
    }

    private func print(_ problems: [ConfigProblem], as prefix: String) {
        for problem in problems {
            let lead = prefix.isEmpty ? "" : "\(prefix) "
            StandardStreams.output("\(file):\(problem.line):\(problem.column): \(lead)\(problem.message)\n")
        }
    }

    private func count(_ problems: [ConfigProblem]) -> String {
        problems.count == 1 ? "1 error" : "\(problems.count) errors"
    }

    /// `--catalog` folders, else `FORMTUI_SCHEMA_CATALOG`, else `$XDG_DATA_HOME/formtui/schemas`
    /// where it exists.
    private func catalogFolders() throws(ConfigError) -> [SchemaCatalogFolder] {
        var folders = catalog
        if folders.isEmpty {
            let environment = ProcessInfo.processInfo.environment
            if let named = environment["FORMTUI_SCHEMA_CATALOG"], !named.isEmpty {
                folders = [named]
            } else {
                let data =
                    environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
                    ?? (environment["HOME"].map { $0 + "/.local/share" } ?? "")
                let folder = data + "/formtui/schemas"
                if FileManager.default.fileExists(atPath: folder) { folders = [folder] }
            }
        }
        var result: [SchemaCatalogFolder] = []
        for folder in folders {
            guard FileManager.default.fileExists(atPath: folder) else {
                throw ConfigError("the schema catalog \(folder) does not exist")
            }
            result.append(try SchemaCatalogFolder(path: folder))
        }
        return result
    }
}

extension EditCommand {
    /// The form over the file, run through the one runner as every other command's form.
    func interactive(_ config: ConfigFile, schema found: ConfigSchema?, problem: String? = nil) -> Int32 {
        let editor = ConfigEditor(config: config, schema: found, schemaProblem: problem)
        if review { editor.form.reviewsChanges = true }
        let playback: SessionPlayback
        switch SessionPlayback.prepare(options.settings, formName: file) {
        case .success(let prepared): playback = prepared
        case .failure(let problem):
            StandardStreams.error("formtui: \(problem.message)\n")
            return 2
        }
        // A file changed on disk since it was opened: asked on the screen; headless and in the
        // line mode the save is refused unless --force.
        editor.asksAboutChangesOnDisk = !options.headless && !playback.asksLineByLine
        editor.overwritesChangesOnDisk = force
        let run = editor.formRun(options: playback.runOptions(onControllingTerminal: true))
        guard let outcome = playback.play(run, statePath: editor.draftPath) else { return 2 }
        guard outcome.status == 0 else { return outcome.status }
        return outcome.didSave ? 0 : 1
    }
}
