import FormUI
import Testing

/// The keys a script gives, failing the test on any step that is not a key.
private func keys(_ script: String) throws -> [Key] {
    try KeyScript.parse(script).map { step in
        guard case .key(let key) = step else {
            Issue.record("expected only keys, got \(step)")
            return .escape
        }
        return key
    }
}

/// The error a script gives.
private func parseError(_ script: String) -> KeyScriptError? {
    do {
        _ = try KeyScript.parse(script)
        return nil
    } catch {
        return error
    }
}

@Suite("KeyScript: parsing the scripts that drive the app")
struct KeyScriptTests {
    static let namedKeys: [(String, Key)] = [
        ("up", .up), ("down", .down), ("left", .left), ("right", .right),
        ("pgup", .pageUp), ("pgdn", .pageDown), ("home", .home), ("end", .end),
        ("tab", .tab), ("backtab", .backTab), ("enter", .enter), ("esc", .escape),
        ("space", .space), ("backspace", .backspace), ("delete", .delete), ("insert", .insert),
    ]

    @Test("Every key name of the doc comment parses to its key")
    func namedKeysParse() throws {
        for (name, key) in Self.namedKeys {
            #expect(try keys(name) == [key], "\(name)")
            #expect(try keys(name.uppercased()) == [key], "\(name.uppercased())")
        }
        #expect(try keys(Self.namedKeys.map(\.0).joined(separator: " ")) == Self.namedKeys.map(\.1))
    }

    @Test("f1 to f12 parse to function keys")
    func functionKeys() throws {
        for number in 1...12 {
            #expect(try keys("f\(number)") == [.function(number)])
        }
    }

    @Test("ctrl-a to ctrl-z parse to control keys, except the four a terminal sends as other keys")
    func controlKeys() throws {
        for letter in "abcdefgklnopqrstuvwxyz" {
            #expect(try keys("ctrl-\(letter)") == [.control(letter)])
        }
        #expect(try keys("ctrl-S") == [.control("s")])
        #expect(try keys("ctrl-h ctrl-i ctrl-j ctrl-m") == [.backspace, .tab, .enter, .enter])
    }

    @Test("paste delivers one paste of cleaned text; it needs quoted text")
    func paste() throws {
        #expect(try keys("paste \"a\\nb\\tc\"") == [.paste("a\nb c")])
        #expect(try keys("paste \"\"") == [])
        #expect(throws: KeyScriptError.self) { try KeyScript.parse("paste hello") }
    }

    @Test("snapshot as NAME names the snapshot; other snapshots have no name; a bad name is refused")
    func namedSnapshots() throws {
        let script = try KeyScript.read("down snapshot as date-picker up\nsnapshot \"x\"")
        #expect(script.steps == [.key(.down), .snapshot, .key(.up), .snapshot, .key(.character("x"))])
        #expect(script.snapshotNames == ["date-picker", nil])
        #expect(script.snapshotLines.map(\.number) == [1, 2])
        #expect(parseError("snapshot as") != nil)
        #expect(parseError("snapshot as \"x y\"") != nil)
        #expect(parseError("snapshot as a/b")?.problem.contains("letters, digits and dashes") == true)
    }

    @Test("a script that expands past the step limit is refused, not played")
    func stepLimit() throws {
        #expect(try keys("down*1000000").count == 1_000_000)
        #expect(throws: KeyScriptError.self) { try KeyScript.parse("down*1000000\nup") }
        #expect(throws: KeyScriptError.self) { try KeyScript.parse("resize 1001x10") }
    }

    @Test("Each key's scriptName parses back to that key")
    func scriptNamesRoundTrip() throws {
        let all: [Key] =
            Self.namedKeys.map(\.1) + [
                .control("s"), .function(5), .character("x"), .character("#"), .paste("a \"quoted\" \\ note"),
            ]
        for key in all {
            #expect(try keys(key.scriptName) == [key], "\(key.scriptName)")
        }
    }

    @Test("The scriptName of a quote or backslash character parses back to it")
    func scriptNamesEscape() throws {
        for key: Key in [.character("\""), .character("'"), .character("\\")] {
            #expect(try keys(key.scriptName) == [key], "\(key.scriptName)")
        }
    }

    @Test("A repeat count gives that many keys; *0 gives none")
    func repeats() throws {
        #expect(try keys("down*5") == Array(repeating: .down, count: 5))
        #expect(try keys("x*0").isEmpty)
        #expect(try keys("up x*0 down") == [.up, .down])
        #expect(try keys("y*3") == Array(repeating: .character("y"), count: 3))
        #expect(try keys("ctrl-s*2") == [.control("s"), .control("s")])
        #expect(try KeyScript.parse("down*1000").count == 1000)
    }

    @Test("A single character on its own is that character")
    func singleCharacters() throws {
        #expect(try keys("y") == [.character("y")])
        #expect(try keys("q") == [.character("q")])
        #expect(try keys("+") == [.character("+")])
        #expect(try keys("Y n -") == [.character("Y"), .character("n"), .character("-")])
    }

    @Test("Quoted text gives one key per character, with either quote kind")
    func quoted() throws {
        let hi: [Key] = [.character("h"), .character("i")]
        #expect(try keys("\"hi\"") == hi)
        #expect(try keys("'hi'") == hi)
        #expect(try keys("\"a b\"") == [.character("a"), .character(" "), .character("b")])
        #expect(try keys("'say \"x\"'") == "say \"x\"".map { Key.character($0) })
        #expect(try keys("\"it's\"") == "it's".map { Key.character($0) })
        #expect(try keys("\"\"").isEmpty)
        #expect(try keys("\"日本\"") == [.character("日"), .character("本")])
    }

    @Test("Escapes in quoted text: \\\" \\\\ and \\n as enter, \\t as tab")
    func escapes() throws {
        #expect(try keys(#""a\"b""#) == [.character("a"), .character("\""), .character("b")])
        #expect(try keys(#"'a\'b'"#) == [.character("a"), .character("'"), .character("b")])
        #expect(try keys(#""a\\b""#) == [.character("a"), .character("\\"), .character("b")])
        #expect(try keys(#""a\nb""#) == [.character("a"), .enter, .character("b")])
        #expect(try keys(#""a\tb""#) == [.character("a"), .tab, .character("b")])
    }

    @Test("resize takes a size like 100x30")
    func resize() throws {
        #expect(try KeyScript.parse("resize 100x30") == [.resize(Size(width: 100, height: 30))])
        #expect(
            try KeyScript.parse("down resize 20X6 up") == [
                .key(.down), .resize(Size(width: 20, height: 6)), .key(.up),
            ])
    }

    @Test("wait takes milliseconds or seconds")
    func wait() throws {
        #expect(try KeyScript.parse("wait 200ms") == [.wait(milliseconds: 200)])
        #expect(try KeyScript.parse("wait 1s") == [.wait(milliseconds: 1000)])
        #expect(try KeyScript.parse("wait 0.5s") == [.wait(milliseconds: 500)])
        #expect(try KeyScript.parse("wait 0ms") == [.wait(milliseconds: 0)])
    }

    @Test("snapshot is a step of its own")
    func snapshot() throws {
        #expect(try KeyScript.parse("down snapshot SNAPSHOT") == [.key(.down), .snapshot, .snapshot])
    }

    @Test("Comments run to the end of the line, also right after a word; # in quotes is literal")
    func comments() throws {
        #expect(try keys("# only a comment").isEmpty)
        #expect(try keys("down # up up\nenter") == [.down, .enter])
        #expect(try keys("down#up\nup") == [.down, .up])
        #expect(try keys("\"a#b\" # c") == [.character("a"), .character("#"), .character("b")])
        #expect(try keys("'#'") == [.character("#")])
    }

    @Test("Whitespace of any kind separates words, and blank lines are fine")
    func whitespace() throws {
        #expect(try keys("  up\t\tdown \n\n   enter  \n") == [.up, .down, .enter])
        #expect(try KeyScript.parse("").isEmpty)
    }

    @Test("A script with CRLF line endings ends comments at each line")
    func crlf() throws {
        #expect(try keys("down # comment\r\nup\r\n") == [.down, .up])
        #expect(parseError("up\r\nbogus")?.line == 2)
    }

    @Test("A whole script gives its steps in order")
    func wholeScript() throws {
        let script = """
            # open the editor
            enter down*2   # to Play Sounds
            space "x" ctrl-s
            resize 40x10 wait 1s snapshot
            """
        #expect(
            try KeyScript.parse(script) == [
                .key(.enter), .key(.down), .key(.down), .key(.space), .key(.character("x")),
                .key(.control("s")), .resize(Size(width: 40, height: 10)), .wait(milliseconds: 1000),
                .snapshot,
            ])
    }

    @Test("An unknown key names its line and the word")
    func unknownKey() throws {
        let error = try #require(parseError("down\nup\n  bogus up"))
        #expect(error.line == 3)
        #expect(error.problem.contains("unknown key 'bogus'"))
        #expect(error.description.hasPrefix("line 3, column 3: "))
        #expect(try #require(parseError("ctrl-1")).problem.contains("unknown key"))
        #expect(try #require(parseError("f0")).problem.contains("unknown key"))
        #expect(try #require(parseError("hello")).problem.contains("\"hello\""))
    }

    @Test("An unterminated quote names its line")
    func unterminatedQuote() throws {
        let error = try #require(parseError("up\n\"abc"))
        #expect(error.line == 2)
        #expect(error.problem.contains("unterminated quote"))
        #expect(try #require(parseError("'abc\"")).problem.contains("unterminated quote '"))
        #expect(try #require(parseError(#""abc\""#)).line == 1)
    }

    @Test(
        "A bad resize names its line and shows the expected form",
        arguments: [
            "resize", "resize 100", "resize 0x30", "resize axb", "resize 100x30x2", "resize \"100x30\"",
            "resize -5x10",
        ])
    func badResize(line: String) throws {
        let error = try #require(parseError("up\ndown\n" + line))
        #expect(error.line == 3)
        #expect(error.problem.contains("resize needs a size like 100x30"))
    }

    @Test(
        "A bad repeat count names its line and the allowed range",
        arguments: [
            "down*", "down*x", "down*-1", "down*1000001", "q*many",
        ])
    func badRepeat(word: String) throws {
        let error = try #require(parseError("\n" + word))
        #expect(error.line == 2)
        #expect(error.problem.contains("repeat count"))
        #expect(error.problem.contains("'\(word)'"))
    }

    @Test(
        "A bad wait names its line and shows the expected form",
        arguments: [
            "wait", "wait 200", "wait fast", "wait -1ms", "wait -1s", "wait 2h",
        ])
    func badWait(line: String) throws {
        let error = try #require(parseError("snapshot\n" + line))
        #expect(error.line == 2)
        #expect(error.problem.contains("wait needs a duration like 200ms or 1s"))
    }
}
