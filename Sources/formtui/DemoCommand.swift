import ArgumentParser
import FormCore
import FormUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A demo as a subcommand: where its state is kept, what it starts from, and its first screen;
/// running it is the same for every demo.
protocol DemoCommand: ParsableCommand {
    associatedtype State: Codable & Equatable
    /// The state file's name under `$XDG_CONFIG_HOME/formtui/`.
    static var stateName: String { get }
    static var defaultState: State { get }
    static func rootScreen(store: StateStore<State>) -> Screen
    /// The first screen when "now" is given (a script's `now`, or `--now`): demos whose screens
    /// depend on the date use it, so that a scripted run looks the same on any day.
    static func rootScreen(store: StateStore<State>, now: @escaping @Sendable () -> Date) -> Screen
    /// The editing form with this title, for resuming its unsaved changes; nil when the root
    /// screen is that form.
    static func editor(titled title: String, store: StateStore<State>) -> FormScreen<State>?
    var options: SessionOptions { get }
}

extension DemoCommand {
    static func rootScreen(store: StateStore<State>, now: @escaping @Sendable () -> Date) -> Screen {
        rootScreen(store: store)
    }

    func run() throws {
        throw ExitCode(OutputFailure.status(after: Self.session(options.settings)))
    }

    /// Runs the demo; returns the exit status.
    static func session(_ settings: SessionSettings) -> Int32 {
        DemoSession.run(
            options: settings, stateName: stateName, defaultState: defaultState,
            makeRoot: { rootScreen(store: $0, now: $1) }, makeEditor: editor)
    }

    static func editor(titled title: String, store: StateStore<State>) -> FormScreen<State>? { nil }
}
