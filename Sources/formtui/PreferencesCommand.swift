import ArgumentParser
import FormCore
import FormDemos
import FormUI

struct PreferencesCommand: DemoCommand {
    static let configuration = CommandConfiguration(
        commandName: "preferences",
        abstract: "The preferences page: Auto Refresh, Play Sounds, Show Photos.",
        discussion: """
            Shows the saved preferences; Enter on "Edit Preferences" opens the form. Space or Enter \
            flips a switch, Ctrl-S saves, Esc cancels (asking first if something changed), q quits. \
            The state is kept in $XDG_CONFIG_HOME/formtui/preferences.json (~/.config when unset) \
            unless --state names another file.
            """
    )

    @OptionGroup var options: SessionOptions

    static let stateName = "preferences.json"
    static var defaultState: Preferences { Preferences() }

    static func rootScreen(store: StateStore<Preferences>) -> Screen {
        PreferencesDemo.summaryScreen(store: store)
    }

    static func editor(titled title: String, store: StateStore<Preferences>) -> FormScreen<Preferences>? {
        let editor = PreferencesDemo.editScreen(store: store)
        return editor.form.title == title ? editor : nil
    }
}
