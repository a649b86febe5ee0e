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

    func validate() throws {
        guard Size(parsing: size) != nil else {
            throw ValidationError("--size must look like 80x24, not '\(size)'")
        }
        if headless && script == nil {
            throw ValidationError("--headless needs --script FILE: the keys to play")
        }
        guard keyDelay >= 0 else { throw ValidationError("--key-delay cannot be negative") }
    }

    var screenSize: Size { Size(parsing: size) ?? Size(width: 80, height: 24) }
}
