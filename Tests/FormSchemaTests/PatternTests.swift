import Testing

@testable import FormSchema

@Suite struct PatternTests {
    func matches(_ pattern: String, _ text: String) throws -> Bool {
        try ECMAPattern(pattern).matches(text)
    }

    @Test func classEscapesFollowECMA() throws {
        #expect(try matches(#"^\d+$"#, "0123456789"))
        #expect(try !matches(#"^\d$"#, "\u{09EA}"))  // a Bengali digit is not \d
        #expect(try !matches(#"^\w$"#, "é"))  // \w is ASCII only
        #expect(try matches(#"^\s$"#, "\u{00A0}"))  // \s is Unicode's spaces
        #expect(try matches(#"^\s$"#, "\u{FEFF}"))
        #expect(try !matches(#"^\S$"#, "\u{2029}"))
        #expect(try matches(#"^\p{Letter}+$"#, "école"))
        #expect(try matches(#"^\P{L}$"#, "1"))
        #expect(try matches(#"^[^\d\s]+$"#, "abc"))
        #expect(try matches(#"^\cC$"#, "\u{03}"))
        #expect(try matches(#"^\u{1F432}*$"#, "🐲🐲"))
        #expect(try matches("^🐲.$", "🐲🐉"))  // a scalar is one character, not two halves
    }

    @Test func anchorsAreTheInputsEnds() throws {
        #expect(try !matches("^abc$", "abc\n"))
        #expect(try !matches("^b", "a\nb"))
        #expect(try matches("b", "abc"))  // a search, not a whole match
        #expect(try matches(#"\bfoo\b"#, "a foo b"))
        #expect(try !matches(#"\bfoo\b"#, "afoo"))
    }

    @Test func quantifiersGroupsAndAlternation() throws {
        #expect(try matches("^(ab|cd){2,3}$", "abcdab"))
        #expect(try !matches("^(ab|cd){2,3}$", "ab"))
        #expect(try matches("^a{2}$", "aa"))
        #expect(try matches("^a{2,}?b$", "aaaab"))
        #expect(try matches("^x{1,3}?$", "xxx"))
        #expect(try matches("^(?:a|b)*c$", "ababc"))
        #expect(try matches("^(a*)*$", "aaaa"))  // an empty iteration ends the loop
        #expect(try matches("a{", "a{"))  // a brace that starts no quantifier is itself (Annex B)
    }

    @Test func backreferencesAndLookaround() throws {
        #expect(try matches(#"^(a+)b\1$"#, "aabaa"))
        #expect(try !matches(#"^(a+)b\1$"#, "aaba"))
        #expect(try matches(#"^(?<q>["'])x\k<q>$"#, "'x'"))
        #expect(try matches(#"^(?=.*\d)(?=.*[a-z]).{6,}$"#, "abc123"))
        #expect(try !matches(#"^(?=.*\d)(?=.*[a-z]).{6,}$"#, "abcdef"))
        #expect(try matches(#"^(?!test).*$"#, "prod"))
        #expect(try !matches(#"^(?!test).*$"#, "testing"))
        #expect(try matches(#"(?<=\$)\d+"#, "cost $42"))
        #expect(try !matches(#"(?<!\$)\b\d+"#, "$42"))
    }

    @Test func invalidPatternsSayWhere() {
        #expect(throws: PatternError.self) { try ECMAPattern("^(abc]") }
        #expect(throws: PatternError.self) { try ECMAPattern("a**") }
        #expect(throws: PatternError.self) { try ECMAPattern(#"\a"#) }  // no such escape in Unicode mode
        #expect(throws: PatternError.self) { try ECMAPattern(#"(a)\2"#) }
        #expect(throws: PatternError.self) { try ECMAPattern("[z-a]") }
        do {
            _ = try ECMAPattern("ab(c")
            Issue.record("an unclosed group compiled")
        } catch {
            #expect(error.offset == 2)
        }
    }

    @Test func catastrophicPatternsAreLinear() throws {
        let clock = ContinuousClock()
        let start = clock.now
        // Without backreferences the automaton runs: 31 steps of a few threads, not 2^30.
        #expect(try !matches("^(a+)+$", String(repeating: "a", count: 30) + "!"))
        #expect(try !matches("^(a|aa)*$", String(repeating: "a", count: 5000) + "!"))
        #expect(try !matches("(x+x+)+y", String(repeating: "x", count: 5000)))
        #expect(clock.now - start < .seconds(2))  // milliseconds in a release build
    }

    @Test func backtrackingIsBounded() {
        let clock = ContinuousClock()
        let start = clock.now
        // A backreference needs the backtracker, which stops at its step budget.
        #expect(throws: PatternError.self) {
            try ECMAPattern(#"^(a+)+\1$"#).matches(String(repeating: "a", count: 40) + "!")
        }
        #expect(clock.now - start < .seconds(5))  // the step budget is about 10 ms in release
    }

    @Test func hugeRepetitionsAreRefused() {
        #expect(throws: PatternError.self) { try ECMAPattern("(a{1000}){1000}") }
    }
}
