import ArgumentParser
import FormCore
import FormDemos
import FormUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

struct RegistrationCommand: DemoCommand {
    static let configuration = CommandConfiguration(
        commandName: "registration",
        abstract: "A sign-up form: name, email, password, birthday, 2FA, country.",
        discussion: """
            Type into the text rows (Enter moves on). Enter on Birthday opens a date picker below \
            it: ←/→ choose day, month or year, ↑/↓ change it, digits type it, Enter closes. Enter \
            on Country opens every country: type to filter, Enter chooses. Ctrl-S saves only when \
            every row is right: otherwise each wrong row says why and focus goes to the first. \
            The state is kept in $XDG_CONFIG_HOME/formtui/registration.json unless --state names \
            another file.
            """
    )

    @OptionGroup var options: SessionOptions

    static let stateName = "registration.json"
    static var defaultState: Registration { Registration() }

    static func rootScreen(store: StateStore<Registration>) -> Screen {
        RegistrationDemo.screen(store: store)
    }

    static func rootScreen(store: StateStore<Registration>, now: @escaping @Sendable () -> Date) -> Screen {
        RegistrationDemo.screen(store: store, now: now)
    }
}
