import ArgumentParser
import FormCore
import FormUI

/// A demo as a subcommand: where its state is kept, what it starts from, and its first screen;
/// running it is the same for every demo.
protocol DemoCommand: ParsableCommand {
    associatedtype State: Codable & Equatable
    /// The state file's name under `$XDG_CONFIG_HOME/formtui/`.
    static var stateName: String { get }
    static var defaultState: State { get }
    static func rootScreen(store: StateStore<State>) -> Screen
    /// The editing form with this title, for resuming its unsaved changes; nil when the root
    /// screen is that form.
    static func editor(titled title: String, store: StateStore<State>) -> FormScreen<State>?
    var options: SessionOptions { get }
}

extension DemoCommand {
    func run() throws {
        let status = try DemoSession.run(
            options: options, stateName: Self.stateName, defaultState: Self.defaultState,
            makeRoot: Self.rootScreen, makeEditor: Self.editor)
        throw ExitCode(status)
    }

    static func editor(titled title: String, store: StateStore<State>) -> FormScreen<State>? { nil }
}
