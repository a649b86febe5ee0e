import ArgumentParser
import FormCore
import FormDemos

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

struct PreferencesCommand: ParsableCommand {
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

    func run() throws {
        let status = try DemoSession.run(
            options: options, stateName: "preferences.json", defaultState: Preferences()
        ) { store in
            PreferencesDemo.summaryScreen(store: store)
        }
        throw ExitCode(status)
    }
}
