# Post-processes the manual page argument-parser's generate-manual writes (make man, make install).
# The help texts show commands, a spec and an option table as lines indented by two spaces, which
# --help prints as they are; in the page they were filled like prose and wrapped at the page's
# width, cutting a command or a YAML row in two. Each run of such lines becomes a literal display.
# (Check it at 80 columns: MANWIDTH=80 man -l .build/man/formtui.1 | col -bx | awk 'length > 80'.)
# An empty line (which mdoc warns of) is a paragraph break. A hidden subcommand (debug-crash, for the tests) is left out, as --help leaves it out.
function close_literal() {
    if (literal) { print ".Ed"; literal = 0 }
}
skipping {
    if ($0 ~ /^\.Bl/) { depth++; next }
    if ($0 ~ /^\.El/) { if (depth > 0) { depth--; next } skipping = 0 }
    else if (depth == 0 && $0 ~ /^\.It Em /) { skipping = 0 }
    else next
}
/^\.It Em debug-crash$/ { close_literal(); skipping = 1; depth = 0; next }
/^$/ { close_literal(); print ".Pp"; next }
# The page indents a display already: its lines lose the two spaces --help indents them by, so
# that a line that fits 80 columns of --help fits the page at 80 columns too. One that then
# starts with a dot (.NAME.json.draft) is escaped, or it would be read as a request.
/^  / {
    if (!literal) { print ".Bd -literal"; literal = 1 }
    line = substr($0, 3)
    if (line ~ /^[.']/) line = "\\&" line
    print line; next
}
{ close_literal(); print }
END { close_literal() }
