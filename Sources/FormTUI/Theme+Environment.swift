#if canImport(Glibc)
    import Glibc
#endif

extension Theme {
    /// The theme the environment asks for, the first of: `FORMTUI_THEME` when it names one; `spec`
    /// (a spec file's `theme:`) when it names one; `light` where the terminal says its background
    /// is light (`COLORFGBG`, as rxvt and Konsole set it; else `background`, asked only then);
    /// `dark`. What `formtui` and `Form.run` use when no theme is given: the person's own choices
    /// come before the spec's, since only they know their terminal. A theme named for the other
    /// kind of background than the terminal's (dark on white) paints its own (`fitted`).
    ///
    /// ```swift
    /// let theme = Theme.preferred(environment: ["FORMTUI_THEME": "light"])  // .light
    /// ```
    public static func preferred(
        environment: [String: String], spec: String? = nil, background: () -> Theme.RGB? = { nil }
    ) -> Theme {
        if let named = Theme.named(environment["FORMTUI_THEME"] ?? "") {
            return named.fitted(environment: environment, background: background)
        }
        if let spec, let named = Theme.named(spec) {
            return named.fitted(environment: environment, background: background)
        }
        if let light = Self.isLight(environment: environment) { return light ? .light : .standard }
        return background()?.isLight == true ? .light : .standard
    }

    /// Whether `COLORFGBG` says the background is light: "15;0" is light text on black; "0;15"
    /// (or "0;default;15") black on white: 7 and 15 are the light backgrounds. Nil when unset.
    static func isLight(environment: [String: String]) -> Bool? {
        guard let colors = environment["COLORFGBG"]?.split(separator: ";").last.flatMap({ Int($0) }) else {
            return nil
        }
        return colors == 7 || colors == 15
    }

    /// The theme fitted to the terminal's background (`fitted(toBackground:)`), from `COLORFGBG`
    /// or else `background`, asked only for a theme that depends on it (not high-contrast or
    /// classic, which draw the same on any).
    package func fitted(environment: [String: String], background: () -> Theme.RGB?) -> Theme {
        guard
            fitted(toBackground: Theme.RGB(255, 255, 255)).paintsCanvas != paintsCanvas
                || fitted(toBackground: Theme.RGB(0, 0, 0)).paintsCanvas != paintsCanvas
        else { return self }
        if let light = Self.isLight(environment: environment) {
            return fitted(toBackground: light ? Theme.RGB(255, 255, 255) : Theme.RGB(0, 0, 0))
        }
        return fitted(toBackground: background())
    }

    /// The terminal's background as it answers an OSC 11 question (`TerminalBackground`), on
    /// standard input and output, or on `/dev/tty` for `onControllingTerminal`; nil where the
    /// terminal is not worth asking or does not answer within `TerminalBackground.timeout`.
    package static func terminalBackground(
        environment: [String: String], onControllingTerminal: Bool
    ) -> Theme.RGB? {
        guard TerminalBackground.isWorthAsking(environment: environment) else { return nil }
        let multiplexer = TerminalBackground.Multiplexer(environment: environment)
        guard onControllingTerminal else {
            return TerminalBackground.ask(input: STDIN_FILENO, output: STDOUT_FILENO, through: multiplexer)
        }
        let tty = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard tty >= 0 else { return nil }
        defer { close(tty) }
        return TerminalBackground.ask(input: tty, output: tty, through: multiplexer)
    }
}
