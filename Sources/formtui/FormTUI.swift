import ArgumentParser

struct FormTUI: ParsableCommand {
    /// Printed by `formtui --version`.
    static let version = "0.2.0"

    static let configuration = CommandConfiguration(
        commandName: "formtui",
        abstract: "Interactive forms in the terminal.",
        discussion: """
            Each demo is a form you can use, and 'formtui form SPEC' shows a form described in a \
            YAML, JSON or TOML file and prints its answers. Run a demo headless with a key script \
            (key names such as down, space, ctrl-s, "quoted text", and 'snapshot') to print its \
            screen as text at each 'snapshot' line.

            Examples:

              formtui form signup.yaml > answers.json
              eval "$(formtui form --format env signup.yaml)"
              formtui form --check signup.yaml
              formtui preferences --headless --script session.keys --state "$(mktemp -u)"
              FORMTUI_THEME=light formtui registration

            Keys:

              Up, Down, Tab     move between rows (PgUp, PgDn, Home, End too)
              Space, Enter      change a switch or a choice; open a list, a password,
                                a multiline text or a nested form
              Left, Right       step a number, a slider or a segmented choice
              typing            edits a text row in place (Ctrl-U clears it)
              Ctrl-S            save (in a nested screen, keep); a review first
                                where the form reviews its changes
              Esc               cancel (asking first when something changed), back
              Alt-U, Alt-E      undo, redo
              Ctrl-G or /       jump to a row by its title
              Insert, Ctrl-D    add or delete an entry of an editable list
                                (a or d beside rows that take no letters);
                                Alt-Up/Down move it

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

            Environment:

              FORMTUI_THEME       the theme when --theme is not given
              FORMTUI_ACCESSIBLE  1 asks every form line by line
              NO_COLOR            draw with attributes only, no colors
              COLORFGBG           the terminal's colors as rxvt and Konsole set them
                                  ("0;15": light); else the terminal is asked
              TERM                the terminal type; dumb or unset: line by line
              XDG_CONFIG_HOME     where state and drafts are kept (default ~/.config)
              TZ                  the zone a spec's dates and times are read in

            Files:

              $XDG_CONFIG_HOME/formtui/<demo>.json   a demo's saved state
              $XDG_CONFIG_HOME/formtui/forms/        drafts of specs run without --state
              .NAME.json.draft beside a state file   unsaved changes (mode 0600, no
                                                     secrets), offered back at the next
                                                     start
              .NAME.json.lock beside a state file    held while a session keeps the draft

            Exit status:

              0      saved
              1      ended without saving (cancelled, or nothing changed)
              2      no usable terminal, a bad script or an unwritable recording
              3      a bad spec, or a state or values file that cannot be read (left
                     unchanged)
              4      an output that could not be written (the answers, --record, a
                     snapshot, --print-state); the state is saved first
              64     bad options
              128+N  stopped by signal N (a closed terminal: 129)
            """,
        version: FormTUI.version,
        subcommands: [
            FormCommand.self, EditCommand.self, PreferencesCommand.self, HotspotCommand.self,
            RegistrationCommand.self,
            ShowcaseCommand.self, LargeCommand.self, ThemesCommand.self,
            DebugCrashCommand.self,
        ]
    )
}
