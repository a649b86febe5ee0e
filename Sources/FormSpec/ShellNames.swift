/// Which ids can be shell variables: `--format env` and `--format bash` name each variable
/// after its row's id as it is written, so an id that is no name, or a name the shell itself
/// uses, or a name `--format env` writes for another row, is refused before the form is drawn.
///
/// ```swift
/// if let problem = ShellNames.problem(in: spec, file: "deploy.yaml", style: .posix) { throw problem }
/// ```
public enum ShellNames {
    /// Variables that sh, bash or zsh give a meaning to (or refuse to assign): an answer named
    /// so would change how the script runs, or make `eval` fail.
    public static let reserved: Set<String> = [
        // POSIX sh
        "PATH", "HOME", "IFS", "PS1", "PS2", "PS4", "CDPATH", "ENV", "MAIL", "MAILCHECK", "MAILPATH",
        "OPTARG",
        "OPTIND", "PWD", "OLDPWD", "PPID", "LINENO", "SHELL", "TERM", "TMPDIR", "TZ", "USER", "LOGNAME",
        "LANG",
        "LANGUAGE", "NLSPATH", "HISTFILE", "HISTSIZE", "COLUMNS", "LINES", "FCEDIT", "EDITOR", "VISUAL",
        // bash
        "BASH", "BASHOPTS", "BASHPID", "BASH_ENV", "BASH_VERSION", "BASH_VERSINFO", "SHELLOPTS", "EUID",
        "UID",
        "GROUPS", "HOSTNAME", "HOSTTYPE", "MACHTYPE", "OSTYPE", "RANDOM", "SRANDOM", "SECONDS", "SHLVL",
        "FUNCNAME", "PIPESTATUS", "PS3", "PS0", "PROMPT_COMMAND", "REPLY", "COMPREPLY", "DIRSTACK", "HISTCMD",
        "HISTCONTROL", "HISTIGNORE", "HISTFILESIZE", "HISTTIMEFORMAT", "INPUTRC", "GLOBIGNORE", "TIMEFORMAT",
        "EPOCHSECONDS", "EPOCHREALTIME", "LD_PRELOAD", "LD_LIBRARY_PATH",
        // zsh
        "path", "cdpath", "fpath", "manpath", "mailpath", "module_path", "psvar", "status", "pipestatus",
        "argv",
        "ARGC", "options", "parameters", "commands", "functions", "aliases", "builtins", "history",
        "historywords", "signals", "prompt", "PROMPT", "PROMPT2", "PROMPT3", "PROMPT4", "RPROMPT", "RPS1",
        "RPS2", "ZDOTDIR", "FPATH", "MANPATH", "MODULE_PATH", "PSVAR", "TTY", "TTYIDLE", "USERNAME", "EGID",
        "GID", "ERRNO", "KEYBOARD_HACK", "WATCH", "watch", "dirstack", "jobdirs", "jobstates", "jobtexts",
        "modules", "nameddirs", "userdirs", "reswords", "widgets", "keymaps", "terminfo", "termcap",
        "mapfile",
        "funcstack", "functrace", "funcfiletrace", "funcsourcetrace", "zsh_eval_context", "sysparams",
        "errnos", "patchars", "epochtime", "match", "mbegin", "mend", "MATCH", "MBEGIN", "MEND", "NULLCMD",
        "READNULLCMD", "TRY_BLOCK_ERROR", "TRY_BLOCK_INTERRUPT", "WORDCHARS", "ZLE_RPROMPT_INDENT",
    ]

    /// Prefixes of names the shells and the C library read (`LC_ALL`, `BASH_ARGV`, `ZSH_NAME`).
    static let reservedPrefixes = ["LC_", "BASH_", "ZSH_", "LD_"]

    /// Why `name` cannot be a variable of the answers, or nil when it can.
    public static func reason(_ name: String) -> String? {
        guard let first = name.unicodeScalars.first, first == "_" || isLetter(first),
            name.unicodeScalars.allSatisfy({ $0 == "_" || isLetter($0) || ("0"..."9").contains($0) })
        else { return "is not a shell variable name" }
        if name == "_" { return "is a variable the shell itself sets" }
        if reserved.contains(name) || reservedPrefixes.contains(where: name.hasPrefix) {
            return "is a variable the shell itself uses"
        }
        return nil
    }

    /// The first id of `spec` that cannot be its variable for `style` (named `prefix` and the
    /// id), as an error at the id.
    public static func problem(
        in spec: FormSpec, file: String, style: SpecAnswersOutput.ShellStyle, prefix: String = ""
    ) -> SpecError? {
        let rows = spec.answeringRows
        let ids = Set(rows.map(\.id))
        for row in rows {
            let id = row.id
            if let reason = Self.reason(prefix + id) {
                let usable = String(
                    id.unicodeScalars.map {
                        $0 == "_" || isLetter($0) || ("0"..."9").contains($0) ? Character($0) : "_"
                    })
                let suggestion =
                    reason.hasPrefix("is not") && usable.first.map({ !$0.isNumber }) == true
                        && Self.reason(usable) == nil
                        && !ids.contains(usable) ? usable : "form_" + usable.lowercased()
                return SpecError(
                    file: file, position: row.idPosition ?? row.position,
                    message: prefix.isEmpty
                        ? "the id '\(id)' \(reason): the shell lines name each answer after its id"
                        : "the id '\(id)' gives '\(prefix + id)', which \(reason)",
                    hint:
                        "rename it, e.g. '\(suggestion)' (letters, digits and _), or print JSON (--format json)"
                )
            }
        }
        guard style == .posix else { return nil }
        for row in rows where row.kind.answersMany {
            for other in rows where other.id.hasPrefix(row.id + "_") {
                let suffix = other.id.dropFirst(row.id.count + 1)
                guard suffix == "COUNT" || (!suffix.isEmpty && suffix.allSatisfy(\.isNumber)) else {
                    continue
                }
                return SpecError(
                    file: file, position: other.idPosition ?? other.position,
                    message:
                        "the id '\(other.id)' is a name --format env writes for '\(row.id)' (\(row.id)_COUNT, \(row.id)_1, …)",
                    hint: "rename one of them")
            }
        }
        return nil
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }
}
