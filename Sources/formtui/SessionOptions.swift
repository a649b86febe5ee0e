import ArgumentParser

/// The options every demo takes: where its state lives and how the session runs.
struct SessionOptions: ParsableArguments {
    @Option(
        name: .long, help: ArgumentHelp("The JSON file that holds the saved state.", valueName: "file"),
        completion: .file())
    var state: String?

    @Flag(
        name: .long,
        help:
            "Run without a terminal, from --script, printing the screen at each 'snapshot' line of the script."
    )
    var headless = false

    @Option(name: .long, help: ArgumentHelp("The screen size when headless.", valueName: "WxH"))
    var size: String = "80x24"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A key script to replay (in the terminal, or headless with --headless); - reads it from standard input.",
            valueName: "file"),
        completion: .file())
    var script: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Pause between keys when replaying a script in a terminal.", valueName: "ms"))
    var keyDelay: Int = 80

    @Flag(
        name: .long,
        help: "With --script in a terminal: quit when the script ends instead of handing the form over.")
    var exitAfterScript = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Record the session as an asciicast v2 file (asciinema play FILE), in the terminal (inline: a cast the size of the form's lines) or headless.",
            valueName: "file.cast"))
    var record: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "How headless snapshots are printed: text, ansi (colors, to cat in a terminal) or svg (a picture per snapshot in --snapshot-dir).",
            valueName: "format"))
    var snapshotFormat: SnapshotFormat = .text

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Where --snapshot-format svg writes its pictures, named for the script file (NAME-01.svg), or for the spec or demo when the script is a pipe or -.",
            valueName: "dir"))
    var snapshotDir: String?

    @Flag(name: .long, help: "Headless: print the saved state after the last snapshot.")
    var printState = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The colors: dark (the default), light, high-contrast or classic; FORMTUI_THEME when not given.",
            valueName: "name"),
        completion: .list(["dark", "light", "high-contrast", "classic"]))
    var theme: String?

    @Flag(
        name: .long,
        help:
            "Ask line by line instead of drawing the screen (for screen readers and pipes): questions on standard error, answers from standard input. Also FORMTUI_ACCESSIBLE=1, and where TERM is dumb or unset."
    )
    var accessible = false

    @Flag(
        name: .long,
        help:
            "Leave the mouse to the terminal: no clicks or wheel (without it, Shift held selects text as usual)."
    )
    var noMouse = false

    @Flag(
        name: .long,
        help:
            "Draw the form in a few lines below the cursor (on the next line when text is on the cursor's line) instead of the whole screen: the scrollback stays, and the lines are cleared at the end."
    )
    var inline = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --inline (which it implies): how many lines, N or N% of the terminal's (default 40%).",
            valueName: "N|N%"))
    var height: String?

    @Flag(name: .long, help: "With --inline: leave one line saying how the form ended (✔ Title: saved).")
    var keep = false

    // For reproducible runs of demos that depend on the date; a script's own `now` line is the
    // documented way.
    @Option(name: .long, help: .hidden)
    var now: String?

    func validate() throws {
        if let problem = settings.problem { throw ValidationError(problem) }
    }

    var settings: SessionSettings {
        SessionSettings(
            state: state, headless: headless, size: size, script: script, keyDelay: keyDelay,
            exitAfterScript: exitAfterScript, record: record, snapshotFormat: snapshotFormat,
            snapshotDir: snapshotDir, printState: printState, now: now, theme: theme,
            accessible: accessible, mouse: !noMouse, inline: inline || height != nil, height: height,
            keep: keep)
    }
}

extension SnapshotFormat: ExpressibleByArgument {}
