import FormTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// When a form is asked line by line (the accessible mode) instead of drawn: the rule the
/// `formtui` command and `Form.run` share.
package enum AccessibleMode {
    /// Whether a run asks line by line: asked for (`--accessible`, `.accessible`), else (not for
    /// a key script, which plays keys, not answers) `FORMTUI_ACCESSIBLE=1`, or a terminal type
    /// that cannot be drawn on (`TERM` dumb or unset, one that cannot move the cursor, or one
    /// terminfo does not know that is no xterm by its name or its answer: see
    /// `TerminalPreflight.choice`) when a person or a pipe gives the answers.
    package static func isChosen(requested: Bool, scripted: Bool, environment: [String: String]) -> Bool {
        if requested { return true }
        // A key script needs the screen, whatever the environment asks for.
        guard !scripted else { return false }
        if environment["FORMTUI_ACCESSIBLE"] == "1" { return true }
        let term = environment["TERM"] ?? ""
        let drawsNothing =
            term.isEmpty || term == "dumb" || TerminalPreflight.choice(for: term) == .lines
        guard drawsNothing else { return false }
        return isatty(STDIN_FILENO) == 1 || standardInputIsPipeOrFile()
    }

    private static func standardInputIsPipeOrFile() -> Bool {
        var info = stat()
        guard fstat(STDIN_FILENO, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind == S_IFIFO || kind == S_IFREG
    }
}
