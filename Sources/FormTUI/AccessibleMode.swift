#if canImport(Glibc)
    import Glibc
#endif

/// When a form is asked line by line (the accessible mode) instead of drawn: the rule the
/// `formtui` command and `Form.run` share.
package enum AccessibleMode {
    /// Whether a run asks line by line: asked for (`--accessible`, `.accessible`),
    /// `FORMTUI_ACCESSIBLE=1`, or a terminal type that cannot be drawn on (`TERM` dumb or unset)
    /// when a person or a pipe gives the answers. A key script never switches to it by itself:
    /// it plays keys, not answers.
    package static func isChosen(requested: Bool, scripted: Bool, environment: [String: String]) -> Bool {
        if requested || environment["FORMTUI_ACCESSIBLE"] == "1" { return true }
        guard !scripted else { return false }
        let term = environment["TERM"] ?? ""
        guard term.isEmpty || term == "dumb" else { return false }
        return isatty(STDIN_FILENO) == 1 || standardInputIsPipeOrFile()
    }

    private static func standardInputIsPipeOrFile() -> Bool {
        var info = stat()
        guard fstat(STDIN_FILENO, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind == S_IFIFO || kind == S_IFREG
    }
}
