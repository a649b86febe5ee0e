import ArgumentParser
import FormUI

/// The options every demo takes: where its state lives and how the session runs.
struct SessionOptions: ParsableArguments {
    @Option(
        name: .long, help: ArgumentHelp("The JSON file that holds the saved state.", valueName: "file"),
        completion: .file())
    var state: String?

    @Flag(name: .long, help: "Run without a terminal, from --script, printing each snapshot.")
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
            "Record the session as an asciicast v2 file (asciinema play FILE), in the terminal or headless.",
            valueName: "file.cast"))
    var record: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "How headless snapshots are printed: text, ansi (colors, to cat in a terminal) or svg (a picture per snapshot in --snapshot-dir).",
            valueName: "format"))
    var snapshotFormat: SnapshotFormat = .text

    @Option(
        name: .long, help: ArgumentHelp("Where --snapshot-format svg writes its pictures.", valueName: "dir"))
    var snapshotDir: String?

    @Flag(name: .long, help: "Headless: print the saved state after the last snapshot.")
    var printState = false

    // For reproducible runs of demos that depend on the date; a script's own `now` line is the
    // documented way.
    @Option(name: .long, help: .hidden)
    var now: String?

    func validate() throws {
        guard Size(parsing: size) != nil else {
            throw ValidationError("--size must look like 80x24, not '\(size)'")
        }
        if headless && script == nil {
            throw ValidationError("--headless needs --script FILE: the keys to play")
        }
        guard keyDelay >= 0 else { throw ValidationError("--key-delay cannot be negative") }
        if exitAfterScript && script == nil {
            throw ValidationError("--exit-after-script needs --script FILE")
        }
        if snapshotFormat != .text && !headless {
            throw ValidationError("--snapshot-format is for headless runs (--headless --script FILE)")
        }
        if (snapshotFormat == .svg) != (snapshotDir != nil) {
            throw ValidationError("--snapshot-format svg and --snapshot-dir DIR go together")
        }
        if printState && !headless { throw ValidationError("--print-state is for headless runs") }
        if let now, ScriptClock.secondsSince1970(iso8601: now) == nil {
            throw ValidationError("--now must look like 2025-06-01T09:00:00Z, not '\(now)'")
        }
    }

    var screenSize: Size { Size(parsing: size) ?? Size(width: 80, height: 24) }
}

/// How a headless run shows its snapshots.
enum SnapshotFormat: String, ExpressibleByArgument, CaseIterable {
    /// The screen's text, as transcripts in demos/ keep it.
    case text
    /// The text with the theme's colors and attributes as escape sequences.
    case ansi
    /// One SVG picture per snapshot.
    case svg
}
