import FormTerminal
import FormUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a demo session runs, as plain values: what `SessionOptions` parses, and what the quick
/// start (`QuickStart`) reads without swift-argument-parser.
struct SessionSettings: Equatable {
    var state: String?
    var headless = false
    var size = "80x24"
    var script: String?
    var keyDelay = 80
    var exitAfterScript = false
    var record: String?
    var snapshotFormat = SnapshotFormat.text
    var snapshotDir: String?
    var printState = false
    var now: String?
    /// `--theme`; without it `FORMTUI_THEME`, then `dark`.
    var theme: String?

    /// Why these settings cannot run together, in the words of the command line; nil when they can.
    var problem: String? {
        if let theme, Theme.named(theme) == nil {
            return "--theme must be one of \(Self.themeNames), not '\(theme)'"
        }
        guard Size(parsing: size) != nil else { return "--size must look like 80x24, not '\(size)'" }
        if headless && script == nil { return "--headless needs --script FILE: the keys to play" }
        guard keyDelay >= 0 else { return "--key-delay cannot be negative" }
        if exitAfterScript && script == nil { return "--exit-after-script needs --script FILE" }
        if snapshotFormat != .text && !headless {
            return "--snapshot-format is for headless runs (--headless --script FILE)"
        }
        if (snapshotFormat == .svg) != (snapshotDir != nil) {
            return "--snapshot-format svg and --snapshot-dir DIR go together"
        }
        if printState && !headless { return "--print-state is for headless runs" }
        if let now, ScriptClock.secondsSince1970(iso8601: now) == nil {
            return "--now must look like 2025-06-01T09:00:00Z, not '\(now)'"
        }
        return nil
    }

    /// The theme asked for: `--theme`, else `FORMTUI_THEME` when it names one, else `light` where
    /// the terminal says its background is light (`COLORFGBG`, as rxvt and Konsole set it), else
    /// `dark`.
    var resolvedTheme: Theme {
        theme(environment: ProcessEnvironment.values(["FORMTUI_THEME", "COLORFGBG"]))
    }

    func theme(environment: [String: String]) -> Theme {
        if let theme, let named = Theme.named(theme) { return named }
        if let named = Theme.named(environment["FORMTUI_THEME"] ?? "") { return named }
        // "15;0" is light text on black; "0;15" (or "0;default;15") black on white: 7 and 15 are
        // the light backgrounds.
        if let background = environment["COLORFGBG"]?.split(separator: ";").last.flatMap({ Int($0) }),
            background == 7 || background == 15
        {
            return .light
        }
        return .standard
    }

    static var themeNames: String { Theme.all.map(\.name).joined(separator: ", ") }

    var screenSize: Size { Size(parsing: size) ?? Size(width: 80, height: 24) }
}

/// How a headless run shows its snapshots.
enum SnapshotFormat: String, CaseIterable {
    /// The screen's text, as transcripts in demos/ keep it.
    case text
    /// The text with the theme's colors and attributes as escape sequences.
    case ansi
    /// One SVG picture per snapshot.
    case svg
}
