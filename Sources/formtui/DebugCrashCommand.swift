import ArgumentParser
import FormTerminal
import FormUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Starts the terminal, draws one frame, then traps: the end-to-end tests use it to check that a
/// crash restores the terminal and still shows Swift's fatal error message.
struct DebugCrashCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "debug-crash",
        abstract: "Crash on purpose after drawing a frame (for testing the terminal restore).",
        shouldDisplay: false
    )

    @Flag(help: "Draw inline, in 6 lines below the cursor.")
    var inline = false

    func run() throws {
        let terminal: TerminalDisplay
        do {
            terminal = inline ? try InlineTerminal(height: .lines(6)) : try NcursesTerminal()
        } catch {
            StandardStreams.error("formtui: \(error.message)\n")
            throw ExitCode(2)
        }
        var canvas = Canvas(size: terminal.size)
        canvas.write("crash test", at: Point(x: 0, y: 0))
        // Without this an optimized build releases the terminal after its last use, before the
        // trap: its deinit stops the session, so the crash handler (which restores the screen and
        // answers the backtracer's 30 s prompt) is gone when the crash comes. A real program
        // crashes while it still uses its terminal.
        withExtendedLifetime(terminal) {
            terminal.present(canvas)
            fatalError("deliberate crash for testing")
        }
    }
}
