/// Terminfo strings as bytes to write by hand: what the safety net writes around `endwin()` (a
/// clear on a terminal without an alternate screen) is written with `write()`, not `tputs`,
/// so the delays terminfo marks in them (`$<5>`, `$<50/*>`) are left out.
///
/// ```swift
/// TerminfoText.withoutPadding("\u{1B}[H$<5>\u{1B}[2J")  // "\u{1B}[H\u{1B}[2J"
/// ```
enum TerminfoText {
    /// `sequence` without its delays; a `$` that starts none, and a `$<` never closed, are text.
    static func withoutPadding(_ sequence: String) -> String {
        var result = ""
        var rest = Substring(sequence)
        while let dollar = rest.firstIndex(of: "$") {
            let afterDollar = rest.index(after: dollar)
            guard afterDollar < rest.endIndex, rest[afterDollar] == "<",
                let close = rest[afterDollar...].firstIndex(of: ">")
            else {
                result += rest[...dollar]
                rest = rest[afterDollar...]
                continue
            }
            result += rest[..<dollar]
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
