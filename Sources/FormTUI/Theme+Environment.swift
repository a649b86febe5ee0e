#if canImport(Glibc)
    import Glibc
#endif

extension Theme {
    /// The theme the environment asks for, the first of: `FORMTUI_THEME` when it names one; `spec`
    /// (a spec file's `theme:`) when it names one; `light` where the terminal says its background
    /// is light (`COLORFGBG`, as rxvt and Konsole set it; else `background`, asked only then);
    /// `dark`. What `formtui` and `Form.run` use when no theme is given: the person's own choices
    /// come before the spec's, since only they know their terminal.
    ///
    /// ```swift
    /// let theme = Theme.preferred(environment: ["FORMTUI_THEME": "light"])  // .light
    /// ```
    public static func preferred(
        environment: [String: String], spec: String? = nil, background: () -> Theme.RGB? = { nil }
    ) -> Theme {
        if let named = Theme.named(environment["FORMTUI_THEME"] ?? "") { return named }
        if let spec, let named = Theme.named(spec) { return named }
        // "15;0" is light text on black; "0;15" (or "0;default;15") black on white: 7 and 15 are
        // the light backgrounds.
        if let colors = environment["COLORFGBG"]?.split(separator: ";").last.flatMap({ Int($0) }) {
            return colors == 7 || colors == 15 ? .light : .standard
        }
        return background()?.isLight == true ? .light : .standard
    }

    /// The terminal's background as it answers an OSC 11 question (`TerminalBackground`), on
    /// standard input and output, or on `/dev/tty` for `onControllingTerminal`; nil where the
    /// terminal is not worth asking or does not answer within `TerminalBackground.timeout`.
    package static func terminalBackground(
        environment: [String: String], onControllingTerminal: Bool
    ) -> Theme.RGB? {
        guard TerminalBackground.isWorthAsking(environment: environment) else { return nil }
        guard onControllingTerminal else {
            return TerminalBackground.ask(input: STDIN_FILENO, output: STDOUT_FILENO)
        }
        let tty = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard tty >= 0 else { return nil }
        defer { close(tty) }
        return TerminalBackground.ask(input: tty, output: tty)
    }
}
