import FormUI
import Testing

@Suite("KeyScript.read: where errors are, what would fix them, what a transcript shows")
struct ScriptReadingTests {
    private func error(_ script: String) -> KeyScriptError? {
        do {
            _ = try KeyScript.read(script)
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "An unknown key suggests the nearest known name, modifiers included",
        arguments: [
            ("dwon", "down"), ("entr", "enter"), ("ctl-s", "ctrl-s"), ("ctrl-lft", "ctrl-left"),
            ("snapshto", "snapshot"), ("pagedwn", "pagedown"), ("esacpe", "escape"),
        ])
    func nearestName(word: String, suggestion: String) throws {
        let problem = try #require(error("up\n  down \(word)"))
        #expect(problem.line == 2)
        #expect(problem.column == 8)
        #expect(problem.hint == "did you mean '\(suggestion)'?")
        #expect(problem.description.hasPrefix("line 2, column 8: unknown key '\(word)'"))
    }

    @Test("A word far from every name gets no guess, only the way to type it as text")
    func noGuess() throws {
        let problem = try #require(error("hello"))
        #expect(problem.hint == nil)
        #expect(problem.message.contains("quote literal text: \"hello\""))
    }

    @Test("An unclosed quote points at the quote and says how to end it")
    func unclosedQuote() throws {
        let problem = try #require(error("down 'it\\'s\nup"))
        #expect(problem.line == 1)
        #expect(problem.column == 6)
        #expect(problem.hint?.contains("end the text with '") == true)
    }

    @Test(
        "A bad size points at the size and gives the allowed range", arguments: ["resize 0x30", "resize 30"])
    func badSize(line: String) throws {
        let problem = try #require(error("snapshot\n" + line))
        #expect(problem.line == 2)
        #expect(problem.column == 8)
        #expect(problem.hint?.contains("1 to 1000") == true)
        let missing = try #require(error("  resize"))
        #expect(missing.column == 3)
    }

    @Test("Each snapshot keeps the line that asked for it")
    func snapshotLines() throws {
        let script = try KeyScript.read("snapshot\n\n  down   snapshot  # second\nsnapshot")
        #expect(
            script.snapshotLines == [
                ScriptLine(number: 1, text: "snapshot"),
                ScriptLine(number: 3, text: "down   snapshot  # second"),
                ScriptLine(number: 4, text: "snapshot"),
            ])
        #expect(script.steps == [.snapshot, .key(.down), .snapshot, .snapshot])
    }

    @Test("now sets the script's date once; a bad or second one is an error")
    func now() throws {
        #expect(try KeyScript.read("now 2026-11-23T12:00:00Z down").now == 1_795_435_200)
        #expect(try KeyScript.read("now 2026-11-23T14:00+02:00").now == 1_795_435_200)
        #expect(try KeyScript.read("down").now == nil)
        #expect(error("now tomorrow")?.problem.contains("now needs a date") == true)
        #expect(error("now 2026-02-30T00:00:00Z") != nil)
        #expect(error("now 2026-11-23T12:00:00") != nil, "a time without a zone is ambiguous")
        #expect(error("now 2026-11-23T12:00:00Z\nnow 2026-11-23T12:00:00Z")?.line == 2)
    }

    @Test("ISO 8601 to seconds and back", arguments: [0, 86_400, 1_795_435_200, -5_364_662_400, 951_782_400])
    func clockRoundTrip(seconds: Int64) {
        let text = ScriptClock.iso8601(seconds)
        #expect(ScriptClock.secondsSince1970(iso8601: text) == seconds)
    }

    @Test("A script's duration adds each key's delay and each wait")
    func duration() throws {
        let script = try KeyScript.read("down up wait 1s snapshot resize 10x10")
        #expect(script.duration(keyDelay: .milliseconds(100)) == .milliseconds(1200))
    }
}
