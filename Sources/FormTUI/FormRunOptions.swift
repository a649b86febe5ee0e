/// How `Form.run` shows a form: the colors, the keys, whether unsaved changes are journaled,
/// and where the form is shown (the terminal, line by line, or headless from a key script).
///
/// ```swift
/// var options = FormRunOptions(theme: .light)
/// options.keyMap.rebind(.save, to: [.control("w")])
/// let result = try form.run(savingTo: "hotspot.json", defaults: Hotspot(), options: options)
/// ```
public struct FormRunOptions: Sendable {
    /// The colors; nil chooses as the `formtui` command does: `FORMTUI_THEME` when it names a
    /// theme, else `light` where `COLORFGBG` says the background is light, else `dark`.
    public var theme: Theme?
    /// The keys, which the help line follows.
    public var keyMap: KeyMap
    /// Whether a run that saves to a file keeps a journal of unsaved changes beside it (written
    /// at pauses in typing, and as a signal ends the run), and offers them back at the next run
    /// after a crash or a `kill -9`. On by default; scripted (headless) runs never keep one.
    public var keepsDrafts: Bool
    /// Where the form is shown: `.terminal` (the default), `.inline(height:)`, `.accessible` or
    /// `.headless(script:size:)`.
    public var display: Display
    /// Whether clicks and the wheel reach the form where the terminal reports them (on by
    /// default); off, the terminal keeps the mouse for selecting text. Shift held selects text
    /// either way in most terminals.
    public var mouse: Bool

    /// A key script played before the person takes over (`.terminal` and `.inline`), as `formtui
    /// --script` does; a key pressed during playback hands the form over at once. For
    /// `.headless`, the script already parsed (its text in `display` is then not read).
    package var script: ParsedKeyScript?
    /// The pause before each key of `script` in a terminal.
    package var keyDelay: Duration = .milliseconds(80)
    /// Whether the run ends where `script` ends (else the form is the person's).
    package var exitsAtEndOfScript = false
    /// The seconds since 1970 that a recording's header names (a script's `now`).
    package var recordingTimestamp: Int64?
    /// How a headless run shows each `snapshot` of its script.
    package var snapshots: SnapshotOutput = .text
    /// Draw on `/dev/tty` when standard input or output is not the terminal (`formtui form`, whose
    /// standard output is the answers').
    package var drawsOnControllingTerminal = false
    /// Inline: leave a line saying how the form ended where it was drawn.
    package var keepsInlineSummary = false
    /// The line mode reads answers from here (the controlling terminal when the spec came on
    /// standard input).
    package var answersDescriptor: Int32 = 0
    /// A spec's `theme:`, which `theme`, `FORMTUI_THEME` and the person's terminal come before.
    package var specTheme: String?
    /// Whether the line mode may be chosen by the environment (`TERM=dumb`, FORMTUI_ACCESSIBLE=1).
    /// A scripted run always draws.
    package var followsAccessibleEnvironment = true

    /// Options as given; each default is what `formtui` itself does.
    public init(
        theme: Theme? = nil, keyMap: KeyMap = .standard, keepsDrafts: Bool = true,
        display: Display = .terminal, mouse: Bool = true
    ) {
        self.theme = theme
        self.keyMap = keyMap
        self.keepsDrafts = keepsDrafts
        self.display = display
        self.mouse = mouse
    }

    /// Where a run shows its form.
    ///
    /// ```swift
    /// FormRunOptions(display: .headless(script: "space ctrl-s", size: Size(width: 40, height: 12)))
    /// ```
    public struct Display: Hashable, Sendable {
        enum Kind: Hashable, Sendable {
            case terminal
            case accessible
            case inline(height: InlineHeight)
            case headless(script: String, size: Size)
        }

        let kind: Kind

        /// The whole terminal (its alternate screen), given back as it was when the run ends.
        public static let terminal = Display(kind: .terminal)

        /// Line by line, for a screen reader or a terminal that cannot be drawn on: each visible
        /// row asked as a plain question on standard error, answered on standard input (a secret
        /// without echo), then a summary and "Save? [Y/n]". No escape sequence is written. Over
        /// a state file (`run(savingTo:)`) unsaved answers are journaled and offered back as on
        /// the terminal. A `.terminal` run switches to it by itself when `TERM` is `dumb` or
        /// unset, or `FORMTUI_ACCESSIBLE=1`.
        public static let accessible = Display(kind: .accessible)

        /// In `height` lines below the cursor (no alternate screen): what was printed before stays
        /// above and in the scrollback, and the lines are cleared when the run ends, as with
        /// `formtui --inline`. At most the terminal's rows; clicks and the wheel as `mouse` says.
        ///
        /// ```swift
        /// try form.run(state: settings, options: FormRunOptions(display: .inline(height: .lines(12))))
        /// ```
        public static func inline(height: InlineHeight = .percent(40)) -> Display {
            Display(kind: .inline(height: height))
        }

        /// No terminal: the key script's keys play the form on a screen of `size`, and each
        /// `snapshot` in it prints the screen as text on standard output, as `formtui --headless`
        /// does. For CI and for trying a form in a pipe; `FormTester` is the tool for tests.
        public static func headless(script: String, size: Size = Size(width: 80, height: 24)) -> Display {
            Display(kind: .headless(script: script, size: size))
        }
    }
}

/// How a headless run shows its snapshots (`formtui --snapshot-format`).
package enum SnapshotOutput: Sendable {
    /// The screen's text, as transcripts in demos/ keep it.
    case text
    /// The text with the theme's colors and attributes as escape sequences.
    case ansi
    /// One SVG picture a snapshot, in `folder`, named after the script (`name`) and the snapshot.
    case svg(folder: String, name: String)
}
