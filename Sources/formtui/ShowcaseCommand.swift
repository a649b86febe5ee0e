import ArgumentParser
import FormCore
import FormDemos
import FormUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

struct ShowcaseCommand: DemoCommand {
    static let configuration = CommandConfiguration(
        commandName: "showcase",
        abstract: "One of every row kind, each in a section named after it.",
        discussion: """
            Every kind of row formtui has: a switch, text and secure text, a password editor, \
            multiline text, numbers, a stepper and a slider, dates and times with their pickers, \
            inline pickers, a segmented choice, single and multiple selection, an editable list, \
            a disabled row, a custom row and a pushed form. The help line says what the keys do \
            on each row. Ctrl-S saves; Esc cancels. The state is kept in \
            $XDG_CONFIG_HOME/formtui/showcase.json unless --state names another file.
            """
    )

    @OptionGroup var options: SessionOptions

    static let stateName = "showcase.json"
    static var defaultState: Showcase { Showcase() }

    static func rootScreen(store: StateStore<Showcase>) -> Screen {
        ShowcaseDemo.screen(store: store)
    }

    static func rootScreen(store: StateStore<Showcase>, now: @escaping @Sendable () -> Date) -> Screen {
        ShowcaseDemo.screen(store: store, now: now)
    }
}
