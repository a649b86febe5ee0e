import FormSpec

/// The usual ways of starting a demo or a form (`formtui large --rows 100 --state FILE`,
/// `formtui form signup.yaml`), read without swift-argument-parser.
///
/// Parsing with swift-argument-parser takes about half of the time to the first frame: it builds
/// every subcommand's arguments by reflection, and each type it meets costs a lookup among the
/// binary's thousands of protocol conformances. A command line that names a demo or `form` and
/// only its `--long` options, each once, with values that cannot be taken for an option (and for
/// `form`, one spec file), and that passes every check, is read here instead. Anything else (help,
/// `--version`, a mistake, a short or repeated option, a value or spec that starts with `-`)
/// returns nil and goes to swift-argument-parser, so its messages stay the only ones.
/// `QuickStartTests` checks that both read the same.
///
/// ```swift
/// if let quick = QuickStart(arguments: ["large", "--rows", "100"]) { exit(quick.run()) }
/// ```
struct QuickStart: Equatable {
    /// The subcommands it reads, by name.
    enum Subcommand: String, CaseIterable {
        case preferences, hotspot, registration, showcase, large, form
    }

    var subcommand: Subcommand
    /// `--rows` of `large`.
    var rows = LargeCommand.defaultRows
    var settings = SessionSettings()
    /// `form`'s spec and its own options.
    var spec: String?
    var specFormat: SpecFormat?
    var format = FormCommand.OutputFormat.json
    var values: String?
    var utc = false
    var review = false
    var prefix: String?

    init(
        subcommand: Subcommand, rows: Int = LargeCommand.defaultRows,
        settings: SessionSettings = SessionSettings()
    ) {
        self.subcommand = subcommand
        self.rows = rows
        self.settings = settings
    }

    init(form: FormSettings) {
        subcommand = .form
        settings = form.session
        spec = form.spec
        specFormat = form.specFormat
        format = form.format
        values = form.values
        utc = form.utc
        review = form.review
        prefix = form.prefix
    }

    /// The session `arguments` (the command line without the program's name) ask for, or nil
    /// when swift-argument-parser should read them.
    init?(arguments: [String]) {
        guard let name = arguments.first, let subcommand = Subcommand(rawValue: name) else { return nil }
        self.subcommand = subcommand
        // An array, not a Set: a Set of Substring costs a scan of every protocol conformance in the
        // binary (Substring: Hashable) the first time, longer than the rest of the parsing.
        var seen: [Substring] = []
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("--") else {
                guard subcommand == .form, spec == nil, let first = argument.first, first != "-" else {
                    return nil
                }
                spec = argument
                continue
            }
            var name = argument.dropFirst(2)
            var attached: Substring?
            if let equals = name.firstIndex(of: "=") {
                attached = name[name.index(after: equals)...]
                name = name[..<equals]
            }
            guard !name.isEmpty, !seen.contains(name) else { return nil }
            seen.append(name)
            if setFlag(name) {
                guard attached == nil else { return nil }
                continue
            }
            guard let value = attached.map(String.init) ?? rest.popFirst(), let first = value.first,
                first != "-"
            else { return nil }
            guard set(String(name), to: value) else { return nil }
        }
        guard settings.problem == nil, LargeCommand.allows(rows: rows), (subcommand == .form) == (spec != nil)
        else { return nil }
        if subcommand == .form, formSettings.problem != nil { return nil }
    }

    /// Sets the flag `name`; false when there is no such flag.
    private mutating func setFlag(_ name: Substring) -> Bool {
        switch name {
        case "headless": settings.headless = true
        case "exit-after-script": settings.exitAfterScript = true
        case "print-state": settings.printState = true
        case "accessible": settings.accessible = true
        case "no-mouse": settings.mouse = false
        case "inline": settings.inline = true
        case "keep": settings.keep = true
        case "utc" where subcommand == .form: utc = true
        case "review" where subcommand == .form: review = true
        default: return false
        }
        return true
    }

    /// Takes the value of the option `name`; false for an option this subcommand does not have or a
    /// value it does not take.
    private mutating func set(_ name: String, to value: String) -> Bool {
        switch name {
        case "state": settings.state = value
        case "size": settings.size = value
        case "script": settings.script = value
        case "record": settings.record = value
        case "snapshot-dir": settings.snapshotDir = value
        case "now": settings.now = value
        case "theme": settings.theme = value
        case "height":
            settings.height = value
            settings.inline = true
        case "key-delay":
            guard let delay = Int(value) else { return false }
            settings.keyDelay = delay
        case "snapshot-format":
            guard let format = SnapshotFormat(rawValue: value) else { return false }
            settings.snapshotFormat = format
        case "rows" where subcommand == .large:
            guard let rows = Int(value) else { return false }
            self.rows = rows
        case "spec-format" where subcommand == .form:
            guard let format = SpecFormat(rawValue: value) else { return false }
            specFormat = format
        case "format" where subcommand == .form:
            guard let format = FormCommand.OutputFormat(rawValue: value) else { return false }
            self.format = format
        case "values" where subcommand == .form:
            values = value
        case "prefix" where subcommand == .form:
            prefix = value
        default: return false
        }
        return true
    }

    /// Runs the subcommand; returns the exit status.
    func run() -> Int32 {
        switch subcommand {
        case .preferences: PreferencesCommand.session(settings)
        case .hotspot: HotspotCommand.session(settings)
        case .registration: RegistrationCommand.session(settings)
        case .showcase: ShowcaseCommand.session(settings)
        case .large: LargeCommand.session(rows: rows, settings: settings)
        case .form: FormSession.run(formSettings)
        }
    }

    /// `form`'s settings.
    private var formSettings: FormSettings {
        FormSettings(
            spec: spec ?? "-", specFormat: specFormat, format: format, values: values, utc: utc,
            review: review, prefix: prefix,
            session: settings)
    }
}
