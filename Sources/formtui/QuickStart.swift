/// The usual ways of starting a demo (`formtui large --rows 100 --state FILE`), read without
/// swift-argument-parser.
///
/// Parsing with swift-argument-parser takes about half of the time to the first frame: it builds
/// every subcommand's arguments by reflection, and each type it meets costs a lookup among the
/// binary's thousands of protocol conformances. A command line that names a demo and only its
/// `--long` options, each once, with values that cannot be taken for an option, and that passes
/// every check, is read here instead. Anything else (help, `--version`, a mistake, `form`, a short
/// or repeated option, a value that starts with `-`) returns nil and goes to swift-argument-parser,
/// so its messages stay the only ones. `QuickStartTests` checks that both read the same.
///
/// ```swift
/// if let quick = QuickStart(arguments: ["large", "--rows", "100"]) { exit(quick.run()) }
/// ```
struct QuickStart: Equatable {
    /// The demos, by subcommand name.
    enum Demo: String, CaseIterable {
        case preferences, hotspot, registration, showcase, large
    }

    var demo: Demo
    /// `--rows` of `large`.
    var rows = LargeCommand.defaultRows
    var settings = SessionSettings()

    init(demo: Demo, rows: Int = LargeCommand.defaultRows, settings: SessionSettings = SessionSettings()) {
        self.demo = demo
        self.rows = rows
        self.settings = settings
    }

    /// The session `arguments` (the command line without the program's name) ask for, or nil
    /// when swift-argument-parser should read them.
    init?(arguments: [String]) {
        guard let name = arguments.first, let demo = Demo(rawValue: name) else { return nil }
        self.demo = demo
        var seen: Set<Substring> = []
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("--") else { return nil }
            var name = argument.dropFirst(2)
            var attached: Substring?
            if let equals = name.firstIndex(of: "=") {
                attached = name[name.index(after: equals)...]
                name = name[..<equals]
            }
            guard !name.isEmpty, seen.insert(name).inserted else { return nil }
            if setFlag(name) {
                guard attached == nil else { return nil }
                continue
            }
            guard let value = attached.map(String.init) ?? rest.popFirst(), let first = value.first,
                first != "-"
            else { return nil }
            guard set(String(name), to: value) else { return nil }
        }
        guard settings.problem == nil, LargeCommand.allows(rows: rows) else { return nil }
    }

    /// Sets the flag `name`; false when there is no such flag.
    private mutating func setFlag(_ name: Substring) -> Bool {
        switch name {
        case "headless": settings.headless = true
        case "exit-after-script": settings.exitAfterScript = true
        case "print-state": settings.printState = true
        default: return false
        }
        return true
    }

    /// Takes the value of the option `name`; false for an option this demo does not have or a
    /// value it does not take.
    private mutating func set(_ name: String, to value: String) -> Bool {
        switch name {
        case "state": settings.state = value
        case "size": settings.size = value
        case "script": settings.script = value
        case "record": settings.record = value
        case "snapshot-dir": settings.snapshotDir = value
        case "now": settings.now = value
        case "key-delay":
            guard let delay = Int(value) else { return false }
            settings.keyDelay = delay
        case "snapshot-format":
            guard let format = SnapshotFormat(rawValue: value) else { return false }
            settings.snapshotFormat = format
        case "rows" where demo == .large:
            guard let rows = Int(value) else { return false }
            self.rows = rows
        default: return false
        }
        return true
    }

    /// Runs the demo; returns the exit status.
    func run() -> Int32 {
        switch demo {
        case .preferences: PreferencesCommand.session(settings)
        case .hotspot: HotspotCommand.session(settings)
        case .registration: RegistrationCommand.session(settings)
        case .showcase: ShowcaseCommand.session(settings)
        case .large: LargeCommand.session(rows: rows, settings: settings)
        }
    }
}
