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

            Options of every demo (see 'formtui help <demo>'):
              --state <file>      the JSON file that holds the saved state
                                  (default: $XDG_CONFIG_HOME/formtui/<demo>.json)
              --script <file>     a key script to replay in the terminal, or headless
              --headless          run without a terminal, printing each snapshot
              --size <WxH>        the screen size when headless (default 80x24)
              --key-delay <ms>    pause between keys when replaying in a terminal

            Exit status: 0 done, 2 no usable terminal or a bad script, 3 a state file
            that cannot be read (left unchanged), 128+N stopped by signal N.
            """,
        subcommands: [
            PreferencesCommand.self, HotspotCommand.self, RegistrationCommand.self, ShowcaseCommand.self,
            LargeCommand.self,
            DebugCrashCommand.self,
        ]
    )
}
