import ArgumentParser
import FormCore
import FormDemos
import FormUI

struct HotspotCommand: DemoCommand {
    static let configuration = CommandConfiguration(
        commandName: "hotspot",
        abstract: "A personal hotspot: a switch, a password editor, a network name.",
        discussion: """
            One form: Space turns the hotspot on, which shows the password and the network name. \
            Enter on the password opens its editor (Enter or Ctrl-S keeps the new one, Esc drops \
            it); the network name is typed in place. Ctrl-S saves and leaves (unless a row says \
            what is wrong: a password needs 8 characters); Esc leaves without saving, asking first \
            when something changed. The state is kept in $XDG_CONFIG_HOME/formtui/hotspot.json unless --state \
            names another file.
            """
    )

    @OptionGroup var options: SessionOptions

    static let stateName = "hotspot.json"
    static var defaultState: Hotspot { Hotspot() }

    static func rootScreen(store: StateStore<Hotspot>) -> Screen {
        HotspotDemo.screen(store: store)
    }
}
