public import FormCore
public import FormDocument
public import FormSchema
public import FormSpec
public import FormTUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// A configuration file opened as a form: the file, its schema, the form built over them and
/// how a save goes back to disk (only the changed values' bytes, atomically; a file changed on
/// disk since it was opened asks reload, overwrite or cancel; a read-only file is refused). The
/// form is yours to change before it runs: add sections of your own, or put its sections into a
/// form of yours over the same answers.
///
/// ```swift
/// let editor = try ConfigEditor(file: "pyproject.toml", schema: "pyproject.schema.json")
/// editor.form.sections.insert(Section("Mine", footer: "Saved with the project.") {}, at: 0)
/// if case .saved(let document) = try editor.run() { print(document.value) }
/// ```
public final class ConfigEditor {
    /// The file as it is now (after a save or a reload, what it was then).
    public private(set) var config: ConfigFile
    /// The schema the form was built from; nil when the form shows the values the file holds.
    public let schema: ConfigSchema?
    /// The form over the file; change it before `run`.
    public var form: Form<SpecAnswers>
    /// What the form's rows hold for the file as it was opened.
    public let initialAnswers: SpecAnswers
    /// The line at the top of the form: where the schema came from, or why there is none; that
    /// the file is new or read-only.
    public let note: String
    /// Whether the file cannot be written (its mode, or its folder's for a new file): the form
    /// opens all the same, read-only (`Form.readOnlyReason`): a key that would change a value,
    /// and a save, are refused with a message.
    public let isReadOnly: Bool
    /// Whether a save over a file another program changed since it was opened asks (reload,
    /// overwrite or cancel) or is refused with a message; the command line refuses headless.
    public var asksAboutChangesOnDisk = true
    /// Whether a save writes over a file another program changed since it was opened, without
    /// asking (`formtui edit --force`).
    public var overwritesChangesOnDisk = false
    /// Where the journal of unsaved edits is kept: the user's state folder
    /// (`$XDG_STATE_HOME/formtui/edits`), under a name made of the file's absolute path and bytes.
    public var draftPath: String

    private var builder: ConfigFormBuilder
    /// The rows' key paths by the key each one edits, for Ctrl-G (`keyName(of:)`).
    /// A reload's file and builder, taken when the reload is accepted.
    private var reloading: (config: ConfigFile, builder: ConfigFormBuilder)?

    /// Opens `file` with the schema at `schema`, else the one the file names, else the one a
    /// catalog folder matches to its name. A schema that cannot be used is said at the top of a
    /// form of the file's values: no schema keeps a file from opening.
    ///
    /// - Throws: `ConfigError` when the file cannot be read or does not parse (with its line and
    ///   column), or a catalog folder cannot be read.
    public convenience init(
        file: String, schema: String? = nil, catalogs: [String] = [], format: DocumentFormat? = nil,
        dialect: SchemaDialect = .draft202012
    ) throws(ConfigError) {
        let config = try ConfigFile(path: file, format: format)
        var folders: [SchemaCatalogFolder] = []
        for catalog in catalogs { folders.append(try SchemaCatalogFolder(path: catalog)) }
        do {
            let found = try ConfigSchema.find(
                for: config, schemaPath: schema, catalogs: folders, defaultDialect: dialect)
            self.init(config: config, schema: found)
        } catch {
            self.init(config: config, schema: nil, schemaProblem: error.message)
        }
    }

    /// The form over a file already read, with the schema found for it (`schemaProblem` says
    /// why there is none, when one was asked for and could not be used).
    public init(config: ConfigFile, schema: ConfigSchema?, schemaProblem: String? = nil) {
        var config = config
        var lines: [String] = []
        if !config.exists, let schema {
            // A new file starts from the schema's defaults, and a save writes them.
            _ = try? config.document.update(to: ConfigDefaults.value(of: schema.schema))
            // A text file ends with a line break, whichever writer made its last line.
            let bytes = config.document.bytes
            if bytes.last != 0x0A, !bytes.isEmpty,
                let ended = try? Document(reading: bytes + [0x0A], format: config.document.format)
            {
                config.document = ended
            }
        }
        self.schema = schema
        isReadOnly = !Self.isWritable(config.path, exists: config.exists)
        let name = config.path.split(separator: "/").last.map(String.init) ?? config.path
        if let schema {
            let schemaName = schema.file.split(separator: "/").last.map(String.init) ?? schema.file
            lines.append("Schema: \(schemaName) (\(schema.reason)).")
        } else if let schemaProblem {
            lines.append("\(schemaProblem). The form shows the values the file holds.")
        } else {
            lines.append("No schema names this file: the form shows the values it holds.")
        }
        if !config.exists {
            lines.append(
                schema == nil
                    ? "\(name) does not exist yet: Ctrl-S creates it."
                    : "\(name) does not exist yet: Ctrl-S creates it with the schema's defaults.")
        }
        if isReadOnly {
            lines.append("\(name) is read-only: you can look, but not change it.")
        }
        note = lines.joined(separator: " ")
        builder = ConfigFormBuilder(document: config.document, schema: schema?.schema, title: name)
        builder.note = note
        form = builder.form()
        if isReadOnly { form.readOnlyReason = "\(name) is read-only." }
        initialAnswers = builder.initialAnswers()
        draftPath = Self.draftPath(for: config.path, bytes: config.document.bytes)
        self.config = config
        form.reviewDetail = { [weak self] answers in self?.diff(of: answers) ?? [] }
        form.searchName = { [weak self] keyPath in self?.keyName(of: keyPath) }
    }

    /// Ctrl-G finds a row by its key's path too: `tool.ruff.line-length` or the pointer
    /// `/tool/ruff/line-length`, from the key path of the row's answer.
    private func keyName(of keyPath: AnyKeyPath) -> String? {
        // Pages are made as they are first opened (or searched): their rows join the names then.
        guard let id = builder.fieldIDs[keyPath], let field = builder.check.fields[id] else { return nil }
        let dotted = field.path.components.map { component in
            switch component {
            case .key(let key): key
            case .index(let index): String(index)
            }
        }.joined(separator: ".")
        return "\(dotted) \(field.path.pointer)"
    }

    /// What a save of `answers` would change in the file, as a unified diff.
    public func diff(of answers: SpecAnswers) -> [String] {
        let name = config.path.split(separator: "/").last.map(String.init) ?? config.path
        guard let updated = try? builder.updated(answers) else {
            return ["The file's new text cannot be made yet: a row's value does not read."]
        }
        // A new file is all new.
        let before = config.exists ? config.document.bytes : []
        return ConfigDiff.unified(old: before, new: updated.bytes, name: name)
    }

    /// Shows the form in the terminal (or as `options.display` says) until it is saved or left;
    /// Ctrl-S writes the file back with only the changed values' bytes.
    ///
    /// - Returns: `.saved` with the document as written, `.cancelled`, or `.interrupted` (the
    ///   unsaved edit is in the journal, offered at the next run over the same file).
    /// - Throws: `TerminalStartError` when there is no terminal to draw on, a key script's
    ///   mistake for `.headless(script:)`.
    public func run(options: FormRunOptions = FormRunOptions()) throws -> FormResult<Document> {
        if options.display == .accessible { asksAboutChangesOnDisk = false }
        let outcome = try formRun(options: options).result()
        return switch outcome {
        case .saved: .saved(config.document)
        case .cancelled: .cancelled
        case .interrupted(let signal): .interrupted(signal: signal)
        }
    }

    /// The run of the form, for the command line to play (scripts, snapshots, recordings).
    package func formRun(options: FormRunOptions) -> FormRun<SpecAnswers> {
        var run = FormRun(form: form, saved: initialAnswers, options: options)
        run.persist = { [self] answers in try save(answers) }
        // Ctrl-S with nothing changed saves nothing, but a new file is made all the same.
        run.ended = { [self] outcome in
            guard outcome.didSave, !config.exists else { return }
            do {
                try save(outcome.saved)
            } catch {
                FormRunOutput.standardError("formtui: \(error)\n")
            }
        }
        if options.keepsDrafts {
            let folder = String(draftPath[..<(draftPath.lastIndex(of: "/") ?? draftPath.endIndex)])
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            run.keepDrafts(statePath: draftPath, editor: { _, _ in nil })
        }
        return run
    }

    /// Writes `answers` into the file, or says why not.
    private func save(_ answers: SpecAnswers) throws {
        guard !isReadOnly else {
            throw ConfigError("\(config.path) is read-only; nothing was written")
        }
        if !overwritesChangesOnDisk && !config.isUnchangedOnDisk {
            guard asksAboutChangesOnDisk else {
                throw ConfigError(
                    "\(config.path) changed on disk since it was opened; nothing was written (--force writes over it)"
                )
            }
            throw try changedOnDisk()
        }
        config.document = try builder.updated(answers)
        try config.save(overwrite: overwritesChangesOnDisk)
    }

    /// The question a save asks when the file changed on disk: theirs is the file as it is now
    /// (an empty one if it was deleted); a reload takes it with the person's changes on top.
    private func changedOnDisk() throws -> StoredStateChanged<SpecAnswers> {
        let theirs = try ConfigFile(path: config.path, format: config.document.format)
        let theirBuilder = ConfigFormBuilder(
            document: theirs.document, schema: schema?.schema, title: builder.title)
        let stored = theirBuilder.initialAnswers()
        return StoredStateChanged(
            theirs: stored,
            merge: { [self] base, mine in
                reloading = (theirs, theirBuilder)
                var merged = stored
                for (id, value) in mine.values where base.values[id] != value { merged.values[id] = value }
                return merged
            },
            accept: { [self] in
                if let reloading {
                    config = reloading.config
                    builder = reloading.builder
                    self.reloading = nil
                } else {
                    config.acceptDisk()
                }
            })
    }

    /// Whether a save can write `path`: the file itself, and its folder (the new bytes are written
    /// beside it, then renamed over it). A file whose mode lets no one write it is read-only
    /// even for root, as editors take it: someone made it so on purpose.
    static func isWritable(_ path: String, exists: Bool) -> Bool {
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        guard access(folder.isEmpty ? "/" : folder, W_OK) == 0 else { return false }
        guard exists else { return true }
        var info = stat()
        guard access(path, W_OK) == 0, stat(path, &info) == 0 else { return false }
        return info.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH) != 0
    }

    /// Where the draft of an edit is kept: the user's state folder, under a name made of the
    /// file's absolute path and its bytes (a file changed since offers no stale draft).
    static func draftPath(for file: String, bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in Array(ConfigSchema.absolute(file).utf8) + [0] + bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        let environment = ProcessEnvironment.values(["XDG_STATE_HOME", "HOME"])
        let state =
            environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? "/tmp") + "/.local/state"
        return state + "/formtui/edits" + "/edit-\(String(repeating: "0", count: 16 - hex.count))\(hex).json"
    }
}
