import FormSpec
import FormTUI
import FormTerminal
import FormUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a demo session runs, as plain values: what `SessionOptions` parses.
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
    /// `--accessible`: the line mode, whatever the terminal.
    var accessible = false
    /// Clicks and the wheel, where the terminal reports them; `--no-mouse` turns them off.
    var mouse = true
    /// `--inline` (or `--height`): drawn in a few lines below the cursor, not the whole screen.
    var inline = false
    /// `--height N|N%`: how many lines inline.
    var height: String?
    /// `--keep`: inline, a summary line is left where the form was.
    var keep = false
    /// A spec's `theme:`, which `--theme` and `FORMTUI_THEME` override.
    var specTheme: String?

    /// Why these settings cannot run together, in the words of the command line; nil when they can.
    var problem: String? {
        if let theme, Theme.named(theme) == nil {
            return "--theme must be one of \(Self.themeNames), not '\(theme)'\(Self.suggestion(for: theme))"
        }
        if let height, InlineHeight(parsing: height) == nil {
            return "--height must be a number of lines or a share like 40%, not '\(height)'"
        }
        if keep && !inline { return "--keep needs --inline: it is the line an inline form leaves" }
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
        if accessible && (script != nil || record != nil) {
            return "--accessible asks line by line: it takes no --script or --record"
        }
        if let now, ScriptClock.secondsSince1970(iso8601: now) == nil {
            return "--now must look like 2025-06-01T09:00:00Z, not '\(now)'"
        }
        return nil
    }

    /// The theme asked for, the first of: `--theme`; `FORMTUI_THEME` when it names one; a spec's
    /// `theme:` (`specTheme`); `light` where the terminal says its background is light
    /// (`COLORFGBG`, as rxvt and Konsole set it, else its answer to `background`, asked only then);
    /// `dark`. The person's own choices come before the spec's: only they know their terminal.
    func theme(environment: [String: String], background: () -> Theme.RGB? = { nil }) -> Theme {
        if let theme, let named = Theme.named(theme) {
            return named.fitted(environment: environment, background: background)
        }
        return .preferred(environment: environment, spec: specTheme, background: background)
    }

    /// The theme of a headless run, which has no terminal to ask.
    var resolvedTheme: Theme { theme(environment: ProcessEnvironment.values(Self.themeVariables)) }

    /// What the choice of a theme reads of the environment (read alone: copying the whole
    /// environment at start costs more than the rest of the choice).
    static let themeVariables = ["FORMTUI_THEME", "COLORFGBG", "TERM", "NO_COLOR", "TMUX", "STY"]

    /// The theme of a run in the terminal: as `resolvedTheme`, and when nothing names one, the
    /// terminal is asked for its background (on `/dev/tty` for `onControllingTerminal`).
    func terminalTheme(onControllingTerminal: Bool) -> Theme {
        let environment = ProcessEnvironment.values(Self.themeVariables)
        return theme(environment: environment) {
            Theme.terminalBackground(environment: environment, onControllingTerminal: onControllingTerminal)
        }
    }

    /// A warning for a `FORMTUI_THEME` that names no theme (it is passed over), or nil.
    static func environmentThemeProblem(_ environment: [String: String]) -> String? {
        guard let name = environment["FORMTUI_THEME"], !name.isEmpty, Theme.named(name) == nil else {
            return nil
        }
        return "FORMTUI_THEME names no theme: '\(name)'\(suggestion(for: name)) (the themes: \(themeNames))"
    }

    /// "; did you mean 'light'?" for a misspelt theme name, or "".
    static func suggestion(for name: String) -> String {
        Nearest.match(name, in: Theme.all.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
    }

    static var themeNames: String { Theme.all.map(\.name).joined(separator: ", ") }

    /// The inline height asked for, or 40% of the terminal.
    var inlineHeight: InlineHeight { height.flatMap(InlineHeight.init(parsing:)) ?? .percent(40) }

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
