import ArgumentParser

@main
struct FormTUI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formtui",
        abstract: "Interactive forms in the terminal.",
        discussion: """
            Each demo is a form you can use: move with the arrow keys, change a row with Space or \
            Enter, save with Ctrl-S, cancel with Esc. Run a demo headless with a key script to \
            print its screens as text:

              formtui preferences --headless --size 80x24 --script session.keys
            """,
        subcommands: [PreferencesCommand.self, DebugCrashCommand.self]
    )
}
