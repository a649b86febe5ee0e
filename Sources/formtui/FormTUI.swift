import ArgumentParser

struct FormTUI: ParsableCommand {
    /// Printed by `formtui --version`.
    static let version = "0.2.0"

    static let configuration = CommandConfiguration(
        commandName: "formtui",
        abstract: "Interactive forms in the terminal.",
        discussion: """
            Each demo is a form you can use: move with the arrow keys, change a row with Space or \
            Enter, save with Ctrl-S, cancel with Esc. Run a demo headless with a key script \
            (key names, "quoted text", and 'snapshot'; see demos/README.md) to print its screen as \
            text at each 'snapshot' line:

              formtui preferences --headless --script session.keys \\
                --state "$(mktemp -u)"

            Options of every demo (see 'formtui help <demo>'):
              --state <file>      the JSON file that holds the saved state
                                  (default: $XDG_CONFIG_HOME/formtui/<demo>.json)
              --script <file>     a key script to replay in the terminal, or headless
              --headless          run without a terminal, printing the screen at each
                                  'snapshot' line of the script
              --size <WxH>        the screen size when headless (default 80x24)
              --key-delay <ms>    pause between keys when replaying in a terminal
              --exit-after-script quit at the end of the script (else the form is yours;
                                  any key pressed during playback hands it over too)
              --record <file>     record the session as an asciicast v2 file (inline:
                                  the frames, in a cast the size of the form's lines)
              --snapshot-format   text, ansi or svg (with --snapshot-dir <dir>)
              --print-state       print the saved state after a headless run
              --theme <name>      dark (default), light, high-contrast or classic
                                  (default: $FORMTUI_THEME; 'formtui themes' shows them)
              --accessible        ask line by line, for screen readers and pipes (also
                                  FORMTUI_ACCESSIBLE=1, and where TERM is dumb, unset or
                                  unknown and no xterm)
              --no-mouse          leave the mouse to the terminal (with the mouse on,
                                  Shift-drag still selects text)
              --inline            draw in a few lines below the cursor (below the text on
                                  its line, if any), not the whole screen; --height N or
                                  N% (default 40%), --keep to leave a line saying how it
                                  ended

            Walkthroughs of every demo are in demos/ (see demos/README.md).

            Exit status: 0 saved, 1 ended without saving (cancelled, or nothing changed),
            2 no usable terminal, a bad script or an unwritable recording, 3 a state file
            that cannot be read (left unchanged), 64 bad options, 128+N stopped by signal N.
            """,
        version: FormTUI.version,
        subcommands: [
            FormCommand.self, PreferencesCommand.self, HotspotCommand.self, RegistrationCommand.self,
            ShowcaseCommand.self, LargeCommand.self, ThemesCommand.self,
            DebugCrashCommand.self,
        ]
    )
}
