import ArgumentParser
import FormCore
import FormDemos
import FormUI

struct LargeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "large",
        abstract: "A form of N switches and a choice among N options (N up to 10,000,000).",
        discussion: """
            The first section repeats a switch Item 1 … Item N, with the number switched on above \
            and below it; the last one holds a choice among N options (Enter opens the list; type \
            to filter it) and a note. Space flips a switch, Ctrl-S saves, Esc cancels (asking \
            first if something changed). It shows that a key costs the same at any N. The state \
            keeps the positions of the switches that are on, in \
            $XDG_CONFIG_HOME/formtui/large.json unless --state names another file.
            """
    )

    static let maximumRows = 10_000_000
    static let defaultRows = 1_000

    @Option(name: .long, help: ArgumentHelp("How many switches and options.", valueName: "N"))
    var rows = defaultRows

    @OptionGroup var options: SessionOptions

    func validate() throws {
        guard Self.allows(rows: rows) else {
            throw ValidationError("--rows must be between 1 and 10000000, not \(rows)")
        }
    }

    static func allows(rows: Int) -> Bool { (1...maximumRows).contains(rows) }

    func run() throws {
        throw ExitCode(OutputFailure.status(after: Self.session(rows: rows, settings: options.settings)))
    }

    /// Runs the form of `rows` switches; returns the exit status.
    static func session(rows: Int, settings: SessionSettings) -> Int32 {
        DemoSession.run(
            options: settings, stateName: "large.json", defaultState: Large(),
            adapt: { $0.limited(to: rows) },
            makeRoot: { store, _ in LargeDemo.screen(store: store, rows: rows) })
    }
}
