/// A regular expression with ECMA-262 semantics, as JSON Schema's `pattern`, `patternProperties`
/// and the `regex` format specify: Unicode mode, `\d` and `\w` ASCII-only, `\s` Unicode's spaces,
/// `^` and `$` at the ends of the input only, lookaround, backreferences, `\p{…}`, and a search
/// (unanchored) match.
///
/// Our own engine rather than Swift's `Regex`: that one follows Perl/ICU-style semantics (its `\d`
/// and `\w` are Unicode-wide, its syntax is not ECMA's) and has no bound on the work of one match,
/// and a schema's pattern must never hang a key press. Patterns without backreferences or
/// lookaround run in time linear in the input; the others stop after a fixed number of steps with
/// a ``PatternError``.
///
/// ```swift
/// let pattern = try ECMAPattern("^[a-z][a-z0-9-]*$")
/// try pattern.matches("my-package")  // true
/// ```
public struct ECMAPattern: Sendable {
    public let source: String
    let program: PatternProgram
    let backtracks: Bool

    /// Compiles `source`; throws a ``PatternError`` with the offset of the first mistake.
    public init(_ source: String) throws(PatternError) {
        self.source = source
        let parsed = try PatternParser.parse(source)
        program = try PatternCompiler.compile(parsed)
        backtracks = parsed.backtracks
    }

    /// Whether the pattern matches somewhere in `text`. Throws only for a backtracking pattern
    /// whose search would take more than ``PatternMatcher/stepBudget`` steps.
    public func matches(_ text: String) throws(PatternError) -> Bool {
        let input = text.unicodeScalars.map(\.value)
        if backtracks { return try PatternMatcher.backtrackSearch(program, input) }
        return PatternMatcher.automatonSearch(program, input)
    }
}
